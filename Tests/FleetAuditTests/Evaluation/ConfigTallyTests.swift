import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// `ConfigTally` keeps locked versions by the profiles' interned ids; profiles whose ids mean other texts (a
/// profile built on its own has a store of its own) are kept by text, and the versions read the same.
final class ConfigTallyTests: XCTestCase {
    func testLockedVersionsOfProfilesFromDifferentStoresAreCountedByTheirTexts() {
        let a = Profile(
            platform: .ios, osVersion: "15.0", apiLevel: nil, appVersion: "4.1", appBuild: nil, packageName: nil)
        let b = Profile(
            platform: .ios, osVersion: "16.2", apiLevel: nil, appVersion: "4.2", appBuild: nil, packageName: nil)
        let c = Profile(
            platform: .android, osVersion: "13", apiLevel: 33, appVersion: "4.1", appBuild: "410", packageName: nil)
        var tally = ConfigTally()
        tally.record(Decision(.forced, rule: "r", reason: ""), for: ProfileVisit(a, devices: 3))
        tally.record(Decision(.forced, rule: "r", reason: ""), for: ProfileVisit(b, devices: 5))
        var other = ConfigTally()
        other.record(Decision(.blocked, rule: "s", reason: ""), for: ProfileVisit(c, devices: 7))
        other.record(Decision(.forced, rule: "r", reason: ""), for: ProfileVisit(a, devices: 1))
        tally.merge(other)
        XCTAssertEqual(tally.appVersions, [.forced: ["ios 4.1": 4, "ios 4.2": 5], .blocked: ["android 4.1": 7]])
        XCTAssertEqual(tally.osVersions, [.forced: ["ios 15.0": 4, "ios 16.2": 5], .blocked: ["android 13": 7]])
        XCTAssertEqual(tally.rules.mapValues(\.counts[.forced]), ["r": 9, "s": 0])
        XCTAssertEqual(tally.byPlatform[.android]?[.blocked], 7)
    }
}
