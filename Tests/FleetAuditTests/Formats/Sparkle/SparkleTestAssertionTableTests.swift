import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditFormats
@testable import FleetAuditValues

/// Every decision assertion of Sparkle's own SUAppcastTest.swift (fa4eaa9; the two 2.9 tests at ed77e387),
/// one row each in Fixtures/sparkle/sparkle-test-assertions.tsv with the test's host, OS, channels, group,
/// clock and skipped versions, held to the functions of `SparkleDecision` that mirror the ones each test calls
/// (`filterAppcast:forMacOSAndAllowedChannels:` → `forThisApp`, `filterSupportedAppcast` → `candidates` and
/// `fits`, `bestItem` → `best`, the item state resolver → `isCritical` / `isInformational`).
final class SparkleTestAssertionTableTests: XCTestCase {
    private struct Row {
        let cells: [String: String]
        subscript(_ key: String) -> String? {
            let v = cells[key] ?? "-"
            return v == "-" ? nil : v
        }
        var label: String { "\(cells["test_function"]!) L\(cells["source_line"]!)" }
    }

    private func rows() throws -> [Row] {
        let text = try String(
            contentsOfFile: SparkleTestSupport.fixture("sparkle-test-assertions.tsv"), encoding: .utf8)
        let lines = text.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        let header = lines[0]
        return lines.dropFirst().map { Row(cells: Dictionary(uniqueKeysWithValues: zip(header, $0))) }
    }

    private func decision(_ row: Row, document: AppcastDocument) throws -> SparkleDecision {
        var columns: [String: String] = [:]
        let osField = row["os_version"] ?? "14.6.0"
        let os = String(osField.split(separator: ";")[0])
        if let arch = osField.split(separator: ";").dropFirst().first?.split(separator: "=").last {
            columns["arch"] = String(arch)
        }
        if let channels = row["channels"], channels != "{}" { columns["sparkle_channels"] = channels }
        if let v = row["skipped_minor"] { columns["sparkle_skipped_version"] = v }
        if let v = row["skipped_major"] { columns["sparkle_skipped_major_version"] = v }
        if let v = row["skipped_major_subrelease"] { columns["sparkle_skipped_major_subrelease_version"] = v }
        let host = SparkleHost(SparkleTestSupport.mac(row["host_version"]!, os: os, columns))
        let now = row["now_iso8601"].flatMap { $0 == "now" ? Date() : Timestamps.parse($0) } ?? Date()
        return SparkleDecision(
            items: document.sparkleItems, host: host, check: row["check"] == "automatic" ? .automatic : .user, asOf: now
        )
    }

    func testEveryDecisionAssertionOfSparklesTests() throws {
        var checked = 0
        var notModeled: [String] = []
        for row in try rows() {
            let path = SparkleTestSupport.fixture("sparkle-tests/\(row["fixture"]!)")
            let loaded = try SparkleTestSupport.load(path)
            let document = loaded.config as! AppcastDocument
            let expected = row["expected"]!
            if row["assertion_kind"] == "rejected" {
                XCTAssertTrue(loaded.diagnostics.contains { $0.code == "sparkle.rejected" }, row.label)
                checked += 1
                continue
            }
            let d = try decision(row, document: document)
            let group = row["group"].flatMap(Int.init) ?? 0
            let call = row["sparkle_call"] ?? ""
            func filtered() -> [SparkleItem] {
                if call.hasPrefix("filterAppcast(forMacOSAndAllowedChannels") { return d.forThisApp() }
                let supported = d.candidates(group: group).filter(d.fits)
                return call.contains("testMinimumAutoupdateVersion:true")
                    ? supported.filter { !d.isMajorUpgrade($0) } : supported
            }
            switch row["assertion_kind"]! {
            case "critical_for_host", "informational_for_host", "item_version":
                let parts = expected.split(separator: "=").map(String.init)
                guard let index = Int(parts[0]) else {
                    notModeled.append("\(row.label): \(expected) (a delta's own state)")
                    continue
                }
                let item = document.sparkleItems[index]
                switch row["assertion_kind"]! {
                case "critical_for_host": XCTAssertEqual(d.isCritical(item), parts[1] == "true", row.label)
                case "informational_for_host": XCTAssertEqual(d.isInformational(item), parts[1] == "true", row.label)
                default: XCTAssertEqual(item.version, parts[1], row.label)
                }
            case "filtered_versions":
                let versions = filtered().map { $0.version! }
                XCTAssertEqual(versions.isEmpty ? "NONE" : versions.joined(separator: ","), expected, row.label)
            case "best_item_version":
                XCTAssertEqual(d.best(filtered())?.version ?? "NONE", expected, row.label)
            default:
                XCTFail("\(row.label): unknown assertion kind")
            }
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 92)
        XCTAssertEqual(notModeled.count, 1, "only the delta's state is not modeled: \(notModeled)")
    }
}
