import FleetAuditTestSupport
import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// The three renderers on the sample audit: the XML validates against the shipped XSD, and JSON, XML
/// and HTML carry the same numbers.
final class ReportRenderingTests: XCTestCase {
    static let sample: AuditReport = {
        var request = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        request.configDirectories = [TestPaths.sample("configs")]
        request.releasesPath = TestPaths.sample("releases.csv")
        request.gates = [try! Gate(parsing: "forced>1000")]
        var report = try! AuditRun.run(request, generatedAt: Date(timeIntervalSince1970: 1_795_000_000))
        report.gates = request.gates.flatMap { $0.check(report) }
        return report
    }()

    static var schema: String {
        try! String(
            contentsOf: TestPaths.repoRoot.appendingPathComponent("Templates/\(XMLReport.schemaFile)"), encoding: .utf8)
    }

    func testTheBuiltInTemplatesAreTheFilesOfTemplates() throws {
        let folder = TestPaths.repoRoot.appendingPathComponent("Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
            .sorted()
        XCTAssertEqual(ReportTemplates.embedded.files.keys.sorted(), names)
        for name in names {
            let onDisk = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            XCTAssertEqual(ReportTemplates.embedded.files[name], onDisk, "\(name): rebuild to embed the current file")
        }
    }

    func testXMLValidatesAgainstTheSchema() {
        let xml = XMLReport.render(Self.sample)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: Self.schema), [])
        XCTAssertTrue(xml.contains(#"xmlns="urn:fleet-audit:report:1""#))
        XCTAssertTrue(xml.contains("schemaVersion=\"\(XMLReport.schemaVersion)\""))
        XCTAssertEqual(
            XMLReport.schemaVersion, "1.5",
            "1.1 added inventory/snapshot, 1.2 diagnostics' line and column, 1.3 history and coverage, 1.4 rejected devices, 1.5 unchecked gates"
        )
        XCTAssertTrue(
            xml.contains(#"generatedAt="2026-11-18T"#)
                || xml.contains("generatedAt=\"\(Timestamps.iso8601(Date(timeIntervalSince1970: 1_795_000_000)))\""))
    }

    func testTheSchemaCatchesAnInvalidReport() {
        let xml = XMLReport.render(Self.sample).replacingOccurrences(
            of: #"<totals forced=""#, with: #"<totals forced="-"#)
        let problems = XMLSchemaCheck.problems(xml: xml, schema: Self.schema)
        XCTAssertFalse(problems.isEmpty)
        XCTAssertTrue(problems.joined().contains("forced"), "\(problems)")
        XCTAssertFalse(XMLSchemaCheck.problems(xml: "<report", schema: Self.schema).isEmpty)
    }

    func testControlCharactersNeverBreakTheXML() {
        XCTAssertEqual(XMLWriter.sanitized("a\u{0}b\u{1B}c\td"), "a\u{FFFD}b\u{FFFD}c\td")
    }

    /// Totals per config from each renderer, as outcome → count.
    private func jsonTotals(_ report: AuditReport) throws -> [String: [String: Int64]] {
        let root = try JSONParser.parse(JSONReport.render(report)).objectValue!
        var out: [String: [String: Int64]] = [:]
        for c in root["configs"]!.arrayValue! {
            let o = c.objectValue!
            let totals = o["totals"]!.objectValue!
            out[o["id"]!.stringValue!] = Dictionary(
                uniqueKeysWithValues: totals.keys.map { ($0, totals[$0]!.numberValue!.int64!) })
        }
        return out
    }

    /// Config id → outcome → count, from a text where `block` captures (id, counts) and `pair` captures
    /// (outcome, count) inside the counts.
    private func totals(_ text: String, block: String, pair: String) throws -> [String: [String: Int64]] {
        let blockRE = try NSRegularExpression(pattern: block, options: [.dotMatchesLineSeparators])
        let pairRE = try NSRegularExpression(pattern: pair)
        let ns = text as NSString
        var out: [String: [String: Int64]] = [:]
        for m in blockRE.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let body = ns.substring(with: m.range(at: 2)) as NSString
            var counts: [String: Int64] = [:]
            for p in pairRE.matches(in: body as String, range: NSRange(location: 0, length: body.length)) {
                counts[body.substring(with: p.range(at: 1))] = Int64(body.substring(with: p.range(at: 2)))!
            }
            out[ns.substring(with: m.range(at: 1))] = counts
        }
        return out
    }

    /// The XML's config totals (after checking it against the schema).
    private func xmlTotals(_ xml: String) throws -> [String: [String: Int64]] {
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: Self.schema), [])
        return try totals(xml, block: #"<config id="([^"]*)"[^>]*>.*?<totals ([^>]*)/>"#, pair: #"(\w+)="(\d+)""#)
    }

    /// The HTML's summary table: `<tr data-config>` rows with `data-outcome`/`data-count` cells.
    private func htmlTotals(_ html: String) throws -> [String: [String: Int64]] {
        try totals(
            html, block: #"<tr data-config="([^"]*)">(.*?)</tr>"#, pair: #"data-outcome="(\w+)" data-count="(\d+)""#)
    }

    func testTheThreeReportsCarryIdenticalNumbers() throws {
        let json = try jsonTotals(Self.sample)
        XCTAssertEqual(json.count, 11)
        XCTAssertEqual(try xmlTotals(XMLReport.render(Self.sample)), json)
        XCTAssertEqual(try htmlTotals(HTMLReport.render(Self.sample)), json)
    }

    func testHTMLIsSelfContained() throws {
        let html = try HTMLReport.render(Self.sample)
        XCTAssertFalse(
            html.range(of: "<script", options: .caseInsensitive) != nil, "works with JavaScript off: there is none")
        for external in ["src=\"http", "href=\"http", "url(", "@import", "<link"] {
            XCTAssertFalse(html.contains(external), external)
        }
        XCTAssertTrue(html.contains("prefers-color-scheme: dark"))
        XCTAssertTrue(html.contains("@media print"))
        XCTAssertTrue(html.contains("<svg class=\"bar\""))
        XCTAssertTrue(html.contains("Rules that force or block the most devices"))
        XCTAssertTrue(html.contains("gate-crossed"), "a crossed gate is shown")
        XCTAssertTrue(html.contains("347b"), "rejected rows are listed")
        XCTAssertTrue(html.contains("england-first"), "merged meta is shown per rule")
    }

    func testCustomTemplatesFolder() throws {
        let dir = TestPaths.temporaryDirectory()
        _ = TestPaths.write(
            "CUSTOM {{rowsRead}} {{#configs}}[{{id}}]{{/configs}}", named: "report.html.mustache", in: dir)
        let html = try HTMLReport.render(Self.sample, templates: ReportTemplates.load(directory: dir.path))
        XCTAssertTrue(html.hasPrefix("CUSTOM 4,000 [availability-android.json]"), html)
        _ = TestPaths.write("{{#configs}}", named: "report.html.mustache", in: dir)
        XCTAssertThrowsError(try HTMLReport.render(Self.sample, templates: ReportTemplates.load(directory: dir.path)))
        XCTAssertThrowsError(try ReportTemplates.load(directory: dir.path + "/nope"))
    }
}

/// A rejection's place in the JSON: `line` (schema 1's key) is a rowid for SQLite, which says so (`rowid`).
final class RejectionLocationTests: XCTestCase {
    func testASQLiteRejectionNamesItsRowid() throws {
        var reports: [String: JSONObject] = [:]
        for inventory in ["inventory.csv", "inventory.sqlite"] {
            let result = try CommandLineTests.run([
                "audit", "--inventory", TestPaths.sample(inventory), "--config",
                TestPaths.sample("configs/nhs/availability-ios.json"), "--json", "-", "--quiet",
            ])
            XCTAssertEqual(result.status, 0, result.stderr)
            reports[inventory] = try XCTUnwrap(
                JSONParser.parse(result.stdout).objectValue?["inventory"]?.objectValue)
        }
        let sqlite = try XCTUnwrap(reports["inventory.sqlite"]?["rejections"]?.arrayValue?.compactMap(\.objectValue))
        XCTAssertEqual(sqlite.count, 5)
        for r in sqlite { XCTAssertEqual(r["rowid"], r["line"]) }
        let csv = try XCTUnwrap(reports["inventory.csv"]?["rejections"]?.arrayValue?.compactMap(\.objectValue))
        XCTAssertEqual(csv.count, 5)
        XCTAssertTrue(csv.allSatisfy { $0["rowid"] == nil }, "a CSV rejection has a line, not a rowid")
    }
}
