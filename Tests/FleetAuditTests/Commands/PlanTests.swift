import FleetAuditTestSupport
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// `plan` on the sample inventory: the matrix is two audits side by side, pairs form by id, and a side can
/// be missing or of another format.
final class PlanTests: XCTestCase {
    private let asOf = Date(timeIntervalSince1970: 1_795_000_000)

    private func request(published: [String], draft: [String]) -> PlanRequest {
        var audit = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        audit.releasesPath = TestPaths.sample("releases.csv")
        audit.asOf = asOf
        var r = PlanRequest(audit: audit)
        r.published = published
        r.draft = draft
        return r
    }

    private func audit(_ config: String) throws -> AuditReport.ConfigReport {
        var a = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        a.releasesPath = TestPaths.sample("releases.csv")
        a.asOf = asOf
        a.configs = [config]
        return try AuditRun.run(a, generatedAt: asOf).configs[0]
    }

    func testTheMatrixIsTwoAuditsSideBySide() throws {
        let published = TestPaths.sample("configs/nhs/previous-availability-ios.2023-01-19.json")
        let draft = TestPaths.sample("configs/nhs/availability-ios.json")
        let report = try PlanRun.run(request(published: [published], draft: [draft]), generatedAt: asOf)
        XCTAssertEqual(report.pairs.count, 1)
        let pair = report.pairs[0]
        XCTAssertEqual(pair.status, .changed)
        let before = try audit(published)
        let after = try audit(draft)
        var total: Int64 = 0
        for outcome in Outcome.allCases {
            XCTAssertEqual(
                Outcome.allCases.map { pair.tally.count(from: outcome, to: $0) }.reduce(0, +), before.totals[outcome],
                "row \(outcome)")
            XCTAssertEqual(
                Outcome.allCases.map { pair.tally.count(from: $0, to: outcome) }.reduce(0, +), after.totals[outcome],
                "column \(outcome)")
            total += Outcome.allCases.map { pair.tally.count(from: outcome, to: $0) }.reduce(0, +)
        }
        XCTAssertEqual(total, report.inventory.devices)
        XCTAssertEqual(report.before, before.totals)
        XCTAssertEqual(report.after, after.totals)
        XCTAssertGreaterThan(pair.worse, 0)
        XCTAssertTrue(pair.summary.contains("upToDate→forced"), pair.summary)
        // Devices that get worse, by app and by OS version, add up to `worse`.
        XCTAssertEqual(pair.tally.worseAppVersions.values.reduce(0, +), pair.worse)
        XCTAssertEqual(pair.tally.worseOSVersions.values.reduce(0, +), pair.worse)
        // The draft's recommendation below its minimum is new; the minimum's summary changed.
        XCTAssertEqual(pair.newDiagnostics.map(\.code), ["nhs.recommendationBelowMinimum"])
        XCTAssertEqual(pair.ruleChanges.map(\.id), ["minimumAppVersion"])
        XCTAssertEqual(pair.ruleChanges.first?.draft, "app below 6.00: update required (forced)")
        // Rule moves add up to the devices that changed outcome or rule.
        let moved = pair.tally.ruleMoves.values.reduce(0, +)
        XCTAssertEqual(moved, pair.moves.map(\.devices).reduce(0, +) + pair.ruleOnly)
    }

    func testPairsFormByIdWithAddedAndRemoved() throws {
        let dir = TestPaths.temporaryDirectory()
        let fm = FileManager.default
        let drafts = dir.appendingPathComponent("drafts")
        try fm.createDirectory(at: drafts, withIntermediateDirectories: true)
        // Same document (unchanged), the next NHS step (changed), a new Turkcell document (added); the Android
        // NHS document is not in the drafts (removed).
        try fm.copyItem(
            atPath: TestPaths.sample("configs/nhs/previous-availability-android.2023-01-19.json"),
            toPath: drafts.appendingPathComponent("previous-availability-android.2023-01-19.json").path)
        try fm.copyItem(
            atPath: TestPaths.sample("configs/nhs/availability-ios.json"),
            toPath: drafts.appendingPathComponent("previous-availability-ios.2023-01-19.json").path)
        try fm.copyItem(
            atPath: TestPaths.sample("configs/turkcell/fleet-updater.json"),
            toPath: drafts.appendingPathComponent("fleet-updater.json").path)
        let published = [
            TestPaths.sample("configs/nhs/previous-availability-android.2023-01-19.json"),
            TestPaths.sample("configs/nhs/previous-availability-ios.2023-01-19.json"),
            TestPaths.sample("configs/nhs/availability-android.json"),
        ]
        let report = try PlanRun.run(request(published: published, draft: [drafts.path]), generatedAt: asOf)
        let status = Dictionary(uniqueKeysWithValues: report.pairs.map { ($0.id, $0.status) })
        XCTAssertEqual(
            status,
            [
                "previous-availability-android.2023-01-19.json": .unchanged,
                "previous-availability-ios.2023-01-19.json": .changed,
                "availability-android.json": .removed,
                "fleet-updater.json": .added,
            ])
        let removed = report.pairs.first { $0.status == .removed }!
        XCTAssertEqual(
            Outcome.allCases.map { removed.tally.count(from: $0, to: .notTargeted) }.reduce(0, +),
            report.inventory.devices,
            "a removed config ends every device notTargeted")
        let added = report.pairs.first { $0.status == .added }!
        XCTAssertEqual(
            Outcome.allCases.map { added.tally.count(from: .notTargeted, to: $0) }.reduce(0, +),
            report.inventory.devices)
        let unchanged = report.pairs.first { $0.status == .unchanged }!
        XCTAssertEqual(unchanged.summary, "previous-availability-android.2023-01-19.json: no changes")
        XCTAssertTrue(unchanged.newDiagnostics.isEmpty && unchanged.ruleChanges.isEmpty)
        let addedRules = try ConfigLoader().load(drafts.appendingPathComponent("fleet-updater.json").path, id: "x")
            .config.rules
        XCTAssertEqual(added.ruleChanges.map(\.id), addedRules.map(\.id), "every rule of an added config is new")
        XCTAssertTrue(added.ruleChanges.allSatisfy { $0.published == nil })
    }

