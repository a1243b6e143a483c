import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Every asserted row of section A of `cases/pov-android-v4.md` (the Android 4.x library's own
/// end-to-end tests), read from the table itself so that a new row is a new check.
final class PoVAndroidCaseTableTests: XCTestCase {
    struct Row {
        let fixture: String, key: String, code: Int, sdk: Int, stored: String?, status: String, line: String
    }

    private func rows() throws -> [Row] {
        let text = try String(contentsOfFile: TestPaths.fixture("cases/pov-android-v4.md"), encoding: .utf8)
        let section = text.components(separatedBy: "## A.")[1].components(separatedBy: "\n## ")[0]
        return section.split(separator: "\n").compactMap { line -> Row? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count > 8, cells[1].hasSuffix(".json"), let code = Int(cells[3]), let sdk = Int(cells[4]) else {
                return nil
            }
            let stored = cells[6] == "none" ? nil : cells[6]
            return Row(
                fixture: cells[1], key: String(cells[2].split(separator: " ")[0]), code: code, sdk: sdk,
                stored: stored, status: cells[7], line: String(line))
        }
    }

    /// The table's statuses as outcomes (conformance README). An error whose fixture has a
    /// `required_os_version` the device fails is `unsupportedOS`; other errors are `notTargeted`.
    private func expected(_ row: Row) -> Outcome? {
        switch row.status {
        case "REQUIRED_UPDATE_NEEDED": return .forced
        case "NEW_UPDATE_AVAILABLE": return .recommended
        case "NO_UPDATE_AVAILABLE": return .upToDate
        case let s where s.hasPrefix("ERROR"): return row.fixture.contains("sdk_values") ? .unsupportedOS : .notTargeted
        default: return nil  // "onSuccess (status not asserted)"
        }
    }

    func testEveryAssertedRowOfTheAndroidTable() throws {
        let rows = try rows()
        XCTAssertGreaterThanOrEqual(rows.count, 30, "the table was not read")
        var checked = 0
        for row in rows {
            let config = try PoV.load("android/" + row.fixture)
            var attributes: [String: String] = [:]
            if let stored = row.stored { attributes["last_notified_version"] = stored }
            let decision = PoV.decide(config, PoV.android(code: row.code, sdk: row.sdk, attributes: attributes))
            guard let outcome = expected(row) else {
                XCTAssertNotEqual(decision.outcome, .notTargeted, row.line)
                continue
            }
            XCTAssertEqual(
                decision.outcome, outcome, "\(row.fixture) code \(row.code) sdk \(row.sdk): \(decision.reason)")
            if outcome != .notTargeted, row.key.hasPrefix("android") {
                XCTAssertEqual(decision.rule, "\(row.key)[0]", row.line)
            }
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 30)
    }

    /// The derived rows under the table.
    func testDerivedRows() throws {
        let nullRequirement = try PoV.load("android/update_with_requirements_null.json")
        XCTAssertEqual(PoV.decide(nullRequirement, PoV.android(code: 230, sdk: 16)).outcome, .recommended)

        let small = try PoV.load("android/valid_update_with_small_sdk_values.json")
        XCTAssertEqual(PoV.decide(small, PoV.android(code: 100, sdk: 15)).outcome, .forced)
        XCTAssertEqual(PoV.decide(small, PoV.android(code: 123, sdk: 15)).outcome, .recommended)
        XCTAssertEqual(PoV.decide(small, PoV.android(code: 244, sdk: 30)).outcome, .recommended)
        XCTAssertEqual(PoV.decide(small, PoV.android(code: 100, sdk: 14)).outcome, .unsupportedOS)

        // android2 {} is chosen over android, has no versions: the client throws.
        let emptyV2 = try PoV.load("android/valid_update_full_b.json")
        let d = PoV.decide(emptyV2, PoV.android(code: 100, sdk: 30))
        XCTAssertEqual(d.outcome, .notTargeted)
        XCTAssertEqual(d.diagnostics.map(\.code), [PrinceOfVersionsDocument.missingVersions])
    }
}
