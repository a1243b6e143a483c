import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// `validate --output text|sarif|github|codequality`: each output against its schema or its documented
/// shape, on configs whose diagnostics have known places.
final class ValidationOutputTests: XCTestCase {
    /// A Turkcell document whose second update entry (line 9, column 5) Android never shows, and an NHS
    /// document whose recommended app version (line 5, its "value" at column 29) is below its minimum.
    static let turkcell = """
        {
          "packageName": "com.example.app",
          "updates": [
            {
              "targetVersionCode": 40,
              "targetPackageUrl": "https://example.com/app.apk",
              "forceUpdate": true
            },
            {
              "forceExit": true
            }
          ]
        }
        """
    static let nhs = """
        {
          "minimumOSVersion": {"value": "14.0.0", "description": {"en-GB": "OS"}},
          "minimumAppVersion": {"value": "6.00", "description": {"en-GB": "App"}},
          "recommendedOSVersion": {"value": "14.0.0", "title": {"en-GB": "t"}, "description": {"en-GB": "d"}},
          "recommendedAppVersion": {"value": "5.00", "title": {"en-GB": "t"}, "description": {"en-GB": "d"}}
        }
        """

    var folder: URL!

    override func setUp() {
        folder = TestPaths.temporaryDirectory()
        _ = TestPaths.write(Self.turkcell, named: "turkcell.json", in: folder)
        _ = TestPaths.write(Self.nhs, named: "nhs.json", in: folder)
        _ = TestPaths.write("{\n  \"minimumAppVersion\": {\"value\": 1,,}\n}\n", named: "broken.json", in: folder)
    }

    func validate(_ extra: [String]) throws -> CommandLineTests.Result {
        try CommandLineTests.run(["validate", folder.path, "--base-dir", folder.path] + extra)
    }

