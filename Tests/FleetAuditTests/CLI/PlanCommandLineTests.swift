import FleetAuditTestSupport
import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// `fleet-audit plan` as a user or CI runs it: the README's sample plan, its goldens and exit codes.
extension CommandLineTests {
    /// The README's plan: SampleData/drafts against what is live for those two configs.
    static let samplePlan = [
        "plan", "--inventory", "SampleData/inventory.csv", "--releases", "SampleData/releases.csv",
        "--published", "SampleData/configs/nhs/availability-android.json",
        "--published", "SampleData/configs/princeofversions/fleet-rollout.json",
        "--draft", "SampleData/drafts",
    ]

    /// Golden files for the three plan reports; the HTML matrix's cells carry their counts and directions, and
    /// the terminal output is the summary lines and moves. Re-record with `FLEET_AUDIT_RECORD=1 swift test`.
    func testSamplePlanWritesReportsMatchingTheGoldenFiles() throws {
        let dir = TestPaths.temporaryDirectory()
        let result = try run(
            Self.samplePlan + ["--out", dir.path, "--detailed-exitcode"],
            environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        XCTAssertEqual(result.status, 2, "devices change outcome: \(result.stderr)")
        XCTAssertTrue(result.stdout.hasPrefix("availability-android.json: 363 upToDate→forced"), result.stdout)
        XCTAssertTrue(result.stdout.contains("fleet-rollout.json: 275 recommended→forced"), result.stdout)
        for name in ["plan.json", "plan.xml", "plan.html"] {
            try GoldenFile.check(
                try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8), against: "sample-" + name)
        }
        let xml = try String(contentsOf: dir.appendingPathComponent("plan.xml"), encoding: .utf8)
        let schema = try String(
            contentsOf: TestPaths.repoRoot.appendingPathComponent("Templates/\(PlanXMLReport.schemaFile)"),
            encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: schema), [])

