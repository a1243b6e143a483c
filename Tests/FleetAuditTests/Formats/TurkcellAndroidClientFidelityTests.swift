import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// The Turkcell Updater Android SDK 1.2.4 (Turkcell/TurkcellUpdater_android_sdk at eedf22c,
/// `TurkcellUpdaterSampleApp/turkcellUpdater/src/main/java/tr/com/turkcellteknoloji/turkcellupdater/`) where
/// FleetAudit answered otherwise, found by running its decision code beside FleetAudit on random documents.
/// Each case's expected answer is the SDK's, with the line that decides it.
final class TurkcellAndroidClientFidelityTests: XCTestCase {
    private let package = "com.turkcell.app"

    private func decide(
        _ json: String, build: Int = 3, package device: String? = "com.turkcell.app",
        attributes: [String: String] = [:]
    ) throws -> (Decision, LoadedConfig) {
        let path = TestPaths.write(json, named: "t.json", in: TestPaths.temporaryDirectory())
        let c = try ConfigLoader().load(path, id: "t.json")
        let p = Profile(
            platform: .android, osVersion: "13", apiLevel: 33, appVersion: "1.0", appBuild: String(build),
            packageName: device,
            attributes: Dictionary(
                uniqueKeysWithValues: attributes.map { (InventoryColumn.normalize($0.key), $0.value) }))
        return (
            c.config.evaluate(
                p, context: EvaluationContext(asOf: Timestamps.parse("2026-11-20T00:00:00Z")!, asOfIsExplicit: true)), c
        )
    }

    private func updates(_ entries: String) -> String {
        #"{"packageName": "com.turkcell.app", "updates": [\#(entries)]}"#
    }
    private func messages(_ entries: String) -> String {
        #"{"packageName": "com.turkcell.app", "messages": [\#(entries)]}"#
    }

