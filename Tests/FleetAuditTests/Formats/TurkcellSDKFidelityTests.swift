import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// What the SDKs' own sources and tests say, where the audit once disagreed: Android wildcard parts are Java
/// regular expressions (Filter.java), iOS `?` is a wildcard only beside `*` (Filter.m), iOS messages honour
/// their display state and need a message text (TestUpdateCheck.m), and a document with only `packageName`
/// is valid to both SDKs.
final class TurkcellSDKFidelityTests: XCTestCase {
    private let package = "com.turkcell.TurkcellUpdaterSampleApp"

    private func load(_ relative: String) throws -> LoadedConfig {
        try ConfigLoader().load(TestPaths.fixture("turkcell/" + relative), id: relative)
    }

    /// A TestUpdateCheck fixture with `whatIsNew` and `warnings` added to its description: the tests were
    /// written for an SDK before 1.2, whose `computeMessageDictionary` did not store them; 1.2 crashes without
    /// them (`testTheFixturesMessagesCrashTheIOSSDK12`), so the display rules are checked on this variant.
    private func loadForIOS12(_ relative: String) throws -> LoadedConfig {
        let text = try String(contentsOfFile: TestPaths.fixture("turkcell/" + relative), encoding: .utf8)
        let completed = text.replacingOccurrences(
            of: #""imageUrl": "any - imageurl""#,
            with: #""imageUrl": "any - imageurl", "whatIsNew": "w", "warnings": "w""#)
        precondition(completed != text, relative)
        return try load(json: completed)
    }

    private func load(json: String) throws -> LoadedConfig {
        try ConfigLoader().load(
            TestPaths.write(json, named: "t.json", in: TestPaths.temporaryDirectory()), id: "t.json")
    }

    private func device(
        _ platform: Platform, package: String? = nil, app: String = "1.0", build: Int = 5,
        state: [String: String] = [:]
    ) -> Profile {
        Profile(
            platform: platform, osVersion: platform == .android ? "13" : "17.1",
            apiLevel: platform == .android ? 33 : nil,
            appVersion: app, appBuild: platform == .android ? String(build) : nil, packageName: package,
            attributes: Dictionary(uniqueKeysWithValues: state.map { (InventoryColumn.normalize($0.key), $0.value) }))
    }

    private func decide(_ c: LoadedConfig, _ p: Profile, asOf: Date) -> Decision {
        c.config.evaluate(p, context: EvaluationContext(asOf: asOf, asOfIsExplicit: true))
    }

    private func iso(_ s: String) -> Date { Timestamps.parse(s)! }

    // MARK: 1. Android wildcard parts are Java regular expressions

    func testAndroidWildcardPartsKeepEveryRegexMetacharacter() {
        let cases: [(rule: String, value: String, expected: Bool)] = [
            ("6.1.*", "6x1y3", true),  // `.` is any character
            ("6.1.*", "6.1.3", true),
            ("a+*", "aaab", true),  // `+` repeats
            ("a+*", "b", false),
            ("(pixel|nexus)*", "nexus5", true),  // groups and alternation
            ("(pixel|nexus)*", "galaxy", false),
            ("sm-[gn]9*", "sm-n975f", true),  // classes
            ("sm-[gn]9*", "sm-a515f", false),
            ("a|ab*", "abc", true),  // the whole value must match, by backtracking into the alternative
            ("^pix*$", "pixel", true),  // anchors are harmless around a whole match
            ("a?c*", "abcd", true),  // `?` is any one character
            ("a?c", "abc", false),  // no `*`: plain equality
            ("a?c", "a?c", true),
            ("x{2}*", "xxy", true),  // intervals
            ("\\d*", "123", true),  // escapes (Java lower-cases the rule first)
        ]
        for c in cases {
            XCTAssertEqual(TurkcellFilter.android(rule: c.rule, value: c.value), c.expected, "\(c.rule) ~ \(c.value)")
        }
    }

    func testAndroidInvalidPatternThrowsOnlyWhereTheSDKEvaluatesIt() {
        for bad in ["[abc*", "(*", "a{*", "*)", "*\\", "\\q*"] {
            XCTAssertEqual(
                AndroidFilterRule(bad).evaluate("x"), .invalidPattern(JavaWildcardPattern(bad.lowercased()).regex), bad)
        }
        // Once a positive part matched, later positive parts are not evaluated: no throw.
        XCTAssertEqual(AndroidFilterRule("pixel*,[x*").evaluate("Pixel 7"), .match)
        if case .invalidPattern = AndroidFilterRule("pixel*,[x*").evaluate("nexus") {
        } else {
            XCTFail("the second part is reached and throws")
        }
        // An exclusion is always evaluated, in order; a matching exclusion before it returns first.
        if case .invalidPattern = AndroidFilterRule("a*,!(*").evaluate("abc") {
        } else {
            XCTFail("exclusions are always evaluated")
        }
        XCTAssertEqual(AndroidFilterRule("!abc,!(*").evaluate("abc"), .noMatch)
        // A lone `!` is skipped, like an empty part.
        XCTAssertEqual(AndroidFilterRule("!").evaluate(""), .match)
    }

    func testAndroidEntryWithAnInvalidPatternIsSkippedWithADiagnostic() throws {
        let c = try load(
            json: """
                {"packageName": "a", "updates": [
                  {"filters": {"deviceModel": "[pixel*"}, "targetVersionCode": 100, "targetGooglePlay": true, "forceUpdate": true},
                  {"filters": {"deviceModel": "sm-*"}, "targetVersionCode": 100, "targetGooglePlay": true}],
                 "messages": [
                  {"filters": {"deviceModel": "(*"}, "descriptions": {"*": {"message": "m"}}},
                  {"descriptions": {"*": {"message": "fallback"}}}]}
                """)
        let at = iso("2026-11-23T00:00:00Z")
        XCTAssertEqual(
            c.config.diagnostics.filter { $0.code == "turkcell.android.invalidPattern" }.map(\.path),
            ["updates[0].filters.deviceModel", "messages[0].filters.deviceModel"])
        var samsung = device(.android, build: 50, state: [:])
        samsung = Profile(
            platform: .android, osVersion: "13", apiLevel: 33, appVersion: "1", appBuild: "50", packageName: nil,
            attributes: ["model": "SM-G973F"])
        let d = decide(c, samsung, asOf: at)
        XCTAssertEqual(d.outcome, .recommended, "updates[0] throws and is skipped; updates[1] decides")
        XCTAssertEqual(d.rule, "updates[1]")
        XCTAssertEqual(d.diagnostics.map(\.code), ["turkcell.android.entrySkipped"])
        let upToDate = Profile(
            platform: .android, osVersion: "13", apiLevel: 33, appVersion: "1", appBuild: "100", packageName: nil,
            attributes: ["model": "Pixel 7"])
        let m = decide(c, upToDate, asOf: at)
        XCTAssertEqual(m.outcome, .upToDate)
        XCTAssertEqual(m.notices, ["messages[1]"], "messages[0] throws and is skipped too")
        XCTAssertEqual(Set(m.diagnostics.map(\.code)), ["turkcell.android.entrySkipped"])
        // iOS reads the same part as a LIKE pattern: no regex, no skip.
        let iPhone = Profile(
            platform: .ios, osVersion: "17", apiLevel: nil, appVersion: "1", appBuild: nil, packageName: nil,
            attributes: ["model": "[pixel9"])
        XCTAssertFalse(decide(c, iPhone, asOf: at).diagnostics.contains { $0.code == "turkcell.android.entrySkipped" })
    }

    // MARK: 2. iOS `?` is a wildcard only inside a part that contains `*`

    func testIOSQuestionMarkIsLiteralWithoutAStar() {
        XCTAssertEqual(TurkcellFilter.iOS(rule: "a?c", value: "abc"), false)
        XCTAssertEqual(TurkcellFilter.iOS(rule: "a?c", value: "a?c"), true)
        XCTAssertEqual(TurkcellFilter.iOS(rule: "a?c*", value: "abcd"), true)
        XCTAssertEqual(TurkcellFilter.iOS(rule: "a.c*", value: "abcd"), false, "LIKE has no regex: `.` is literal")
        XCTAssertEqual(TurkcellFilter.iOS(rule: "''", value: "''"), true, "Filter.m: `''` also matches the text ''")
    }

    // MARK: 3. iOS messages: display state and a message text (TestUpdateCheck.m), both SDKs

    /// TestUpdateCheck.testMessageForMaxDisplayCount: 499 shows, then 500 does not.
    func testMaxDisplayCountFixture() throws {
        let c = try loadForIOS12("ios-tests/TestUpdateCheck.testMessageForMaxDisplayCount.strict.json")
        let at = iso("2013-02-11T12:00:00Z")
        let last = "2013-02-01T12:00:00Z"  // 14:00 at GMT+02:00
        for platform in [Platform.ios, .android] {
            XCTAssertEqual(
                decide(
                    c,
                    device(
                        platform, package: package, state: ["message_display_count": "499", "message_last_shown": last]),
                    asOf: at
                ).notices,
                ["messages[0]"], "\(platform): 499 < \"500\"")
            XCTAssertEqual(
                decide(
                    c,
                    device(
                        platform, package: package, state: ["message_display_count": "500", "message_last_shown": last]),
                    asOf: at
                ).notices,
                [], "\(platform): 500 reached")
        }
    }

    /// testMessageForDisplayAfterDate (asserts nil) and the commented-out testMessageForDisplayBeforeDate
    /// (asserts shown), at the tests' time (February 2013).
    func testDisplayDateFixtures() throws {
        let after = try loadForIOS12("ios-tests/TestUpdateCheck.testMessageForDisplayAfterDate.strict.json")
        let before = try loadForIOS12("ios-tests/TestUpdateCheck.testMessageForDisplayBeforeDate.strict.json")
        let state = ["message_display_count": "1", "message_last_shown": "2013-02-01T12:00:00Z"]
        for platform in [Platform.ios, .android] {
            let p = device(platform, package: package, state: state)
            XCTAssertEqual(
                decide(after, p, asOf: iso("2013-02-11T12:00:00Z")).notices, [], "\(platform): before displayAfterDate")
            XCTAssertEqual(
                decide(after, p, asOf: iso("2026-11-23T00:00:00Z")).notices, ["messages[0]"], "\(platform): after it")
            XCTAssertEqual(
                decide(before, p, asOf: iso("2013-02-11T12:00:00Z")).notices, ["messages[0]"],
                "\(platform): before displayBeforeDate")
            XCTAssertEqual(decide(before, p, asOf: iso("2026-11-23T00:00:00Z")).notices, [], "\(platform): after it")
        }
    }

    /// testMessageForDisplayPeriodInHoursDontShow (shown just now, period "2") and …Show (shown 3 hours ago).
    func testDisplayPeriodFixtures() throws {
        let now = iso("2026-11-23T12:00:00Z")
        for name in ["DontShow", "Show"] {
            let c = try loadForIOS12("ios-tests/TestUpdateCheck.testMessageForDisplayPeriodInHours\(name).strict.json")
            let last = name == "Show" ? "2026-11-23T09:00:00Z" : "2026-11-23T12:00:00Z"
            for platform in [Platform.ios, .android] {
                let d = decide(
                    c,
                    device(
                        platform, package: package, state: ["message_display_count": "1", "message_last_shown": last]),
                    asOf: now)
                XCTAssertEqual(d.notices, name == "Show" ? ["messages[0]"] : [], "\(platform) \(name)")
            }
            // A device that never showed it has no record: shown.
            XCTAssertEqual(decide(c, device(.ios, package: package), asOf: now).notices, ["messages[0]"])
        }
    }

    /// `UpdateCheck.m` L278-279 (1.2): a shown message's `whatIsNew` and `warnings` go into a dictionary with
    /// `setObject:forKey:`, which throws on nil: the fixtures' messages, which have neither, crash the app on iOS.
    func testTheFixturesMessagesCrashTheIOSSDK12() throws {
        let c = try load("ios-tests/TestUpdateCheck.testMessageForMaxDisplayCount.strict.json")
        let at = iso("2013-02-11T12:00:00Z")
        let d = decide(c, device(.ios, package: package), asOf: at)
        XCTAssertEqual(d.notices, [])
        XCTAssertEqual(d.diagnostics.map(\.code), [TurkcellEvaluator.descriptionCrash])
        XCTAssertEqual(decide(c, device(.android, package: package), asOf: at).notices, ["messages[0]"])
    }

    /// testMessageForDescriptionWithoutMessage: iOS needs a `message` in the selected description; the
    /// Android SDK has no such rule (MessageEntry shows whatever description it selects).
    func testDescriptionWithoutMessageFixture() throws {
        let c = try load("ios-tests/TestUpdateCheck.testMessageForDescriptionWithoutMessage.strict.json")
        let at = iso("2013-02-11T12:00:00Z")
        let state = ["message_display_count": "1", "message_last_shown": "2013-02-01T12:00:00Z"]
        let iOS = decide(c, device(.ios, package: package, state: state), asOf: at)
        XCTAssertEqual(iOS.notices, [])
        XCTAssertFalse(
            iOS.diagnostics.contains { $0.code == "turkcell.ios.noMessageMatches" }, "the entry matched: no crash path")
        XCTAssertEqual(decide(c, device(.android, package: package, state: state), asOf: at).notices, ["messages[0]"])
    }

    /// iOS selects the first entry whose filters match and never falls through to a later one; Android tries
    /// each entry's dates and records in turn.
    func testIOSDoesNotFallThroughToALaterMessage() throws {
        let c = try load(
            json: """
                {"packageName": "a", "messages": [
                  {"descriptions": {"*": {"message": "old"}}, "displayBeforeDate": "2020-01-01"},
                  {"descriptions": {"*": {"message": "new"}}}]}
                """)
        let at = iso("2026-11-23T00:00:00Z")
        XCTAssertEqual(decide(c, device(.ios), asOf: at).notices, [])
        XCTAssertEqual(decide(c, device(.android), asOf: at).notices, ["messages[1]"])
    }

    /// createUpdateDataDictionaryForUpdateFound: a "false" forceUpdate with a URL is an optional update on
    /// iOS; Android drops the entry (no targetVersionCode).
    func testUpdateFoundFixture() throws {
        let c = try load("ios-tests/TestUpdateCheck.createUpdateDataDictionaryForUpdateFound.strict.json")
        let at = iso("2013-02-11T12:00:00Z")
        let iOS = decide(c, device(.ios, package: package, state: ["language": "en"]), asOf: at)
        XCTAssertEqual(iOS.outcome, .recommended)
        XCTAssertEqual(iOS.rule, "updates[0]")
        XCTAssertEqual(decide(c, device(.android, package: package), asOf: at).outcome, .upToDate)
        XCTAssertTrue(c.config.diagnostics.contains { $0.code == "turkcell.android.entryDropped" })
    }

    // MARK: 4. packageName alone

    /// createUpdateDataDictionaryForUpdateNotFound: `{"packageName": …}` is "update not found" to both SDKs.
    func testPackageNameOnlyDocumentIsTurkcellAndOffersNothing() throws {
        let c = try load("ios-tests/TestUpdateCheck.createUpdateDataDictionaryForUpdateNotFound.strict.json")
        XCTAssertEqual(c.format, "turkcell-updater")
        XCTAssertEqual(c.config.diagnostics.map(\.code), ["turkcell.offersNothing"])
        XCTAssertEqual(c.config.diagnostics.first?.severity, .info)
        let at = iso("2026-11-23T00:00:00Z")
        for platform in [Platform.ios, .android] {
            XCTAssertEqual(decide(c, device(platform, package: package), asOf: at).outcome, .upToDate)
            XCTAssertEqual(decide(c, device(platform, package: "other.app"), asOf: at).outcome, .notTargeted)
        }
        XCTAssertEqual(decide(c, device(.macos, package: package), asOf: at).outcome, .notTargeted)
        // Not a string: still no known format, as before.
        XCTAssertThrowsError(try load(json: #"{"packageName": 5}"#))
    }
}

/// The candidate index (entries filed under the exact values of a filter) must give the decisions of a scan
/// over every entry, for both SDKs, on random documents mixing filed and unfiled filters, invalid patterns
/// and null rules.
final class TurkcellCandidateIndexTests: XCTestCase {
    func testFiledEvaluationEqualsEvaluatingEveryEntry() throws {
        var rng = SystemRandomNumberGenerator()
        let models = ["Pixel 7", "pixel7", "SM-G973F", "iPhone15,2", "a?c", ""]
        let rules: [String?] = [
            "Pixel 7", "pixel7,SM-G973F", "sm-*", "!pixel7", "a?c", "a?c*", "[x*", ">5", "''", "", nil, " Pixel 7 ",
            "PIXEL7",
        ]
        for _ in 0..<300 {
            var updates: [JSONValue] = []
            var messages: [JSONValue] = []
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                var filters = JSONObject()
                for key in ["deviceLanguage", "deviceModel", "appVersionName"].shuffled(using: &rng).prefix(
                    Int.random(in: 0...2, using: &rng))
                {
                    let rule = rules.randomElement(using: &rng)!
                    filters.append(key, rule.map { .string($0) } ?? .null)
                }
                let entry: JSONValue = .obj([
                    ("filters", .object(filters)), ("targetVersionCode", .int(Int.random(in: 1...9, using: &rng))),
                    ("targetGooglePlay", .bool(true)), ("targetWebsiteUrl", .string("https://x")),
                    ("forceUpdate", .bool(Bool.random(using: &rng))),
                    ("descriptions", .obj([("*", .obj([("message", .string("m"))]))])),
                ])
                if Bool.random(using: &rng) { updates.append(entry) } else { messages.append(entry) }
            }
            var root = JSONObject()
            root.append("packageName", .string("p"))
            if !updates.isEmpty || Bool.random(using: &rng) { root.append("updates", .array(updates)) }
            root.append("messages", .array(messages))
            let filed = TurkcellDocument(root)
            let everyEntry = TurkcellDocument(root, filing: false)
            for _ in 0..<20 {
                let platform: Platform = Bool.random(using: &rng) ? .android : .ios
                var attributes: [String: String] = [:]
                if Bool.random(using: &rng) { attributes["model"] = models.randomElement(using: &rng)! }
                if Bool.random(using: &rng) {
                    attributes["language"] = ["pixel7", "en-GB", ""].randomElement(using: &rng)!
                }
                let profile = Profile(
                    platform: platform, osVersion: "13", apiLevel: platform == .android ? 33 : nil,
                    appVersion: ["Pixel 7", "a?c", "1.0"].randomElement(using: &rng)!,
                    appBuild: platform == .android ? String(Int.random(in: 1...9, using: &rng)) : nil,
                    packageName: nil, attributes: attributes)
                let context = EvaluationContext(asOf: Date(timeIntervalSince1970: 1_795_000_000), asOfIsExplicit: true)
                let a = filed.evaluate(profile, context: context)
                let b = everyEntry.evaluate(profile, context: context)
                XCTAssertEqual(a.outcome, b.outcome)
                XCTAssertEqual(a.rule, b.rule)
                XCTAssertEqual(a.notices, b.notices)
                XCTAssertEqual(a.diagnostics, b.diagnostics)
            }
        }
    }
}
