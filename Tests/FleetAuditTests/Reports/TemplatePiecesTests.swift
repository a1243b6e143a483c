import Mustache
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Long templates parsed in pieces (`TemplatePieces`) render what the whole templates render.
final class TemplatePiecesTests: XCTestCase {
    /// A page cut into pieces (`TemplatePieces`) renders what the whole page renders: sections, inverted
    /// sections and tags alone on their lines, comments over several lines, unescaped values, indented partials
    /// (themselves cut, one including another), cut at every line it may be and at a few sizes, with sections
    /// present, empty and missing.
    func testAPageInPiecesRendersAsTheWholePage() throws {
        let page = """
            <h1>{{title}}</h1>
            {{! a comment
              over lines {{#not}} }}
            {{#rows}}
              <tr>{{name}}</tr>
              {{#inner}}
                <td>{{{raw}}} & {{&raw}}</td>
              {{/inner}}
            {{/rows}}
            {{^rows}}
            <p>no rows</p>
            {{/rows}}
              {{> cell}}
            <p>{{title}} {{> cell}}</p>
            {{#flag}}yes{{/flag}}{{^flag}}no{{/flag}}

            \t{{#rows}}{{name}},{{/rows}}
            <footer>{{ title }}</footer>
            """
        let contexts: [[String: Any]] = [
            [
                "title": "<fleet>", "rows": [["name": "a", "inner": [["raw": "<b>"]]], ["name": "b & c"]], "flag": true,
            ],
            ["title": "t", "rows": [] as [Any], "flag": false],
            ["title": "only"],
        ]
        // Partials are cut too, and included indented as a whole: each of their lines indented.
        let files = [
            "report.html.mustache": page,
            "cell.mustache":
                "<td>{{title}}</td>\n<td>x</td>\n{{#rows}}\n<i>{{name}}</i>\n{{/rows}}\n\t{{> leaf}}\nend\n",
            "leaf.mustache": "leaf one\n{{#flag}}\nflag\n{{/flag}}\nleaf two\n",
        ]
        var whole = ReportTemplates(files: files, origin: "test")
        whole.pieceBytes = nil
        var cuts = 0
        for size in [1, 7, 40, 100] {
            let pieces = try XCTUnwrap(TemplatePieces.cut(page, pieceBytes: size), "size \(size)")
            XCTAssertEqual(pieces.joined(), page, "size \(size)")
            for piece in pieces { XCTAssertNoThrow(try MustacheTemplate(string: piece), "size \(size): \(piece)") }
            cuts = max(cuts, pieces.count)
            var inPieces = ReportTemplates(files: files, origin: "test")
            inPieces.pieceBytes = size
            for context in contexts {
                XCTAssertEqual(
                    try inPieces.render(context, template: "report.html"),
                    try whole.render(context, template: "report.html"),
                    "size \(size), \(context)")
            }
        }
        XCTAssertGreaterThanOrEqual(cuts, 8, "cut at every line outside the sections")
        XCTAssertNil(TemplatePieces.cut("{{=<% %>=}}\n<%x%>\n" + page, pieceBytes: 1), "changed delimiters: not cut")
        XCTAssertNil(TemplatePieces.cut("{{#open}}\na\nb\n", pieceBytes: 1), "an unclosed section: not cut")
    }

    /// The built-in pages are cut into several pieces that join back to them, and the audit's page on the sample
    /// renders byte for byte as when parsed whole.
    func testTheBuiltInPagesInPiecesRenderAsWhole() throws {
        for name in ["report.html", "plan.html", "whatif.html"] {
            let text = try XCTUnwrap(ReportTemplates.embedded.mustache[name])
            let pieces = try XCTUnwrap(TemplatePieces.cut(text), name)
            XCTAssertGreaterThanOrEqual(pieces.count, 2, name)
            XCTAssertEqual(pieces.joined(), text, name)
            for piece in pieces { XCTAssertNoThrow(try MustacheTemplate(string: piece), "\(name): parsed in pieces") }
        }
        var whole = ReportTemplates.embedded
        whole.pieceBytes = nil
        let report = ReportRenderingTests.sample
        XCTAssertEqual(try HTMLReport.render(report), try HTMLReport.render(report, templates: whole))
    }
}
