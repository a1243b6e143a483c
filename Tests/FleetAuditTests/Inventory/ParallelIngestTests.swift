import CSQLite
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Reading an inventory in parts on several threads must give exactly what one thread gives: the same
/// profiles and devices, the same accounting, the same rejected lines — wherever the cuts fall.
final class ParallelIngestTests: XCTestCase {
    private let needs = ProfileNeeds(packageName: true, appBuildOffAndroid: true, attributes: ["region"])

    /// What a load produced, in a form that does not depend on the order profiles were first seen.
    private func fingerprint(_ result: (ProfileTable, InventorySummary)) -> [String] {
        let (table, summary) = result
        var devices: [String: Int64] = [:]
        for (i, p) in table.profiles.enumerated() {
            devices["\(p.platform)|\(p.osVersion)|\(p.appVersion)|\(p.appBuild ?? "-")|\(p.attributes)", default: 0] +=
                table.devices[i]
        }
        let rejected = summary.rejections.map {
            "\($0.line):\($0.reason.rawValue):\($0.column ?? "-"):\($0.devices.map(String.init) ?? "?")"
        }
        return [
            "read \(summary.rowsRead) evaluated \(summary.rowsEvaluated) rejected \(summary.rowsRejected) devices \(summary.devices)",
            "devices rejected \(summary.devicesRejected) uncounted \(summary.rejectedUncounted) grouped \(summary.grouped)",
        ]
            + summary.devicesRejectedByReason.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                "devices \($0.key.rawValue)=\($0.value)"
            }
            + devices.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + rejected
            + summary.rejectionsByReason.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                "\($0.key.rawValue)=\($0.value)"
            }
    }

    private func load(_ path: String, workers: Int) throws -> (ProfileTable, InventorySummary) {
        var loader = InventoryLoader(needs: needs)
        loader.workers = workers
        loader.minimumPartBytes = 1
        loader.minimumPartRows = 1
        return try loader.load(try InventoryOpener.open(path: path))
    }

    /// Rows of every kind the reader treats specially: quoted fields holding line feeds and delimiters,
    /// escaped quotes, CR LF, blank lines, malformed and (at the end) unterminated quotes, counts.
    private func hostileInventory(rows: Int, seed: UInt64) -> String {
        var rng = SeededGenerator(seed: seed)
        var text = "platform,os_version,app_version,app_build,region,count\n"
        for i in 0..<rows {
            let region: String
            switch rng.next() % 8 {
            case 0: region = "\"GB\nENG\""  // a line feed inside a quoted field
            case 1: region = "\"ES, \"\"CT\"\"\""  // delimiter and escaped quotes
            case 2: region = "\"PL\"x"  // malformed: text after the closing quote
            default: region = ["GB", "PL", "TR"][Int(rng.next() % 3)]
            }
            let platform = rng.next() % 2 == 0 ? "android" : "iOS"
            let build = rng.next() % 40 == 0 ? "12b" : "\(300 + rng.next() % 5)"
            let count = rng.next() % 30 == 0 ? "0" : "\(1 + rng.next() % 4)"
            text += "\(platform),\(10 + rng.next() % 4),\(i % 7).0,\(build),\(region),\(count)"
            text += rng.next() % 10 == 0 ? "\r\n" : "\n"
            if rng.next() % 25 == 0 { text += "\n" }  // a blank line
            if rng.next() % 50 == 0 { text += "ios,16\n" }  // too few fields
        }
        return text + "android,13,1.0,5,\"unterminated\n"
    }

    func testCSVPartsGiveExactlyWhatOneThreadGivesWhereverTheCutsFall() throws {
        let dir = TestPaths.temporaryDirectory()
        for seed in 1...12 as ClosedRange<UInt64> {
            let path = TestPaths.write(
                hostileInventory(rows: 200 + Int(seed) * 37, seed: seed), named: "inventory-\(seed).csv", in: dir)
            let serial = fingerprint(try load(path, workers: 1))
            for workers in [2, 3, 5] {
                XCTAssertEqual(
                    fingerprint(try load(path, workers: workers)), serial, "seed \(seed), \(workers) workers")
            }
        }
    }

    func testACutInsideAQuotedFieldIsRepaired() throws {
        // One record whose quoted field spans the middle of the file: every cut lands inside it.
        let long = String(repeating: "x\n", count: 5_000)
        let text = "platform,os_version,app_version,region\nios,16,1.0,\"\(long)\"\nios,17,1.0,GB\n"
        let dir = TestPaths.temporaryDirectory()
        let path = TestPaths.write(text, named: "inventory.csv", in: dir)
        let (table, summary) = try load(path, workers: 2)
        XCTAssertEqual(summary.rowsRead, 2)
        XCTAssertEqual(summary.rowsEvaluated, 2)
        XCTAssertEqual(table.totalDevices, 2)
        XCTAssertEqual(fingerprint((table, summary)), fingerprint(try load(path, workers: 1)))
    }

    func testSQLiteRowidRangesGiveExactlyWhatOneConnectionGives() throws {
        let dir = TestPaths.temporaryDirectory()
        let path = dir.appendingPathComponent("inventory.sqlite").path
        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(path, &db), SQLITE_OK)
        var sql =
            "CREATE TABLE devices (platform TEXT, os_version TEXT, app_version TEXT, app_build TEXT, region TEXT);"
        var rng = SeededGenerator(seed: 7)
        for i in 0..<2_000 {
            let os = rng.next() % 50 == 0 ? "NULL" : "'\(10 + rng.next() % 4)'"
            sql +=
                "INSERT INTO devices VALUES ('\(rng.next() % 2 == 0 ? "android" : "ios")', \(os), '\(i % 9).0', '\(rng.next() % 30 == 0 ? "x" : "7")', 'GB');"
        }
        sql += "DELETE FROM devices WHERE rowid % 97 = 0;"  // gaps in the rowids
        XCTAssertEqual(sqlite3_exec(db, sql, nil, nil, nil), SQLITE_OK)
        sqlite3_close(db)
        let serial = fingerprint(try load(path, workers: 1))
        XCTAssertTrue(serial[0].hasPrefix("read 1980 "), serial[0])
        for workers in [2, 3, 7] {
            XCTAssertEqual(fingerprint(try load(path, workers: workers)), serial, "\(workers) workers")
        }
    }

    /// A part with no profile at all (every row rejected) merged with parts that have some, before and after it.
    func testAPartWithNoProfileMergesLikeOneThread() throws {
        let bad = Array(repeating: "android,,1.0,5,GB,1", count: 3000)
        let good = (0..<3000).map { "android,13,1.0,\(100 + $0 % 50),GB,2" }
        for rows in [bad + good, good + bad, good + bad + good] {
            let text = "platform,os_version,app_version,app_build,region,count\n" + rows.joined(separator: "\n") + "\n"
            let path = TestPaths.write(text, named: "empty-part.csv", in: TestPaths.temporaryDirectory())
            let one = fingerprint(try load(path, workers: 1))
            XCTAssertEqual(fingerprint(try load(path, workers: 2)), one)
            XCTAssertEqual(fingerprint(try load(path, workers: 3)), one)
        }
    }

    /// `FLEET_AUDIT_TIMINGS` shows each part's reading and the merge, so an uneven split or a slow merge is seen.
    func testEachPartsReadingAndTheMergeAreTimed() throws {
        let path = TestPaths.write(
            hostileInventory(rows: 400, seed: 3), named: "timed.csv", in: TestPaths.temporaryDirectory())
        let lines = LockedLines()
        var loader = InventoryLoader(needs: needs)
        loader.workers = 2
        loader.minimumPartBytes = 1
        loader.onTiming = { lines.add($0) }
        _ = try loader.load(try InventoryOpener.open(path: path))
        let seen = lines.all.map {
            $0.replacingOccurrences(of: #"[0-9]+\.[0-9]+ s"#, with: "T", options: .regularExpression)
        }
        XCTAssertEqual(
            Set(seen),
            ["ingest: part 1 of 2 read in T", "ingest: part 2 of 2 read in T", "ingest: parts joined and merged in T"])
        XCTAssertEqual(seen.last, "ingest: parts joined and merged in T")
    }

    /// A fleet whose devices do not repeat (the parts' profiles are nearly all distinct, and their merge adds
    /// most of them): the result is still exactly one thread's, including rejected rows and repeats that do occur.
    func testHighCardinalityPartsGiveExactlyWhatOneThreadGives() throws {
        var rng = SeededGenerator(seed: 16)
        var text = "platform,os_version,app_version,app_build,region,count\n"
        for i in 0..<60_000 {
            let android = rng.next() % 2 == 0
            let region = rng.next() % 10 == 0 ? "GB" : "R-\(i)"  // mostly unique, some repeats
            let build = rng.next() % 500 == 0 ? "x" : String(100 + rng.next() % 300)  // a few rejected rows
            text +=
                (android ? "android,13" : "ios,17.\(rng.next() % 5)")
                + ",6.\(rng.next() % 40),\(build),\(region),\(1 + rng.next() % 3)\n"
        }
        let path = TestPaths.write(text, named: "high.csv", in: TestPaths.temporaryDirectory())
        let one = fingerprint(try load(path, workers: 1))
        XCTAssertGreaterThan(one.count, 50_000, "tens of thousands of distinct profiles")
        XCTAssertEqual(fingerprint(try load(path, workers: 2)), one)
        XCTAssertEqual(fingerprint(try load(path, workers: 4)), one)
    }
}

/// SplitMix64: the same numbers on every machine, so a failing seed can be replayed.
struct SeededGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