        // Every cell of the HTML matrix is the JSON's count, coloured by direction.
        let html = try String(contentsOf: dir.appendingPathComponent("plan.html"), encoding: .utf8)
        let plan = try XCTUnwrap(
            JSONParser.parse(String(contentsOf: dir.appendingPathComponent("plan.json"), encoding: .utf8)).objectValue)
        let pairs = try XCTUnwrap(plan["pairs"]?.arrayValue)
        XCTAssertEqual(pairs.count, 2)
        for pair in pairs {
            let matrix = try XCTUnwrap(pair.objectValue?["matrix"]?.objectValue)
            for (from, row) in matrix.pairs {
                for (to, cell) in row.objectValue!.pairs {
                    let devices = try XCTUnwrap(cell.numberValue?.int64)
                    let direction = PlanHTMLReport.direction(Outcome(rawValue: from)!, Outcome(rawValue: to)!)
                    XCTAssertTrue(
                        html.contains("<td class=\"dir-\(direction) shade-")
                            && html.contains("data-to=\"\(to)\" data-count=\"\(devices)\""),
                        "\(from)→\(to)")
                }
            }
        }
        XCTAssertTrue(
            html.contains(#"<td class="dir-worse shade-3" data-to="forced" data-count="363""#),
            "upToDate→forced, 9% of devices")
        XCTAssertTrue(
            html.contains(#"<td class="dir-better shade-1" data-to="unsupportedOS" data-count="3""#),
            "blocked→unsupportedOS")
    }

    /// `--keep-going`: a draft that cannot be loaded takes its pair out of the plan (it is neither added nor
    /// removed), the other pairs are planned and written, and the run exits 65 so cron sees it.
    func testPlanKeepGoingLeavesOutTheBrokenPairAndExits65() throws {
        let dir = TestPaths.temporaryDirectory()
        let drafts = dir.appendingPathComponent("drafts")
        try FileManager.default.createDirectory(at: drafts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestPaths.sample("drafts/princeofversions/fleet-rollout.json"),
            toPath: drafts.appendingPathComponent("fleet-rollout.json").path)
        try #"{"minimumAppVersion": {"value": 362,}"#.write(
            to: drafts.appendingPathComponent("availability-android.json"), atomically: true, encoding: .utf8)
        let base = Array(Self.samplePlan.dropLast(2)) + ["--draft", drafts.path]
        XCTAssertEqual(try run(base).status, 65, "without --keep-going a broken draft stops the plan")
        let out = dir.appendingPathComponent("out")
        let result = try run(base + ["--keep-going", "--out", out.path, "--quiet"])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("draft config availability-android.json was not loaded"), result.stderr)
        let plan = try XCTUnwrap(
            JSONParser.parse(String(contentsOf: out.appendingPathComponent("plan.json"), encoding: .utf8)).objectValue)
        XCTAssertEqual(
            plan["pairs"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue }, ["fleet-rollout.json"])
        let failed = try XCTUnwrap(plan["failedConfigs"]?.arrayValue?.first?.objectValue)
        XCTAssertEqual(failed["side"], .string("draft"))
        XCTAssertEqual(failed["id"], .string("availability-android.json"))
        let xml = try String(contentsOf: out.appendingPathComponent("plan.xml"), encoding: .utf8)
        let schema = try String(
            contentsOf: TestPaths.repoRoot.appendingPathComponent("Templates/\(PlanXMLReport.schemaFile)"),
            encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: schema), [])
        XCTAssertTrue(xml.contains(#"<failedConfig side="draft" id="availability-android.json""#))
    }

    /// Inventory options work on plan as on audit: the sample as TSV with renamed headers plans the same.
    func testPlanReadsTheInventoryAsAuditDoes() throws {
        let dir = TestPaths.temporaryDirectory()
        let csv = try String(contentsOfFile: TestPaths.sample("inventory.csv"), encoding: .utf8)
        var lines = csv.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[0] = lines[0].replacingOccurrences(of: "os_version", with: "osVer")
        let tsv = TestPaths.write(
            lines.map { $0.replacingOccurrences(of: ",", with: "\t") }.joined(separator: "\n"), named: "inv.tsv",
            in: dir)
        var arguments = Self.samplePlan
        arguments[2] = tsv
        let direct = try run(Self.samplePlan + ["--json", "-"], environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        let renamed = try run(
            arguments + ["--delimiter", "tab", "--column", "os_version=osVer", "--json", "-"],
            environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        XCTAssertEqual(renamed.status, 0, renamed.stderr)
        let a = try XCTUnwrap(JSONParser.parse(direct.stdout).objectValue)
        let b = try XCTUnwrap(JSONParser.parse(renamed.stdout).objectValue)
        XCTAssertEqual(JSONWriter.compact(a["pairs"]!), JSONWriter.compact(b["pairs"]!))
        XCTAssertEqual(a["totals"], b["totals"])
        let sqlite = try run([
            "plan", "--inventory", "SampleData/inventory.sqlite", "--table", "devices",
            "--published", "SampleData/configs/nhs/availability-android.json",
            "--draft", "SampleData/drafts/nhs/availability-android.json", "--json", "-",
        ])
        XCTAssertEqual(sqlite.status, 0, sqlite.stderr)
        // The plan says which state of the inventory it read, as the audit does.
        let snapshot = try XCTUnwrap(
            JSONParser.parse(sqlite.stdout).objectValue?["inventory"]?.objectValue?["snapshot"]?.objectValue)
        XCTAssertEqual(snapshot["kind"], .string("sqlite"))
        XCTAssertEqual(snapshot["journalMode"], .string("delete"))
    }

    /// `plan --detailed-exitcode`: 2 when any device changes outcome, 0 when none does; the JSON goes to stdout.
    func testPlanExitCodes() throws {
        let base = [
            "plan", "--inventory", "SampleData/inventory.csv", "--releases", "SampleData/releases.csv",
            "--published", "SampleData/configs/nhs/previous-availability-ios.2023-01-19.json",
        ]
        let changed = try run(
            base + ["--draft", "SampleData/configs/nhs/availability-ios.json", "--detailed-exitcode"])
        XCTAssertEqual(changed.status, 2, changed.stderr)
        XCTAssertTrue(changed.stdout.contains("upToDate → forced:"), changed.stdout)
        let same = try run(
            base + [
                "--draft", "SampleData/configs/nhs/previous-availability-ios.2023-01-19.json",
                "--detailed-exitcode", "--json", "-",
            ])
        XCTAssertEqual(same.status, 0, same.stderr)
        let plan = try XCTUnwrap(JSONParser.parse(same.stdout).objectValue)
        XCTAssertEqual(plan["pairs"]?.arrayValue?.first?.objectValue?["status"], .string("unchanged"))
        let missing = try run(["plan", "--inventory", "SampleData/inventory.csv", "--draft", "SampleData/configs/nhs"])
        XCTAssertEqual(missing.status, 64, missing.stderr)
        // A crossed gate wins over --detailed-exitcode: exit 1, the gate on stderr, the report still written.
        let out = TestPaths.temporaryDirectory()
        let gated = try run(
            base + [
                "--draft", "SampleData/configs/nhs/availability-ios.json", "--detailed-exitcode",
                "--fail-on", "*->blocked>0", "--fail-on", "worse>99%", "--out", out.path, "--quiet",
            ])
        XCTAssertEqual(gated.status, 1, gated.stderr)
        XCTAssertTrue(gated.stderr.contains("gate *->blocked>0 crossed"), gated.stderr)
        XCTAssertFalse(gated.stderr.contains("worse>99%"), "a gate that holds is not printed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("plan.json").path))
        let unknown = try run(
            base + ["--draft", "SampleData/configs/nhs/availability-ios.json", "--fail-on", "nope.json:worse>0"])
        XCTAssertEqual(unknown.status, 64, unknown.stderr)
    }

}

/// Issue 67 item 3: `plan` paired appcast items by position, so a draft that only inserts an item at the top (as
/// appcasts are written) reported thousands of devices "under another rule" and every item changed.
final class PlanAppcastPairingTests: XCTestCase {
    private static let inserted = """
            <item>
              <title>Version 8.0 nightly</title>
              <sparkle:version>3100</sparkle:version>
              <sparkle:channel>nightly</sparkle:channel>
              <enclosure url="https://downloads.example.org/n.zip" length="1" type="application/octet-stream"/>
            </item>
        """

    private func plan(draft edit: (String) -> String) throws -> [String: Any] {
        let dir = TestPaths.temporaryDirectory()
        let published = try String(contentsOfFile: TestPaths.sample("configs/sparkle/appcast.xml"), encoding: .utf8)
        let draft = TestPaths.write(edit(published), named: "appcast.xml", in: dir)
        let json = dir.appendingPathComponent("plan.json").path
        let result = try CommandLineTests.run([
            "plan", "--inventory", "SampleData/inventory.csv", "--published",
            TestPaths.sample("configs/sparkle/appcast.xml"),
            "--draft", draft, "--json", json, "--quiet", "--as-of", "2026-11-20T00:00:00Z",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
        return try XCTUnwrap(((report as? [String: Any])?["pairs"] as? [[String: Any]])?.first)
    }

    private func insertAtTop(_ feed: String) -> String {
        let first = feed.range(of: "    <item>")!
        return feed.replacingCharacters(in: first.lowerBound..<first.lowerBound, with: Self.inserted + "\n")
    }

    func testAnItemInsertedAtTheTopMovesNoDeviceAndChangesOnlyItself() throws {
        let pair = try plan(draft: insertAtTop)
        XCTAssertEqual(pair["ruleOnly"] as? Int, 0, "no device is decided by another item")
        XCTAssertEqual((pair["ruleMoves"] as? [Any])?.count, 0)
        let changes = try XCTUnwrap(pair["ruleChanges"] as? [[String: Any]])
        XCTAssertEqual(changes.map { $0["id"] as? String }, ["item[0]"], "only the new item")
        XCTAssertNil(changes.first?["published"] as? String)
    }

    func testTheRealChangeBesideAnInsertionIsTheOneListed() throws {
        let pair = try plan {
            self.insertAtTop($0).replacingOccurrences(of: "sparkle:version=\"1200\"", with: "sparkle:version=\"1500\"")
        }
        let changes = try XCTUnwrap(pair["ruleChanges"] as? [[String: Any]])
        XCTAssertEqual(changes.map { $0["id"] as? String }, ["item[2] → item[3]", "item[0]"], "\(changes)")
        XCTAssertTrue((changes[0]["draft"] as? String)?.contains("critical below 1500") == true, "\(changes[0])")
    }
}

/// Issue 69: `plan` called a staging increase "worse" (the outcome order) and said nothing else: the devices a
/// draft's rollout lets in are now said as such, beside the order's count.
final class PlanStagedRolloutTests: XCTestCase {
    func testDevicesLetInByARaisedStagingPercentageAreSaidSo() throws {
        let dir = TestPaths.temporaryDirectory()
        let published = TestPaths.sample("desktop/configs/latest.yml")
        let text = try String(contentsOfFile: published, encoding: .utf8)
        let draft = TestPaths.write(
            text.replacingOccurrences(of: "stagingPercentage: 12.5", with: "stagingPercentage: 50"),
            named: "latest.yml", in: dir)
        let json = dir.appendingPathComponent("plan.json").path
        let result = try CommandLineTests.run([
            "plan", "--inventory", "SampleData/desktop/inventory.csv", "--published", published, "--draft", draft,
            "--json", json, "--as-of", "2026-12-02T00:00:00Z",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
        let pair = try XCTUnwrap(((report as? [String: Any])?["pairs"] as? [[String: Any]])?.first)
        let letIn = try XCTUnwrap(pair["letInByRollout"] as? Int)
        XCTAssertGreaterThan(letIn, 0)
        let moved = (pair["ruleMoves"] as? [[String: Any]] ?? []).filter {
            $0["from"] as? String == "upToDate" && $0["to"] as? String == "recommended"
                && $0["fromRule"] as? String == "stagingPercentage"
        }.compactMap { $0["devices"] as? Int }.reduce(0, +)
        XCTAssertEqual(letIn, moved, "every device the rollout held back and the draft lets in")
        XCTAssertTrue(result.stdout.contains("of them let in by the staged rollout"), result.stdout)
    }
}
