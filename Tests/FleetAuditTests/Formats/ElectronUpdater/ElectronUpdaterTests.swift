import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// electron-updater feeds audited as a run audits them. Each case is the client's answer, with the line of
/// electron-userland/electron-builder (packages/electron-updater/src, electron-updater 6.8.9 = bed3a9c; the
/// decision code is unchanged at master 8e95ad0) that decides it.
final class ElectronUpdaterTests: XCTestCase {
    static let header = "platform,os_version,app_version,arch,os_release,updater_version,staging_id,update_channel\n"

    private func audit(_ feed: String, named name: String = "latest-mac.yml", _ rows: String) throws
        -> AuditReport.ConfigReport
    {
        let folder = TestPaths.temporaryDirectory()
        let configs = folder.appendingPathComponent("configs")
        try FileManager.default.createDirectory(at: configs, withIntermediateDirectories: true)
        _ = TestPaths.write(feed, named: name, in: configs)
        var request = AuditRequest(
            inventoryPath: TestPaths.write(Self.header + rows, named: "inventory.csv", in: folder))
        request.configDirectories = [configs.path]
        let report = try AuditRun.run(request, generatedAt: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(report.configs.count, 1, "--config-dir finds the .yml feed")
        XCTAssertEqual(report.configs.first?.format, "electron-updater")
        return report.configs[0]
    }

    private func codes(_ report: AuditReport.ConfigReport) -> [String: Int64?] {
        Dictionary(report.diagnostics.map { ($0.diagnostic.code, $0.devices) }, uniquingKeysWith: { a, _ in a })
    }

    // MARK: The kernel-version trap (AppUpdater.ts checkIfUpdateSupported L546-560: semver.lt(os.release(), min))

    func testAProductVersionMinimumLetsEveryMacThroughAndIsCounted() throws {
        let feed = "version: 2.0.0\nminimumSystemVersion: 13.0.0\n"
        // macOS 12 is Darwin 21: above 13.0.0, so the Mac the minimum was meant to stop is offered the update.
        let report = try audit(feed, "macos,12.7.4,1.0.0,arm64,,,,\nmacos,14.4.1,1.0.0,arm64,,,,\n")
        XCTAssertEqual(report.totals[.recommended], 2)
        XCTAssertEqual(report.totals[.unsupportedOS], 0)
        let letThrough = report.diagnostics.first { $0.diagnostic.code == "electron.minimumLetsThrough" }
        XCTAssertNotNil(letThrough)
        XCTAssertTrue(letThrough?.diagnostic.message.contains("1 Mac below macOS 13") == true)
        XCTAssertTrue(letThrough?.diagnostic.message.contains("\"22.0.0\"") == true)
        XCTAssertEqual(letThrough?.diagnostic.location, SourceLocation(line: 2, column: 23))
    }

    func testADarwinMinimumStopsTheOlderMacs() throws {
        let report = try audit(
            "version: 2.0.0\nminimumSystemVersion: 22.0.0\n",
            "macos,12.7.4,1.0.0,arm64,,,,\nmacos,13.6.6,1.0.0,arm64,,,,\n")
        XCTAssertEqual(report.totals[.unsupportedOS], 1)
        XCTAssertEqual(report.totals[.recommended], 1)
        XCTAssertNil(codes(report)["electron.minimumLetsThrough"] ?? nil)
    }

    func testAnOsReleaseColumnWinsOverTheProductVersion() throws {
        // The row says macOS 15, but os.release() is 21.6.0 (macOS 12): the column is what the client reads.
        let report = try audit("version: 2.0.0\nminimumSystemVersion: 22.0.0\n", "macos,15.1,1.0.0,arm64,21.6.0,,,\n")
        XCTAssertEqual(report.totals[.unsupportedOS], 1)
    }

    /// A minimum that is not a full version string makes semver.lt throw; the catch (L555-557) lets the device pass.
    func testAnUnreadableMinimumLetsEveryDeviceThrough() throws {
        for minimum in ["13.0", "\"13\"", "22", "true"] {
            let report = try audit(
                "version: 2.0.0\nminimumSystemVersion: \(minimum)\n", "macos,12.7.4,1.0.0,arm64,,,,\n")
            XCTAssertEqual(report.totals[.recommended], 1, minimum)
            XCTAssertNotNil(codes(report)["electron.minimumSystemVersionIgnored"] as Any?, minimum)
        }
    }

    /// Windows 11 reports os.release() 10.0.22000 and later: a minimum of 11.0.0 stops every Windows device.
    func testAWindows11MinimumStopsEveryWindowsDevice() throws {
        let report = try audit(
            "version: 2.0.0\nminimumSystemVersion: 11.0.0\n", named: "latest.yml",
            "windows,10.0.22631.2861,1.0.0,x64,,,,\nwindows,10.0.19045,1.0.0,x64,,,,\n")
        XCTAssertEqual(report.totals[.unsupportedOS], 2)
        XCTAssertNotNil(codes(report)["electron.minimumIsProductVersion"] as Any?)
    }

    /// `6.5.0-14-generic` is a valid semver version with a pre-release: below 6.5.0.
    func testALinuxKernelWithADistributionSuffixIsBelowItsRelease() throws {
        let report = try audit(
            "version: 2.0.0\nminimumSystemVersion: 6.5.0\n", named: "latest-linux.yml",
            "linux,22.04,1.0.0,x86_64,6.5.0-14-generic,,,\nlinux,24.04,1.0.0,x86_64,6.8.0-45-generic,,,\n")
        XCTAssertEqual(report.totals[.unsupportedOS], 1)
        XCTAssertEqual(report.totals[.recommended], 1)
    }

    /// The OS check came in 6.3.0 (commit 3d4cc7ae0): an app on 6.2.1 is offered the update whatever its OS.
    func testAnUpdaterBefore630IgnoresTheMinimum() throws {
        let report = try audit(
            "version: 2.0.0\nminimumSystemVersion: 22.0.0\n",
            "macos,12.7.4,1.0.0,arm64,,6.2.1,,\nmacos,12.7.4,1.0.0,arm64,,6.3.0,,\n")
        XCTAssertEqual(report.totals[.recommended], 1)
        XCTAssertEqual(report.totals[.unsupportedOS], 1)
        XCTAssertEqual(codes(report)["electron.minimumIgnored"], 1)
    }

    // MARK: Versions (isUpdateAvailable L512-544; js-yaml 4 load, Provider.ts parseUpdateInfo L118-133)

    /// `version: 1.10` is the YAML number 1.1: semver.parse refuses it and the check throws (L513-519).
    func testAnUnquotedTwoPartVersionIsANumberAndEveryCheckThrows() throws {
        let report = try audit("version: 1.10\n", "macos,14.4.1,1.0.0,arm64,,,,\n")
        XCTAssertEqual(report.totals[.notTargeted], 1)
        let rejected = report.diagnostics.first { $0.diagnostic.code == "electron.rejected" }
        XCTAssertTrue(
            rejected?.diagnostic.message.contains("1.1 (a YAML number)") == true, "\(String(describing: rejected))")
        XCTAssertEqual(rejected?.diagnostic.location?.line, 1)
    }

    func testEqualVersionsAreNoUpdateAndBuildMetadataIsIgnored() throws {
        // semver.eq ignores build metadata (L522-524); a newer installed version is no update without allowDowngrade.
        let report = try audit(
            "version: 2.0.0+b2\n",
            "macos,14.4.1,2.0.0+b1,arm64,,,,\nmacos,14.4.1,v2.0.1,arm64,,,,\nmacos,14.4.1,1.9.9,arm64,,,,\n")
        XCTAssertEqual(report.totals[.upToDate], 2)
        XCTAssertEqual(report.totals[.recommended], 1)
    }

    func testPreReleaseOrderingIsNodeSemvers() throws {
        XCTAssertTrue(NodeSemver("1.2.3-beta.10")! > NodeSemver("1.2.3-beta.9")!)
        XCTAssertTrue(NodeSemver("1.2.3-beta")! < NodeSemver("1.2.3-beta.1")!)
        XCTAssertTrue(NodeSemver("1.2.3-Beta.1")! < NodeSemver("1.2.3-alpha.1")!, "upper case sorts first")
        XCTAssertTrue(NodeSemver("1.2.3-1")! < NodeSemver("1.2.3-alpha")!, "numbers below words")
        XCTAssertNotNil(NodeSemver(" 1.2.3 "), "trimmed (semver 7.4 and later)")
        for refused in ["=1.2.3", "V1.2.3", "1.2", "01.2.3", "1.2.3.4", "2.0.0-01", "9007199254740992.0.0"] {
            XCTAssertNil(NodeSemver(refused), refused)
        }
    }

    /// An app whose version is not semver cannot construct the updater (AppUpdater constructor L366-372).
    func testAnAppVersionThatIsNotSemverHasNoUpdater() throws {
        let report = try audit("version: 2.0.0\n", "macos,14.4.1,6.1,arm64,,,,\n")
        XCTAssertEqual(report.totals[.notTargeted], 1)
        XCTAssertEqual(codes(report)["electron.appVersionNotSemver"], 1)
    }

    // MARK: Channels and downgrades (channel setter L234-246 turns allowDowngrade on; L543)

    func testAChannelSetInCodeOffersADowngrade() throws {
        let feed = "version: 2.0.0\n"
        let report = try audit(
            feed, named: "beta-mac.yml", "macos,14.4.1,2.1.0,arm64,,,,beta\nmacos,14.4.1,2.1.0,arm64,,,,\n")
        XCTAssertEqual(report.totals[.recommended], 1, "the beta device is offered 2.0.0 over its 2.1.0")
        XCTAssertEqual(report.totals[.notTargeted], 1, "a device on the default channel reads latest-mac.yml")
        XCTAssertEqual(codes(report)["electron.downgrade"], 1)
    }

    /// Before 4.2.0 (rule of 3.0.1, b1f2272b9) a downgrade needed a pre-release on either side.
    func testTheDowngradeRuleOfOlderUpdaters() throws {
        let header = "version: 2.0.0\n"
        let rows = "macos,14.4.1,2.1.0,arm64,,4.1.2,,beta\nmacos,14.4.1,2.1.0-rc.1,arm64,,4.1.2,,beta\n"
        let report = try audit(header, named: "beta-mac.yml", rows)
        XCTAssertEqual(report.totals[.upToDate], 1)
        XCTAssertEqual(report.totals[.recommended], 1)
    }

    // MARK: Files (Provider.ts getChannelFilename, L48-65)

    func testEachLinuxArchReadsItsOwnFile() throws {
        let rows = "linux,24.04,1.0.0,aarch64,,,,\nlinux,24.04,1.0.0,x86_64,,,,\nlinux,24.04,1.0.0,armv7l,,,,\n"
        let arm64 = try audit("version: 2.0.0\n", named: "latest-linux-arm64.yml", rows)
        XCTAssertEqual(arm64.totals[.recommended], 1)
        XCTAssertEqual(arm64.totals[.notTargeted], 2)
        let x64 = try audit("version: 2.0.0\n", named: "latest-linux.yml", rows)
        XCTAssertEqual(x64.totals[.recommended], 1)
        let arm = try audit("version: 2.0.0\n", named: "latest-linux-arm.yml", rows)
        XCTAssertEqual(arm.totals[.recommended], 1, "armv7l is process.arch arm")
    }

    /// Found by a new user's trial: a Linux device without an arch was read as x64 without a word, and devices
    /// whose file the run does not hold (armv7l reads latest-linux-arm.yml) were notTargeted without one.
    func testALinuxDeviceWithoutArchAndAFileNotAuditedAreSaidWithTheirCounts() throws {
        let rows =
            "linux,24.04,1.0.0,,,,,\nlinux,24.04,1.0.0,x86_64,,,,\nlinux,24.04,1.0.0,armv7l,,,,\n"
            + "linux,24.04,1.0.0,armv7l,,,,\nlinux,24.04,1.0.0,x86_64,,,,beta\n"
        let x64 = try audit("version: 2.0.0\n", named: "latest-linux.yml", rows)
        XCTAssertEqual(x64.totals[.recommended], 2, "the device without an arch reads latest-linux.yml, as x64")
        let found = codes(x64)
        XCTAssertEqual(found["electron.archAssumed"], 1)
        XCTAssertEqual(found["electron.feedNotAudited"], 3, "2 armv7l (latest-linux-arm.yml) and 1 beta")
        let message = x64.diagnostics.first { $0.diagnostic.code == "electron.feedNotAudited" }?.diagnostic.message
        XCTAssertTrue(
            message?.contains("latest-linux-arm.yml: 2, beta-linux.yml: 1") == true, message ?? "no diagnostic")
    }

    /// Found by a new user's trial: the expected reach of a Linux feed's rollout counted the devices of every
    /// arch (those reading latest-linux-arm64.yml too), so its expectation and interval were of the wrong devices.
    func testTheExpectedStageOfALinuxFeedIsOfItsOwnArchsDevices() throws {
        let rows =
            String(repeating: "linux,24.04,1.0.0,x86_64,6.8.0,,,\n", count: 3)
            + String(repeating: "linux,24.04,1.0.0,aarch64,6.8.0,,,\n", count: 5)
        let x64 = try audit("version: 2.0.0\nstagingPercentage: 50\n", named: "latest-linux.yml", rows)
        let expected = x64.diagnostics.first { $0.diagnostic.code == "electron.stagingExpected" }
        XCTAssertEqual(expected?.devices, 3, "the 3 x64 devices, not the 5 arm64 ones")
        XCTAssertTrue(expected?.diagnostic.message.contains("3 Linux devices below 2.0.0") == true)
    }

    func testAFileTheRunHoldsIsNotSaidMissingAndIsSaidOncePerPlatform() throws {
        let folder = TestPaths.temporaryDirectory()
        let configs = folder.appendingPathComponent("configs")
        try FileManager.default.createDirectory(at: configs, withIntermediateDirectories: true)
        for name in ["latest-linux.yml", "latest-linux-arm.yml", "latest-linux-arm64.yml"] {
            _ = TestPaths.write("version: 2.0.0\n", named: name, in: configs)
        }
        let rows = "linux,24.04,1.0.0,armv7l,,,,\nlinux,24.04,1.0.0,x86_64,,,,\nlinux,24.04,1.0.0,ppc64,,,,\n"
        var request = AuditRequest(inventoryPath: TestPaths.write(Self.header + rows, named: "i.csv", in: folder))
        request.configDirectories = [configs.path]
        let report = try AuditRun.run(request, generatedAt: Date(timeIntervalSince1970: 0))
        let said = report.configs.flatMap { c in
            c.diagnostics.filter { $0.diagnostic.code == "electron.feedNotAudited" }.map { (c.source, $0.devices) }
        }
        XCTAssertEqual(said.count, 1, "once, not once per Linux feed: \(said)")
        XCTAssertEqual(said.first?.1, 1, "only the ppc64 device: its file is not in the run")
        XCTAssertTrue(said.first?.0.hasSuffix("latest-linux-arm.yml") == true, "the first feed by name says it")
    }

    /// Found by a new user's trial: an export's OS product names (`Windows 11`, `Ubuntu`) are no edit away from
    /// a platform, so the unknown-platform warning had no hint.
    func testAnOSProductNameAsPlatformGetsThePlatformItBelongsTo() {
        XCTAssertEqual(InventoryCrossChecks.productPlatform("Windows 11"), "windows")
        XCTAssertEqual(InventoryCrossChecks.productPlatform("Microsoft Windows 10 Pro"), "windows")
        XCTAssertEqual(InventoryCrossChecks.productPlatform("Ubuntu 24.04 LTS"), "linux")
        XCTAssertEqual(InventoryCrossChecks.productPlatform("Mac OS X"), "macos")
        XCTAssertEqual(InventoryCrossChecks.productPlatform("iPhone OS"), "ios")
        XCTAssertEqual(InventoryCrossChecks.productPlatform("iOS/iPadOS"), "ios")
        XCTAssertNil(InventoryCrossChecks.productPlatform("tvOS"))
    }

    func testAWindows11PlatformValueIsWarnedWithWhatWasMeant() throws {
        let folder = TestPaths.temporaryDirectory()
        let feed = TestPaths.write("version: 2.0.0\n", named: "latest.yml", in: folder)
        var request = AuditRequest(
            inventoryPath: TestPaths.write(
                Self.header + "Windows 11,10.0.22631,1.0.0,x64,,,,\nwindows,10.0.22631,1.0.0,x64,,,,\n", named: "i.csv",
                in: folder))
        request.configs = [feed]
        let report = try AuditRun.run(request, generatedAt: Date(timeIntervalSince1970: 0))
        let warning = report.diagnostics.first { $0.code == "inventory.unknownPlatform" }
        XCTAssertTrue(warning?.message.contains("did you mean windows?") == true, "\(String(describing: warning))")
        // A value that is already the platform it would be told to be (no config for Windows) gets no hint.
        let alone = try AuditRun.run(
            {
                var r = request
                r.configs = [TestPaths.sample("configs/nhs/availability-ios.json")]
                return r
            }(), generatedAt: Date(timeIntervalSince1970: 0))
        let plain = alone.diagnostics.filter { $0.code == "inventory.unknownPlatform" }.map(\.message)
        XCTAssertFalse(plain.contains { $0.contains("\"windows\"") && $0.contains("did you mean") }, "\(plain)")
    }

    // MARK: Staging (isStagingMatch L482-503)

    func testAStagingIdsLastFourBytesDecideItsStage() {
        // 0x4fd430c8 / 0xffffffff = 0.3118…: in at 32, out at 31.
        XCTAssertEqual(ElectronStaging.isIn(id: "6ba7b812-9dad-11d1-80b4-00c04fd430c8", percentage: 32), true)
        XCTAssertEqual(ElectronStaging.isIn(id: "6ba7b812-9dad-11d1-80b4-00c04fd430c8", percentage: 31), false)
        // Strictly below: 100% leaves out an id ending ffffffff.
        XCTAssertEqual(ElectronStaging.isIn(id: "00000000-0000-0000-0000-0000ffffffff", percentage: 100), false)
        // UUID.check accepts upper case; UUID.parse decodes an upper-case pair as 0.
        XCTAssertEqual(
            ElectronStaging.fraction("6BA7B812-9DAD-11D1-80B4-00C04FD430C8"), Double(0x0000_3000) / 4_294_967_295)
        XCTAssertNil(ElectronStaging.fraction("6ba7b812-9dad-11d1-80b4-00c04fd430c8\n"), "the file is read untrimmed")
    }

    func testStagingPercentageIsReadWithParseInt() {
        func rollout(_ yaml: String) -> ElectronStaging.Rollout {
            guard case .success(.mapping(let root)) = ElectronFeedYAML.read(Array("stagingPercentage: \(yaml)\n".utf8))
            else { return .everyone }
            return ElectronStaging.rollout(root["stagingPercentage"])
        }
        XCTAssertEqual(rollout("0.1"), .percentage(0))
        XCTAssertEqual(rollout("12.5"), .percentage(12))
        XCTAssertEqual(rollout("\"50%\""), .percentage(50))
        XCTAssertEqual(rollout("abc"), .everyone, "NaN: everyone is in (L490-493)")
        XCTAssertEqual(rollout("~"), .everyone)
        XCTAssertEqual(rollout("0.0000001"), .percentage(1), "String(1e-7) is \"1e-7\"")
        XCTAssertEqual(rollout("[50]"), .percentage(50))
        XCTAssertEqual(rollout("1_0"), .percentage(10), "js-yaml 4 reads 1_0 as 10")
        XCTAssertEqual(rollout("010"), .percentage(10), "no bare octal in js-yaml 4")
    }

    func testAStagingIdMakesEachDeviceExact() throws {
        let feed = "version: 2.0.0\nstagingPercentage: 32\n"
        let rows =
            "macos,14.4.1,1.0.0,arm64,,,6ba7b812-9dad-11d1-80b4-00c04fd430c8,\n"
            + "macos,14.4.1,1.0.0,arm64,,,6ba7b812-9dad-11d1-80b4-00c0ffffffff,\n"
        let report = try audit(feed, rows)
        XCTAssertEqual(report.totals[.recommended], 1)
        XCTAssertEqual(report.totals[.upToDate], 1)
        XCTAssertEqual(report.rules.first { $0.id == "stagingPercentage" }?.counts[.upToDate], 1)
    }

    /// Without ids the count is the expected share, said with its interval — spread over profiles, not floored
    /// per profile (seen failing: 0 of 300 one-device profiles at 12% with the window at share 0 for every profile).
    func testWithoutStagingIdsTheCountIsTheExpectedShare() throws {
        var rows = ""
        for i in 0..<300 { rows += "windows,10.0.\(19000 + i),1.0.0,x64,,,,\n" }
        let report = try audit("version: 2.0.0\nstagingPercentage: 12\n", named: "latest.yml", rows)
        let offered = report.totals[.recommended]
        XCTAssertGreaterThan(offered, 20)
        XCTAssertLessThan(offered, 55)
        let expected = report.diagnostics.first { $0.diagnostic.code == "electron.stagingExpected" }
        XCTAssertTrue(
            expected?.diagnostic.message.contains("about 36 of them are (95% between 24 and 48)") == true,
            "\(String(describing: expected?.diagnostic.message))")
    }

    // MARK: Reading

    func testAFeedIsRecognisedByItsContentWithoutAName() {
        let feed = TextDocument(bytes: Array("version: 1.0.0\nfiles:\n  - url: a.exe\n".utf8), fileName: "update")
        XCTAssertTrue(ElectronUpdaterFormat.recognises(feed))
        XCTAssertFalse(
            ElectronUpdaterFormat.recognises(TextDocument(bytes: Array("{\"version\": 1}".utf8), fileName: "x")))
        let document = ElectronFeedDocument(feed)
        XCTAssertEqual(document.feed.file.platform, .windows)
        XCTAssertEqual(document.diagnostics.map(\.code), ["electron.platformFromDownloads"])
    }

    func testBrokenYAMLIsLocatedAndDecidesNoDevice() throws {
        let report = try audit("version: 2.0.0\nfiles:\n  - url: a\n bad: [\n", "macos,14.4.1,1.0.0,arm64,,,,\n")
        XCTAssertEqual(report.totals[.notTargeted], 1)
        let rejected = report.diagnostics.first { $0.diagnostic.code == "electron.rejected" }
        XCTAssertNotNil(rejected?.diagnostic.location)
    }

    func testAnAliasBombIsRefused() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1..<8 {
            yaml += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        guard case .failure(let failure) = ElectronFeedYAML.read(Array(yaml.utf8)) else {
            return XCTFail("10^8 values read")
        }
        XCTAssertTrue(failure.message.contains("100,000 values"))
    }

    /// A misspelt key is ignored by the client: `minimumSystemversion` is no minimum at all.
    func testAMisspeltKeyIsSaidWithWhatWasMeant() {
        let feed = TextDocument(
            bytes: Array("version: 2.0.0\nminimumSystemversion: 22.0.0\n".utf8), fileName: "latest-mac.yml")
        let unknown = ElectronFeedDocument(feed).diagnostics.first { $0.code == "config.unknownKey" }
        XCTAssertTrue(
            unknown?.message.contains("did you mean minimumSystemVersion?") == true, "\(String(describing: unknown))")
        XCTAssertEqual(unknown?.location?.line, 2)
    }

    // MARK: Found by the differential against the client (electron-builder 8e95ad0, js-yaml 4.1.0, Node 20)

    /// D1: an explicit tag that does not fit its text makes js-yaml's `load` throw (Provider.ts:125 → :127,
    /// ERR_UPDATER_INVALID_UPDATE_INFO); FleetAudit offered the update.
    func testAnExplicitTagJSYAMLCannotResolveMakesTheFeedUnreadable() throws {
        for feed in ["version: !!int 2.0.0\n", "version: !foo 2.0.0\n", "version: 2.0.0\nfiles: !!map []\n"] {
            let report = try audit(feed, "macos,14.4.1,1.0.0,arm64,,,,\n")
            XCTAssertEqual(report.totals[.notTargeted], 1, feed)
            XCTAssertNotNil(codes(report)["electron.rejected"] as Any?, feed)
        }
        let fits = try audit("version: !!str 2.0.0\nstagingPercentage: !!int 100\n", "macos,14.4.1,1.0.0,arm64,,,,\n")
        XCTAssertEqual(fits.totals[.recommended], 1)
    }

    /// D2: js-yaml applies `<<` merge keys (Provider.ts:125), a key written in the mapping winning; FleetAudit
    /// read no version.
    func testMergeKeysAreAppliedAsJSYAMLDoes() throws {
        let merged = try audit("<<: {version: 2.0.0}\n", "macos,14.4.1,1.0.0,arm64,,,,\n")
        XCTAssertEqual(merged.totals[.recommended], 1)
        let minimum = try audit(
            "version: 2.0.0\n<<: {minimumSystemVersion: 99.0.0, version: 0.1.0}\n", "macos,14.4.1,1.0.0,arm64,,,,\n")
        XCTAssertEqual(minimum.totals[.unsupportedOS], 1, "the merged minimum holds, the written version wins")
        let listed = try audit(
            "base: &b {version: 2.0.0}\n<<: [*b, {version: 3.0.0}]\n", "macos,14.4.1,1.0.0,arm64,,,,\n")
        XCTAssertEqual(listed.rules.first?.summary.contains("2.0.0"), true, "the earlier source wins")
    }

    /// D5: two byte-identical feeds under different names decided alike (the engine shared one document's
    /// decisions by its bytes' digest): the name is part of what a feed decides.
    func testByteIdenticalFeedsUnderDifferentNamesDecideApart() throws {
        let folder = TestPaths.temporaryDirectory()
        let configs = folder.appendingPathComponent("configs")
        for (dir, name) in [("a", "latest-mac.yml"), ("b", "latest-linux.yml")] {
            let sub = configs.appendingPathComponent(dir)
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            _ = TestPaths.write("version: 2.0.0\n", named: name, in: sub)
        }
        var request = AuditRequest(
            inventoryPath: TestPaths.write(Self.header + "macos,14.4.1,1.0.0,arm64,,,,\n", named: "i.csv", in: folder))
        request.configDirectories = [configs.path]
        let report = try AuditRun.run(request, generatedAt: Date(timeIntervalSince1970: 0))
        let mac = report.configs.first { $0.source.hasSuffix("latest-mac.yml") }
        let linux = report.configs.first { $0.source.hasSuffix("latest-linux.yml") }
        XCTAssertEqual(mac?.totals[.recommended], 1)
        XCTAssertEqual(linux?.totals[.notTargeted], 1)
    }

    /// Found by a new user's trial: at `stagingPercentage: 0` (or 0.5, which parseInt reads as 0) the decision read
    /// the staging id its document had not declared (`engine.undeclaredRead`); nobody is in, so no id is read.
    func testARolloutOfNobodyReadsNoStagingId() throws {
        for percentage in ["0", "0.5"] {
            let folder = TestPaths.temporaryDirectory()
            let feed = TestPaths.write(
                "version: 2.0.0\nstagingPercentage: \(percentage)\n", named: "latest-mac.yml", in: folder)
            var request = AuditRequest(
                inventoryPath: TestPaths.write(
                    Self.header + "macos,14.4.1,1.0.0,arm64,,,6ba7b812-9dad-11d1-80b4-00c04fd430c8,\n", named: "i.csv",
                    in: folder))
            request.configs = [feed]
            let report = try AuditRun.run(request, generatedAt: Date(timeIntervalSince1970: 0))
            XCTAssertEqual(report.configs[0].totals[.upToDate], 1)
            XCTAssertEqual(report.diagnostics.map(\.code).filter { $0.hasPrefix("engine.") }, [], percentage)
        }
    }
}
