import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// `explain` must say, for any device, what `audit` counted for it: the same classification of the row
/// (rejected, or which profile) and the same outcome and rule, although `audit` evaluates each config on the
/// profile projected onto the fields the config declares it reads (attribute values by class, evaluators that
/// remember) and `explain` evaluates the whole row.
final class ExplainAgreesWithAuditTests: XCTestCase {
    private func check(inventory csv: String, configs: [LoadedConfig], releases: Releases?, label: String) throws {
        let bytes = Array(csv.utf8)
        let needs = ProfileNeeds.forRun(configs, releases: releases)
        let context = EvaluationContext(
            releases: releases, asOf: Date(timeIntervalSince1970: 1_795_000_000), asOfIsExplicit: true)
        let source = try CSVInventorySource(bytes: bytes)
        let header = source.headers
        let headerLine = String(csv.prefix { $0 != "\n" })
        var seen = Set<[String]>()
        var compared = 0
        var rejected = 0
        while let event = try source.next() {
            guard case .record(_, let fields) = event, fields.count == header.count else { continue }
            let values = (0..<fields.count).map { fields.string($0) }
            // Every distinct row but for device_id, which no config reads.
            guard seen.insert(zip(header, values).filter { $0.0 != "device_id" }.map(\.1)).inserted else { continue }
            // What audit counts: the row ingested on its own, then the audit's own grouping and projection.
            let row = values.map { v in
                v.contains(where: { $0 == "," || $0 == "\"" })
                    ? "\"" + v.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : v
            }
            let oneRow: String = headerLine + "\n" + row.joined(separator: ",") + "\n"
            let one = try CSVInventorySource(bytes: Array(oneRow.utf8))
            let (table, summary) = try InventoryLoader(needs: needs).load(one)
            // What explain says: the row's columns as --device pairs.
            let explained: Profile?
            do {
                explained = try ExplainRun.profile(
                    Array(zip(header, values)).map { (key: $0.0, value: $0.1) }, needs: needs)
            } catch { explained = nil }
            if summary.rowsRejected == 1 {
                XCTAssertNil(
                    explained,
                    "\(label): audit rejects \(values) (\(summary.rejections.first?.message ?? "")); explain evaluates it"
                )
                rejected += 1
                continue
            }
            guard let explained else {
                XCTFail("\(label): explain rejects \(values), audit counts it")
                continue
            }
            XCTAssertEqual(table.profiles.count, 1)
            // The audit's real path: the projection from the fixed fields, attribute classes, evaluators.
            let counted = EvaluationCore.enginePathDecisions(
                configs.map { EvaluationUnit([$0]) }, profiles: table, context: context)[0]
                .map { $0.first }
            for (c, loaded) in configs.enumerated() {
                let said = loaded.config.evaluate(explained, context: context)
                XCTAssertEqual(said.outcome, counted[c]?.outcome, "\(label) \(loaded.id) \(values)")
                XCTAssertEqual(said.rule, counted[c]?.rule, "\(label) \(loaded.id) \(values)")
            }
            compared += 1
        }
        XCTAssertGreaterThan(compared, 50, label)
        XCTAssertGreaterThan(rejected, 0, label)
    }

    private func sampleConfigs(_ subfolders: [String]) throws -> [LoadedConfig] {
        var request = AuditRequest(inventoryPath: "")
        request.configDirectories = subfolders.map { TestPaths.sample("configs/" + $0) }
        return try AuditRun.loadConfigs(request).loaded
    }

    func testEveryDistinctRowOfTheSampleInventory() throws {
        let csv = try String(contentsOfFile: TestPaths.sample("inventory.csv"), encoding: .utf8)
        let releases = try AuditRun.loadReleases(TestPaths.sample("releases.csv"))
        try check(
            inventory: csv, configs: try sampleConfigs(["nhs", "osam", "princeofversions", "turkcell"]),
            releases: releases, label: "sample")
    }

    /// Hostile whitespace (no-break, ideographic and em spaces, tabs), case and Unicode in every column,
    /// against every sample config, and against the configs that read no iOS build (where ingest drops it
    /// from non-Android keys: the row `android` + no-break space was once rejected there and not by explain).
    func testHostileGeneratedInventory() throws {
        var rng = SystemRandomNumberGenerator()
        let platforms = [
            "android", "ANDROID", " Android\t", "android\u{A0}", "\u{3000}android", "ios", "iPadOS", "macOS ",
            "iOS\u{2003}", "Andriod", "iPhone OS", "", "\u{A0}",
        ]
        let oses = ["13", " 16.4.1 ", "9.0\u{A0}", "14", "", "12L", "5.0", "8.1.0", "17.0", "15.1", "\u{2003}11", "x"]
        let apps = ["5.0", "5.1", " 6.0 ", "4.9\u{A0}", "v1.2", "", "1.2.3-4", "6.0.1", "٣.٠"]
        let builds = ["358", " 362", "358\u{A0}", "x", "", "350", "9999999999999", "-1"]
        let packages = ["uk.nhs.covid19.production", " UK.NHS.covid19.production", "com.example.app1", "", "p\u{A0}"]
        let models = ["Pixel 7", "PIXEL 7", "Galaxy S10, Enterprise Edition", "Mac14,2", "ÄÖÜ", "\"quoted\"", ""]
        let regions = ["GB-ENG", " gb-eng", "DE", "", "TR\u{A0}"]
        let languages = ["en-GB", "tr-TR", " TR", "", "de\u{3000}"]
        let tablets = ["true", "FALSE", "1", "", "yes "]
        var csv =
            "device_id,platform,os_version,app_version,app_build,package_name,model,region,language,is_tablet,last_notified_version,app_opens,minutes_since_rating\n"
        for i in 0..<1500 {
            let row = [
                String(i), platforms.randomElement(using: &rng)!, oses.randomElement(using: &rng)!,
                apps.randomElement(using: &rng)!,
                builds.randomElement(using: &rng)!, packages.randomElement(using: &rng)!,
                models.randomElement(using: &rng)!,
                regions.randomElement(using: &rng)!, languages.randomElement(using: &rng)!,
                tablets.randomElement(using: &rng)!,
                ["362", "", " 6.0"].randomElement(using: &rng)!, ["", "31", " 5"].randomElement(using: &rng)!,
                ["", "30", "x"].randomElement(using: &rng)!,
            ]
            csv +=
                row.map { v in
                    v.contains(where: { $0 == "," || $0 == "\"" })
                        ? "\"" + v.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : v
                }
                .joined(separator: ",") + "\n"
        }
        let releases = try AuditRun.loadReleases(TestPaths.sample("releases.csv"))
        try check(
            inventory: csv, configs: try sampleConfigs(["nhs", "osam", "princeofversions", "turkcell"]),
            releases: releases, label: "all configs")
        try check(inventory: csv, configs: try sampleConfigs(["nhs"]), releases: nil, label: "no iOS build read")
    }
}
