import Foundation
import XCTest
@testable import FleetAudit

/// A release manager's own export, not the sample's shape (issue 35): warehouse headers, a BOM, CRLF.
final class ReleaseManagerExportTests: XCTestCase {
    /// `explain --row` reads the row as `audit` does, `--column` mappings included (finding 10).
    func testExplainARowOfAnExportWithMappedColumns() throws {
        let dir = TestPaths.temporaryDirectory()
        let inventory = TestPaths.write("\u{FEFF}os,osVersion,appVersion,build,bundle_id\r\nandroid,14,5.0,358,uk.nhs.covid19.production\r\n",
                                        named: "export.csv", in: dir)
        let mapping = ["--column", "platform=os", "--column", "app_build=build", "--column", "package_name=bundle_id"]
        let config = TestPaths.sample("configs/nhs/availability-android.json")
        let explain = try CommandLineTests.run(["explain", "--inventory", inventory, "--row", "2", "--config", config] + mapping)
        XCTAssertEqual(explain.status, 0, explain.stderr)
        let said = try JSONSerialization.jsonObject(with: Data(explain.stdout.utf8)) as! [[String: Any]]
        let outcome = try XCTUnwrap(said.first?["outcome"] as? String)
        XCTAssertEqual(outcome, "upToDate", "API level 34 and versionCode 358 read through the mapping")
        let audit = try CommandLineTests.run(["audit", "--inventory", inventory, "--config", config, "--json", dir.path + "/r.json", "--quiet"] + mapping)
        XCTAssertEqual(audit.status, 0, audit.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.path + "/r.json"))) as! [String: Any]
        let totals = ((report["configs"] as! [[String: Any]])[0]["totals"] as! [String: Int])
        XCTAssertEqual(totals[outcome], 1, "explain says what audit counted: \(outcome), \(totals)")
    }
}
