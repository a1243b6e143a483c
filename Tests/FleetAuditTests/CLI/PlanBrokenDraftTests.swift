import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// A draft that a client rejects or crashes on is not an improvement (issue 35, finding 1): the devices it no
/// longer decides are their own category, not "better", and the plan fails unless told otherwise.
final class PlanBrokenDraftTests: XCTestCase {
    private func plan(draft text: String, _ extra: [String] = []) throws -> (CommandLineTests.Result, [String: Any]) {
        let dir = TestPaths.temporaryDirectory()
        let draft = TestPaths.write(text, named: "fleet-rollout.json", in: dir)
        let result = try CommandLineTests.run(
            [
                "plan", "--inventory", TestPaths.sample("inventory.csv"),
                "--releases", TestPaths.sample("releases.csv"),
                "--published", TestPaths.sample("configs/princeofversions/fleet-rollout.json"),
                "--draft", draft, "--json", dir.path + "/plan.json", "--quiet",
            ] + extra)
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.path + "/plan.json")))
            as! [String: Any]
        return (result, json)
    }

    /// `"required_version": 352` → `"352"`: the Android client's parser throws on the text, so Android devices
    /// lose the configuration.
    private var quotedDraft: String {
        get throws {
            try String(contentsOfFile: TestPaths.sample("configs/princeofversions/fleet-rollout.json"), encoding: .utf8)
                .replacingOccurrences(of: #""required_version": 352"#, with: #""required_version": "352""#)
        }
    }

    func testADraftTheClientRejectsFailsThePlanAndIsNotBetter() throws {
        let (result, json) = try plan(draft: try quotedDraft)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("the drafts add 1 error diagnostic"), result.stderr)
        let totals = json["totals"] as! [String: Any]
        let undecided = totals["undecided"] as! Int
        XCTAssertGreaterThan(undecided, 1000, "the Android devices the published document decided")
        XCTAssertEqual(totals["newErrors"] as? Int, 1)
        XCTAssertEqual(totals["better"] as? Int, 0, "losing the config is not an improvement")
        let pair = (json["pairs"] as! [[String: Any]])[0]
        XCTAssertEqual(pair["undecided"] as? Int, undecided)
    }

    func testTheUserMayPlanNewErrorsAndGateOnThem() throws {
        let draft = try quotedDraft
        XCTAssertEqual(try plan(draft: draft, ["--allow-new-errors"]).0.status, 0)
        let gated = try plan(draft: draft, ["--allow-new-errors", "--fail-on", "undecided>100"]).0
        XCTAssertEqual(gated.status, 1, gated.stderr)
        XCTAssertTrue(gated.stderr.contains("gate crossed"), gated.stderr)
        let error = try plan(draft: draft, ["--allow-new-errors", "--fail-on", "fleet-rollout.json:error"]).0
        XCTAssertEqual(error.status, 1, error.stderr)
        XCTAssertTrue(error.stderr.contains("the draft adds 1 error diagnostic"), error.stderr)
        // An unchanged draft crosses neither.
        let same = try String(
            contentsOfFile: TestPaths.sample("configs/princeofversions/fleet-rollout.json"), encoding: .utf8)
        XCTAssertEqual(try plan(draft: same, ["--fail-on", "error", "--fail-on", "undecided>0"]).0.status, 0)
    }
}
