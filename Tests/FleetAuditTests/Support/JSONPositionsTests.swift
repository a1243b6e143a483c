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