    /// `VersionsMap.java` L75-86: both names lose their whitespace (`Character.isWhitespace`); an empty one matches nothing.
    func testPackageNamesAreComparedWithoutWhitespace() throws {
        let entry = #"{"targetVersionCode": 5, "targetGooglePlay": true}"#
        XCTAssertEqual(
            try decide(#"{"packageName": " com.turkcell. app\n", "updates": [\#(entry)]}"#).0.outcome, .recommended)
        // A non-breaking space is not whitespace to Java.
        XCTAssertEqual(
            try decide(#"{"packageName": "com.turkcell.app\#u{00A0}", "updates": [\#(entry)]}"#).0.outcome, .notTargeted
        )
    }

    /// `MessageEntry.java` L215-218: targetGooglePlay without targetPackageName throws; `VersionsMap` omits it.
    func testAGooglePlayMessageNeedsATargetPackage() throws {
        let (d, _) = try decide(messages(#"{"targetGooglePlay": true}, {"targetPackageName": "x.y"}"#))
        XCTAssertEqual(d.notices, ["messages[1]"])
    }

    /// `VersionsMap.java` L61-62: `optJSONObject(i)` skips elements that are not objects.
    func testNonObjectMessagesAreSkipped() throws {
        XCTAssertEqual(try decide(messages(#"5, {}"#)).0.notices, ["messages[1]"])
        XCTAssertEqual(try decide(messages("5")).0.notices, [])
    }

    /// org.json's `JSONTokener.readObject` reads a value after every comma: `RestRequest.java` L280 throws, and
    /// the Android SDK has no document.
    func testACommaBeforeABraceIsRejected() throws {
        let (d, c) = try decide(
            #"{"packageName": "com.turkcell.app", "updates": [{"targetVersionCode": 5, "targetGooglePlay": true},],}"#)
        XCTAssertEqual(d.outcome, .notTargeted)
        XCTAssertEqual(d.diagnostics.map(\.code), [TurkcellDocument.androidJSONRejected])
        XCTAssertTrue(c.config.diagnostics.contains { $0.code == TurkcellDocument.androidJSONRejected })
    }

    /// Android's org.json (`JSONTokener.nextString`) takes a raw control character in a string; the iOS SDK's
    /// `NSJSONSerialization` (`UpdateServerIntegration.m` L175) refuses it. Such a document was refused whole
    /// (exit 65): now Android reads it and iOS devices get nothing (`turkcell.ios.jsonRejected`).
    func testAStringNSJSONSerializationRefusesIsReadOnAndroidOnly() throws {
        let json =
            "{\"packageName\": \"com.turkcell.app\", \"updates\": [{\"targetVersionCode\": 5, \"targetGooglePlay\": true, \"descriptions\": {\"*\": {\"message\": \"new\tversion\"}}}]}"
        let (d, c) = try decide(json)
        XCTAssertEqual(d.outcome, .recommended)
        XCTAssertTrue(c.diagnostics.contains { $0.code == "config.notStrictJSON" })
        XCTAssertTrue(c.config.diagnostics.contains { $0.code == TurkcellDocument.iOSJSONRejected })
        let iPhone = Profile(
            platform: .ios, osVersion: "17.0", apiLevel: nil, appVersion: "1.0", appBuild: "3",
            packageName: "com.turkcell.app")
        let onIOS = c.config.evaluate(iPhone, context: EvaluationContext())
        XCTAssertEqual(onIOS.outcome, .notTargeted)
        XCTAssertEqual(onIOS.diagnostics.map(\.code), [TurkcellDocument.iOSJSONRejected])
    }

    /// `UpdateEntry.java` L101-122 with `LocalizedStringMap.java` L52: a language whose value is not an object
    /// makes the constructor throw; the update is omitted (messages are not affected).
    func testAnUpdateDescriptionThatIsNotAnObjectDropsTheUpdate() throws {
        for value in [#""Yeni sürüm""#, "null"] {
            let (d, _) = try decide(
                updates(#"{"targetVersionCode": 5, "targetGooglePlay": true, "descriptions": {"*": \#(value)}}"#))
            XCTAssertEqual(d.outcome, .upToDate, value)
        }
    }

    /// `UpdateEntry.java` L64 `optInt`: 5.9 is 5, "1e1" is 10, "7d" is 7.
    func testTargetVersionCodeIsCoercedAsOptIntDoes() throws {
        for (value, build, outcome) in [
            ("5.9", 4, Outcome.forced), ("5.9", 5, .upToDate), (#""1e1""#, 9, .forced), (#""7d""#, 6, .forced),
        ] {
            let (d, _) = try decide(
                updates(#"{"targetVersionCode": \#(value), "targetGooglePlay": true, "forceUpdate": true}"#),
                build: build)
            XCTAssertEqual(d.outcome, outcome, "\(value) at \(build)")
        }
    }

    /// `UpdateEntry.java` L89-98: whitespace is removed, "" is no URL, and `new URL` rejects a scheme Android has
    /// no handler for, or JSON null read as "null": the entry is dropped.
    func testURLsAreReadAsJavaReadsThem() throws {
        XCTAssertEqual(
            try decide(
                updates(#"{"targetVersionCode": 5, "targetWebsiteUrl": "market://details?id=x", "forceUpdate": true}"#)
            ).0.outcome, .upToDate)
        XCTAssertEqual(
            try decide(updates(#"{"targetVersionCode": 5, "targetWebsiteUrl": null, "forceUpdate": true}"#)).0.outcome,
            .upToDate)
        XCTAssertEqual(
            try decide(updates(#"{"targetVersionCode": 5, "targetWebsiteUrl": " https://turkcell.com.tr "}"#)).0
                .outcome, .recommended)
        XCTAssertEqual(
            try decide(updates(#"{"targetVersionCode": 5, "targetPackageUrl": " ", "forceExit": true}"#)).0.outcome,
            .blocked)
    }

    /// `MessageEntry.java` L180-183: a message whose target app is installed is not shown; the app itself is.
    func testAMessageForTheInstalledAppIsNotShown() throws {
        XCTAssertEqual(
            try decide(messages(#"{"targetPackageName": "com.turkcell.app"}, {}"#)).0.notices, ["messages[1]"])
    }

    /// `FilteredEntry.java` L52 `optString`: a null rule is the text "null", which "13" does not match.
    func testANullFilterIsTheTextNull() throws {
        let (d, _) = try decide(
            updates(#"{"targetVersionCode": 5, "targetGooglePlay": true, "filters": {"deviceOsVersion": null}}"#))
        XCTAssertEqual(d.outcome, .upToDate)
    }

    /// `UpdateEntry.java` L183-190: an optional update is shown while its display count is below
    /// maxDisplayCount, so 0 never shows it and the next entry decides.
    func testAnOptionalUpdateWithNoDisplaysAllowedIsNeverShown() throws {
        let (d, _) = try decide(
            updates(
                #"{"targetVersionCode": 5, "targetGooglePlay": true, "maxDisplayCount": 0}, {"targetVersionCode": 6, "targetGooglePlay": true}"#
            ))
        XCTAssertEqual(d.rule, "updates[1]")
        let (forced, _) = try decide(
            updates(#"{"targetVersionCode": 5, "targetGooglePlay": true, "forceUpdate": true, "maxDisplayCount": 0}"#))
        XCTAssertEqual(forced.rule, "updates[0]")
    }

    /// `Properties.java` L201: the SDK 1.2.4 reports updaterLevel 3 on every device.
    func testUpdaterLevelIsThree() throws {
        let (d, c) = try decide(
            updates(#"{"targetVersionCode": 5, "targetGooglePlay": true, "filters": {"updaterLevel": ">=3"}}"#))
        XCTAssertEqual(d.outcome, .recommended)
        XCTAssertFalse(c.config.needs.attributes.contains("updaterlevel"))
    }

    // MARK: Session 19's differential (SDK at eedf22c, desktop Java 17 + Android's org.json 10.0.0+r36, 6,000
    // random cases): each cause below, reduced, with the SDK's answer.

    private let forcedEntry = #"{"targetVersionCode": 400, "targetGooglePlay": true}"#

    /// `RestRequest.java` L280 `new JSONObject(json)`: Android's `JSONObject.put` refuses a non-finite number
    /// while parsing (an array element is not checked), so the SDK has no document.
    func testANumberTooLargeForADoubleRejectsTheDocument() throws {
        for member in [#""x": 1e400"#, #""x": {"y": -1e400}"#] {
            let (d, c) = try decide(#"{"packageName": "com.turkcell.app", \#(member), "updates": [\#(forcedEntry)]}"#)
            XCTAssertEqual(d.outcome, .notTargeted, member)
            XCTAssertEqual(d.diagnostics.map(\.code), [TurkcellDocument.androidJSONRejected], member)
            XCTAssertTrue(c.locatedDiagnostics.contains { $0.code == TurkcellDocument.androidJSONRejected })
        }
        let (inArray, _) = try decide(
            #"{"packageName": "com.turkcell.app", "x": [1e400], "updates": [\#(forcedEntry)]}"#)
        XCTAssertEqual(inArray.outcome, .recommended, "JSONArray.put does not check")
    }

    /// `UpdateEntry.java` L95 / `MessageEntry.java` L89 `return new URL(spec);`: the port is parsed
    /// (`Integer.parseInt`, not below -1), a `jar:` URL's inner URL too, and a leading `url:` is skipped.
    func testURLsAreJudgedAsJavaNetURLParsesThem() throws {
        for bad in [
            "https://example.com:abc/", "https://example.com:-2/", "https://example.com:99999999999/",
            "http://x:80:80/",
            "http://[::1]:x/", "jar:foo!/", "jar:!/", "jar:http://x:yy/a!/",
        ] {
            let (d, _) = try decide(updates(#"{"targetVersionCode": 400, "targetWebsiteUrl": "\#(bad)"}"#))
            XCTAssertEqual(d.outcome, .upToDate, "\(bad): the entry is dropped")
        }
        for good in [
            "url:https://example.com", "URL:https://example.com", "https://example.com:-1/", "http://[::1]:80/",
        ] {
            let (d, _) = try decide(updates(#"{"targetVersionCode": 400, "targetWebsiteUrl": "\#(good)"}"#))
            XCTAssertEqual(d.outcome, .recommended, good)
        }
        let (m, _) = try decide(messages(#"{"targetWebsiteUrl": "https://example.com:-2/"}, {}"#))
        XCTAssertEqual(m.notices, ["messages[1]"])
    }

    /// `FilteredEntry.java` L70 `properties.getValue(filter.name)` → `Properties.java` L229 `map.get(key)`: a
    /// key is looked up as written; `DeviceModel` is no property, read as "", and `sm-*` fails on it.
    func testFilterKeysAreMatchedExactly() throws {
        for key in ["DeviceModel", "device_model", "devicemodel"] {
            let (d, _) = try decide(
                updates(#"{"targetVersionCode": 400, "targetGooglePlay": true, "filters": {"\#(key)": "sm-*"}}"#),
                attributes: ["model": "SM-G991B"])
            XCTAssertEqual(d.outcome, .upToDate, key)
        }
        let (d, _) = try decide(
            updates(#"{"targetVersionCode": 400, "targetGooglePlay": true, "filters": {"deviceModel": "sm-*"}}"#),
            attributes: ["model": "SM-G991B"])
        XCTAssertEqual(d.outcome, .recommended)
    }

    /// `Utilities.java` L240 `string.toLowerCase(Locale.ENGLISH)` lowers a word-final capital sigma to `ς` (Java's
    /// Final_Sigma rule), so a rule written in lower case matches a model written in capitals; Swift's
    /// `lowercased()` gives `σ` everywhere (the session-19 differential run found it).
    func testAWordFinalSigmaIsLoweredAsJavaLowersIt() throws {
        for (model, rule, matches) in [
            ("ΝΕΟΣ", "νεος", true), ("ΝΕΟΣ 2", "νεος2", true), ("ΝΕΟΣ", "νεοσ", false), ("ΣΑ", "σα", true),
            ("Σ", "σ", true), ("ΑΣ.", "ας.", true),
        ] {
            let (d, _) = try decide(
                updates(
                    #"{"targetVersionCode": 400, "targetGooglePlay": true, "filters": {"deviceModel": "\#(rule)"}}"#),
                attributes: ["model": model])
            XCTAssertEqual(d.outcome, matches ? .recommended : .upToDate, "\(model) \(rule)")
        }
        XCTAssertEqual(JavaText.lowercased("ΟΔΥΣΣΕΥΣ"), "οδυσσευς")
    }

    /// `Filter.java` L128 `Utilities.tryParseInteger(rulePart.substring(2).trim())` and `Utilities.java` L266
    /// `Integer.parseInt(value)`: `trim` drops control characters, `parseInt` reads any Unicode decimal digit.
    func testComparisonNumbersAreReadAsJavaReadsThem() throws {
        for rule in [">=３０", ">=٣٣", #">=30\u0001"#] {
            let (d, _) = try decide(
                updates(
                    #"{"targetVersionCode": 400, "targetGooglePlay": true, "filters": {"deviceApiLevel": "\#(rule)"}}"#)
            )
            XCTAssertEqual(d.outcome, .recommended, rule)
        }
        // The device's side too (`Utilities.tryParseInteger` on the value): a fullwidth 7 is 7.
        let (d, _) = try decide(
            updates(#"{"targetVersionCode": 400, "targetGooglePlay": true, "filters": {"storeId": ">=5"}}"#),
            attributes: ["storeId": "７"])
        XCTAssertEqual(d.outcome, .recommended)
    }

    /// `Filter.java` L153 `value.matches(regex)`: `s)(.*` does not compile in Java (an unmatched `)`); the
    /// exception is caught around the entry, which is skipped.
    func testAPatternThatDoesNotCompileBareSkipsTheEntry() throws {
        let (d, _) = try decide(
            updates(#"{"targetVersionCode": 400, "targetGooglePlay": true, "filters": {"deviceModel": "s)(*"}}"#),
            attributes: ["model": "s)(x"])
        XCTAssertEqual(d.outcome, .upToDate)
        XCTAssertEqual(d.diagnostics.map(\.code), ["turkcell.android.entrySkipped"])
    }

    /// `FilteredEntry.java` L52 `filtersObject.optString(name)`: a number rule is its `Double.toString` text.
    func testANumberRuleIsItsJavaText() throws {
        let json = updates(
            #"{"targetVersionCode": 400, "targetGooglePlay": true, "filters": {"deviceOsVersion": 8.10}}"#)
        let path = TestPaths.write(json, named: "t.json", in: TestPaths.temporaryDirectory())
        let c = try ConfigLoader().load(path, id: "t.json")
        let p = Profile(
            platform: .android, osVersion: "8.1", apiLevel: 27, appVersion: "1.0", appBuild: "3",
            packageName: package, attributes: [:])
        let d = c.config.evaluate(
            p, context: EvaluationContext(asOf: Date(timeIntervalSince1970: 0), asOfIsExplicit: true))
        XCTAssertEqual(d.outcome, .recommended, "8.10 is read as \"8.1\"")
    }

    /// `UpdateEntry.java` L64 `optInt("targetVersionCode", -1)`: Android's `JSON.toInteger` reads a text with
    /// `Double.parseDouble`, which takes hexadecimal floats: `0x1p9` is 512.
    func testAHexadecimalFloatTargetIsRead() throws {
        let (d, _) = try decide(updates(#"{"targetVersionCode": "0x1p9", "targetGooglePlay": true}"#))
        XCTAssertEqual(d.outcome, .recommended)
        XCTAssertTrue(d.reason.contains("< 512"), d.reason)
    }

    /// `VersionsMap.java` L83 `jsonObject.optString("packageName", null)`: a number is its text, null is "null".
    func testAPackageNameThatIsNotAStringIsItsText() throws {
        let (five, _) = try decide(#"{"packageName": 5, "updates": [\#(forcedEntry)]}"#, package: "5")
        XCTAssertEqual(five.outcome, .recommended)
        let (null, _) = try decide(#"{"packageName": null, "updates": [\#(forcedEntry)]}"#, package: "null")
        XCTAssertEqual(null.outcome, .recommended)
        let (other, _) = try decide(#"{"packageName": 5, "updates": [\#(forcedEntry)]}"#)
        XCTAssertEqual(other.outcome, .notTargeted, "the document is for \"5\"")
    }
}

/// `Utilities.parseIsoDate` (`Utilities.java` L415-432) and `Properties.java` L198, as the SDK reads them.
final class TurkcellAndroidDatesAndLanguageTests: XCTestCase {
    private func utc(_ text: String) -> Date? { AndroidMessageDate(text)?.instant(in: TimeZone(identifier: "UTC")!) }
    private func iso(_ text: String) -> Date { Timestamps.parse(text)! }

    func testLenientSimpleDateFormatPatterns() {
        XCTAssertEqual(
            utc("2026-11-19T23:00"), iso("2026-11-19T00:00:00Z"), "the T… is not a pattern's: the date-only prefix")
        XCTAssertEqual(utc("2026-11-19T10:00:00Z"), iso("2026-11-19T00:00:00Z"))
        XCTAssertEqual(utc("2026-11-20 00:00:01"), iso("2026-11-20T00:00:01Z"))
        XCTAssertEqual(utc("2026-1-5"), iso("2026-01-05T00:00:00Z"))
        XCTAssertEqual(utc("2026-11-31"), iso("2026-12-01T00:00:00Z"), "lenient: rolls over")
        XCTAssertEqual(utc("2026-11-20 10:00+0300"), iso("2026-11-20T07:00:00Z"))
        XCTAssertEqual(utc("2026-11-20 10:00:00.500+03:00"), iso("2026-11-20T07:00:00.5Z"))
        XCTAssertEqual(utc("2026-11-20 10:00 junk"), iso("2026-11-20T10:00:00Z"))
        XCTAssertNil(utc("Nov 20, 2026"))
    }

    /// Found by the differential run of session 22 (16,000 random cases against the SDK's classes compiled with
    /// Java 17 and Android libcore's parsing rules; 33 cases): current Android's `SimpleDateFormat.subParse` reads
    /// `SSS` as a fraction of a second (libcore "Android-changed: Better UTS#35 conformity for fractional
    /// seconds"), so `.999999` is 999 ms, not 999,999 ms, and `.5` is 500 ms. Decided at `Utilities.java` L416-425
    /// (`yyyy-MM-dd HH:mm:ss.SSSZ`), read by `MessageEntry.java` L62-63.
    func testFractionalSecondsAreAFractionOfASecond() {
        func milliseconds(_ text: String) -> Int64? {
            utc(text).map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
        }
        let midnight: Int64 = 1_795_132_800_000  // 2026-11-20T00:00:00Z
        XCTAssertEqual(milliseconds("2026-11-19 23:50:00.999999+0000"), midnight - 600_000 + 999)
        XCTAssertEqual(milliseconds("2026-11-20 00:00:00.0001+0000"), midnight)
        XCTAssertEqual(milliseconds("2026-11-20 00:00:00.5+0000"), midnight + 500)
        XCTAssertEqual(milliseconds("2026-11-20 00:00:00.123+0000"), midnight + 123)
    }

    /// The same run (11 cases): libcore's numeric zone takes a sign, one or two hour digits, an optional colon and
    /// exactly two minute digits, so `GMT+3` fails `HH:mmZ` and the text is read by `yyyy-MM-dd HH:mm` in the
    /// device's zone; `UTC` is a zone name whose offset is 0, what follows it unread.
    func testANumericZoneNeedsTwoMinuteDigitsAndUTCIsAName() {
        XCTAssertEqual(utc("2026-11-20 03:00GMT+3"), iso("2026-11-20T03:00:00Z"), "GMT+3: the zone fails")
        XCTAssertEqual(utc("2026-11-20 03:00+01"), iso("2026-11-20T03:00:00Z"), "+01: the zone fails")
        XCTAssertEqual(utc("2026-11-20 03:00+300"), iso("2026-11-20T03:00:00Z"), "+300: hours 30, one minute digit")
        XCTAssertEqual(utc("2026-11-20 03:00GMT+03:00"), iso("2026-11-20T00:00:00Z"))
        XCTAssertEqual(utc("2026-11-20 03:00+3:00"), iso("2026-11-20T00:00:00Z"))
        XCTAssertEqual(utc("2026-11-20 03:00UTC+03:00"), iso("2026-11-20T03:00:00Z"), "UTC, then unread")
        XCTAssertEqual(utc("2026-11-20 03:00GMT"), iso("2026-11-20T03:00:00Z"))
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        XCTAssertEqual(
            AndroidMessageDate("2026-11-20 03:00GMT+3")?.instant(in: berlin), iso("2026-11-20T02:00:00Z"),
            "the fallback pattern reads the device's zone, not UTC")
    }

    /// Found by a probe of the same harness: a wall time the zone shows twice (the hour Berlin's clocks go back) is
    /// read in standard time by the lenient `GregorianCalendar.computeTime` the SDK's `SimpleDateFormat` fills
    /// (`Utilities.java` L422-425); Foundation gives the daylight-time instant. A time in the spring gap was
    /// already read alike.
    func testAnAmbiguousWallTimeIsReadInStandardTime() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        XCTAssertEqual(AndroidMessageDate("2026-10-25 02:30")?.instant(in: berlin), iso("2026-10-25T01:30:00Z"))
        let newYork = TimeZone(identifier: "America/New_York")!
        XCTAssertEqual(AndroidMessageDate("2026-11-01 01:30")?.instant(in: newYork), iso("2026-11-01T06:30:00Z"))
        XCTAssertEqual(AndroidMessageDate("2026-10-25 03:30")?.instant(in: berlin), iso("2026-10-25T02:30:00Z"))
        XCTAssertEqual(AndroidMessageDate("2026-07-01 12:00")?.instant(in: berlin), iso("2026-07-01T10:00:00Z"))
    }

    func testAMessageDateOnlyAndroidReadsDecidesOnAndroidAndIsSaid() throws {
        let json =
            #"{"packageName": "a", "messages": [{"displayAfterDate": "2026-11-21T00:00", "descriptions": {"*": {"message": "m", "whatIsNew": "w", "warnings": "x"}}}]}"#
        let path = TestPaths.write(json, named: "t.json", in: TestPaths.temporaryDirectory())
        let c = try ConfigLoader().load(path, id: "t.json")
        let context = EvaluationContext(asOf: iso("2026-11-20T12:00:00Z"), asOfIsExplicit: true)
        let android = Profile(
            platform: .android, osVersion: "13", apiLevel: 33, appVersion: "1.0", appBuild: "3", packageName: "a",
            attributes: [:])
        XCTAssertEqual(c.config.evaluate(android, context: context).notices, [], "Android: after 2026-11-21 00:00")
        let iOS = Profile(
            platform: .ios, osVersion: "17.1", apiLevel: nil, appVersion: "1.0", appBuild: nil, packageName: "a",
            attributes: [:])
        XCTAssertEqual(c.config.evaluate(iOS, context: context).notices, ["messages[0]"], "iOS ignores the date")
        XCTAssertEqual(
            Set(c.config.diagnostics.map(\.code)),
            [TurkcellDocument.androidOnlyDate, "turkcell.ios.messagesNotDisplayed"])
    }

    func testAndroidReadsTheWholeLanguageSubtag() {
        XCTAssertEqual(TurkcellProperties.androidLanguage("fil-PH"), "fil")
        XCTAssertEqual(TurkcellProperties.androidLanguage("en_GB"), "en")
        XCTAssertEqual(TurkcellProperties.language("fil-PH"), "fi")
    }

    /// Issue 66: `VersionsMap.isVersionMapOfPackageId` (L80-85) matches no app with an empty packageName, and no
    /// app's own package is empty — so also where the inventory has no package_name column. iOS compares the bundle
    /// id as it is (`Controller.m` L34), which is never empty or blank either.
    func testAnEmptyPackageNameMatchesNoApp() throws {
        for name in [#""""#, #""  ""#] {
            let path = TestPaths.write(
                #"{"packageName": \#(name), "updates": [{"targetVersionCode": 5, "targetGooglePlay": true, "targetWebsiteUrl": "https://example.com"}]}"#,
                named: "t.json", in: TestPaths.temporaryDirectory())
            let c = try ConfigLoader().load(path, id: "t.json")
            for platform in [Platform.android, .ios] {
                let device = Profile(
                    platform: platform, osVersion: "13", apiLevel: platform == .android ? 33 : nil, appVersion: "1.0",
                    appBuild: "3", packageName: nil)
                XCTAssertEqual(
                    c.config.evaluate(device, context: EvaluationContext()).outcome, .notTargeted, "\(name) \(platform)"
                )
            }
            XCTAssertTrue(
                c.config.diagnostics.contains {
                    $0.code == "turkcell.missingPackageName" && $0.message.contains("empty")
                })
        }
    }
}
