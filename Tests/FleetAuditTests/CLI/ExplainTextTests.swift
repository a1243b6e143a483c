import FleetAuditTestSupport
import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditValues

/// Issue 35: `explain` printed only JSON. On a terminal (or with `--output text`) it is now read by a person; the
/// text is made from the same value as the JSON, so each config's outcome, rule and reason are checked against it.
final class ExplainTextTests: XCTestCase {
    private let device = [
        "--device",
        "platform=ios,os_version=16.4,app_version=4.29,package_name=uk.nhs.covid19.production,language=en-GB",
    ]

    func testTheTextSaysWhatTheJSONSaysForEveryConfig() throws {
        let base = ["explain", "--config-dir", "SampleData/configs", "--releases", "SampleData/releases.csv"] + device
        let json = try CommandLineTests.run(base + ["--output", "json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let piped = try CommandLineTests.run(base)
        XCTAssertEqual(piped.stdout, json.stdout, "piped, auto is JSON: scripts are unchanged")
        let text = try CommandLineTests.run(base + ["--output", "text"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertFalse(text.stdout.hasPrefix("["), text.stdout)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let explained = try XCTUnwrap(JSONParser.parse(json.stdout).arrayValue?.compactMap(\.objectValue))
        XCTAssertEqual(explained.count, 11)
        for o in explained {
            XCTAssertEqual(o["schema"], .string("fleet-audit-explain/1"), "each object says what it is (issue 40)")
            let config = try XCTUnwrap(o["config"]?.stringValue)
            let outcome = try XCTUnwrap(o["outcome"]?.stringValue)
            let head = config + ": " + outcome + (o["rule"]?.stringValue.map { " (rule \($0))" } ?? "")
            let at = try XCTUnwrap(lines.firstIndex(of: head), "\(head) in\n\(text.stdout)")
            XCTAssertEqual(lines[at + 1], "  " + (o["reason"]?.stringValue ?? ""), config)
            // The config's block: its indented lines, up to the next config.
            let block = lines[(at + 1)...].prefix { $0.hasPrefix("  ") }
            for code in o["diagnostics"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
                XCTAssertTrue(
                    block.contains { $0.hasPrefix("  diagnostics: ") && $0.contains(code) }, "\(config): \(code)")
            }
        }
    }

    func testAPlanExplanationShowsBothSides() throws {
        let arguments = [
            "explain", "--published", "SampleData/configs/nhs/availability-android.json", "--draft",
            "SampleData/drafts/nhs/availability-android.json", "--releases", "SampleData/releases.csv", "--device",
            "platform=android,os_version=11,app_version=4.39,app_build=352,package_name=uk.nhs.covid19.production",
        ]
        let result = try CommandLineTests.run(arguments + ["--output", "text"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("availability-android.json: ") == true, result.stdout)
        XCTAssertTrue(lines.first?.contains(" → ") == true, result.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  published: ") }, result.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  draft: ") }, result.stdout)
        let json = try CommandLineTests.run(
            arguments + ["--output", "json"])
        let pair = try XCTUnwrap(JSONParser.parse(json.stdout).arrayValue?.first?.objectValue)
        XCTAssertEqual(pair["schema"], .string("fleet-audit-explain-plan/1"))
        XCTAssertEqual(pair["draft"]?.objectValue?["schema"], .string("fleet-audit-explain/1"))
    }
}