    func testAFormatChangeIsAValidPlan() throws {
        // The same Android devices, judged first by an NHS document, then by a PrinceOfVersions one.
        let report = try PlanRun.run(
            request(
                published: [TestPaths.sample("configs/nhs/availability-android.json")],
                draft: [TestPaths.sample("configs/princeofversions/fleet-rollout.json")]), generatedAt: asOf)
        let pair = report.pairs[0]
        XCTAssertEqual(pair.published?.format, "nhs-availability")
        XCTAssertEqual(pair.draft?.format, "princeofversions")
        XCTAssertEqual(pair.tally.cells.values.map(\.total).reduce(0, +), report.inventory.devices)
        let json = try XCTUnwrap(JSONParser.parse(PlanJSONReport.render(report)).objectValue)
        XCTAssertEqual(json["schema"], .string("fleet-audit-plan/1"))
        let matrix = try XCTUnwrap(json["pairs"]?.arrayValue?.first?.objectValue?["matrix"]?.objectValue)
        for (_, row) in matrix.pairs {
            for (_, cell) in row.objectValue!.pairs { XCTAssertNotEqual(cell, .int(0), "zero cells are omitted") }
        }
    }

    /// The XML plan report validates against its XSD (libxml2) and carries the JSON's matrix.
    func testTheXMLValidatesAgainstItsSchemaAndMatchesTheJSON() throws {
        let dir = TestPaths.temporaryDirectory()
        let drafts = dir.appendingPathComponent("drafts")
        try FileManager.default.createDirectory(at: drafts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestPaths.sample("configs/nhs/availability-ios.json"),
            toPath: drafts.appendingPathComponent("previous-availability-ios.2023-01-19.json").path)
        try FileManager.default.copyItem(
            atPath: TestPaths.sample("configs/turkcell/fleet-updater.json"),
            toPath: drafts.appendingPathComponent("fleet-updater.json").path)
        var r = request(
            published: [
                TestPaths.sample("configs/nhs/previous-availability-ios.2023-01-19.json"),
                TestPaths.sample("configs/nhs/availability-android.json"),
            ], draft: [drafts.path])
        r.gates = [try PlanGate(parsing: "*->blocked>0")]
        let report = try PlanRun.run(r, generatedAt: asOf)
        let schema = try String(
            contentsOf: TestPaths.repoRoot.appendingPathComponent("Templates/\(PlanXMLReport.schemaFile)"),
            encoding: .utf8)
        let xml = PlanXMLReport.render(report)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: schema), [])
        XCTAssertEqual(Set(report.pairs.map(\.status)), [.changed, .added, .removed])
        for p in report.pairs {
            for from in Outcome.allCases {
                for to in Outcome.allCases where p.tally.count(from: from, to: to) > 0 {
                    XCTAssertTrue(
                        xml.contains(
                            "<cell from=\"\(from.rawValue)\" to=\"\(to.rawValue)\" devices=\"\(p.tally.count(from: from, to: to))\"/>"
                        ),
                        "\(p.id) \(from)->\(to)")
                }
            }
        }
        XCTAssertFalse(
            XMLSchemaCheck.problems(
                xml: xml.replacingOccurrences(of: "status=\"added\"", with: "status=\"new\""), schema: schema
            ).isEmpty,
            "the schema catches a status it does not know")
    }

    /// `explain --published --draft`: one device's two decisions, and they agree with the plan's matrix.
    func testExplainShowsBothDecisionsOfAPair() throws {
        var audit = AuditRequest(inventoryPath: "")
        audit.releasesPath = TestPaths.sample("releases.csv")
        audit.asOf = asOf
        let published = TestPaths.sample("configs/nhs/previous-availability-ios.2023-01-19.json")
        let draft = TestPaths.sample("configs/nhs/availability-ios.json")
        let result = try ExplainRun.runPlan(
            audit, published: [published], draft: [draft],
            device: "platform=ios,os_version=16.4,app_version=5.1")
        let pair = try XCTUnwrap(result.arrayValue?.first?.objectValue)
        XCTAssertEqual(pair["published"]?.objectValue?["outcome"], .string("upToDate"))
        XCTAssertEqual(pair["draft"]?.objectValue?["outcome"], .string("forced"))
        XCTAssertEqual(pair["draft"]?.objectValue?["rule"], .string("minimumAppVersion"))
        XCTAssertEqual(pair["changes"], .bool(true))
        // The plan counts devices in that cell.
        let plan = try PlanRun.run(request(published: [published], draft: [draft]), generatedAt: asOf)
        XCTAssertGreaterThan(plan.pairs[0].tally.count(from: .upToDate, to: .forced), 0)
        XCTAssertThrowsError(
            try ExplainRun.runPlan(
                audit, published: [published], draft: [], device: "platform=ios,os_version=16.4,app_version=5.1"))
    }
}
