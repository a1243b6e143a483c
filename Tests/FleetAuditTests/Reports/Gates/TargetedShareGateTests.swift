import XCTest

@testable import FleetAudit
@testable import FleetAuditReports

/// Issue 67 item 8: `nhs-ios.json:unsupportedOS>5%` held while 10.3% of the iOS devices the config is for were
/// stranded (3.6% of all devices). `P%targeted` takes the share of the devices the config targets.
final class TargetedShareGateTests: XCTestCase {
    func testAShareOfTheTargetedDevicesCrossesWhereTheShareOfAllHolds() throws {
        var request = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        request.configs = [TestPaths.sample("configs/nhs/availability-ios.json")]
        request.releasesPath = TestPaths.sample("releases.csv")
        request.gates = [
            try Gate(parsing: "availability-ios.json:unsupportedOS>10%"),
            try Gate(parsing: "availability-ios.json:unsupportedOS>10%targeted"),
        ]
        let report = try AuditRun.run(request, generatedAt: Date(timeIntervalSince1970: 0))
        let config = try XCTUnwrap(report.configs.first)
        XCTAssertEqual(config.targeted, config.totals.total - config.totals[.notTargeted])
        let unsupported = config.totals[.unsupportedOS]
        // The sample: 246 of 3,995 devices (6.2%) and of the 2,026 iOS devices it targets (12.1%).
        XCTAssertLessThan(Double(unsupported) / Double(report.inventory.devices), 0.10)
        XCTAssertGreaterThan(Double(unsupported) / Double(config.targeted), 0.10)
        XCTAssertEqual(report.gates.map(\.crossed), [false, true])
        XCTAssertEqual(report.gates[1].of, config.targeted)
        XCTAssertTrue(report.gates[1].sentence.contains("of the \(config.targeted.groupedDigits) devices it targets"))
        XCTAssertEqual(report.status.exitCode, 1)
    }

    func testOnlyAnOutcomeGateTakesIt() {
        XCTAssertThrowsError(try Gate(parsing: "rejected>5%targeted"))
        XCTAssertThrowsError(try Gate(parsing: "forced+>5%targeted"))
        XCTAssertNoThrow(try Gate(parsing: "forced>5%TARGETED"))
    }
}