    func testTextNamesFileLineAndColumnOfEachDiagnostic() throws {
        let result = try validate([])
        XCTAssertEqual(result.status, 1, "an error (the broken document) fails validate")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(
            lines.contains { $0.hasPrefix(folder.path + "/broken.json:2:36: error: [config.unavailable]") },
            result.stdout)
        XCTAssertTrue(
            lines.contains { $0.hasPrefix(folder.path + "/nhs.json:5:29: warning: [nhs.recommendationBelowMinimum]") },
            result.stdout)
        // The entry of the array the diagnostic is about: updates[1] opens at line 9, column 5.
        XCTAssertTrue(
            lines.contains { $0.hasPrefix(folder.path + "/turkcell.json:9:5: ") && $0.contains("updates[1]") },
            result.stdout)
        XCTAssertFalse(result.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    func testSARIFIsValidAgainstTheSchemaAndPointsAtTheLines() throws {
        let result = try validate(["--output", "sarif"])
        XCTAssertEqual(result.status, 1)
        let path = TestPaths.write(result.stdout, named: "out.sarif", in: TestPaths.temporaryDirectory())
        let check = try Python.run(
            """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft4Validator(schema).validate(json.load(open(sys.argv[2])))
            print("valid")
            """, arguments: [TestPaths.fixture("schemas/sarif-schema-2.1.0.json"), path])
        XCTAssertEqual(check, "valid\n")

        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(sarif["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "fleet-audit")
        XCTAssertEqual(driver["semanticVersion"] as? String, FleetAuditVersion.current)
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(
            rules.compactMap { $0["id"] as? String }, DiagnosticCatalog.entries.map(\.code),
            "one rule per diagnostic code")
        XCTAssertTrue(
            rules.allSatisfy { $0["shortDescription"] != nil && $0["fullDescription"] != nil && $0["help"] != nil })
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        func place(_ code: String, _ uri: String) -> (String, Int, Int)? {
            for r in results where r["ruleId"] as? String == code {
                let physical = ((r["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
                let artifact = (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String
                let region = physical?["region"] as? [String: Any]
                if artifact == uri {
                    return (r["level"] as! String, region?["startLine"] as! Int, region?["startColumn"] as! Int)
                }
            }
            return nil
        }
        XCTAssertTrue(
            place("config.unavailable", "broken.json")! == ("error", 2, 36),
            "repository-relative uri, the syntax error's place")
        XCTAssertTrue(place("nhs.recommendationBelowMinimum", "nhs.json")! == ("warning", 5, 29))
        XCTAssertTrue(place("turkcell.android.forceExitWithoutVersionCode", "turkcell.json")! == ("warning", 9, 5))
        for r in results {
            let index = try XCTUnwrap(r["ruleIndex"] as? Int)
            XCTAssertEqual(rules[index]["id"] as? String, r["ruleId"] as? String, "ruleIndex points at the rule")
        }
    }

    func testGitHubAnnotationsAreWorkflowCommandsWithTheToolkitsEscaping() throws {
        let result = try validate(["--output", "github"])
        XCTAssertEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix("::error file=broken.json,line=2,col=36,title=fleet-audit [config.unavailable]::")
            }, result.stdout)
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix(
                    "::warning file=nhs.json,line=5,col=29,title=fleet-audit [nhs.recommendationBelowMinimum]::")
            })

        // The escaping itself: data escapes %, CR, LF; properties also : and ,. (A diagnostic's own line breaks are
        // already shown as `\r\n` text: `VisibleText`.)
        let report = ValidationReport(entries: [
            .init(
                source: "/repo/a,b:c.json", format: "osam",
                diagnostics: [
                    Diagnostic("osam.rejectedByCurrentClients", .error, "100% broken\r\nsecond line", path: ""),
                    Diagnostic("pov.legacyOnly", .info, "note"),
                ])
        ])
        let text = GitHubAnnotations.render(report, ValidationContext(baseDirectory: "/repo"))
        XCTAssertEqual(
            text,
            """
            ::error file=a%2Cb%3Ac.json,title=fleet-audit [osam.rejectedByCurrentClients]::100%25 broken\\r\\nsecond line
            ::notice file=a%2Cb%3Ac.json,title=fleet-audit [pov.legacyOnly]::note

            """)
    }

    func testCodeQualityHasGitLabsFieldsAndFingerprintsThatSurviveMovingALine() throws {
        func issues() throws -> [[String: Any]] {
            let result = try validate(["--output", "codequality"])
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        }
        let before = try issues()
        XCTAssertFalse(before.isEmpty)
        for issue in before {
            for key in ["description", "check_name", "fingerprint", "severity"] {
                XCTAssertNotNil(issue[key] as? String, key)
            }
            XCTAssertTrue(["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as! String))
            let location = try XCTUnwrap(issue["location"] as? [String: Any])
            XCTAssertFalse((location["path"] as! String).hasPrefix("/"), "repository-relative")
            XCTAssertNotNil((location["lines"] as? [String: Any])?["begin"] as? Int)
        }
        let fingerprints = before.map { $0["fingerprint"] as! String }
        XCTAssertEqual(Set(fingerprints).count, fingerprints.count, "fingerprints are unique")
        let nhs = try XCTUnwrap(before.first { ($0["location"] as! [String: Any])["path"] as? String == "nhs.json" })
        XCTAssertEqual(nhs["severity"] as? String, "minor")
        XCTAssertEqual(((nhs["location"] as! [String: Any])["lines"] as! [String: Any])["begin"] as? Int, 5)

        // Two lines added on top: the same findings, the same fingerprints, other lines.
        _ = TestPaths.write("\n\n" + Self.nhs, named: "nhs.json", in: folder)
        let after = try issues()
        let moved = try XCTUnwrap(after.first { ($0["location"] as! [String: Any])["path"] as? String == "nhs.json" })
        XCTAssertEqual(moved["fingerprint"] as? String, nhs["fingerprint"] as? String)
        XCTAssertEqual(((moved["location"] as! [String: Any])["lines"] as! [String: Any])["begin"] as? Int, 7)
    }

    func testPathsOutsideTheBaseStayAbsoluteAndURLsStayURLs() {
        let context = ValidationContext(baseDirectory: "/repo/checkout", workingDirectory: "/repo/checkout")
        XCTAssertEqual(context.relativePath("/repo/checkout/configs/a.json"), "configs/a.json")
        XCTAssertEqual(context.relativePath("configs/./b.json"), "configs/b.json")
        XCTAssertEqual(context.relativePath("/elsewhere/c.json"), "/elsewhere/c.json")
        XCTAssertEqual(
            context.relativePath("https://cdn.example.com/config.json"), "https://cdn.example.com/config.json")
        // A relative path is relative to where the command ran, whatever --base-dir says.
        let fromSubfolder = ValidationContext(baseDirectory: "..", workingDirectory: "/repo/checkout/configs")
        XCTAssertEqual(fromSubfolder.relativePath("a.json"), "configs/a.json")
        XCTAssertEqual(SARIFReport.uri("configs/my config.json"), "configs/my%20config.json")
        XCTAssertEqual(SARIFReport.uri("/elsewhere/c.json"), "file:///elsewhere/c.json")
    }

    func testColourOnlyOnATerminalWithoutNoColorOrDumbTerm() {
        XCTAssertEqual(TextStyle.forStream(isTerminal: true, environment: ["TERM": "xterm-256color"]), .ansi)
        XCTAssertEqual(TextStyle.forStream(isTerminal: false, environment: ["TERM": "xterm-256color"]), .plain)
        XCTAssertEqual(TextStyle.forStream(isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": "1"]), .plain)
        XCTAssertEqual(
            TextStyle.forStream(isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": ""]), .ansi,
            "no-color.org: an empty NO_COLOR is unset")
        XCTAssertEqual(TextStyle.forStream(isTerminal: true, environment: ["TERM": "dumb"]), .plain)
        // Issue 40: FORCE_COLOR for a CI log that renders ANSI; NO_COLOR still wins, FORCE_COLOR=0 is off.
        XCTAssertEqual(TextStyle.forStream(isTerminal: false, environment: ["FORCE_COLOR": "1"]), .ansi)
        XCTAssertEqual(TextStyle.forStream(isTerminal: false, environment: ["FORCE_COLOR": "0"]), .plain)
        XCTAssertEqual(
            TextStyle.forStream(isTerminal: false, environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"]), .plain)
        XCTAssertEqual(TextStyle.ansi.severity(.error), "\u{1B}[1;31merror\u{1B}[0m")
        XCTAssertEqual(TextStyle.plain.severity(.error), "error")
    }
}
