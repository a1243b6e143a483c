import XCTest

@testable import FleetAuditEngine
@testable import FleetAuditValues

/// The fleet's answers to a document's questions (`FleetValueCounts`) counted on the profiles' fixed fields
/// when no attribute the inventory has is asked about must be what counting every profile gives: the same
/// combinations, devices and order.
final class ValueCombinationsTests: XCTestCase {
    /// Profiles on three platforms with independently drawn attributes (`drawnProfiles`), some without devices
    /// (the very first among them), so the first profile of a combination may have none.
    private func fleet(_ count: Int) -> ProfileTable {
        drawnProfiles(count, seed: 0x2545_F491_4F6C_DD1D) { next in
            ["region": "R-\(next(40))", "sparkle_channels": ["beta", "", "beta,nightly"][next(3)]]
                .filter { _ in next(9) != 0 }
        }
    }

    func testAnswersFromTheFixedFieldsAreTheOnesCountedOnEveryProfile() {
        let table = fleet(6_000)
        let fixed = FixedFieldProfiles(table)
        let straight = FleetValueCounts(table)
        let fast = FleetValueCounts(table, fixedFields: fixed)
        let fieldSets: [[DeviceField]] = [
            [], [.osVersion], [.apiLevel, .osVersion], [.appVersion, .appBuild], [.packageName, .appVersion],
            [.attribute("not_in_the_inventory")], [.attribute("Not In The Inventory"), .osVersion],
            [.attribute("sparkle_channels"), .attribute("sparkle_framework")], [.attribute("region"), .appVersion],
        ]
        var combinations = 0
        for fields in fieldSets {
            for platform in [Platform.android, .ios, .macos] {
                let expected = straight.devices(on: platform, by: fields)
                let found = fast.devices(on: platform, by: fields)
                let message = "\(platform) by \(fields)"
                XCTAssertEqual(found.map { $0.values }, expected.map { $0.values }, message)
                XCTAssertEqual(found.map { $0.devices }, expected.map { $0.devices }, message)
                XCTAssertFalse(expected.contains { $0.devices == 0 }, message)
                combinations += expected.count
            }
        }
        XCTAssertGreaterThan(combinations, 500, "questions with many answers")
    }
}
