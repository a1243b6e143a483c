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
            "--junit", junit, "--fail-on", "worse>1", "--fail-on", "*->blocked>99%", "--quiet",
        ])
        XCTAssertEqual(result.status, 1, "worse>1 is crossed: " + result.stderr)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: Self.schema), [])
        let all = try cases(xml)
        XCTAssertEqual(all.map(\.name), ["worse>1", "*->blocked>99%"])
        XCTAssertTrue(try XCTUnwrap(all[0].failure).contains("gate worse>1 crossed"))
        XCTAssertNil(all[1].failure)
    }

    /// A plan that stops before evaluating (a broken draft, no `--keep-going`) still leaves what CI uploads: a
    /// JUnit error case and a plan.json, plan.xml and plan.html saying it failed and why — replacing an earlier
    /// plan in `--out`, so nothing stale is published.
    func testAPlanThatStoppedLeavesItsReportsSayingWhy() throws {
        let dir = TestPaths.temporaryDirectory()
        let draft = TestPaths.write(
            #"{"minimumAppVersion": {"value": 362,}"#, named: "availability-android.json", in: dir)
        let out = dir.appendingPathComponent("out")
        let junit = dir.appendingPathComponent("plan-gates.xml").path
        let base = [
            "plan", "--inventory", "SampleData/inventory.csv", "--releases", "SampleData/releases.csv",
            "--published", "SampleData/configs/nhs/availability-android.json", "--out", out.path, "--junit", junit,
            "--fail-on", "worse>1",
        ]
        let good = try CommandLineTests.run(base + ["--draft", "SampleData/drafts/nhs/availability-android.json"])
        XCTAssertEqual(good.status, 1, good.stderr)
        let result = try CommandLineTests.run(base + ["--draft", draft])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("invalid JSON"), result.stderr)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: Self.schema), [])
        let all = try cases(xml)
        XCTAssertEqual(all.map(\.classname), ["fleet-audit.run"], "no gate was checked: only the run's case")
        XCTAssertEqual(all.first?.kind, "error")
        XCTAssertTrue(try XCTUnwrap(all.first?.failure).contains("invalid JSON"))
        let plan = try XCTUnwrap(
            JSONParser.parse(String(contentsOf: out.appendingPathComponent("plan.json"), encoding: .utf8)).objectValue)
        let status = try XCTUnwrap(plan["status"]?.objectValue)
        XCTAssertEqual(status["state"], .string("failed"))
        XCTAssertEqual(status["exitCode"], .int(65))
        XCTAssertTrue(status["message"]?.stringValue?.contains("invalid JSON") ?? false, "\(status)")
        XCTAssertEqual(plan["pairs"]?.arrayValue?.count, 0, "the earlier plan's pairs are gone")
        let planXML = try String(contentsOf: out.appendingPathComponent("plan.xml"), encoding: .utf8)
        let planSchema = try String(
            contentsOf: TestPaths.repoRoot.appendingPathComponent("Templates/\(PlanXMLReport.schemaFile)"),
            encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: planXML, schema: planSchema), [])
        XCTAssertTrue(planXML.contains(#"<status state="failed" exitCode="65">"#), planXML)
        let html = try String(contentsOf: out.appendingPathComponent("plan.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("This plan failed (exit code 65)"))
        let last = result.stderr.split(separator: "\n").last ?? ""
        XCTAssertTrue(last.hasPrefix("fleet-audit: plan failed (exit 65) in "), "the run's one line: \(last)")
    }

    /// With `--keep-going`, a gate naming only a config (or pair) that could not be loaded is a case in error, on
    /// audit and on plan: a gate asked for never vanishes from the JUnit file (it used to, leaving CI green on it).
    func testAGateOnAConfigNotLoadedIsAnErrorCase() throws {
        let dir = TestPaths.temporaryDirectory()
        let broken = TestPaths.write("{broken", named: "availability-android.json", in: dir)
        let junit = dir.appendingPathComponent("gates.xml").path
        let plan = try CommandLineTests.run([
            "plan", "--inventory", "SampleData/inventory.csv", "--releases", "SampleData/releases.csv",
            "--published", "SampleData/configs/nhs/availability-android.json", "--published",
            "SampleData/configs/princeofversions/fleet-rollout.json", "--draft", broken, "--draft",
            "SampleData/drafts/princeofversions/fleet-rollout.json", "--keep-going", "--junit", junit,
            "--json", dir.appendingPathComponent("plan.json").path, "--html",
            dir.appendingPathComponent("plan.html").path,
            "--quiet",
            "--fail-on", "availability-android.json:error", "--fail-on", "forced>100000",
        ])
        XCTAssertEqual(plan.status, 65, plan.stderr)
        XCTAssertTrue(
            plan.stderr.contains(
                "gate availability-android.json:error not checked: every pair it names was not planned"),
            plan.stderr)
        var xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: Self.schema), [])
        var all = try cases(xml)
        XCTAssertEqual(
            all.map(\.name), ["forced>100000", "availability-android.json:error", "draft availability-android.json"])
        XCTAssertNil(all[0].failure, "checked on the pair that was planned, and holds")
        XCTAssertEqual(all[1].kind, "error")
        let planJSON = try XCTUnwrap(
            JSONParser.parse(String(contentsOfFile: dir.appendingPathComponent("plan.json").path, encoding: .utf8))
                .objectValue)
        XCTAssertEqual(planJSON["uncheckedGates"], .array([.string("availability-android.json:error")]))
        let planHTML = try String(contentsOf: dir.appendingPathComponent("plan.html"), encoding: .utf8)
        XCTAssertTrue(planHTML.contains("not checked"), "the page lists the gate too")

        let audit = try CommandLineTests.run([
            "audit", "--inventory", "SampleData/inventory.csv", "--releases", "SampleData/releases.csv",
            "--config", broken, "--config", "SampleData/configs/princeofversions/fleet-rollout.json", "--keep-going",
            "--allow-errors", "--junit", junit, "--quiet", "--fail-on", "availability-android.json:forced>0",
            "--html", dir.appendingPathComponent("report.html").path,
        ])
        XCTAssertEqual(
            audit.status, 1,
            "--allow-errors accepts the config not loaded, not a gate checked on nothing; " + audit.stderr)
        XCTAssertTrue(audit.stderr.contains("gate availability-android.json:forced>0 not checked"), audit.stderr)
        xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: Self.schema), [])
        all = try cases(xml)
        XCTAssertEqual(all.map(\.name), ["availability-android.json:forced>0", "availability-android.json"])
        XCTAssertEqual(all[0].kind, "error", "not a pass: the gate was checked on nothing")
        let html = try String(contentsOf: dir.appendingPathComponent("report.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("availability-android.json:forced&gt;0"), "the gate has its row")
        XCTAssertTrue(html.contains("not checked"))
    }

    /// The suite's `time` is the run's wall time, each case's 0 (a gate takes none of its own); under
    /// `SOURCE_DATE_EPOCH` no time is written, so the file is the same on every run.
    func testTheSuiteCarriesTheRunsTimeUnlessReproducible() throws {
        let junit = TestPaths.temporaryDirectory().appendingPathComponent("gates.xml").path
        let arguments = [
            "audit", "--inventory", "SampleData/inventory.csv", "--config-dir", "SampleData/configs/nhs",
            "--releases", "SampleData/releases.csv", "--junit", junit, "--quiet", "--fail-on", "forced>99%",
        ]
        XCTAssertEqual(try CommandLineTests.run(arguments).status, 0)
        let timed = try XMLDocument(xmlString: try String(contentsOfFile: junit, encoding: .utf8))
        let suiteTime = try XCTUnwrap(
            (try timed.nodes(forXPath: "//testsuite").first as? XMLElement)?.attribute(forName: "time")?.stringValue)
        XCTAssertGreaterThan(try XCTUnwrap(Double(suiteTime)), 0)
        let caseTimes = try timed.nodes(forXPath: "//testcase").map {
            ($0 as! XMLElement).attribute(forName: "time")?.stringValue
        }
        XCTAssertEqual(caseTimes, ["0"])
        XCTAssertEqual(XMLSchemaCheck.problems(xml: timed.xmlString, schema: Self.schema), [])
        let epoch = ["SOURCE_DATE_EPOCH": "1795000000"]
        XCTAssertEqual(try CommandLineTests.run(arguments, environment: epoch).status, 0)
        let first = try String(contentsOfFile: junit, encoding: .utf8)
        let reproducible = try XMLDocument(xmlString: first)
        XCTAssertNil(
            (try reproducible.nodes(forXPath: "//testsuite").first as? XMLElement)?.attribute(forName: "time"))
        XCTAssertEqual(try CommandLineTests.run(arguments, environment: epoch).status, 0)
        XCTAssertEqual(try String(contentsOfFile: junit, encoding: .utf8), first, "byte for byte")
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
