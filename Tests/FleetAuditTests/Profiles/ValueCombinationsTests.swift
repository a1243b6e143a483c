import XCTest

@testable import FleetAuditEngine
@testable import FleetAuditValues

/// The fleet's answers to a document's questions (`FleetValueCounts`) counted on the profiles' fixed fields
/// when no attribute the inventory has is asked about must be what counting every profile gives: the same
/// combinations, devices and order.
final class ValueCombinationsTests: XCTestCase {
    /// Profiles on three platforms with independently drawn attributes; some without devices.
    private func fleet(_ count: Int) -> ProfileTable {
        var table = ProfileTable()
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for i in 0..<count {
            let platform = [Platform.android, .ios, .macos][next(3)]
            let android = platform == .android
            let api = 24 + next(6)
            let fields = ProfileFields(
                platform: platform, osVersion: android ? "\(api - 18).0" : "\(13 + next(3)).\(next(2))",
                apiLevel: android ? api : nil, appVersion: "\(4 + next(3)).\(next(2))",
                appBuild: next(7) == 0 ? nil : "\(345 + next(4))",
                packageName: [nil, "com.example.app", "com.example.other"][next(3)],
                attributes: ["region": "R-\(next(40))", "sparkle_channels": ["beta", "", "beta,nightly"][next(3)]]
                    .filter { _ in next(9) != 0 })
            let row = table.add(Profile(fields))
            // Every few profiles without devices, some of them alone in their combination of fixed fields.
            table.count(row, devices: i % 13 == 0 ? 0 : Int64(1 + next(5)))
        }
        return table
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
