import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

final class FormatRegistryTests: XCTestCase {
    private func load(_ json: String, format: String? = nil) throws -> LoadedConfig {
        let path = TestPaths.write(json, named: "c.json", in: TestPaths.temporaryDirectory())
        return try ConfigLoader(forcedFormat: format).load(path, id: "c.json")
    }

    func testEachFormatIsDetectedFromItsKeys() throws {
        for (json, name) in [
            (#"{"minimumOSVersion": {}}"#, "nhs-availability"),
            (#"{"ios2": [], "meta": {}}"#, "princeofversions"),
            (#"{"packageName": "a", "updates": []}"#, "turkcell-updater"),
            (#"{"data": {"comparisonMode": "FORCE"}}"#, "osam"),
        ] {
            XCTAssertEqual(try load(json).format, name, json)
        }
    }

    func testUnknownDocumentsNameTheKeysFound() {
        XCTAssertThrowsError(try load(#"{"foo": 1, "bar": 2}"#)) { error in
            XCTAssertTrue("\(error)".contains("foo, bar"), "\(error)")
        }
        XCTAssertThrowsError(try load("[1]")) { error in
            XCTAssertTrue("\(error)".contains("must be a JSON object"), "\(error)")
        }
    }

    func testSyntaxErrorNamesFileLineAndColumn() {
        XCTAssertThrowsError(try load("{\n  \"minimumOSVersion\": {\n    \"value\" \"13\"\n  }\n}")) { error in
            let e = error as! ConfigError
            XCTAssertEqual(
                e.kind, .syntax(line: 3, column: 13, message: "unexpected '\"', expected ':' after key \"value\""))
            XCTAssertTrue(
                e.description.hasSuffix("c.json:3:13: invalid JSON: unexpected '\"', expected ':' after key \"value\""),
                e.description)
        }
    }

    func testForcedFormat() throws {
        XCTAssertEqual(
            try load(#"{"minimumSDKVersion": {"value": 1}}"#, format: "nhs-availability").format, "nhs-availability")
        XCTAssertThrowsError(try load("{}", format: "nope"))
    }

    func testIDsAreFileNamesMadeUniqueWithFolders() {
        XCTAssertEqual(
            ConfigLoader.ids(for: ["a/x/ios.json", "b/x/ios.json", "c/android.json", "https://h/p.json"]),
            ["a/x/ios.json", "b/x/ios.json", "android.json", "p.json"])
        // A URL's id is its file name, like a file's (so the README's `availability-ios.json:forced>1000` gate works
        // for a URL config); its parent paths, then its host, tell equal names apart; a query never shows.
        XCTAssertEqual(
            ConfigLoader.ids(for: [
                "https://cfg.example.org/ios/availability.json?v=3",
                "https://cfg.example.org/android/availability.json",
                "https://other.example.org/ios/availability.json",
            ]),
            [
                "cfg.example.org/ios/availability.json", "android/availability.json",
                "other.example.org/ios/availability.json",
            ])
        XCTAssertEqual(ConfigLoader.ids(for: ["a.json", "a.json"]), ["a.json", "a.json#2"])
    }
}
