import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditValues

/// Issue 34, "per platform, not refused for everyone": Android's org.json (the AOSP `JSONTokener`, which the
/// PrinceOfVersions and Turkcell Android clients parse with) reads much that is not JSON, and every iOS and macOS
/// client refuses it. Such documents were refused whole (exit 65: 707 of session 13's 10,000 Turkcell Android
/// cases). Each expected tree below is what Debian's build of Android's org.json (`com.android.json`) gave.
final class OrgJSONReaderTests: XCTestCase {
    private func read(_ text: String) -> JSONValue? { OrgJSONReader.read(Array(text.utf8)) }

    func testWhatOrgJSONReadsBeyondJSON() throws {
        for (text, expected, why) in [
            ("{a: 1 /* c */, 'b': 'x' // c\n # c\n}", #"{"a":1,"b":"x"}"#, "comments, unquoted and single-quoted"),
            (
                "{a: 010, b: 08, c: 0x1F, d: -010, e: +5, f: 1e5}",
                #"{"a":8,"b":8.0,"c":31,"d":-10,"e":5,"f":100000.0}"#,
                "octal, a failed octal read as a double, hexadecimal, signs, an exponent"
            ),
            ("{a = 1; b => 2, c :> 3}", #"{"a":1,"b":2,"c":3}"#, "= => ; :>"),
            (
                "{a: [1,,2,], b: [,], c: [;]}", #"{"a":[1,null,2,null],"b":[null,null],"c":[null,null]}"#,
                "a separator without a value is null"
            ),
            (
                #"{a: "x\qy", b: "\u+0ff", c: TRUE, d: nULL, e: 1.5.5, f: 0x}"#,
                #"{"a":"xqy","b":"ÿ","c":true,"d":null,"e":"1.5.5","f":"0x"}"#, "escapes, literals in any case, texts"
            ),
            ("\u{FEFF}{a: 1, a: 2, b: 3} trailing", #"{"a":2,"b":3}"#, "a byte-order mark, a repeated key, text after"),
            (
                "{a: [NaN, Infinity], b: 'NaN'}", #"{"a":["NaN",1e400],"b":"NaN"}"#,
                "numbers that are not finite in an array"
            ),
        ] {
            let value = try XCTUnwrap(read(text), why)
            XCTAssertEqual(JSONWriter.compact(value), expected, why)
            XCTAssertNotNil(value.objectValue?.strictJSONRefusal, why)
        }
    }

    func testWhatOrgJSONRefusesToo() {
        for (text, why) in [
            ("{1: 2}", "a name that is a number (\"Names must be strings\")"),
            ("{a: NaN}", "a number that is not finite in an object (\"Forbidden numeric value\")"),
            ("{a: -Infinity}", "the same, negative"),
            ("{a: 1e400}", "a number too large for a double"),
            ("{a: 1 /* c }", "an unterminated comment"),
            ("{a: 1,}", "a comma before } (\"Expected literal value\")"),
            ("[1, 2]", "a root that is not an object"),
            ("{a: 1 b: 2}", "no separator (\"Unterminated object\")"),
            (#"{a: "x\u12"}"#, "a short \\u escape"),
        ] {
            XCTAssertNil(read(text), why)
        }
        // Nesting deeper than FleetAudit's JSON parser goes is refused, not a crash (org.json would overflow its stack).
        XCTAssertNil(read("{a: " + String(repeating: "[", count: 100_000) + "}"))
        XCTAssertNotNil(
            read("{a: " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + ", b: c}"))
        // A JSON document is read by the strict parser, not this one.
        XCTAssertNil(read(#"{"a": 1}"#))
    }

    private func load(_ json: String) throws -> LoadedConfig {
        let path = TestPaths.write(json, named: "doc.json", in: TestPaths.temporaryDirectory())
        return try ConfigLoader().load(path, id: "doc.json")
    }

    func testTurkcellAndroidDecidesAndIOSRejects() throws {
        let c = try load(
            "{'packageName': 'com.turkcell.app', // the app\n updates: [{targetVersionCode: 05, targetGooglePlay: TRUE}]}"
        )
        XCTAssertTrue(c.diagnostics.contains { $0.code == "config.notStrictJSON" })
        let android = Profile(
            platform: .android, osVersion: "13", apiLevel: 33, appVersion: "1.0", appBuild: "3",
            packageName: "com.turkcell.app")
        XCTAssertEqual(c.config.evaluate(android, context: EvaluationContext()).outcome, .recommended)
        let iPhone = Profile(
            platform: .ios, osVersion: "17.0", apiLevel: nil, appVersion: "1.0", appBuild: "3",
            packageName: "com.turkcell.app")
        let ios = c.config.evaluate(iPhone, context: EvaluationContext())
        XCTAssertEqual(ios.outcome, .notTargeted)
        XCTAssertEqual(ios.diagnostics.map(\.code), [TurkcellDocument.iOSJSONRejected])
    }

    func testPrinceOfVersionsAndroidDecidesAndAppleRejects() throws {
        let c = try load("{ios2: [{required_version: '2.0'}], android2: [{required_version: 010}]}")
        XCTAssertEqual(PoV.decide(c, PoV.android(code: 7, sdk: 30)).outcome, .forced)
        XCTAssertEqual(PoV.decide(c, PoV.android(code: 8, sdk: 30)).outcome, .upToDate)
        let apple = PoV.decide(c, PoV.apple(os: "17.0", app: "1.0"))
        XCTAssertEqual(apple.outcome, .notTargeted)
        XCTAssertEqual(apple.diagnostics.map(\.code), [PoVAppleDecoding.jsonRejected])
        XCTAssertEqual(apple.diagnostics.first?.location, SourceLocation(line: 1, column: 2))
        // Said once, though the iOS, macOS and legacy readings each find it.
        let both = try load(
            "{ios: {minimum_version: '1.0'}, ios2: [{required_version: '2.0'}], macos2: [], android2: []}")
        XCTAssertEqual(both.config.diagnostics.filter { $0.code == PoVAppleDecoding.jsonRejected }.count, 1)
    }
}
