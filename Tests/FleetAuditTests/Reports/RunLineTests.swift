import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditReports

/// The one line an audit or a plan ends with on stderr (`RunLine`): a cron log's last line says how the run
/// ended and what it counted; `--quiet` keeps a good run silent (cron mails any output) but not a failed one.
final class RunLineTests: XCTestCase {
    private let audit = [
        "audit", "--inventory", "SampleData/inventory.csv", "--config-dir", "SampleData/configs/nhs",
        "--releases", "SampleData/releases.csv",
    ]

    private func lastLine(_ stderr: String) -> String { String(stderr.split(separator: "\n").last ?? "") }

    func testAnAuditEndsWithItsLine() throws {
        let epoch = ["SOURCE_DATE_EPOCH": "1795000000"]
        let loud = try CommandLineTests.run(audit, environment: epoch)
        XCTAssertEqual(loud.status, 0, loud.stderr)
        XCTAssertEqual(
            lastLine(loud.stderr),
            "fleet-audit: audit completed (exit 0): 3,995 devices from 4,000 rows, 5 rejected, 4 configs",
            "no wall time under SOURCE_DATE_EPOCH")
        let quiet = try CommandLineTests.run(audit + ["--quiet"])
        XCTAssertEqual(quiet.stderr, "", "a good run under --quiet prints nothing")
        let crossed = try CommandLineTests.run(audit + ["--quiet", "--fail-on", "forced>1000"])
        XCTAssertEqual(crossed.status, 1)
        XCTAssertTrue(
            lastLine(crossed.stderr).hasPrefix("fleet-audit: audit gateCrossed (exit 1) in "), crossed.stderr)
        XCTAssertTrue(lastLine(crossed.stderr).hasSuffix(", 1 of 4 gate checks crossed"), crossed.stderr)
        let failed = try CommandLineTests.run(
            ["audit", "--inventory", "SampleData/none.csv", "--config-dir", "SampleData/configs/nhs", "--quiet"])
        XCTAssertEqual(failed.status, 65)
        XCTAssertTrue(lastLine(failed.stderr).hasPrefix("fleet-audit: audit failed (exit 65) in "), failed.stderr)
    }

    func testAPlanEndsWithItsLine() throws {
        let plan = try CommandLineTests.run(
            [
                "plan", "--inventory", "SampleData/inventory.csv", "--releases", "SampleData/releases.csv",
                "--published", "SampleData/configs/nhs/availability-android.json", "--draft",
                "SampleData/drafts/nhs/availability-android.json", "--quiet", "--fail-on", "warning",
            ], environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        XCTAssertEqual(plan.status, 1, plan.stderr)
        XCTAssertEqual(
            lastLine(plan.stderr),
            "fleet-audit: plan gateCrossed (exit 1): 3,995 devices, 1 pair, 457 worse, 3 better, 1 of 1 gate checks crossed"
        )
    }
}
