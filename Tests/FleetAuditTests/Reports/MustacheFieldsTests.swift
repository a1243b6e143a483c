import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// The key-path tables the templates read (`MustacheFields`) name every stored property of their type, under
/// its own name, and give its value: checked on every context value the sample audit's page holds.
final class MustacheFieldsTests: XCTestCase {
    func testEveryContextTableNamesEachFieldAndGivesItsValue() {
        var checked = Set<String>()
        walk(HTMLReport.context(ReportRenderingTests.sample), checked: &checked)
        for type in [
            "Page", "ConfigSection", "Cell", "BarSegment", "RuleRow", "PlatformRow", "Card", "CoverageChart", "Bar",
            "Row",
        ] {
            XCTAssertTrue(checked.contains(type), "the sample's page holds a \(type)")
        }
    }

    /// The plan's page (the README's sample plan: two pairs with moves by platform and by rule) and whatif's
    /// (the README's Android sweep, with its chart): every one of their context types reads through its table.
    func testThePlanAndWhatIfPagesTablesNameEachFieldAndGiveItsValue() throws {
        var audit = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        audit.releasesPath = TestPaths.sample("releases.csv")
        audit.asOf = Date(timeIntervalSince1970: 1_795_000_000)
        var plan = PlanRequest(audit: audit)
        plan.published = [
            TestPaths.sample("configs/nhs/availability-android.json"),
            TestPaths.sample("configs/princeofversions/fleet-rollout.json"),
        ]
        plan.draft = [TestPaths.sample("drafts")]
        var checked = Set<String>()
        walk(PlanHTMLReport.context(try PlanRun.run(plan)), checked: &checked)
        for type in [
            "Page", "PairSection", "SummaryLine", "TotalRow", "SideRow", "Matrix", "MatrixRow", "MatrixCell",
            "PlatformMoves", "Move", "RuleMoveRow", "Card",
        ] {
            XCTAssertTrue(checked.contains(type), "the sample plan's page holds a \(type)")
        }

        var whatIf = WhatIfRequest(audit: audit, platform: .android)
        whatIf.app = .sweep
        checked = []
        walk(WhatIfHTMLReport.context(try WhatIfRun.run(whatIf)), checked: &checked)
        for type in ["Page", "Row", "Chart", "Segment", "Label", "Card"] {
            XCTAssertTrue(checked.contains(type), "the sample sweep's page holds a \(type)")
        }
    }

    private func walk(_ value: Any, checked: inout Set<String>) {
        let mirror = Mirror(reflecting: value)
        // An optional context value (the sweep's chart) is checked as the value it holds.
        if mirror.displayStyle == .optional {
            if let held = mirror.children.first { walk(held.value, checked: &checked) }
            return
        }
        if let fields = value as? any MustacheFields {
            let name = String(describing: type(of: value))
            checked.insert(name)
            let labels = mirror.children.compactMap(\.label)
            XCTAssertEqual(Set(labels), Set(Self.tableNames(fields)), name)
            for child in mirror.children {
                guard let label = child.label else { continue }
                XCTAssertEqual(
                    fields.child(named: label).map { String(describing: $0) }, String(describing: child.value),
                    "\(name).\(label)")
            }
        }
        for child in mirror.children { walk(child.value, checked: &checked) }
    }

    private static func tableNames<T: MustacheFields>(_ value: T) -> [String] { Array(T.fields.keys) }
}
