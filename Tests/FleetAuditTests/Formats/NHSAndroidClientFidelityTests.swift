import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditValues

/// Issue 34: where FleetAudit and the NHS COVID-19 Android app (ukhsa-collaboration/covid-19-app-android-ag-public
/// @ 7e54602, Moshi 1.12.0 through Retrofit's `MoshiConverterFactory`) disagreed on a differential run of 7,000
/// random documents (session 20: 89.9% agreed; every difference was one side rejecting a document the other
/// read). Each case: the document, a device at API 30 with versionCode 150, the app's answer and the line that
/// decides it. A rejected document leaves the device on the app's last good copy: `notTargeted`.
final class NHSAndroidClientFidelityTests: XCTestCase {
    /// The two fields every case shares: minimum API 23, recommended versionCode 250.
    static let rest =
        #""minimumSDKVersion": {"description": {}, "value": 23}, "recommendedAppVersion": {"description": {}, "value": 250, "title": {}}"#

    func decide(_ json: String) throws -> Decision {
        let path = TestPaths.write(json, named: "doc.json", in: TestPaths.temporaryDirectory())
        let config = try ConfigLoader().load(path, id: "doc.json")
        let device = Profile(
            platform: .android, osVersion: "11", apiLevel: 30, appVersion: "1", appBuild: "150", packageName: nil)
        return config.config.evaluate(device, context: EvaluationContext())
    }

    func minimumApp(_ value: String) -> String {
        #"{"minimumAppVersion": {"description": {}, "value": \#(value)}, \#(Self.rest)}"#
    }

