import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

final class AuditorTests: XCTestCase {
    func testInvariantsOnSampleData() throws {
        var request = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        request.configDirectories = [TestPaths.sample("configs")]
        request.releasesPath = TestPaths.sample("releases.csv")
        let report = try AuditRun.run(request, generatedAt: Date(timeIntervalSince1970: 0))
        let inv = report.inventory
        XCTAssertEqual(inv.rowsRead, inv.rowsEvaluated + inv.rowsRejected)
        XCTAssertGreaterThan(inv.rowsRejected, 0)
        XCTAssertEqual(report.configs.count, 11)
        var seen = OutcomeCounts()
        for config in report.configs {
            XCTAssertEqual(config.totals.total, inv.devices, config.id)
            var sum = config.unattributed
            for rule in config.rules {
                sum.add(rule.counts)
                var platforms = OutcomeCounts()
                for p in rule.byPlatform { platforms.add(p.counts) }
                XCTAssertEqual(platforms, rule.counts, "\(config.id) \(rule.id)")
            }
            XCTAssertEqual(sum, config.totals, config.id)
            seen.add(config.totals)
        }
        for outcome in Outcome.allCases {
            XCTAssertGreaterThan(seen[outcome], 0, "SampleData shows every outcome somewhere: \(outcome)")
        }
    }

    /// A releases file whose rows name no package (`android,5.1.0,510,24,`, as docs/configs.md shows) is
    /// offered to every package: the device's package decides nothing and is not read. Before (issue 67), every
    /// format asked each device for its package, which no config declared: the README's debug build stopped on
    /// the guard, a release build read nil.
    func testReleasesThatNameNoPackageReadNoPackage() throws {
        let releases = TestPaths.write(
            "platform,version,build,min_os,package\nandroid,5.1.0,510,24,\nandroid,5.2.0,520,24,\nios,5.00,1500,13.5,\n"
                + "macos,5.00,1500,12.0,\n",
            named: "releases.csv", in: TestPaths.temporaryDirectory())
        var request = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        request.configDirectories = [TestPaths.sample("configs")]
        request.releasesPath = releases
        let undeclared = try DeclaredReads.collecting {
            let report = try AuditRun.run(request, generatedAt: Date(timeIntervalSince1970: 0))
            XCTAssertFalse(report.diagnostics.contains { $0.code == "engine.undeclaredRead" })
            XCTAssertGreaterThan(report.configs.count, 5)
        }
        XCTAssertEqual(undeclared, [])
    }

    /// A config's numbers do not depend on which other configs are loaded (they change which columns make a
    /// profile, never a device's outcome).
    func testNumbersDoNotDependOnTheOtherConfigs() throws {
        var all = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        all.configDirectories = [TestPaths.sample("configs")]
        all.releasesPath = TestPaths.sample("releases.csv")
        var alone = all
        alone.configDirectories = []
        alone.configs = [TestPaths.sample("configs/nhs/availability-android.json")]
        let together = try AuditRun.run(all).configs.first { $0.id == "availability-android.json" }!
        let single = try AuditRun.run(alone).configs[0]
        XCTAssertEqual(together.totals, single.totals)
        XCTAssertGreaterThan(single.totals[.blocked], 0, "internal builds have no published release")
    }

    func testEachProfileIsEvaluatedOnceAndMultiplied() throws {
        let c = try ConfigLoader().load(
            TestPaths.fixture("nhs/android-tests/MockAppAvailabilityApi.scenarios.json"), id: "x")
        var table = ProfileTable()
        let old = table.add(
            Profile(
                platform: .android, osVersion: "5.1", apiLevel: 22, appVersion: "1", appBuild: "1", packageName: nil))
        let ok = table.add(
            Profile(
                platform: .android, osVersion: "13", apiLevel: 33, appVersion: "1", appBuild: "99", packageName: nil))
        table.count(old, devices: 1_000_000)
        table.count(ok, devices: 7)
        let tally = Auditor.audit([c], profiles: table, context: EvaluationContext())[0]
        XCTAssertEqual(tally.totals[.unsupportedOS], 1_000_000)
        XCTAssertEqual(tally.totals[.upToDate], 7)
        XCTAssertEqual(tally.unattributed[.upToDate], 7)
        XCTAssertEqual(tally.rules["minimumSDKVersion"]?.byPlatform[.android]?[.unsupportedOS], 1_000_000)
        XCTAssertEqual(tally.osVersions[.unsupportedOS]?["android 5.1"], 1_000_000)
    }
}

final class AuditorSplitTests: XCTestCase {
    /// Splitting profiles between workers gives the same tallies as one worker.
    func testWorkersGiveTheSameNumbersAsOne() throws {
        var request = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        request.configDirectories = [TestPaths.sample("configs")]
        let (configs, _) = try AuditRun.loadConfigs(request)
        let source = try InventoryOpener.open(
            path: request.inventoryPath, delimiter: UInt8(ascii: ","), table: nil, query: nil)
        let (table, _) = try InventoryLoader(needs: ProfileNeeds.forRun(configs, releases: nil)).load(source)
        let one = Auditor.audit(configs, profiles: table, context: EvaluationContext(), workers: 1)
        let many = Auditor.audit(
            configs, profiles: table, context: EvaluationContext(), workers: 7, profilesPerWorker: 1)
        for (a, b) in zip(one, many) {
            XCTAssertEqual(a.totals, b.totals)
            XCTAssertEqual(a.notices, b.notices)
            XCTAssertEqual(a.diagnosticDevices, b.diagnosticDevices)
            XCTAssertEqual(a.rules.mapValues(\.counts), b.rules.mapValues(\.counts))
            XCTAssertEqual(a.appVersions, b.appVersions)
        }
    }
}
