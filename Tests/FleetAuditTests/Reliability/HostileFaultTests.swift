import Foundation
import XCTest
@testable import FleetAudit
@testable import FleetAuditIngest

/// The hostile inputs and faults of issue 39, each run through the built binary as an attacker or an unlucky
/// operator would: a clear message and a deliberate exit code, never a crash, a wrong number or a leak.
final class HostileFaultTests: XCTestCase {
    private func write(_ text: String, _ name: String) -> String {
        TestPaths.write(text, named: name, in: TestPaths.temporaryDirectory())
    }

    private var nhsConfig: String { TestPaths.sample("configs/nhs/availability-ios.json") }

    // MARK: 2. Grouped counts that overflow

    func testCountsPastWhatCanBeCountedAreRejectedRowsNotACrash() throws {
        var csv = "platform,os_version,app_version,count\n"
        for i in 0..<10 { csv += "ios,14.\(i),1.0,999999999999999999\n" }
        csv += "ios,17.0,1.0,12.0\n"
        let inventory = write(csv, "huge.csv")
        let out = TestPaths.temporaryDirectory().path
        let audit = try CommandLineTests.run(["audit", "--inventory", inventory, "--config", nhsConfig, "--json", out + "/r.json", "--quiet"])
        XCTAssertFalse([132, 133, 134, 139].contains(audit.status), "no trap: \(audit.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/r.json"))) as! [String: Any]
        let summary = report["inventory"] as! [String: Any]
        XCTAssertEqual(summary["devices"] as? Int, 12, "the one countable row, written 12.0 as pandas writes it")
        XCTAssertEqual(summary["rowsRejected"] as? Int, 10)
        let rejection = (summary["rejections"] as! [[String: Any]])[0]
        XCTAssertTrue((rejection["message"] as! String).contains("more than the 9,007,199,254,740,991 devices"), "\(rejection)")
        for command in [["whatif", "--inventory", inventory, "--platform", "ios", "--min-app", "1.0", "--quiet"],
                        ["plan", "--inventory", inventory, "--published", nhsConfig, "--draft", nhsConfig, "--quiet"]] {
            let result = try CommandLineTests.run(command)
            XCTAssertFalse([132, 133, 134, 139].contains(result.status), "\(command[0]): \(result.stderr)")
        }
    }

    func testCountsThatAddUpPastTheLimitAreRefusedNamingTheLimit() throws {
        var csv = "platform,os_version,app_version,count\n"
        for i in 0..<3 { csv += "ios,14.\(i),1.0,9007199254740991\n" }
        let inventory = write(csv, "sum.csv")
        for command in [["audit", "--inventory", inventory, "--config", nhsConfig, "--quiet"],
                        ["whatif", "--inventory", inventory, "--platform", "ios", "--min-app", "1.0", "--quiet"],
                        ["plan", "--inventory", inventory, "--published", nhsConfig, "--draft", nhsConfig, "--quiet"]] {
            let result = try CommandLineTests.run(command)
            XCTAssertEqual(result.status, 65, "\(command[0]): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("adds up to more than the 9,007,199,254,740,991 devices"), result.stderr)
        }
    }

    // MARK: 9. Times that do not exist; 10. timeouts that are not durations

    func testTimesThatDoNotExistAreRefused() throws {
        for bad in ["2026-11-22T25:00:00Z", "2026-11-22T23:61:00Z", "2026-11-22T23:59:60Z", "2026-02-30", "2026-11-22T08:00:00+25:00",
                    "0001-01-01", "2026-13-01", "2026-11-22T08:00:00", "2026-11-22 08:00:00Z", "2026-11-22T08:00:00Zjunk"] {
            XCTAssertNil(Timestamps.parse(bad), bad)
            let result = try CommandLineTests.run(["audit", "--inventory", TestPaths.sample("inventory.csv"), "--config", nhsConfig,
                                                   "--as-of", bad, "--quiet"])
            XCTAssertEqual(result.status, 64, "\(bad): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--as-of"), result.stderr)
        }
        XCTAssertEqual(Timestamps.parse("2026-11-22T08:00:00+02:00").map(Timestamps.iso8601), "2026-11-22T06:00:00Z")
        XCTAssertEqual(Timestamps.parse("2024-02-29T23:59:59.5Z").map(Timestamps.iso8601), "2024-02-29T23:59:59Z")
        XCTAssertEqual(Timestamps.parse("2026-11-22").map(Timestamps.iso8601), "2026-11-22T00:00:00Z")
        XCTAssertEqual(Timestamps.parse("1970-01-01T00:00:00Z")?.timeIntervalSince1970, 0)
        XCTAssertEqual(Timestamps.parse("2000-03-01T00:00:00Z")?.timeIntervalSince1970, 951_868_800)
    }

    func testAnUnreadableSourceDateEpochIsSaid() throws {
        for bad in ["yesterday", "1.5e9", "-1"] {
            let result = try CommandLineTests.run(["audit", "--inventory", TestPaths.sample("inventory.csv"), "--config", nhsConfig, "--quiet"],
                                                  environment: ["SOURCE_DATE_EPOCH": bad])
            XCTAssertEqual(result.status, 64, "\(bad): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("SOURCE_DATE_EPOCH"), result.stderr)
        }
    }

    func testATimeoutThatIsNotADurationIsAUsageError() throws {
        for bad in ["nan", "inf", "1e300", "0", "-5"] {
            let result = try CommandLineTests.run(["validate", "--timeout", bad, nhsConfig])
            XCTAssertEqual(result.status, 64, "\(bad): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--timeout"), result.stderr)
        }
    }
}
