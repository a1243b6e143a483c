import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

final class TurkcellTests: XCTestCase {
    private func load(_ relative: String) throws -> LoadedConfig {
        try ConfigLoader().load(TestPaths.fixture("turkcell/" + relative), id: relative)
    }

    private func load(json: String) throws -> LoadedConfig {
        try ConfigLoader().load(
            TestPaths.write(json, named: "t.json", in: TestPaths.temporaryDirectory()), id: "t.json")
    }

    private func android(code: Int, api: Int, package: String? = nil, attributes: [String: String] = [:]) -> Profile {
        Profile(
            platform: .android, osVersion: "x", apiLevel: api, appVersion: "1.0", appBuild: String(code),
            packageName: package,
            attributes: Dictionary(
                uniqueKeysWithValues: attributes.map { (InventoryColumn.normalize($0.key), $0.value) }))
    }

    private func ios(os: String, app: String = "1.0", package: String? = nil, attributes: [String: String] = [:])
        -> Profile
    {
        Profile(
            platform: .ios, osVersion: os, apiLevel: nil, appVersion: app, appBuild: nil, packageName: package,
            attributes: Dictionary(
                uniqueKeysWithValues: attributes.map { (InventoryColumn.normalize($0.key), $0.value) }))
    }

    private func decide(
        _ c: LoadedConfig, _ p: Profile, asOf: Date = Date(timeIntervalSince1970: 1_795_000_000),
        options: FormatOptions = FormatOptions()
    ) -> Decision {
        c.config.evaluate(p, context: EvaluationContext(asOf: asOf, asOfIsExplicit: true, options: options))
    }

    /// The iOS SDK shows the description of the device's language, else `*`: the audit must read the language
    /// even when no filter does (it once left it out of the profiles, and every device got `*`).
    func testTheAuditReadsTheLanguageOfDescriptionsByLanguageWithoutALanguageFilter() throws {
        let dir = TestPaths.temporaryDirectory()
        let config = TestPaths.write(
            """
            {"packageName": "com.example.app",
             "updates": [{"filters": {"deviceOsName": "ios"}, "targetWebsiteUrl": "https://apps.apple.com/app/id1", "forceUpdate": true,
                          "descriptions": {"tr": {"message": "Güncelleyin", "whatIsNew": "", "warnings": ""}, "*": {"message": ""}}}]}
            """, named: "by-language.json", in: dir)
        var request = AuditRequest(
            inventoryPath: TestPaths.write(
                """
                platform,os_version,app_version,package_name,language,count
                ios,17.0,1.0,com.example.app,tr-TR,3
                ios,17.0,1.0,com.example.app,en-GB,5
                """, named: "fleet.csv", in: dir))
        request.configs = [config]
        let report = try AuditRun.run(request, generatedAt: Date(timeIntervalSince1970: 0))
        let totals = try XCTUnwrap(report.configs.first?.totals)
        XCTAssertEqual(totals[.forced], 3, "Turkish devices are shown the tr description, with its message")
        XCTAssertEqual(totals[.upToDate], 5, "the others get *, whose message is empty: nothing is shown")
    }

    func testAndroidEndOfSupportReadmeExample() throws {
        let c = try load("android-docs/L0193-End-of-support-for-older-Android-OS-versions.json")
        XCTAssertEqual(c.format, "turkcell-updater")
        // "targetVersionCode": "5" is 5 to Android's JSON library; targetGooglePlay is an install target.
        XCTAssertEqual(decide(c, android(code: 3, api: 10)).outcome, .forced)
        XCTAssertEqual(decide(c, android(code: 3, api: 10)).rule, "updates[0]")
        XCTAssertEqual(decide(c, android(code: 5, api: 10)).outcome, .upToDate)
        // The forceExit entry has no targetVersionCode: Android never shows it.
        XCTAssertEqual(decide(c, android(code: 3, api: 7)).outcome, .upToDate)
        XCTAssertTrue(c.config.diagnostics.contains { $0.code == "turkcell.android.forceExitWithoutVersionCode" })
        XCTAssertEqual(decide(c, android(code: 3, api: 10, package: "other.app")).outcome, .notTargeted)
        XCTAssertEqual(decide(c, android(code: 3, api: 10, package: "com.example.app1")).outcome, .forced)
    }

