import XCTest

@testable import FleetAuditFormats

/// SUStandardVersionComparator (SPEC §5.6): every row of `version-comparisons.tsv` — Sparkle's own
/// SUVersionComparisonTest.m assertions and answers of the real comparator.
final class SparkleVersionComparatorTests: XCTestCase {
    func testEveryRowOfTheComparisonTable() throws {
        let text = try String(contentsOfFile: SparkleTestSupport.fixture("version-comparisons.tsv"), encoding: .utf8)
        var rows = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("kind\t") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let (a, b, expected) = (cells[2], cells[3], cells[4])
            let result = SparkleVersionComparator.compare(a, b)
            let name = result == .orderedAscending ? "ascending" : result == .orderedDescending ? "descending" : "same"
            XCTAssertEqual(name, expected, "\(a) vs \(b) (\(cells[1]))")
            rows += 1
        }
        XCTAssertGreaterThanOrEqual(rows, 54)
    }

    func testTheComparatorIsAnOrderOnOddVersions() {
        let versions = [
            "1.0", "1.0.0", "1.0b5", "1.0-beta", "2.0 beta", "245", "1.2.3", "", "v1.0", "1_0", "١٢",
            "99999999999999999999",
        ]
        for a in versions {
            XCTAssertEqual(SparkleVersionComparator.compare(a, a), .orderedSame, a)
            for b in versions {
                let ab = SparkleVersionComparator.compare(a, b)
                let ba = SparkleVersionComparator.compare(b, a)
                XCTAssertEqual(ab.rawValue, -ba.rawValue, "\(a) vs \(b) is antisymmetric")
            }
        }
    }
}
