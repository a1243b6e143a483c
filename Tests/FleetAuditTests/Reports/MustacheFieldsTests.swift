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

    private func walk(_ value: Any, checked: inout Set<String>) {
        let mirror = Mirror(reflecting: value)
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