    func testAndroidEndOfSupportWithAVersionCodeIsUnsupportedOS() throws {
        let c = try load(
            json: """
                {"packageName": "a", "updates": [
                  {"filters": {"deviceApiLevel": "<21"}, "targetVersionCode": 100, "forceExit": true},
                  {"filters": {"deviceModel": "Pixel*"}, "targetVersionCode": 100, "targetGooglePlay": true, "forceUpdate": 1},
                  {"targetVersionCode": 100, "targetGooglePlay": true, "forceExit": "TRUE"}]}
                """)
        XCTAssertEqual(decide(c, android(code: 50, api: 19)).outcome, .unsupportedOS)
        XCTAssertEqual(
            decide(c, android(code: 50, api: 30, attributes: ["model": "Pixel 7"])).outcome, .recommended,
            "forceUpdate 1 is not a boolean: Android reads false")
        XCTAssertEqual(decide(c, android(code: 50, api: 30, attributes: ["model": "SM-G973F"])).outcome, .blocked)
    }

    func testIOSSelectionHasNoVersionCheckAndNeedsTargetWebsiteUrl() throws {
        let c = try load(
            json: """
                {"packageName": "a", "updates": [
                  {"filters": {"deviceOsVersion": "<7"}, "descriptions": {"*": {"message": "m"}}, "forceUpdate": "1", "forceExit": false},
                  {"filters": {"appVersionName": "1.*"}, "descriptions": {"*": {"message": "m", "whatIsNew": "w", "warnings": "x"}},
                   "targetWebsiteUrl": "https://apps.apple.com/x", "forceUpdate": true},
                  {"filters": {"appVersionName": "2.*"}, "descriptions": {"*": {"message": "m", "whatIsNew": "w", "warnings": "x"}},
                   "targetWebsiteUrl": "https://apps.apple.com/x"},
                  {"filters": {"appVersionName": "3.*"}, "descriptions": {"tr": {"message": "m"}}, "targetWebsiteUrl": "https://x"},
                  {"filters": {"appVersionName": "4.*"}, "descriptions": {"*": {"message": "m"}}, "targetPackageUrl": "https://x"}]}
                """)
        XCTAssertEqual(
            decide(c, ios(os: "6.1")).outcome, .unsupportedOS, "forcing, no URL, filters on the OS: end of support")
        XCTAssertEqual(decide(c, ios(os: "8.0", app: "1.5")).outcome, .forced)
        XCTAssertEqual(decide(c, ios(os: "8.0", app: "1.5")).rule, "updates[1]")
        XCTAssertEqual(decide(c, ios(os: "8.0", app: "2.0")).outcome, .recommended)
        let noDescription = decide(c, ios(os: "8.0", app: "3.0", attributes: ["language": "en-GB"]))
        XCTAssertEqual(noDescription.outcome, .upToDate)
        XCTAssertEqual(noDescription.diagnostics.map(\.code), ["turkcell.ios.noDescription"])
        XCTAssertEqual(decide(c, ios(os: "8.0", app: "3.0", attributes: ["language": "tr-TR"])).outcome, .recommended)
        let dropped = decide(c, ios(os: "8.0", app: "4.0"))
        XCTAssertEqual(dropped.outcome, .upToDate, "no targetWebsiteUrl and no forceExit: the iOS SDK drops it")
        XCTAssertTrue(dropped.diagnostics.contains { $0.code == "turkcell.ios.updateDropped" })
        // The update path skips a missing whatIsNew or warnings (UpdateCheck.m L140-147): no crash there.
        XCTAssertFalse(decide(c, ios(os: "6.1")).diagnostics.contains { $0.code == TurkcellEvaluator.descriptionCrash })
        // "<7" on iOS is text: "10.3" < "7", so iOS 10.3 meets the end-of-support entry too.
        XCTAssertEqual(decide(c, ios(os: "10.3", app: "1.5")).outcome, .unsupportedOS)
        XCTAssertTrue(c.config.diagnostics.contains { $0.code == "turkcell.ios.packageUrlOnly" })
    }

    func testTheSameDocumentDiffersByPlatform() throws {
        let c = try load(
            json: """
                {"packageName": "a", "updates": [{"filters": {"deviceOsVersion": ">=6"}, "descriptions": {"*": {"message": "m"}},
                  "targetWebsiteUrl": "https://x", "targetVersionCode": 10, "forceUpdate": true}]}
                """)
        XCTAssertEqual(decide(c, ios(os: "6.1.3")).outcome, .forced, "iOS compares text: 6.1.3 ≥ 6")
        XCTAssertEqual(decide(c, ios(os: "10.3")).outcome, .upToDate, "iOS compares text: 10.3 < 6")
        let a = Profile(
            platform: .android, osVersion: "6.1.3", apiLevel: 23, appVersion: "1", appBuild: "5", packageName: nil)
        XCTAssertEqual(decide(c, a).outcome, .upToDate, "Android compares integers: 6.1.3 is not one")
    }