    /// A quoted value Moshi reads: `Integer.parseInt` first, then `Double.parseDouble`, which trims spaces and
    /// takes a `d`/`f` suffix, and whose `(int)` must equal it (JsonUtf8Reader.java L941-L958).
    func testAQuotedIntegerIsReadAsMoshiReadsIt() throws {
        for value in [#"" 200""#, #""200 ""#, #""200\n""#, #"" 200.0 ""#, #""200d""#, #""200F""#, #""2e2""#] {
            XCTAssertEqual(try decide(minimumApp(value)).outcome, .forced, value)
        }
        // Character.digit reads every decimal digit of the Basic Multilingual Plane.
        for value in [#""٢٠٠""#, #""２００""#] {
            XCTAssertEqual(try decide(minimumApp(value)).outcome, .forced, value)
        }
        // Hexadecimal only with its binary exponent; a fraction or an int overflow is no int.
        XCTAssertEqual(try decide(minimumApp(#""0xc8p0""#)).outcome, .forced)
        for value in [#""0x10""#, #""200.5""#, #""2147483648""#, #""NaN""#, #""Infinity""#, #""""#] {
            XCTAssertEqual(try decide(minimumApp(value)).outcome, .notTargeted, value)
        }
    }

    /// `TranslatableStringAdapter.kt` L14-17 reads a `Map<String, String>`: Moshi's string adapter lets `null`
    /// through and reads a number as its text (StandardJsonAdapters.java L56, L246-250); a boolean or an object
    /// is refused.
    func testALocaleMapTakesNullAndNumbers() throws {
        for description in [#"{"en": null}"#, #"{"en": 5}"#, #"{"en": 5.5}"#] {
            let json = #"{"minimumAppVersion": {"description": \#(description), "value": 200}, \#(Self.rest)}"#
            XCTAssertEqual(try decide(json).outcome, .forced, description)
        }
        for description in [#"{"en": true}"#, #"{"en": {}}"#, #"{"en": []}"#] {
            let json = #"{"minimumAppVersion": {"description": \#(description), "value": 200}, \#(Self.rest)}"#
            XCTAssertEqual(try decide(json).outcome, .notTargeted, description)
        }
    }

    /// MapJsonAdapter.java L74-80: a locale put twice is refused while the earlier value is not null.
    func testALocaleTwiceIsRefusedUnlessTheFirstIsNull() throws {
        let twice = #"{"minimumAppVersion": {"description": {"en": "a", "en": "b"}, "value": 200}, \#(Self.rest)}"#
        let decision = try decide(twice)
        XCTAssertEqual(decision.outcome, .notTargeted)
        let firstNull = #"{"minimumAppVersion": {"description": {"en": null, "en": "b"}, "value": 200}, \#(Self.rest)}"#
        XCTAssertEqual(try decide(firstNull).outcome, .forced)
    }

    /// Retrofit's `MoshiConverterFactory.create(moshi)` (`NetworkModule.kt` L59) is strict: a comma before `}`
    /// is "Expected name" (JsonUtf8Reader.java L292/L299), at the top or inside a field.
    func testATrailingCommaInAnObjectRejectsTheDocument() throws {
        XCTAssertEqual(try decide(minimumApp("200") + "\n").outcome, .forced)
        let top = #"{"minimumAppVersion": {"description": {}, "value": 200}, \#(Self.rest),}"#
        let inField = #"{"minimumAppVersion": {"description": {}, "value": 200,}, \#(Self.rest)}"#
        let inMap = #"{"minimumAppVersion": {"description": {"en": "a",}, "value": 200}, \#(Self.rest)}"#
        // ",]" too, even in the value of a key the app skips (JsonUtf8Reader.doPeek: checkLenient).
        let array = #"{"minimumAppVersion": {"description": {}, "value": 200}, \#(Self.rest), "extra": [1,]}"#
        for json in [top, inField, inMap, array] { XCTAssertEqual(try decide(json).outcome, .notTargeted, json) }
    }

    /// JsonReader.java L227-229: a document scope plus 255 containers at most, in keys the app does not know too.
    func testContainersNested256DeepRejectTheDocument() throws {
        func nested(_ arrays: Int) -> String {
            #"{"minimumAppVersion": {"description": {}, "value": 200}, \#(Self.rest), "x": "#
                + String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays) + "}"
        }
        XCTAssertEqual(try decide(nested(254)).outcome, .forced, "255 containers")
        XCTAssertEqual(try decide(nested(255)).outcome, .notTargeted, "256 containers")
    }

    /// The generated adapter decodes every copy of a key it knows and throws on a bad one (Moshi 1.12
    /// `AdapterGenerator.kt` L470, `fromJson(reader) ?: throw`), even when a later copy is good.
    func testAnEarlierBadCopyOfAKnownKeyRejectsTheDocument() throws {
        let value = #"{"minimumAppVersion": {"description": {}, "value": "x", "value": 200}, \#(Self.rest)}"#
        let field =
            #"{"minimumAppVersion": {"description": {}, "value": "x"}, "minimumAppVersion": {"description": {}, "value": 200}, \#(Self.rest)}"#
        let noDescription =
            #"{"minimumAppVersion": {"value": 200}, "minimumAppVersion": {"description": {}, "value": 200}, \#(Self.rest)}"#
        for json in [value, field, noDescription] { XCTAssertEqual(try decide(json).outcome, .notTargeted, json) }
        // Good copies: the last one stands.
        let good =
            #"{"minimumAppVersion": {"description": {}, "value": 100}, "minimumAppVersion": {"description": {}, "value": 200}, \#(Self.rest)}"#
        XCTAssertEqual(try decide(good).outcome, .forced)
    }
}

/// Issue 34, "per platform, not refused for everyone": strings strict JSON forbids — a raw control character, an
/// unpaired surrogate escape, bytes that are not UTF-8 — are read by Moshi (`JsonUtf8Reader.nextQuotedValue`
/// stops only at the quote and the backslash; okio decodes bad UTF-8 as U+FFFD) and refused by the iOS app's
/// `JSONDecoder` ("Unescaped control character", checked with Foundation here). Such a document was refused as a
/// whole (exit 65); now the Android app's reading is evaluated and the iOS app rejects it (`nhs.rejected`).
final class NHSNonStrictStringTests: XCTestCase {
    private func load(_ bytes: [UInt8]) throws -> LoadedConfig {
        let path = TestPaths.temporaryDirectory().appendingPathComponent("doc.json").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return try ConfigLoader().load(path, id: "doc.json")
    }

    private static let android = Profile(
        platform: .android, osVersion: "11", apiLevel: 30, appVersion: "1", appBuild: "150", packageName: nil)
    private static let iOS = Profile(
        platform: .ios, osVersion: "15.0", apiLevel: nil, appVersion: "3.9", appBuild: nil, packageName: nil)

    private static func androidDocument(_ text: [UInt8]) -> [UInt8] {
        Array(#"{"minimumAppVersion": {"description": {"en-GB": ""#.utf8) + text
            + Array(#""}, "value": 200}, \#(NHSAndroidClientFidelityTests.rest)}"#.utf8)
    }

    private static func iOSDocument(_ text: [UInt8]) -> [UInt8] {
        Array(#"{"minimumOSVersion": {"value": "13.0", "description": {"en-GB": ""#.utf8) + text
            + Array(
                #""}}, "recommendedOSVersion": {"value": "13.0", "description": {}, "title": {}}, "minimumAppVersion": {"value": "4.0.0", "description": {}}, "recommendedAppVersion": {"value": "4.0.0", "description": {}, "title": {}}}"#
                    .utf8)
    }

    func testTheAndroidAppReadsWhatTheIOSAppRefuses() throws {
        for (text, why) in [
            (Array("a\tb".utf8), "a raw tab"), (Array("a\nb".utf8), "a raw line break"),
            (Array(#"a\ud800b"#.utf8), "an unpaired surrogate escape"),
            ([0x61, 0xFF, 0x62], "a byte that is not UTF-8"),
        ] {
            let android = try load(Self.androidDocument(text))
            XCTAssertEqual(
                android.config.evaluate(Self.android, context: EvaluationContext()).outcome, .forced, why)
            let note = android.diagnostics.first { $0.code == "config.notStrictJSON" }
            XCTAssertEqual(note?.location?.line, 1, why)
            XCTAssertFalse(android.diagnostics.contains { $0.code == "nhs.rejected" }, why)

            let iOS = try load(Self.iOSDocument(text))
            let decision = iOS.config.evaluate(Self.iOS, context: EvaluationContext())
            XCTAssertEqual(decision.outcome, .notTargeted, why)
            let rejected = iOS.diagnostics.first { $0.code == "nhs.rejected" }
            XCTAssertTrue(rejected?.message.contains("the iOS app's JSONDecoder reads strict JSON") == true, why)
        }
        // The same documents in strict JSON: no note, and the iOS app decides.
        let strict = try load(Self.iOSDocument(Array(#"a\tb"#.utf8)))
        XCTAssertFalse(strict.diagnostics.contains { $0.code == "config.notStrictJSON" })
        XCTAssertEqual(strict.config.evaluate(Self.iOS, context: EvaluationContext()).outcome, .forced)
        XCTAssertEqual(
            try load(Self.androidDocument(Array("a".utf8))).config.evaluate(
                Self.android, context: EvaluationContext()
            ).outcome, .forced)
    }

    /// What Moshi refuses too is still refused: a raw tab outside a string.
    func testWhatMoshiRefusesIsStillRefused() throws {
        XCTAssertThrowsError(try load(Array("{\"minimumSDKVersion\":\u{1} 5}".utf8)))
    }
}

/// Issue 34: a key written twice. The NHS iOS app decodes with `JSONDecoder` (`AppAvailabilityEndpoint.swift`
/// L15-16), which reads the first copy (Swift 6's Foundation, checked here; `NSJSONSerialization` before iOS 17
/// did the same); FleetAudit read the last. Found by a differential run of the app's decision code (nhsx
/// covid-19-app-ios-ag-public @ ee43e47) on 10,000 random cases: 615 disagreed on this alone. Android's Moshi
/// decodes every copy and the last stands (`NHSAndroidClientFidelityTests`).
final class NHSIOSDuplicateKeyTests: XCTestCase {
    private static let rest =
        #""recommendedOSVersion": {"value": "13.0", "description": {}, "title": {}}, "minimumAppVersion": {"value": "4.0", "description": {}}, "recommendedAppVersion": {"value": "4.0", "description": {}, "title": {}}"#

    private func decide(_ json: String) throws -> Decision {
        let path = TestPaths.write(json, named: "ios.json", in: TestPaths.temporaryDirectory())
        let c = try ConfigLoader().load(path, id: "ios.json")
        let iPhone = Profile(
            platform: .ios, osVersion: "15.0", apiLevel: nil, appVersion: "4.0", appBuild: nil, packageName: nil)
        return c.config.evaluate(iPhone, context: EvaluationContext())
    }

    func testTheIOSAppReadsTheFirstCopy() throws {
        let twice =
            #"{"minimumOSVersion": {"value": "16.0", "description": {}}, "minimumOSVersion": {"value": "13.0", "description": {}}, \#(Self.rest)}"#
        XCTAssertEqual(try decide(twice).outcome, .unsupportedOS)
        let nested = #"{"minimumOSVersion": {"value": "13.0", "value": "16.0", "description": {}}, \#(Self.rest)}"#
        XCTAssertEqual(try decide(nested).outcome, .upToDate)
        // A bad first copy rejects the document; a bad last copy is never read.
        let badFirst =
            #"{"minimumOSVersion": {"value": "v13", "description": {}}, "minimumOSVersion": {"value": "13.0", "description": {}}, \#(Self.rest)}"#
        XCTAssertEqual(try decide(badFirst).outcome, .notTargeted)
        let badLast =
            #"{"minimumOSVersion": {"value": "13.0", "description": {}}, "minimumOSVersion": {"value": "v13", "description": {}}, \#(Self.rest)}"#
        XCTAssertEqual(try decide(badLast).outcome, .upToDate)
    }
}
