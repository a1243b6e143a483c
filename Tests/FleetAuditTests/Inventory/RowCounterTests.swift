import XCTest

@testable import FleetAuditEngine

/// `RowCounter` counts rows by raw key while rows repeat and by their parts while they do not, switching over
/// windows of rows. The tier is a matter of speed only: a fleet that changes shape part way through must give
/// exactly what counting every row by raw key gives — the same profiles in the same order, the same devices,
/// the same rejected lines.
final class RowCounterTests: XCTestCase {
    private let headers = ["platform", "os_version", "app_version", "app_build", "region", "count"]

    /// Distinct rows, then rows repeating earlier ones, then distinct rows again; with unusable builds and counts.
    private func rows() -> [[String]] {
        func distinct(_ i: Int) -> [String] {
            let android = i % 2 == 0
            return [
                android ? "android" : "iOS", android ? "13" : "17.\(i % 5)", "6.\(i % 40)",
                i % 997 == 0 ? "x" : "\(100 + i % 300)", "R-\(i)", i % 1009 == 0 ? "0" : "\(1 + i % 3)",
            ]
        }
        var out = (0..<150_000).map(distinct)
        out += (0..<110_000).map { out[($0 * 7919) % 150_000] }
        out += (150_000..<290_000).map(distinct)
        return out
    }

    private func count(_ rows: [[String]], window: Int) throws -> RowCounter {
        let needs = ProfileNeeds(packageName: false, appBuildOffAndroid: true, attributes: ["region"])
        let plan = ProfileKeyPlan(map: try ColumnMap(headers: headers), headerCount: headers.count, needs: needs)
        let counter = RowCounter(
            plan: plan, summary: InventorySummary(source: "test", locationKind: "line"), window: window)
        let fields = RowFields()
        for (i, row) in rows.enumerated() {
            fields.reset()
            for value in row { Array(value.utf8).withUnsafeBufferPointer { fields.append($0) } }
            counter.add(fields, line: i + 2)
        }
        return counter
    }

    func testRowsCountedByPartsGiveExactlyWhatRawKeysGive() throws {
        let rows = rows()
        let tiered = try count(rows, window: 1 << 16)
        let rawOnly = try count(rows, window: .max)
        XCTAssertEqual(rawOnly.rowsCountedByParts, 0)
        // Parts after the first window (no row repeats), raw keys again once the repeats come, then parts
        // again a window after the distinct rows resume: windows 2–3 and 6–7 of 65,536 rows.
        XCTAssertEqual(tiered.rowsCountedByParts, 2 * 65_536 + (400_000 - 5 * 65_536))

        let (a, b) = (tiered.summary, rawOnly.summary)
        XCTAssertEqual(a.rowsRead, b.rowsRead)
        XCTAssertEqual(a.rowsEvaluated, b.rowsEvaluated)
        XCTAssertEqual(a.rowsRejected, b.rowsRejected)
        XCTAssertGreaterThan(a.rowsRejected, 300, "unusable builds and counts")
        XCTAssertEqual(a.devices, b.devices)
        XCTAssertEqual(a.devicesRejected, b.devicesRejected)
        XCTAssertEqual(a.rejections, b.rejections)
        XCTAssertEqual(a.rejectionsByReason, b.rejectionsByReason)
        XCTAssertEqual(a.rowsRead, Int64(rows.count))
        XCTAssertEqual(a.rowsEvaluated + a.rowsRejected, a.rowsRead, "every row accounted for")

        let (x, y) = (tiered.table(), rawOnly.table())
        XCTAssertEqual(x.store.count, y.store.count)
        XCTAssertGreaterThan(x.store.count, 280_000)
        XCTAssertEqual(x.store.ids, y.store.ids, "the same profiles in the same order")
        XCTAssertEqual(x.devices, y.devices)
    }
}