    func testMessagesForDevicesWithoutAnUpdate() throws {
        let c = try load(
            json: """
                {"packageName": "a", "messages": [
                  {"filters": {"deviceOsName": "android"}, "descriptions": {"*": {"message": "m"}},
                   "displayAfterDate": "2026-11-18 10:00", "displayBeforeDate": "2026-11-30", "maxDisplayCount": 2, "displayPeriodInHours": 24}]}
                """)
        let at = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z
        XCTAssertEqual(decide(c, android(code: 1, api: 30), asOf: at).notices, ["messages[0]"])
        var istanbul = FormatOptions()
        istanbul.timeZone = TimeZone(identifier: "Europe/Istanbul")!
        XCTAssertEqual(
            decide(c, android(code: 1, api: 30), asOf: at, options: istanbul).notices, ["messages[0]"],
            "10:00 +03 is 07:00Z")
        XCTAssertEqual(
            decide(c, android(code: 1, api: 30), asOf: at.addingTimeInterval(-2 * 3600)).notices, [], "before 10:00 UTC"
        )
        XCTAssertEqual(
            decide(c, android(code: 1, api: 30, attributes: ["message_display_count": "2"]), asOf: at).notices, [])
        XCTAssertEqual(
            decide(c, android(code: 1, api: 30, attributes: ["message_last_shown": "2026-11-18T00:00:00Z"]), asOf: at)
                .notices, [],
            "shown 11 hours ago, period 24 hours")
        let iOS = decide(c, ios(os: "17"), asOf: at)
        XCTAssertEqual(iOS.notices, [])
        XCTAssertTrue(
            iOS.diagnostics.contains { $0.code == "turkcell.ios.noMessageMatches" },
            "no entry matches: the iOS SDK crashes")
        XCTAssertTrue(c.config.diagnostics.contains { $0.code == "turkcell.ios.messagesNotDisplayed" })
    }

    func testMessageDatesAreReadOnceAndBadOnesAreNamed() throws {
        let c = try load(
            json:
                #"{"packageName": "a", "messages": [{"displayAfterDate": "18/11/2026", "displayBeforeDate": "2026-02-30"}]}"#
        )
        XCTAssertEqual(
            c.config.diagnostics.filter { $0.code == "turkcell.badDate" }.map(\.path), ["messages[0].displayAfterDate"])
        // Android's lenient parser rolls 30 February over to 2 March; iOS ignores it.
        XCTAssertEqual(
            c.config.diagnostics.filter { $0.code == TurkcellDocument.androidOnlyDate }.map(\.path),
            ["messages[0].displayBeforeDate"])
        XCTAssertEqual(
            WallClock("2026-11-18 10:00")?.instant(in: TimeZone(identifier: "Europe/Istanbul")!),
            Date(timeIntervalSince1970: 1_794_985_200), "10:00 in Istanbul is 07:00Z")
    }

    func testReadmeDocumentsWithTrailingCommasLoadAndOthersNameLineAndColumn() throws {
        let raw = try load("ios-docs/L0085-Forcing-an-iOS-application-to-update.raw.txt")
        XCTAssertEqual(raw.format, "turkcell-updater")
        XCTAssertThrowsError(try load("ios-docs/L0199-iOS.raw.txt")) { error in
            XCTAssertTrue("\(error)".contains("L0199-iOS.raw.txt:12:5"), "\(error)")
        }
        let osName = try load(
            json:
                #"{"packageName": "a", "updates": [{"filters": {"deviceOsName": "iOS"}, "targetWebsiteUrl": "https://x", "forceUpdate": true, "descriptions": {"*": {"message": "m"}}}]}"#
        )
        XCTAssertTrue(osName.config.diagnostics.contains { $0.code == "turkcell.ios.osNameCase" })
        XCTAssertEqual(decide(osName, ios(os: "17")).outcome, .upToDate, "the iOS SDK compares \"iOS\" with \"ios\"")
        let empty = try load(json: #"{"packageName": "a", "updates": []}"#)
        XCTAssertTrue(
            empty.config.diagnostics.contains { $0.code == "turkcell.ios.emptyUpdates" && $0.severity == .error })
    }
}
