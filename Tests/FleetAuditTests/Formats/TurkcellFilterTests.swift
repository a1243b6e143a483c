import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Every row of `cases/turkcell-filter-rules.tsv`, for both platforms' rule languages.
final class TurkcellFilterTests: XCTestCase {
    /// `'text'` or `"text"` → text; `<null>` → nil.
    private func cell(_ s: Substring) -> String? {
        if s == "<null>" { return nil }
        if s.count >= 2, let f = s.first, f == s.last, f == "'" || f == "\"" { return String(s.dropFirst().dropLast()) }
        return String(s)
    }

    func testEveryRowForAndroidAndIOS() throws {
        let text = try String(contentsOfFile: TestPaths.fixture("cases/turkcell-filter-rules.tsv"), encoding: .utf8)
        var checked = 0
        for line in text.split(separator: "\n").dropFirst() {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 7 else { continue }
            let rule = cell(f[2])
            let value = cell(f[3])
            let label = "line \(f[0]) rule \(f[2]) value \(f[3])"
            XCTAssertEqual(TurkcellFilter.android(rule: rule, value: value), f[5] == "true", "Android " + label)
            let ios = TurkcellFilter.iOS(rule: rule, value: value)
            if f[6].hasPrefix("EXC") {
                XCTAssertNil(ios, "iOS crashes: " + label)
            } else {
                XCTAssertEqual(ios, f[6] == "true", "iOS " + label)
            }
            checked += 1
        }
        XCTAssertEqual(checked, 360)
    }
}
