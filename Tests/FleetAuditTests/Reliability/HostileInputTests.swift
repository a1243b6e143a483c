import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Inputs meant to break the tool (issue 8): each ends in a clear message or a counted rejection, never a
/// crash, a hang or a lost row.
final class HostileInputTests: XCTestCase {
    private func load(bytes: [UInt8]) throws -> InventorySummary {
        let path = TestPaths.temporaryDirectory().appendingPathComponent("inventory.csv").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let (table, summary) = try InventoryLoader().load(try CSVInventorySource(path: path))
        XCTAssertEqual(summary.rowsRead, summary.rowsEvaluated + summary.rowsRejected, "every row is accounted for")
        XCTAssertEqual(table.totalDevices, summary.devices)
        return summary
    }

    private let header = Array("platform,os_version,app_version,app_build\n".utf8)

    func testNULBytesAndInvalidUTF8AreValuesNotCrashes() throws {
        let rows =
            Array("ios,17.0,1.0\u{0}beta,\n".utf8) + Array("ios,17.0,".utf8) + [0xFF, 0xFE, 0xC3]
            + Array(",\nandroid,14,\u{0},5\n".utf8)
        let summary = try load(bytes: header + rows)
        XCTAssertEqual(summary.rowsRead, 3)
        XCTAssertEqual(summary.rowsEvaluated, 3, "NUL and invalid UTF-8 are odd values, not malformed rows")
    }

    func testATenMegabyteFieldIsOneRow() throws {
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: 10 << 20)
        let summary = try load(bytes: header + Array("ios,17.0,".utf8) + big + Array(",1\nios,16.0,2.0,1\n".utf8))
        XCTAssertEqual(summary.rowsRead, 2)
        XCTAssertEqual(summary.rowsEvaluated, 2)
    }

    func testAHundredThousandColumns() throws {
        let wide = (0..<100_000).map { "c\($0)" }.joined(separator: ",")
        let headerLine = "platform,os_version,app_version," + wide + "\n"
        let row = "ios,17.0,1.0," + String(repeating: "v,", count: 99_999) + "v\n"
        let summary = try load(bytes: Array((headerLine + row + "ios,17.0,1.0\n").utf8))
        XCTAssertEqual(summary.rowsRead, 2)
        XCTAssertEqual(summary.rowsEvaluated, 1)
        XCTAssertEqual(summary.rejectionsByReason[.fieldCount], 1)
    }

    /// A header of 100,000 columns none of which is required: the error lists the first 50 and counts them all
    /// (it held every name); each header is normalized once (it was once per column it could be: a million
    /// columns took 9 s, Benchmarks/hostile-sweep.py).
    func testAWideHeaderWithoutTheRequiredColumnsIsAShortError() throws {
        let wide = (0..<100_000).map { "c\($0)" }.joined(separator: ",") + "\n"
        XCTAssertThrowsError(try load(bytes: Array(wide.utf8))) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("columns found: c0, c1, "), message)
            XCTAssertTrue(message.contains("c49, … (100,000 columns in all)"), message)
            XCTAssertLessThan(message.count, 1_000)
        }
    }

    func testHeaderOnlyAndEmptyFile() throws {
        XCTAssertEqual(try load(bytes: header).rowsRead, 0)
        XCTAssertThrowsError(try load(bytes: []))
    }

    func testATruncatedSQLiteFileIsAClearError() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: TestPaths.sample("inventory.sqlite")))
        let path = TestPaths.temporaryDirectory().appendingPathComponent("truncated.sqlite").path
        _ = FileManager.default.createFile(atPath: path, contents: original.prefix(original.count / 2))
        do {
            let source = try InventoryOpener.open(path: path, delimiter: UInt8(ascii: ","), table: nil, query: nil)
            let (_, summary) = try InventoryLoader().load(source)
            XCTFail("a truncated database must not read as complete: \(summary.rowsRead) rows")
        } catch {
            XCTAssertTrue("\(error)".contains("truncated.sqlite"), "\(error)")
        }
    }

    func testATableNameWithQuotesAndSemicolonsIsAnIdentifier() throws {
        let hostile = #"devices"; DROP TABLE devices; --"#
        XCTAssertThrowsError(
            try InventoryOpener.open(
                path: TestPaths.sample("inventory.sqlite"), delimiter: UInt8(ascii: ","), table: hostile, query: nil)
        ) { error in
            XCTAssertTrue("\(error)".contains("devices"), "\(error)")
        }
        // Still intact, and opened read-only anyway.
        let source = try InventoryOpener.open(
            path: TestPaths.sample("inventory.sqlite"), delimiter: UInt8(ascii: ","), table: "devices", query: nil)
        XCTAssertEqual(try InventoryLoader().load(source).1.rowsRead, 4000)
    }

    func testConfigsWithInvalidUTF8OrHugeStrings() throws {
        let dir = TestPaths.temporaryDirectory()
        let bad = dir.appendingPathComponent("bad.json").path
        _ = FileManager.default.createFile(
            atPath: bad,
            contents: Data(Array(#"{"ios2": [{"required_version": ""#.utf8) + [0xC3, 0x28] + Array(#""}]}"#.utf8)))
        // Bad UTF-8 in a string: Android's org.json reads it (as U+FFFD), Foundation refuses it — the iOS devices
        // get nothing and the document says where (`AndroidLenientStrings`).
        let loaded = try ConfigLoader().load(bad, id: "bad.json")
        XCTAssertEqual(loaded.diagnostics.first { $0.code == "config.notStrictJSON" }?.location?.line, 1)
        let iPhone = Profile(
            platform: .ios, osVersion: "17", apiLevel: nil, appVersion: "0.9", appBuild: nil, packageName: nil)
        let rejected = loaded.config.evaluate(iPhone, context: EvaluationContext())
        XCTAssertEqual(rejected.outcome, .notTargeted)
        XCTAssertEqual(rejected.diagnostics.map(\.code), ["pov.ios.jsonRejected"])
        // An array left open: no client reads it, refused with its line.
        let worse = dir.appendingPathComponent("worse.json").path
        _ = FileManager.default.createFile(
            atPath: worse, contents: Data(Array(#"{"ios2": ["#.utf8) + [0xC3, 0x28] + Array(#"}"#.utf8)))
        XCTAssertThrowsError(try ConfigLoader().load(worse, id: "worse.json")) { error in
            XCTAssertTrue("\(error)".contains("worse.json:1:"), "\(error)")
        }
        let huge = String(repeating: "<script>", count: 1 << 17)
        let path = TestPaths.write(
            #"{"ios2": [{"required_version": "1.0", "meta": {"x": "\#(huge)"}}], "meta": {"y": "\#(huge)"}}"#,
            named: "huge.json", in: dir)
        let c = try ConfigLoader().load(path, id: "huge.json")
        let d = c.config.evaluate(
            Profile(platform: .ios, osVersion: "17", apiLevel: nil, appVersion: "0.9", appBuild: nil, packageName: nil),
            context: EvaluationContext())
        XCTAssertEqual(d.outcome, .forced)
    }
}
