import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// A fleet whose devices hardly repeat, audited the way a run does it (parallel ingest into interned
/// profiles, projections per config group, evaluators that remember parsed versions, requirement verdicts and
/// decisions between profiles, tallies kept by ids) must count exactly what evaluating each row on its own
/// counts: a profile of its own per row, `evaluate` of the config, plain dictionaries.
final class HighCardinalityAuditTests: XCTestCase {
    func testAnAuditOfAHighCardinalityFleetCountsWhatEachRowEvaluatedOnItsOwnCounts() throws {
        let rows = generatedFleet(rows: 200_000)
        let path = TestPaths.write(rows.text, named: "fleet.csv", in: TestPaths.temporaryDirectory())
        var request = AuditRequest(inventoryPath: path)
        request.configDirectories = [TestPaths.sample("configs")]
        let (configs, _) = try AuditRun.loadConfigs(request)
        XCTAssertEqual(configs.count, 11)
        let releases = try AuditRun.loadReleases(TestPaths.sample("releases.csv"))
        let context = EvaluationContext(
            releases: releases, asOf: Date(timeIntervalSince1970: 1_795_000_000), asOfIsExplicit: true)
        let source = try InventoryOpener.open(path: path, delimiter: UInt8(ascii: ","), table: nil, query: nil)
        var loader = InventoryLoader(needs: ProfileNeeds.forRun(configs, releases: releases))
        loader.workers = 2
        let (table, summary) = try loader.load(source)
        XCTAssertEqual(summary.rowsEvaluated, 200_000, "every generated row is valid")
        XCTAssertGreaterThan(table.profiles.count, 100_000, "devices hardly repeat")
        let tallies = Auditor.audit(configs, profiles: table, context: context)

        // Each distinct row text evaluated once on a profile of its own, counted once per row that has it.
        var rowCounts: [String: Int64] = [:]
        for line in rows.lines { rowCounts[line, default: 0] += 1 }
        var straight = Array(repeating: StraightTally(), count: configs.count)
        for (line, n) in rowCounts {
            let profile = rows.profile(line)
            for (k, loaded) in configs.enumerated() {
                straight[k].add(loaded.config.evaluate(profile, context: context), profile: profile, devices: n)
            }
        }
        for (k, loaded) in configs.enumerated() {
            let expected = straight[k]
            let tally = tallies[k]
            XCTAssertEqual(tally.totals, expected.totals, loaded.id)
            XCTAssertEqual(tally.byPlatform, expected.byPlatform, loaded.id)
            XCTAssertEqual(tally.rules.mapValues(\.counts), expected.rules, loaded.id)
            XCTAssertEqual(tally.unattributed, expected.unattributed, loaded.id)
            XCTAssertEqual(tally.appVersions, expected.appVersions, loaded.id)
            XCTAssertEqual(tally.osVersions, expected.osVersions, loaded.id)
            XCTAssertEqual(
                Dictionary(
                    tally.diagnosticDevices.map { ("\($0.key.code) \($0.key.message)", $0.value) }, uniquingKeysWith: +),
                expected.diagnostics, loaded.id)
            XCTAssertEqual(tally.notices, expected.notices, loaded.id)
        }
        // The fleet reaches every outcome somewhere, so the comparison is not of empty counts.
        let all = tallies.reduce(into: OutcomeCounts()) { $0.add($1.totals) }
        for outcome in Outcome.allCases { XCTAssertGreaterThan(all[outcome], 0, "\(outcome)") }
    }

    private struct StraightTally {
        var totals = OutcomeCounts(), unattributed = OutcomeCounts()
        var byPlatform: [Platform: OutcomeCounts] = [:]
        var rules: [String: OutcomeCounts] = [:]
        var appVersions: [Outcome: [String: Int64]] = [:], osVersions: [Outcome: [String: Int64]] = [:]
        var diagnostics: [String: Int64] = [:], notices: [String: Int64] = [:]

        mutating func add(_ d: Decision, profile: Profile, devices: Int64) {
            totals[d.outcome] += devices
            byPlatform[profile.platform, default: OutcomeCounts()][d.outcome] += devices
            if let rule = d.rule {
                rules[rule, default: OutcomeCounts()][d.outcome] += devices
            } else {
                unattributed[d.outcome] += devices
            }
            for diagnostic in d.diagnostics {
                diagnostics["\(diagnostic.code) \(diagnostic.message)", default: 0] += devices
            }
            for notice in d.notices { notices[notice, default: 0] += devices }
            if d.outcome.isLocking {
                appVersions[d.outcome, default: [:]]["\(profile.platform) \(profile.appVersion)", default: 0] += devices
                osVersions[d.outcome, default: [:]]["\(profile.platform) \(profile.osVersion)", default: 0] += devices
            }
        }
    }

    /// Rows with every attribute drawn on its own (regions and languages mostly unique, a tablet flag, the
    /// version last notified on some devices, a second package, versions the clients cannot read).
    private func generatedFleet(rows: Int) -> (text: String, lines: [String], profile: (String) -> Profile) {
        var rng = SeededGenerator(seed: 2016)
        let header =
            "platform,os_version,os_api_level,app_version,app_build,package_name,region,language,is_tablet,last_notified_version"
        var lines: [String] = []
        lines.reserveCapacity(rows)
        for _ in 0..<rows {
            let r = rng.next()
            let region = r % 7 == 0 ? "GB-ENG" : "R-\(rng.next() % 5000)"
            let language = "l\(rng.next() % 3000)"
            let tablet = rng.next() % 8 == 0 ? "true" : "false"
            let package = rng.next() % 10 == 0 ? "com.example.other" : "uk.nhs.covid19.production"
            let notified = rng.next() % 5 == 0 ? "362" : ""
            switch r % 3 {
            case 0:
                let level = 21 + Int(rng.next() % 15)
                let code = String(280 + rng.next() % 100)
                lines.append(
                    "android,\(level - 10),\(level),4.\(rng.next() % 30),\(code),\(package),\(region),\(language),\(tablet),\(notified)"
                )
            default:
                let platform = r % 3 == 1 ? "ios" : "macos"
                let os = rng.next() % 300 == 0 ? "beta" : "\(12 + rng.next() % 7).\(rng.next() % 4)"
                let app = rng.next() % 250 == 0 ? "x.y" : "\(4 + rng.next() % 3).\(rng.next() % 40)"
                lines.append(
                    "\(platform),\(os),,\(app),\(rng.next() % 900),\(package),\(region),\(language),\(tablet),\(notified == "" ? "" : "6.1")"
                )
            }
        }
        let profile = { (line: String) -> Profile in
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            var attributes = ["region": f[6], "language": f[7], "is_tablet": f[8]]
            if !f[9].isEmpty { attributes["last_notified_version"] = f[9] }
            return Profile(
                platform: f[0] == "android" ? .android : (f[0] == "ios" ? .ios : .macos), osVersion: f[1],
                apiLevel: Int(f[2]), appVersion: f[3], appBuild: f[4], packageName: f[5],
                attributes: attributes.reduce(into: [:]) { $0[InventoryColumn.normalize($1.key)] = $1.value })
        }
        return (([header] + lines).joined(separator: "\n") + "\n", lines, profile)
    }
}
