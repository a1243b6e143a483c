import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// The Turkcell Updater iOS SDK 1.2 (Turkcell/TurkcellUpdater_iOS_sdk at 87e5c74,
/// `TurkcellUpdater/TurkcellUpdater/TurkcellUpdaterDSK/`) where FleetAudit answered otherwise. Each case's
/// expected answer is the SDK's, with the line that decides it.
final class TurkcellIOSClientFidelityTests: XCTestCase {
    private let description = #""descriptions": {"*": {"message": "m", "whatIsNew": "w", "warnings": "x"}}"#

    private func decide(_ json: String, app: String = "1.0", attributes: [String: String] = [:]) throws -> (
        Decision, LoadedConfig
    ) {
        let path = TestPaths.write(json, named: "t.json", in: TestPaths.temporaryDirectory())
        let c = try ConfigLoader().load(path, id: "t.json")
        let p = Profile(
            platform: .ios, osVersion: "17.1", apiLevel: nil, appVersion: app, appBuild: nil, packageName: "a",
            attributes: attributes)
        return (c.config.evaluate(p, context: EvaluationContext()), c)
    }

    /// `Controller.getForceExitFromUpdate` L55-67: a forceExit whose description is not "true", "false", "1"
    /// or "0" is "false", so without a URL the update is dropped (`UpdateCheck.m` L161-162).
    func testAnUnrecognisedForceExitReadsAsFalse() throws {
        for value in [#""yes""#, #""TRUE""#, "2", "null"] {
            let (d, _) = try decide(#"{"packageName": "a", "updates": [{\#(description), "forceExit": \#(value)}]}"#)
            XCTAssertEqual(d.outcome, .upToDate, value)
            XCTAssertTrue(d.diagnostics.contains { $0.code == "turkcell.ios.updateDropped" }, value)
        }
        // JSON true is NSNumber 1: "1" forces; JSON false is "0", which is not "false": shown.
        XCTAssertEqual(
            try decide(#"{"packageName": "a", "updates": [{\#(description), "forceExit": true}]}"#).0.outcome, .blocked)
        XCTAssertEqual(
            try decide(#"{"packageName": "a", "updates": [{\#(description), "forceExit": false}]}"#).0.outcome,
            .recommended)
    }

    /// `Controller.getTargetPackageURLFromUpdate` L69-72 takes the `description` of targetWebsiteUrl: null is
    /// "<null>" and 5 is "5", neither empty, so the alert is shown (`UpdateCheck.m` L161-185) — but Install opens
    /// `[NSURL URLWithString:]` of it (`UpdaterController.m` L146-151): "5" has no scheme and "<null>" is no URL,
    /// so nothing opens and a forced update leaves the app blocked (issue 66; it was `forced` before).
    func testANullOrNumericWebsiteURLIsTextThatOpensNothing() throws {
        for value in ["null", "5", "true"] {
            let (d, _) = try decide(
                #"{"packageName": "a", "updates": [{\#(description), "targetWebsiteUrl": \#(value), "forceUpdate": true}]}"#
            )
            XCTAssertEqual(d.outcome, .blocked, value)
        }
        let (text, _) = try decide(
            #"{"packageName": "a", "updates": [{\#(description), "targetWebsiteUrl": "https://x", "forceUpdate": true}]}"#
        )
        XCTAssertEqual(text.outcome, .forced)
    }

    /// `Filter.getMatchedUpdateFromUpdateDataDictionary` L54-64 skips elements that are not dictionaries;
    /// with none at all, L71-72 returns the array itself, which the SDK then reads as an update and crashes on.
    func testNonObjectUpdatesAreSkipped() throws {
        let (d, c) = try decide(
            #"{"packageName": "a", "updates": ["x", {"filters": {"appVersionName": "2.0"}, \#(description), "targetWebsiteUrl": "https://x"}, {\#(description), "targetWebsiteUrl": "https://y", "forceUpdate": true}]}"#
        )
        XCTAssertEqual(d.rule, "updates[2]")
        XCTAssertEqual(d.outcome, .forced)
        XCTAssertTrue(
            c.config.diagnostics.contains { $0.code == TurkcellDocument.entryNotObject && $0.path == "updates[0]" })

        let (crash, _) = try decide(#"{"packageName": "a", "updates": ["x", 5]}"#)
        XCTAssertTrue(crash.diagnostics.contains { $0.code == "turkcell.ios.emptyUpdates" })
    }

    /// An `updates` object is enumerated by its keys, none a dictionary, so L71-72 returns the object: it is the
    /// update, whatever its filters say.
    func testAnUpdatesObjectIsTheUpdate() throws {
        let (d, c) = try decide(
            #"{"packageName": "a", "updates": {"filters": {"appVersionName": "9.9"}, \#(description), "targetWebsiteUrl": "https://x"}}"#
        )
        XCTAssertEqual(d.outcome, .recommended)
        XCTAssertEqual(d.rule, "updates")
        XCTAssertTrue(c.config.diagnostics.contains { $0.code == TurkcellDocument.updatesIsObject })
        // Its filters are not read, on iOS or Android: no device value is asked for (DeclaredReads stops an
        // undeclared read in the tests; the first version asked every device for its filters' keys).
        let tablet = try decide(
            #"{"packageName": "a", "updates": {"filters": {"deviceIsTablet": "true"}, \#(description), "targetWebsiteUrl": "https://x"}, "messages": [{"filters": {"deviceModel": "x"}}]}"#
        )
        XCTAssertEqual(tablet.0.outcome, .recommended)
        XCTAssertEqual(tablet.1.config.needs.attributes.contains("istablet"), false)
    }

    /// `UpdateCheck.m` L138: `stringWithString:` of a message that is not text is an unrecognised selector.
    func testAnUpdateMessageThatIsNotTextCrashes() throws {
        let (d, _) = try decide(
            #"{"packageName": "a", "updates": [{"descriptions": {"*": {"message": 5}}, "targetWebsiteUrl": "https://x"}]}"#
        )
        XCTAssertEqual(d.diagnostics.map(\.code), [TurkcellEvaluator.descriptionCrash])
    }

    /// `Filter.m` L141-204 as SPEC §5.3 states it: the exclusion is decided on the parts as written, and a
    /// matching `!x` fails the key even after a positive part matched.
    func testTheExclusionRuleOfFilterM() {
        XCTAssertEqual(TurkcellFilter.iOS(rule: "1.0,!1.0", value: "1.0"), false)
        XCTAssertEqual(
            TurkcellFilter.iOS(rule: "1.0, !1.0", value: "1.0"), true, "' !1.0' does not start with '!': no exclusion")
        XCTAssertEqual(TurkcellFilter.iOS(rule: "a, !b, !c", value: "c"), true, "'!b' yields true first")
        XCTAssertEqual(TurkcellFilter.iOS(rule: "a,!b,!c", value: "c"), false)
        XCTAssertEqual(TurkcellFilter.iOS(rule: "a,!b", value: "a"), true)
        XCTAssertEqual(
            TurkcellFilter.iOS(rule: "!b", value: nil), true, "an absent property fails the test, so !b yields true")
    }

    /// `Configuration.m` L101-104 sets deviceModel on iOS: a filter on it reads the `model` column.
    func testDeviceModelIsOneOfTheSevenProperties() throws {
        let json =
            #"{"packageName": "a", "updates": [{"filters": {"deviceModel": "iPhone*"}, \#(description), "targetWebsiteUrl": "https://x"}]}"#
        XCTAssertEqual(try decide(json, attributes: ["model": "iPhone12,1"]).0.outcome, .recommended)
        XCTAssertEqual(try decide(json, attributes: ["model": "iPad8,1"]).0.outcome, .upToDate)
    }

    /// Every crash path the SDK has is a diagnostic on the devices that reach it (differential run, 10,000 cases).
    func testEveryCrashPathIsSaidOnTheDevicesThatReachIt() throws {
        let update = #"\#(description), "targetWebsiteUrl": "https://x""#
        let crashes: [(String, String)] = [
            // Filter.m L54 / L85: enumerating text or null.
            (#"{"packageName": "a", "updates": "none"}"#, TurkcellEvaluator.typeCrash),
            (#"{"packageName": "a", "updates": [{\#(update)}], "messages": null}"#, TurkcellEvaluator.typeCrash),
            // L150: filters that are not an object.
            (#"{"packageName": "a", "updates": [{"filters": [], \#(update)}]}"#, TurkcellEvaluator.typeCrash),
            // L156-157: a rule that is not text, in a message, crashes even when an update decides (UpdateCheck.m L100).
            (
                #"{"packageName": "a", "updates": [{\#(update)}], "messages": [{"filters": {"deviceIsTablet": false}}]}"#,
                "turkcell.ios.nullFilter"
            ),
            // Controller.m L77 / L84: descriptions, or the description selected, not an object.
            (
                #"{"packageName": "a", "updates": [{"descriptions": [], "targetWebsiteUrl": "https://x"}]}"#,
                TurkcellEvaluator.typeCrash
            ),
            (
                #"{"packageName": "a", "updates": [{"descriptions": {"*": "Update now"}, "targetWebsiteUrl": "https://x"}]}"#,
                TurkcellEvaluator.typeCrash
            ),
            // UpdateCheck.m L138-147: a null warnings is "<null>", appended with stringByAppendingString:.
            (
                #"{"packageName": "a", "updates": [{"descriptions": {"*": {"message": "m", "warnings": null}}, "targetWebsiteUrl": "https://x"}]}"#,
                TurkcellEvaluator.descriptionCrash
            ),
            // Controller.m L118: a null id read with intValue.
            (
                #"{"packageName": "a", "messages": [{"id": null, "descriptions": {"*": {"message": "m", "whatIsNew": "w", "warnings": "x"}}}]}"#,
                TurkcellEvaluator.typeCrash
            ),
            // Filter.m L104-105 with Controller.m L77: `"messages": []` is read as the message.
            (#"{"packageName": "a", "messages": []}"#, "turkcell.ios.noMessageMatches"),
        ]
        for (json, code) in crashes {
            let (d, _) = try decide(json)
            XCTAssertTrue(
                d.diagnostics.contains { $0.code == code }, "\(json): \(d.diagnostics.map(\.code)) \(d.reason)")
        }
    }

    /// `Filter.m` L85, L104-105: a `messages` object is enumerated by its keys, none a dictionary, and returned:
    /// it is the message, its filters unread.
    func testAMessagesObjectIsTheMessage() throws {
        let (d, _) = try decide(
            #"{"packageName": "a", "messages": {"filters": {"deviceModel": "none"}, "descriptions": {"*": {"message": "m", "whatIsNew": "w", "warnings": "x"}}}}"#
        )
        XCTAssertEqual(d.notices, ["messages"])
        // Its dates decide as an entry's do (differential case c008237: past its displayBeforeDate, not shown).
        let late = try decide(
            #"{"packageName": "a", "messages": {"displayBeforeDate": "2020-01-01", "descriptions": {"*": {"message": "m"}}}}"#
        )
        XCTAssertEqual(late.0.notices, [])
        XCTAssertEqual(late.0.diagnostics.map(\.code), [], "outside its dates: nothing recorded, no crash")
    }
}

/// A key written twice: the iOS SDK parses with `NSJSONSerialization` (`UpdateServerIntegration.m` L175), which on
/// Apple's platforms returns the first copy (bignerdranch/Freddy#62, #106: `{"a":1,"a":2}` gives 1 there; the
/// Linux ports — swift-corelibs-foundation's `JSONSerialization`, GNUstep — keep the last, so a harness built on
/// Linux is not the device here); the Android SDK's org.json keeps the last (`JSONObject.put` replaces). One
/// document, two readings, each device decided by its own platform's.
final class TurkcellRepeatedKeyTests: XCTestCase {
    private let description = #""descriptions": {"*": {"message": "m", "whatIsNew": "w", "warnings": "x"}}"#

    private func load(_ json: String) throws -> LoadedConfig {
        let path = TestPaths.write(json, named: "t.json", in: TestPaths.temporaryDirectory())
        return try ConfigLoader().load(path, id: "t.json")
    }

    private func decide(_ c: LoadedConfig, on platform: Platform) -> Decision {
        let p =
            platform == .ios
            ? Profile(
                platform: .ios, osVersion: "17.1", apiLevel: nil, appVersion: "1.0", appBuild: nil, packageName: "a")
            : Profile(
                platform: .android, osVersion: "14", apiLevel: 34, appVersion: "1.0", appBuild: "1", packageName: "a")
        return c.config.evaluate(p, context: EvaluationContext())
    }

    func testEachSDKReadsItsOwnCopyOfAFilter() throws {
        let c = try load(
            #"{"packageName": "a", "updates": [{"filters": {"appVersionName": "1.0", "appVersionName": "2.0"}, \#(description), "targetWebsiteUrl": "https://x", "targetVersionCode": 5, "forceUpdate": true}]}"#
        )
        // iOS: "1.0", the installed version, matches; Android: "2.0" does not.
        XCTAssertEqual(decide(c, on: .ios).outcome, .forced)
        XCTAssertEqual(decide(c, on: .android).outcome, .upToDate)
    }

    func testARepeatedListGivesEachSDKItsOwnRules() throws {
        let c = try load(
            #"{"packageName": "a", "updates": [{\#(description), "targetWebsiteUrl": "https://x", "targetVersionCode": 5}], "updates": [{"filters": {"appVersionName": "9.0"}, \#(description), "targetWebsiteUrl": "https://y", "targetVersionCode": 5}, {\#(description), "targetWebsiteUrl": "https://z", "targetVersionCode": 5, "forceUpdate": true}]}"#
        )
        let iOS = decide(c, on: .ios)
        let android = decide(c, on: .android)
        XCTAssertEqual(iOS.outcome, .recommended)
        XCTAssertEqual(iOS.rule, "updates[0]")
        XCTAssertEqual(android.outcome, .forced)
        XCTAssertEqual(android.rule, "updates[1]")
        // Every rule either SDK decides by is one the report has a row for; a row whose entry the SDKs read
        // differently says what each reads.
        XCTAssertEqual(c.config.rules.map(\.id), ["updates[0]", "updates[1]"])
        let first = try XCTUnwrap(c.config.rules.first)
        XCTAssertTrue(first.summary.hasPrefix("Android: appVersionName \"9.0\""), first.summary)
        XCTAssertTrue(first.summary.contains("; iOS: every device"), first.summary)
    }

    /// A diagnostic only one reading raises is said of that reading: here only iOS reads the list whose first
    /// element is not an object.
    func testADiagnosticOfOneReadingSaysWhichItIs() throws {
        let c = try load(
            #"{"packageName": "a", "updates": [1, {\#(description), "targetWebsiteUrl": "https://x", "targetVersionCode": 5}], "updates": [{\#(description), "targetWebsiteUrl": "https://x", "targetVersionCode": 5}]}"#
        )
        let notObject = c.config.diagnostics.filter { $0.code == TurkcellDocument.entryNotObject }
        XCTAssertEqual(notObject.count, 1)
        XCTAssertTrue(notObject.first?.message.hasPrefix("in \(TurkcellReadings.iOSReading): ") == true)
        XCTAssertEqual(decide(c, on: .ios).rule, "updates[1]")
        XCTAssertEqual(decide(c, on: .android).rule, "updates[0]")
    }

    func testARepeatedPackageNameTargetsEachSDKsOwnApp() throws {
        let c = try load(
            #"{"packageName": "a", "packageName": "b", "updates": [{\#(description), "targetWebsiteUrl": "https://x", "targetVersionCode": 5, "forceUpdate": true}]}"#
        )
        XCTAssertEqual(decide(c, on: .ios).outcome, .forced)
        XCTAssertEqual(decide(c, on: .android).outcome, .notTargeted)
        XCTAssertEqual(Set(c.config.packageNames), ["a", "b"])
        let perSDK = c.config.diagnostics.filter { $0.code == "turkcell.packageNamePerSDK" }
        XCTAssertEqual(perSDK.count, 1)
        XCTAssertTrue(perSDK.first?.message.contains(#"against "b" (the last copy), the iOS SDK against "a""#) == true)
    }
}
