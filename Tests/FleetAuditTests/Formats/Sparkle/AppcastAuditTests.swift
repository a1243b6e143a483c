import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// An appcast audited as a run audits it: found in --config-dir, its phased rollout spread over the 7 update
/// groups of each profile's Macs (SPEC §5.6), every device counted once.
final class AppcastAuditTests: XCTestCase {
    /// One item, phased every day, published 3.5 days before the audit: groups 0-3 are offered it.
    static let phased = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle">
          <channel>
            <item>
              <title>Version 2.0</title>
              <sparkle:version>2.0</sparkle:version>
              <pubDate>Sun, 22 Nov 2026 12:00:00 +0000</pubDate>
              <sparkle:phasedRolloutInterval>86400</sparkle:phasedRolloutInterval>
              <enclosure url="https://example.com/App_2.0.zip" length="1"/>
            </item>
          </channel>
        </rss>
        """

    private func audit(_ inventory: String, feed: String = phased) throws -> AuditReport.ConfigReport {
        let folder = TestPaths.temporaryDirectory()
        let configs = folder.appendingPathComponent("configs")
        try FileManager.default.createDirectory(at: configs, withIntermediateDirectories: true)
        _ = TestPaths.write(feed, named: "appcast.xml", in: configs)
        var request = AuditRequest(inventoryPath: TestPaths.write(inventory, named: "inventory.csv", in: folder))
        request.configDirectories = [configs.path]
        request.asOf = Timestamps.parse("2026-11-26T00:00:00Z")
        let report = try AuditRun.run(request, generatedAt: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(report.configs.count, 1, "--config-dir finds the .xml appcast")
        XCTAssertEqual(report.configs[0].format, "sparkle-appcast")
        return report.configs[0]
    }

    func testAPhasedRolloutSpreadsEachProfileOverTheUpdateGroups() throws {
        // 10 Macs: groups 0-6 take 1, 1, 2, 1, 2, 1, 2; groups 0-3 (5 Macs) are due.
        let ten = try audit("platform,os_version,app_version,app_build,count\nmacos,14.6,1.0,1.0,10\n")
        XCTAssertEqual(ten.totals[.recommended], 5)
        XCTAssertEqual(ten.totals[.upToDate], 5)
        XCTAssertEqual(ten.totals.total, 10)
        // One Mac alone is group 6.
        let one = try audit("platform,os_version,app_version,app_build\nmacos,14.6,1.0,1.0\n")
        XCTAssertEqual(one.totals[.upToDate], 1)
    }

    /// `sparkle.channelNotAllowed`: an item on a channel no Mac of the inventory allows, said once for the
    /// fleet with the item's line — not when some Mac allows it, nor when a Mac on Sparkle 1.x (which reads no
    /// channel) is offered it anyway.
    func testAnItemOnAChannelNoMacAllowsIsSaidOnceForTheFleet() throws {
        let feed = """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0" xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle">
              <channel>
                <item>
                  <sparkle:version>2.0</sparkle:version>
                  <enclosure url="https://example.com/App_2.0.zip" length="1"/>
                </item>
                <item>
                  <sparkle:version>3.0</sparkle:version>
                  <sparkle:channel>beta</sparkle:channel>
                  <enclosure url="https://example.com/App_3.0.zip" length="1"/>
                </item>
              </channel>
            </rss>
            """
        func channelDiagnostics(_ inventory: String) throws -> [Diagnostic] {
            try audit(inventory, feed: feed).diagnostics.map(\.diagnostic).filter {
                $0.code == "sparkle.channelNotAllowed"
            }
        }
        let header = "platform,os_version,app_version,app_build,sparkle_channels,sparkle_framework\n"
        let none = try channelDiagnostics(
            header + "macos,14.6,1.0,1.0,,\nmacos,14.6,1.0,1.0,nightly,2.6\nios,17.0,1.0,1,beta,\n")
        XCTAssertEqual(none.count, 1, "the iOS device's beta channel is no Mac's")
        XCTAssertEqual(none.first?.path, "item[1]")
        XCTAssertEqual(none.first?.location?.line, 8)
        XCTAssertEqual(try channelDiagnostics(header + "macos,14.6,1.0,1.0,,\nmacos,14.6,1.0,1.0, beta ,2.6\n"), [])
        XCTAssertEqual(try channelDiagnostics(header + "macos,14.6,1.0,1.0,,\nmacos,14.6,1.0,1.0,,1.27\n"), [])
        // Without the column every Mac allows the default channel only.
        XCTAssertEqual(
            try channelDiagnostics("platform,os_version,app_version,app_build\nmacos,14.6,1.0,1.0\n").count, 1)
    }

    func testAGroupColumnDecidesEachMac() throws {
        var csv = "platform,os_version,app_version,app_build,sparkle_update_group\n"
        for g in 0..<7 { csv += "macos,14.6,1.0,1.0,\(g)\n" }
        let report = try audit(csv)
        XCTAssertEqual(report.totals[.recommended], 4)
        XCTAssertEqual(report.totals[.upToDate], 3)
    }

    func testTheSplitNeverLosesADevice() {
        for n: Int64 in [0, 1, 6, 7, 8, 100, 9_007_199_254_740_991] {
            let parts = (0..<7).map { Decision.devices(n, inShare: $0, of: 7) }
            XCTAssertEqual(parts.reduce(0, +), n)
            XCTAssertTrue(parts.allSatisfy { $0 >= 0 })
        }
        XCTAssertEqual((0..<7).map { Decision.devices(1, inShare: $0, of: 7) }, [0, 0, 0, 0, 0, 0, 1])
    }

    func testARejectedFeedLeavesEveryMacNotTargetedAndSaysWhy() throws {
        let feed = Self.phased.replacingOccurrences(of: "https://example.com/App_2.0.zip", with: "file:///tmp/App.zip")
        let report = try audit("platform,os_version,app_version,app_build,count\nmacos,14.6,1.0,1.0,3\n", feed: feed)
        XCTAssertEqual(report.totals[.notTargeted], 3)
        XCTAssertEqual(
            report.diagnostics.first { $0.diagnostic.code == "sparkle.rejected" }?.diagnostic.location?.line, 4,
            "the rejected item's line")
    }

    /// Issue 67: an appcast lists its own releases, so an appcast-only run without --releases is not told that
    /// "every required version is assumed installable"; a run with other configs says it of those.
    func testTheAssumedInstallableNoteIsSaidOnlyOfConfigsThatReadReleases() throws {
        let appcast = try CommandLineTests.run([
            "audit", "--inventory", "SampleData/inventory.csv", "--config", "SampleData/configs/sparkle/appcast.xml",
            "--as-of", "2026-11-22T02:00:00Z",
        ])
        XCTAssertEqual(appcast.status, 0, appcast.stderr)
        XCTAssertFalse(appcast.stderr.contains("assumed installable"), appcast.stderr)
        let mixed = try CommandLineTests.run([
            "audit", "--inventory", "SampleData/inventory.csv", "--config", "SampleData/configs/sparkle/appcast.xml",
            "--config", "SampleData/configs/nhs/availability-ios.json", "--as-of", "2026-11-22T02:00:00Z",
        ])
        XCTAssertTrue(mixed.stderr.contains("assumed installable"), mixed.stderr)
        let note = AuditReport.assumedInstallable([
            LoadedConfig(
                id: "a", source: "", sha256: "", format: "sparkle-appcast", config: AppcastDocument(root: nil)),
            LoadedConfig(
                id: "n", source: "", sha256: "", format: "nhs-availability", config: AppcastDocument(root: nil)),
        ])
        XCTAssertTrue(
            note?.message.contains("of the 1 configs that are not appcasts") == true, "\(String(describing: note))")
    }
}
