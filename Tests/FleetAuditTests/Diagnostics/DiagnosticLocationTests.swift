import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Every report and `explain` say where in the config a diagnostic stands: the line and column of the key
/// or value its path names (an array entry at the entry), for document diagnostics and for those raised
/// while evaluating devices.
final class DiagnosticLocationTests: XCTestCase {
    /// `"updates": []` crashes the iOS SDK (an evaluation diagnostic, at line 3 column 3); `messages`
    /// (line 4, column 3) are never displayed on iOS (a document diagnostic).
    static let turkcell = """
        {
          "packageName": "com.example.app",
          "updates": [],
          "messages": [{"message": {"en": {"title": "Hi", "message": "There"}}}]
        }
        """

    var folder: URL!
    var config: String!

    override func setUp() {
        folder = TestPaths.temporaryDirectory()
        config = TestPaths.write(Self.turkcell, named: "turkcell.json", in: folder)
        _ = TestPaths.write(
            "platform,os_version,app_version,app_build,package_name\nios,16.4,1.0,10,com.example.app\n",
            named: "inventory.csv", in: folder)
    }

    func testReportsCarryLineAndColumnOfDocumentAndEvaluationDiagnostics() throws {
        let result = try CommandLineTests.run([
            "audit", "--inventory", folder.appendingPathComponent("inventory.csv").path,
            "--config", config, "--out", folder.appendingPathComponent("out").path, "--quiet",
        ])
        XCTAssertEqual(result.status, 1, "its error fails the run, after the reports: \(result.stderr)")
        let data = try Data(contentsOf: folder.appendingPathComponent("out/report.json"))
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let configs = try XCTUnwrap(report["configs"] as? [[String: Any]])
        let diagnostics = try XCTUnwrap(configs.first?["diagnostics"] as? [[String: Any]])
        func place(_ code: String) -> [Int]? {
            guard let d = diagnostics.first(where: { $0["code"] as? String == code }) else { return nil }
            return [d["line"], d["column"]].compactMap { $0 as? Int }
        }
        XCTAssertEqual(place("turkcell.ios.messagesNotDisplayed"), [4, 3])
        XCTAssertEqual(
            place("turkcell.ios.emptyUpdates"), [3, 3], "raised while evaluating the iOS device, located all the same")

        let xml = try String(contentsOf: folder.appendingPathComponent("out/report.xml"), encoding: .utf8)
        XCTAssertTrue(
            xml.contains(#"code="turkcell.ios.emptyUpdates" severity="error" path="updates" line="3" column="3""#), xml)
        let html = try String(contentsOf: folder.appendingPathComponent("out/report.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("at <code>updates</code> (line 3, column 3)"))
    }

    func testExplainListsWhereTheDevicesDiagnosticsStand() throws {
        let result = try CommandLineTests.run([
            "explain", "--config", config, "--device",
            "platform=ios,os_version=16.4,app_version=1.0,package_name=com.example.app",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let explained = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let first = try XCTUnwrap(explained.first)
        XCTAssertEqual(
            (first["diagnostics"] as? [String])?.sorted(),
            ["turkcell.ios.emptyUpdates", "turkcell.ios.messagesNotDisplayed"],
            "the codes, as docs/cron-and-ci.md fixes")
        let places = (first["diagnosticLocations"] as? [[String: Any]] ?? []).map { d in
            "\(d["code"] as? String ?? "") \(d["path"] as? String ?? "") \(d["line"] as? Int ?? 0):\(d["column"] as? Int ?? 0)"
        }
        XCTAssertEqual(
            places.sorted(),
            ["turkcell.ios.emptyUpdates updates 3:3", "turkcell.ios.messagesNotDisplayed messages 4:3"])
    }

    func testAConfigThatDoesNotParseIsLocatedAtItsSyntaxError() throws {
        let broken = TestPaths.write(
            "{\n  \"updates\": [\n    {\"a\": 1}\n    {\"b\": 2}\n  ]\n}\n", named: "broken.json", in: folder)
        let failed = FailedConfig(
            id: "broken.json", source: broken,
            error: try {
                do {
                    _ = try ConfigLoader().load(broken, id: "broken.json")
                    throw XCTSkip("loaded")
                } catch let e as ConfigError { return e }
            }())
        XCTAssertEqual(failed.diagnostic.location, SourceLocation(line: 4, column: 5))
        XCTAssertEqual(failed.diagnostic.code, "config.unavailable")
    }
}
