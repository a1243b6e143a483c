import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

final class OutcomeTests: XCTestCase {
    func testIndexIsReportOrderAndLockingMatchesTheList() {
        XCTAssertEqual(Outcome.allCases.map(\.index), Array(0..<Outcome.allCases.count))
        XCTAssertEqual(Outcome.allCases.filter(\.isLocking), Outcome.locking)
        var counts = OutcomeCounts()
        for (k, outcome) in Outcome.allCases.enumerated() { counts[outcome] += Int64(k + 1) }
        XCTAssertEqual(counts.values, [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(Set(Outcome.allCases).count, Outcome.allCases.count)
    }
}
