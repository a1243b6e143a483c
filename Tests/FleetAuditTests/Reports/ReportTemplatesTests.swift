import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// A page is rendered with its template and every partial it names (and they in turn), parsed; the other
/// commands' templates are not parsed at all.
final class ReportTemplatesTests: XCTestCase {
    func testAPageRendersWithThePartialsItNamesAndParsesNoOtherTemplate() throws {
        let templates = ReportTemplates(
            files: [
                "report.html.mustache": "<p>{{> footer}}</p>",
                "footer.mustache": "{{name}} {{> sign}}",
                "sign.mustache": "(signed)",
                "unused.mustache": "never {{name}}",
                // Unparseable: reading it would fail the page.
                "plan.html.mustache": "{{#open}} never closed",
            ], origin: "test")
        XCTAssertEqual(try templates.render(["name": "fleet"], template: "report.html"), "<p>fleet (signed)</p>")
        XCTAssertThrowsError(
            try templates.render(["name": "fleet"], template: "plan.html"), "its own template still fails")
        XCTAssertThrowsError(try templates.render([:], template: "whatif.html"), "no such template")
    }
}
