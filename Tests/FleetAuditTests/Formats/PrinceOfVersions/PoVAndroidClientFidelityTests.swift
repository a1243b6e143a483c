import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Behaviours of the Android client 4.x read in its source (infinum/Android-prince-of-versions,
/// `prince-of-versions/src/main/java/co/infinum/princeofversions/`, commit 60ef62a) and found different by
/// running its decision code beside FleetAudit on random documents. Each case's expected answer is the client's.
final class PoVAndroidClientFidelityTests: XCTestCase {
    private func decide(_ json: String, sdk: Int, code: Int = 1) throws -> (Decision, LoadedConfig) {
        let c = try PoV.load(json: json)
        return (PoV.decide(c, PoV.android(code: code, sdk: sdk)), c)
    }

    /// JsonConfigurationParser L139-143: the walk stops at the first entry whose requirements hold, and only
    /// that entry is type-checked (`saveFirstAcceptableUpdate`, L169-174 throws on a string version).
    func testOnlyTheChosenEntryIsTypeChecked() throws {
        let json =
            #"{"android2": [{"requirements": {"required_os_version": 30}, "required_version": "12"}, {"required_version": 5}]}"#
        let (old, c) = try decide(json, sdk: 29)
        XCTAssertEqual(old.outcome, .forced)
        XCTAssertEqual(old.rule, "android2[1]")
        XCTAssertTrue(old.diagnostics.isEmpty)

        let (new, _) = try decide(json, sdk: 30)
        XCTAssertEqual(new.outcome, .notTargeted)
        XCTAssertEqual(new.rule, "android2[0]")
        XCTAssertEqual(new.diagnostics.map(\.code), [PoVAndroidDecoding.unusableCode])
        // The document says so once, at the entry, for validate and the reports.
        XCTAssertEqual(
            c.config.diagnostics.filter { $0.code == PoVAndroidDecoding.unusableCode }.map(\.path), ["android2[0]"])
    }

    /// L140 `android.getJSONObject(i)`: a non-object element throws when the walk reaches it, and never after
    /// the chosen entry.
    func testNonObjectElementsMatterOnlyBeforeTheChosenEntry() throws {
        let (after, c) = try decide(
            #"{"android2": [{"required_version": 5}, "oops", 12.5, {"required_version": "x"}]}"#, sdk: 30)
        XCTAssertEqual(after.outcome, .forced)
        XCTAssertEqual(after.rule, "android2[0]")
        XCTAssertFalse(c.config.diagnostics.contains { $0.severity == .error })
        XCTAssertEqual(
            c.config.diagnostics.filter { $0.code == PrinceOfVersionsDocument.unreachableEntry }.map(\.path),
            ["android2[1]"])

        let (before, _) = try decide(#"{"android2": ["oops", {"required_version": 5}]}"#, sdk: 30)
        XCTAssertEqual(before.outcome, .notTargeted)
        XCTAssertEqual(before.rule, "android2[0]")
        XCTAssertEqual(before.diagnostics.map(\.code), [PoVAndroidDecoding.unusableCode])
    }

    /// PrinceOfVersionsDefaultRequirementsChecker L38 `Integer.parseInt(value)` throws on what it cannot read,
    /// and PrinceOfVersionsRequirementsProcessor L28-29 turns that into "does not hold": the next entry decides.
    func testAnUnreadableRequiredOSVersionMakesTheEntryNeverHold() throws {
        for value in [#""5.0""#, #"" 21""#, #""abc""#, "99999999999", "21.0", "true"] {
            let json =
                #"{"android2": [{"requirements": {"required_os_version": \#(value)}, "required_version": 9}, {"required_version": 5}]}"#
            let (d, c) = try decide(json, sdk: 30)
            XCTAssertEqual(d.rule, "android2[1]", value)
            XCTAssertEqual(d.outcome, .forced, value)
            XCTAssertEqual(c.config.diagnostics.map(\.code), [PoVAndroidDecoding.requiredOSUnreadable], value)
        }
        // parseInt reads a sign and digits in a string.
        for value in [#""21""#, #""+21""#, "21", #""-1""#] {
            let json =
                #"{"android2": [{"requirements": {"required_os_version": \#(value)}, "required_version": 9}, {"required_version": 5}]}"#
            XCTAssertEqual(try decide(json, sdk: 21).0.rule, "android2[0]", value)
        }
    }

    /// With no other entry, RequirementsNotSatisfiedException (L146): no OS upgrade helps, so it is not `unsupportedOS`.
    func testAnEntryThatNeverHoldsIsNotAnOSProblem() throws {
        let (d, _) = try decide(
            #"{"android2": [{"requirements": {"required_os_version": "5.0"}, "required_version": 9}]}"#, sdk: 30)
        XCTAssertEqual(d.outcome, .notTargeted)
    }

    /// L169 `instanceof Integer`: org.json makes a Long of an integer beyond 32 bits, and the client throws.
    func testAVersionCodeBeyond32BitsMakesTheClientThrow() throws {
        XCTAssertEqual(
            try decide(#"{"android2": [{"required_version": 3000000000}]}"#, sdk: 30).0.outcome, .notTargeted)
        XCTAssertEqual(
            try decide(#"{"android2": [{"last_version_available": 2147483647}]}"#, sdk: 30).0.outcome, .recommended)
    }

    /// L204 `optJSONObject(REQUIREMENTS)`: requirements that are not an object are none: the entry holds.
    func testRequirementsThatAreNotAnObjectHold() throws {
        let (d, _) = try decide(
            #"{"android2": [{"requirements": "x", "required_version": 9}, {"required_version": 5}]}"#, sdk: 30)
        XCTAssertEqual(d.rule, "android2[0]")
    }

    /// Android's org.json (`JSONTokener.readObject`) reads a value after every comma, so `{"a": 1,}` fails to
    /// parse and `new JSONObject(content)` (L109) throws; iOS and macOS read the same document.
    func testACommaBeforeABraceIsRejectedOnAndroidOnly() throws {
        let c = try PoV.load(json: #"{"ios2": [{"required_version": "2.0"}], "android2": [{"required_version": 5,}]}"#)
        let android = PoV.decide(c, PoV.android(code: 1, sdk: 30))
        XCTAssertEqual(android.outcome, .notTargeted)
        XCTAssertEqual(android.diagnostics.map(\.code), [PoVAndroidDecoding.jsonRejected])
        XCTAssertEqual(android.diagnostics[0].location, SourceLocation(line: 1, column: 76))
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "17.0", app: "1.0")).outcome, .forced)
    }

    /// Android's org.json (`JSONTokener.nextString`) stops only at the quote and the backslash, so a raw tab, an
    /// unpaired surrogate escape or bad UTF-8 in a string is read (checked with Debian's build of Android's
    /// org.json); Foundation's parser refuses them ("Unescaped control character"). Such a document was refused
    /// whole (exit 65): now Android reads it and iOS and macOS reject it (`pov.ios.jsonRejected`).
    func testAStringFoundationRefusesIsReadOnAndroidOnly() throws {
        for (text, why) in [("a\tb", "a raw tab"), ("a\\ud800b", "an unpaired surrogate escape")] {
            let json =
                #"{"meta": {"note": "\#(text)"}, "ios2": [{"required_version": "2.0"}], "android2": [{"required_version": 5}]}"#
            let c = try PoV.load(json: json)
            XCTAssertEqual(PoV.decide(c, PoV.android(code: 1, sdk: 30)).outcome, .forced, why)
            let apple = PoV.decide(c, PoV.apple(os: "17.0", app: "1.0"))
            XCTAssertEqual(apple.outcome, .notTargeted, why)
            XCTAssertEqual(apple.diagnostics.map(\.code), [PoVAppleDecoding.jsonRejected], why)
            XCTAssertEqual(apple.diagnostics.first?.location?.line, 1, why)
            XCTAssertTrue(c.diagnostics.contains { $0.code == "config.notStrictJSON" }, why)
        }
        // A document for Apple platforms only: every device it concerns rejects it, and the run says so.
        let c = try PoV.load(json: "{\"ios2\": [{\"required_version\": \"2.0\", \"meta\": {\"a\": \"x\ty\"}}]}")
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "17.0", app: "1.0")).outcome, .notTargeted)
    }

    /// A key written twice: org.json keeps the last copy (`JSONObject.put` into a map), Foundation — which the iOS
    /// and macOS clients decode with — the first (Swift 6's `JSONDecoder`, checked here; `NSJSONSerialization`
    /// before it). The same document then forces iOS and not Android.
    func testAKeyWrittenTwiceIsReadFirstOnAppleAndLastOnAndroid() throws {
        let c = try PoV.load(
            json:
                #"{"ios2": [{"required_version": "3.0"}], "ios2": [{"required_version": "1.0"}], "android2": [{"required_version": 9}], "android2": [{"required_version": 1}]}"#
        )
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "17.0", app: "2.0")).outcome, .forced)
        XCTAssertEqual(PoV.decide(c, PoV.android(code: 5, sdk: 30)).outcome, .upToDate)
        XCTAssertTrue(c.diagnostics.contains { $0.code == "config.duplicateKey" })
    }

    /// `JSONTokener.readArray`: `[a,]` is two elements, the second null; reached, `getJSONObject` (L140) throws.
    func testACommaBeforeABracketAddsANullEntry() throws {
        let entries = #"{"requirements": {"required_os_version": 40}, "required_version": 5}"#
        let (plain, _) = try decide(#"{"android2": [\#(entries)]}"#, sdk: 30)
        XCTAssertEqual(plain.outcome, .unsupportedOS)
        let (comma, _) = try decide(#"{"android2": [\#(entries),]}"#, sdk: 30)
        XCTAssertEqual(comma.outcome, .notTargeted)
        XCTAssertEqual(comma.rule, "android2[1]")
        XCTAssertEqual(comma.diagnostics.map(\.code), [PoVAndroidDecoding.unusableCode])
        XCTAssertEqual(try decide(#"{"android2": [\#(entries),]}"#, sdk: 40).0.outcome, .forced)
    }

    /// Issue 66: `StreamIo.toString` (L40-44) joins the body's lines with nothing between them before org.json
    /// reads it: a raw line break inside a string vanishes (`"2⏎1"` is 21), and a `//` comment, which org.json skips
    /// to the end of its line, runs to the end of the document, which then has no configuration.
    func testTheLoaderJoinsLinesWithoutALineBreak() throws {
        let broken =
            "{\"android2\": [{\"required_version\": 5, \"requirements\": {\"required_os_version\": \"2\n1\"}}]}"
        XCTAssertEqual(try decide(broken, sdk: 21).0.outcome, .forced)
        XCTAssertNotEqual(try decide(broken, sdk: 20).0.outcome, .forced)
        XCTAssertThrowsError(try PoV.load(json: "{\"android2\": [{\"required_version\": 5}] // the rule\n}"))
        XCTAssertEqual(
            try decide("{\"android2\": [{\"required_version\": 5}] /* the rule */\n}", sdk: 30).0.outcome, .forced)
    }

    /// Issue 66: `JSONObject.put` → `JSON.checkDouble` (AOSP `JSONObject.java` L262) throws "Forbidden numeric value"
    /// on a member too large for a double anywhere in the document, `meta` included: no Android client reads it.
    func testANumberBeyondADoubleAnywhereRejectsTheDocument() throws {
        for json in [
            #"{"android2": [{"required_version": 5}], "meta": {"x": 1e400}}"#,
            #"{"android": {"minimum_version": "2.0.0"}, "meta": {"x": -1e400}}"#,
        ] {
            let (d, c) = try decide(json, sdk: 30)
            XCTAssertEqual(d.outcome, .notTargeted, json)
            XCTAssertEqual(d.diagnostics.map(\.code), [PoVAndroidDecoding.jsonRejected], json)
            XCTAssertTrue(
                c.config.diagnostics.contains { $0.code == PoVAndroidDecoding.jsonRejected && $0.path == "meta.x" })
        }
        XCTAssertEqual(
            try decide(#"{"android2": [{"required_version": 5}], "meta": {"x": 1e300}}"#, sdk: 30).0.outcome, .forced)
    }
}
