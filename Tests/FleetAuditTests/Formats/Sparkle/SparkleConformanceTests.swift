import XCTest

@testable import FleetAudit
@testable import FleetAuditFormats
@testable import FleetAuditValues

/// SPEC §5.6's examples and the decision assertions of upgrader's own tests (test/appcast_test.dart
/// @ fd0c578) on their fixtures.
final class SparkleConformanceTests: XCTestCase {
    private func load(_ name: String) throws -> LoadedConfig {
        try SparkleTestSupport.load(SparkleTestSupport.fixture(name))
    }

    private func rule(_ config: LoadedConfig, version: String) -> String? {
        config.config.rules.first { $0.summary.contains("version \(version)") }?.id
    }

    func testTheSpecExamplesOfTestAppcast() throws {
        let config = try load("sparkle-tests/testappcast.xml")
        let old = try SparkleTestSupport.decide(config, SparkleTestSupport.mac("1.0", os: "14.6"))
        XCTAssertEqual(old.outcome, .forced)
        XCTAssertEqual(old.rule, "item[1]")
        let new = try SparkleTestSupport.decide(config, SparkleTestSupport.mac("3.0", os: "14.6"))
        XCTAssertEqual(new.outcome, .unsupportedOS)
        XCTAssertEqual(new.rule, "item[3]")
    }

    func testTheSpecExamplesOfMinimumAutoupdateVersion() throws {
        let config = try load("sparkle-tests/testappcast_minimumAutoupdateVersion.xml")
        let plain = try SparkleTestSupport.decide(config, SparkleTestSupport.mac("1.0", ["sparkle_update_group": "0"]))
        XCTAssertEqual(plain.outcome, .recommended)
        XCTAssertEqual(plain.rule, "item[1]")
        let skipped = try SparkleTestSupport.decide(
            config, SparkleTestSupport.mac("1.0", ["sparkle_skipped_version": "2.0", "sparkle_update_group": "0"]))
        XCTAssertEqual(skipped.outcome, .recommended)
        XCTAssertEqual(skipped.rule, "item[0]")
        let asked = try SparkleTestSupport.decide(
            config, SparkleTestSupport.mac("1.0", ["sparkle_skipped_version": "2.0"]), check: .user)
        XCTAssertEqual(asked.rule, "item[1]", "a user's check ignores skipped versions")
    }

    func testAMacWhoseAutomaticChecksAreOffIsUpToDateOnAnAutomaticCheck() throws {
        let config = try load("sparkle-tests/testappcast.xml")
        let mac = SparkleTestSupport.mac("1.0", ["sparkle_automatic_checks": "false"])
        XCTAssertEqual(try SparkleTestSupport.decide(config, mac).outcome, .upToDate)
        XCTAssertEqual(try SparkleTestSupport.decide(config, mac, check: .user).outcome, .forced)
    }

    func testADangerousLinkRejectsTheFeed() throws {
        let config = try load("sparkle-tests/test-dangerous-link.xml")
        let rejected = config.diagnostics.filter { $0.code == "sparkle.rejected" }
        XCTAssertEqual(rejected.count, 1)
        XCTAssertNotNil(rejected.first?.location, "the rejection names its line")
        let d = try SparkleTestSupport.decide(config, SparkleTestSupport.mac("1.0"))
        XCTAssertEqual(d.outcome, .notTargeted)
        XCTAssertEqual(d.diagnostics.map(\.code), ["sparkle.rejected"])
    }

    // MARK: upgrader (test/appcast_test.dart)

    /// 'bestItem respects minimumUpdateVersion' (L177-193): app 1.9.0 gets 6.0.0, 1.8.0 gets 5.0. Both items
    /// have no enclosure url and item[0] (2.0) is critical: upgrader's alert can be neither dismissed nor acted on.
    func testUpgraderRespectsMinimumUpdateVersion() throws {
        let config = try load("upgrader-tests/testappcast.xml")
        for (app, version) in [("1.9.0", "6.0.0"), ("1.8.0", "5.0")] {
            let device = SparkleTestSupport.device(.android, os: "0", appVersion: app)
            let d = try SparkleTestSupport.decide(config, device, clients: ["android=upgrader"])
            XCTAssertEqual(d.rule, rule(config, version: version), app)
            XCTAssertEqual(d.outcome, .blocked, app)
            XCTAssertTrue(d.diagnostics.contains { $0.code == "upgrader.noUrl" })
        }
    }

    /// 'Appcast multi Android / iOS / macOS' (L99-154): each platform's best item.
    func testUpgraderPicksEachPlatformsItem() throws {
        let config = try load("upgrader-tests/testappcastmulti.xml")
        for (platform, version) in [(Platform.android, "2.1.2"), (.ios, "2.3.2"), (.macos, "2.5.2")] {
            let device = SparkleTestSupport.device(platform, os: "0", appVersion: "1.0.0")
            let d = try SparkleTestSupport.decide(config, device, clients: ["\(platform.name)=upgrader"])
            XCTAssertEqual(d.rule, rule(config, version: version), platform.name)
        }
        XCTAssertEqual(
            try SparkleTestSupport.decide(config, SparkleTestSupport.device(.android, os: "0", appVersion: "1.0.0"))
                .outcome, .notTargeted, "without --appcast-client an Android app reads no appcast")
    }

    /// 'Appcast will prioritize critical version even with lower version' (L52-73): the best critical item
    /// is 3.0.0, so an app below it is forced.
    func testUpgraderCriticalItem() throws {
        let config = try load("upgrader-tests/testappcast_critical.xml")
        let d = try SparkleTestSupport.decide(
            config, SparkleTestSupport.device(.android, os: "0", appVersion: "2.0.0"), clients: ["android=upgrader"])
        XCTAssertEqual(d.outcome, .forced)
        let above = try SparkleTestSupport.decide(
            config, SparkleTestSupport.device(.android, os: "0", appVersion: "3.0.1"), clients: ["android=upgrader"])
        XCTAssertNotEqual(above.outcome, .forced, "3.0.0 is not above 3.0.1")
    }

    func testAnAppVersionUpgraderCannotParseIsNotTargeted() throws {
        let config = try load("upgrader-tests/testappcastmulti.xml")
        let d = try SparkleTestSupport.decide(
            config, SparkleTestSupport.device(.android, os: "13", appVersion: "1.0 beta"), clients: ["android=upgrader"]
        )
        XCTAssertEqual(d.outcome, .notTargeted)
        XCTAssertEqual(d.diagnostics.map(\.code), ["upgrader.appVersionUnparsable"])
    }

    func testSparkleIsForMacsOnly() {
        var options = FormatOptions()
        XCTAssertThrowsError(try options.addAppcastClient("android=sparkle"))
        XCTAssertThrowsError(try options.addAppcastClient("android=chrome"))
        XCTAssertNoThrow(try options.addAppcastClient("macos=upgrader"))
        XCTAssertEqual(options.appcastClient(for: .macos), .upgrader)
    }
}
