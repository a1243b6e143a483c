import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

final class JSONPositionsTests: XCTestCase {
    func testMembersAtTheirKeyElementsAtTheirValue() {
        let text =
            "\u{FEFF}{\r\n  \"a\": {\"b\": [10, {\"c\": true}, \"x\"]},\n  \"é\\\"k\": null,\n  \"d\": [[1], [2, 3]]\n}"
        let found = JSONPositions.locate(
            ["a", "a.b", "a.b[1]", "a.b[1].c", "a.b[2]", "é\"k", "d[1][1]", "", "a.z", "d[5]"],
            in: Array(text.utf8))
        XCTAssertEqual(found["a"], SourceLocation(line: 2, column: 3))
        XCTAssertEqual(found["a.b"], SourceLocation(line: 2, column: 9))
        XCTAssertEqual(found["a.b[1]"], SourceLocation(line: 2, column: 19))
        XCTAssertEqual(found["a.b[1].c"], SourceLocation(line: 2, column: 20))
        XCTAssertEqual(found["a.b[2]"], SourceLocation(line: 2, column: 32))
        XCTAssertEqual(found["é\"k"], SourceLocation(line: 3, column: 3), "an escaped key is matched by its text")
        XCTAssertEqual(found["d[1][1]"], SourceLocation(line: 4, column: 18))
        XCTAssertEqual(found[""], SourceLocation(line: 1, column: 1), "the root, after the BOM")
        XCTAssertNil(found["a.z"])
        XCTAssertNil(found["d[5]"])
    }

    /// org.json reads `[;{}]` (a `;` separator, a null, an object); the positions scanner walks strict JSON only and
    /// once stood still at the `}` its literal scan stopped at, looping forever (issues 66 and 68: every command
    /// spun on such a config). Whatever the text, the scanner ends and finds what precedes the stray character.
    func testTextStrictJSONDoesNotReadEndsTheScan() {
        for text in [#"{"a": [;{}], "b": 1}"#, #"{"a": [1}], "b": 1}"#, #"[}]"#, #"{"a": [;{"k": 1}]}"#, "[;{"] {
            let found = JSONPositions.locate(["a", "a[0]", "b"], in: Array(text.utf8))
            let ranges = JSONPositions.valueRanges(["a", "b"], in: Array(text.utf8))
            XCTAssertLessThanOrEqual(found.count, 3, text)
            XCTAssertLessThanOrEqual(ranges.count, 2, text)
        }
        XCTAssertEqual(
            JSONPositions.locate(["a"], in: Array(#"{"a": [;{}], "b": 1}"#.utf8))["a"],
            SourceLocation(line: 1, column: 2))
    }

    func testAConfigWithASemicolonBeforeAnObjectLoads() throws {
        let path = TestPaths.write(
            #"{"android": [;{"requiredVersion": "1.0.0"}], "ios": {"requiredVersion": "x"}}"#, named: "semi.json",
            in: TestPaths.temporaryDirectory())
        let loaded = try ConfigLoader().load(path, id: "semi.json")
        let located = Dictionary(
            loaded.locatedDiagnostics.map { ($0.code, $0.location) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(located["pov.android.rejected"], SourceLocation(line: 1, column: 14), "\(located)")
    }

    func testColumnsCountCharactersNotBytes() {
        let found = JSONPositions.locate(["k"], in: Array(#"{"ü": "ßß", "k": 1}"#.utf8))
        XCTAssertEqual(found["k"], SourceLocation(line: 1, column: 13))
    }

    func testLoadedDiagnosticsCarryTheirLocation() throws {
        let path = TestPaths.write(
            """
            {"packageName": "p",
             "updates": [
               {"filters": {"deviceModel": "[x*"}, "targetVersionCode": 5, "targetGooglePlay": true},
               {"forceExit": true}
             ]}
            """, named: "t.json", in: TestPaths.temporaryDirectory())
        let c = try ConfigLoader().load(path, id: "t.json")
        let located = Dictionary(c.locatedDiagnostics.map { ($0.code, $0.location) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(located["turkcell.android.invalidPattern"], SourceLocation(line: 3, column: 17))
        XCTAssertEqual(located["turkcell.android.forceExitWithoutVersionCode"], SourceLocation(line: 4, column: 4))
        XCTAssertNil(
            c.config.diagnostics.first?.location,
            "the document's own diagnostics stay as evaluated; reports are unchanged")
    }
}
