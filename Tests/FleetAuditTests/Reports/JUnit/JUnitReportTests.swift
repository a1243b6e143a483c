import FleetAuditTestSupport
import FleetAuditXML
import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `--junit FILE` on audit and plan: a test case per gate, one per config that did not load, valid against
/// Jenkins' junit-10.xsd, with the value and the limit in the failure's text (what GitLab shows).
final class JUnitReportTests: XCTestCase {
    static var schema: String {
        try! String(contentsOfFile: TestPaths.fixture("schemas/junit-10.xsd"), encoding: .utf8)
    }

    /// The cases of a JUnit file: classname, name, and the failure or error text (nil when it passed).
    func cases(_ xml: String) throws -> [(classname: String, name: String, failure: String?, kind: String?)] {
        let doc = try XMLDocument(xmlString: xml)
        return try doc.nodes(forXPath: "//testcase").map { node in
            let e = node as! XMLElement
            let failing = (e.elements(forName: "failure") + e.elements(forName: "error")).first
            return (
                e.attribute(forName: "classname")!.stringValue!, e.attribute(forName: "name")!.stringValue!,
                failing?.stringValue, failing?.name
            )
        }
    }

    func testAuditGatesAndAMissingConfigAreTestCases() throws {
        let dir = TestPaths.temporaryDirectory()
        let junit = dir.appendingPathComponent("gates.xml").path
        let result = try CommandLineTests.run(
            [
                "audit", "--inventory", "SampleData/inventory.csv", "--config-dir", "SampleData/configs/nhs",
                "--config", "SampleData/configs/nowhere.json", "--keep-going", "--releases", "SampleData/releases.csv",
                "--json", dir.appendingPathComponent("r.json").path, "--junit", junit, "--quiet",
                "--fail-on", "availability-ios.json:blocked>50", "--fail-on", "forced>99%",
            ], environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        XCTAssertEqual(result.status, 1, "a gate is crossed (the config that did not load is reported, --keep-going)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: Self.schema), [])
        let all = try cases(xml)
        // The default gates (error, notLoaded>0) follow the user's, listed because they are crossed.
        XCTAssertEqual(all.map(\.classname), Array(repeating: "fleet-audit.gates", count: 4) + ["fleet-audit.configs"])
        XCTAssertEqual(
            all.map(\.name), ["availability-ios.json:blocked>50", "forced>99%", "error", "notLoaded>0", "nowhere.json"])
        for defaultGate in all[2...3] {
            XCTAssertTrue(try XCTUnwrap(defaultGate.failure).contains("checked by default"), defaultGate.name)
        }
        // The crossed gate's text: the value and the limit; the held one passes.
        let crossed = try XCTUnwrap(all[0].failure)
        XCTAssertEqual(all[0].kind, "failure")
        XCTAssertTrue(crossed.hasPrefix("availability-ios.json: blocked = 92 devices"), crossed)
        XCTAssertTrue(crossed.contains("gate availability-ios.json:blocked>50 crossed"), crossed)
        XCTAssertNil(all[1].failure)
        XCTAssertTrue(try XCTUnwrap(all[4].failure).contains("nowhere.json: config not found"))
        XCTAssertTrue(
            xml.contains("<testsuite name=\"fleet-audit audit\" tests=\"5\" failures=\"4\" errors=\"0\""), xml)
        XCTAssertTrue(xml.contains("timestamp=\"2026-11-18T11:06:40Z\""), "SOURCE_DATE_EPOCH, not the clock")
    }

    func testARunThatStoppedIsAnErrorCase() throws {
        let junit = TestPaths.temporaryDirectory().appendingPathComponent("gates.xml").path
        let result = try CommandLineTests.run([
            "audit", "--inventory", "SampleData/no-such-inventory.csv", "--config-dir", "SampleData/configs/nhs",
            "--junit", junit, "--fail-on", "blocked>0",
        ])
        XCTAssertEqual(result.status, 65)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: Self.schema), [])
        let all = try cases(xml)
        XCTAssertEqual(all.first?.classname, "fleet-audit.run")
        XCTAssertEqual(all.first?.kind, "error")
        XCTAssertTrue(try XCTUnwrap(all.first?.failure).contains("no-such-inventory.csv"))
    }

    func testPlanGatesAreTestCases() throws {
        let junit = TestPaths.temporaryDirectory().appendingPathComponent("plan-gates.xml").path
        let result = try CommandLineTests.run([
            "plan", "--inventory", "SampleData/inventory.csv", "--releases", "SampleData/releases.csv",
            "--published", "SampleData/configs/nhs/availability-android.json", "--draft",
            "SampleData/drafts/nhs/availability-android.json",
            "--junit", junit, "--fail-on", "worse>1", "--fail-on", "*->blocked>100%", "--quiet",
        ])
        XCTAssertEqual(result.status, 1, "worse>1 is crossed: " + result.stderr)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: Self.schema), [])
        let all = try cases(xml)
        XCTAssertEqual(all.map(\.name), ["worse>1", "*->blocked>100%"])
        XCTAssertTrue(try XCTUnwrap(all[0].failure).contains("gate worse>1 crossed"))
        XCTAssertNil(all[1].failure)
    }

    func testEscapingKeepsHostileGateAndConfigTextInsideTheDocument() throws {
        let report = JUnitReport(
            suite: "fleet-audit audit", timestamp: Date(timeIntervalSince1970: 0),
            cases: [
                .init(
                    classname: JUnitReport.configClass, name: "<x>&\"]]>",
                    result: .failure(type: "config", summary: "a\"b", detail: "</failure><y/>"))
            ])
        let xml = report.render()
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: Self.schema), [])
        XCTAssertEqual(try cases(xml).first?.failure, "</failure><y/>")
        XCTAssertEqual(try cases(xml).first?.name, "<x>&\"]]>")
    }
}
