import XCTest

@testable import FleetAuditFormats

/// The Dart `version` package's `Version.parse` and ordering, as upgrader reads versions (SPEC §5.6).
final class UpgraderVersionTests: XCTestCase {
    func testWhatParses() {
        for good in ["1", "1.0", "1.2.3", "1.2.3.4", "1.2.3-beta.1", "1.2.3+5", "1.2.3-rc-1+build.7", "01.2"] {
            XCTAssertNotNil(UpgraderVersion(good), good)
        }
        for bad in [
            "", " 1.0", "1.0 ", "2.0 beta", "v1.0", "1..2", ".1", "1.0-", "1.0-a..b", "1.0+", "1,0",
            "99999999999999999999", "1.0\n",
        ] {
            XCTAssertNil(UpgraderVersion(bad), bad)
        }
        XCTAssertEqual(UpgraderVersion("1.2.3.4"), UpgraderVersion("1.2.3"), "a fourth component is ignored")
        XCTAssertEqual(UpgraderVersion("2"), UpgraderVersion("2.0.0"))
    }

    func testSemVerOrder() {
        let ordered = [
            "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11",
            "1.0.0-rc.1", "1.0.0", "1.0.1", "1.10.0", "2",
        ]
        for (a, b) in zip(ordered, ordered.dropFirst()) {
            XCTAssertLessThan(UpgraderVersion(a)!, UpgraderVersion(b)!, "\(a) < \(b)")
        }
        XCTAssertEqual(UpgraderVersion("1.0.0+1"), UpgraderVersion("1.0.0+2"), "build metadata is ignored")
    }
}
