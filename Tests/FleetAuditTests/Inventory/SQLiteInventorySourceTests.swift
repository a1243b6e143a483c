import CSQLite
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

final class SQLiteInventorySourceTests: XCTestCase {
    /// Makes a real database file with the sqlite3 C API.
    private func makeDatabase(_ statements: [String]) -> String {
        let path = TestPaths.temporaryDirectory().appendingPathComponent("inventory.sqlite").path
        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(path, &db), SQLITE_OK)
        for sql in statements { XCTAssertEqual(sqlite3_exec(db, sql, nil, nil, nil), SQLITE_OK, sql) }
        sqlite3_close(db)
        return path
    }

    private let devices = [
        "CREATE TABLE devices (platform TEXT, os_version TEXT, app_version TEXT, app_build INTEGER, count INTEGER)",
        "INSERT INTO devices VALUES ('ios','16.4','5.0',100,2), ('android','13','5.0',358,3), ('android','13','5.0',NULL,1), ('ios',NULL,'1',1,1)",
    ]

    func testReadsRowsWithRowIDsAndRejectsBadOnes() throws {
        let path = makeDatabase(devices)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let (table, summary) = try InventoryLoader().load(try SQLiteInventorySource(path: path))
        XCTAssertEqual(summary.rowsRead, 4)
        XCTAssertEqual(summary.rowsEvaluated, 2)
        XCTAssertEqual(summary.devices, 5)
        XCTAssertEqual(summary.locationKind, "rowid")
        XCTAssertEqual(summary.rejections.map(\.line), [3, 4])
        XCTAssertEqual(table.profiles.count, 2)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "the database is opened read-only")
    }

    func testTableSelectionAndQuotedNames() throws {
        let path = makeDatabase([
            "CREATE TABLE \"we\"\"ird; DROP\" (platform TEXT, os_version TEXT, app_version TEXT)",
            "INSERT INTO \"we\"\"ird; DROP\" VALUES ('ios','17','1.0')",
            "CREATE TABLE other (x TEXT)",
        ])
        let source = try SQLiteInventorySource(path: path, table: "we\"ird; DROP")
        let (_, summary) = try InventoryLoader().load(source)
        XCTAssertEqual(summary.rowsEvaluated, 1)
        XCTAssertThrowsError(try SQLiteInventorySource(path: path)) { error in
            XCTAssertTrue("\(error)".contains("--table"), "\(error)")
        }
        XCTAssertThrowsError(try SQLiteInventorySource(path: path, table: "missing")) { error in
            XCTAssertTrue("\(error)".contains("tables found: other, we\"ird; DROP"), "\(error)")
        }
    }

    func testQueryInsteadOfTable() throws {
        let path = makeDatabase(devices)
        let source = try SQLiteInventorySource(
            path: path, query: "SELECT platform, os_version, app_version, app_build FROM devices WHERE platform = 'ios'"
        )
        let (_, summary) = try InventoryLoader().load(source)
        XCTAssertEqual(summary.rowsRead, 2)
        XCTAssertEqual(summary.rowsEvaluated, 1)
        XCTAssertEqual(summary.rejections.first?.line, 2)
    }

    func testFileThatIsNotADatabase() throws {
        let dir = TestPaths.temporaryDirectory()
        let path = TestPaths.write("platform,os_version\nios,1\n", named: "fake.sqlite", in: dir)
        XCTAssertThrowsError(try SQLiteInventorySource(path: path)) { error in
            XCTAssertTrue("\(error)".contains("not a database"), "\(error)")
        }
        XCTAssertThrowsError(try SQLiteInventorySource(path: dir.appendingPathComponent("none.sqlite").path)) { error in
            XCTAssertTrue("\(error)".contains("not found"), "\(error)")
        }
    }

    /// Profiles with their device counts, comparable across loads.
    private func counts(_ table: ProfileTable) -> [String: Int64] {
        var result: [String: Int64] = [:]
        for (row, profile) in table.profiles.enumerated() {
            result["\(profile.fields)", default: 0] += table.devices[row]
        }
        return result
    }

    /// A table is read through the columns a run selects: in a UTF-8 database each value taken once and read as
    /// a blob into the row's view slots, in a UTF-16 one as text, past 64 columns through the growing path.
    /// Each must read what the straight path reads, every column of `SELECT *` copied as text: integers, reals,
    /// blobs, NULLs, empty and non-ASCII texts alike.
    func testSelectedColumnsReadAsEveryColumnCopiedReads() throws {
        let rows = """
            ('ios', 16.4, '5.0', 100, 'a'), ('android', '13', '5.0', 358, 'b'), ('android', 13, '5.0', NULL, 'c'),
            ('ios', NULL, '1', 1, 'd'), ('ios', X'31362E34', '5.0', X'', 'e'), ('android', '14', '５.0', '', 'f'),
            ('ios', '', '5.0', 7, 'g'), ('android', '13', 5, 358.0, 'h'), ('ios', '17.1', 'é', 2, 'i'),
            ('android', '13', '5.0', 358, 'j'), ('ios', 16.4, '5.0', 100, 'k')
            """
        let columns = "platform, os_version, app_version, app_build, device_id"
        for (encoding, padding) in [("UTF-8", 0), ("UTF-16le", 0), ("UTF-8", 61), ("UTF-16be", 61)] {
            let unread = (0..<padding).map { "unread_\($0) TEXT" }
            let path = makeDatabase([
                "PRAGMA encoding = '\(encoding)'",
                "CREATE TABLE devices (\((unread + ["platform", "os_version", "app_version", "app_build INTEGER", "device_id"]).joined(separator: ", ")))",
                "INSERT INTO devices (\(columns)) VALUES \(rows)",
            ])
            let label = "\(encoding), \(padding + 5) columns"
            let (selectedTable, selected) = try InventoryLoader().load(try SQLiteInventorySource(path: path))
            let (copiedTable, copied) = try InventoryLoader().load(
                try SQLiteInventorySource(path: path, query: "SELECT * FROM devices"))
            XCTAssertEqual(selected.rowsRead, 11, label)
            XCTAssertEqual(selected.rowsRead, copied.rowsRead, label)
            XCTAssertEqual(selected.devices, copied.devices, label)
            XCTAssertEqual(selected.rejections.map(\.line), copied.rejections.map(\.line), label)
            XCTAssertEqual(selected.rejections.map(\.reason), copied.rejections.map(\.reason), label)
            XCTAssertEqual(counts(selectedTable), counts(copiedTable), label)
            XCTAssertGreaterThan(selectedTable.profiles.count, 3, label)
        }
    }

    func testSampleDataGivesTheSameProfilesAsCSVAndSQLite() throws {
        let (csvTable, csv) = try InventoryLoader().load(
            try CSVInventorySource(path: TestPaths.sample("inventory.csv")))
        let (dbTable, db) = try InventoryLoader().load(
            try SQLiteInventorySource(path: TestPaths.sample("inventory.sqlite")))
        XCTAssertEqual(csv.rowsRead, db.rowsRead)
        XCTAssertEqual(csv.rowsRejected, db.rowsRejected)
        XCTAssertEqual(csv.devices, db.devices)
        XCTAssertEqual(csv.rejections.map(\.reason), db.rejections.map(\.reason))
        XCTAssertEqual(Set(csvTable.profiles), Set(dbTable.profiles))
    }

    /// A view making one 72 MB value took 648 MB and a 151 MB report (issue 68): a value is bounded at 64 MB, as a
    /// CSV record is, and the error says so.
    func testAValuePastTheBoundIsRefusedSayingWhy() throws {
        let path = TestPaths.temporaryDirectory().appendingPathComponent("huge.sqlite").path
        _ = try Python.run(
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("create view devices as select 'ios' platform, '17' os_version, zeroblob(72000000) || '' app_version")
            db.commit()
            """, arguments: [path])
        let result = try CommandLineTests.run([
            "audit", "--inventory", path, "--config", TestPaths.sample("configs/nhs/availability-ios.json"), "--quiet",
        ])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("longer than 64 MB"), result.stderr)
    }

    /// A view over an endless recursive CTE ran forever (issue 68): a view yields at most as many rows as its
    /// bound (`SQLiteWorkBound`, ten million and fifty per byte of the file), and the error says why.
    func testAViewYieldingRowsForeverStopsAtItsBound() throws {
        let path = makeDatabase([
            """
            CREATE VIEW devices AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
            SELECT 'ios' AS platform, '17' AS os_version, '1.' || (i % 7) AS app_version FROM n
            """
        ])
        let source = try SQLiteInventorySource(
            path: path, table: nil, query: nil, rowids: nil,
            bound: SQLiteWorkBound(maximumRows: 5_000, maximumSteps: 1_000_000_000))
        XCTAssertThrowsError(try InventoryLoader().load(source)) { error in
            XCTAssertTrue("\(error)".contains("yielded more than 5,000 rows"), "\(error)")
        }
        // A table is not bounded: its rows are on the disk.
        let table = makeDatabase(devices)
        let read = try InventoryLoader().load(
            try SQLiteInventorySource(
                path: table, table: nil, query: nil, rowids: nil,
                bound: SQLiteWorkBound(maximumRows: 1, maximumSteps: 1)))
        XCTAssertEqual(read.1.rowsRead, 4)
    }

    /// The same CTE behind an aggregate never yields its first row: the steps between two rows are bounded too,
    /// by the real bound of the file's size, through the command a user runs.
    func testAViewThatNeverYieldsARowStopsAtItsStepBound() throws {
        let path = makeDatabase([
            """
            CREATE VIEW devices AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
            SELECT 'ios' AS platform, '17' AS os_version, max(i) AS app_version FROM n
            """
        ])
        let result = try CommandLineTests.run([
            "audit", "--inventory", path, "--config", TestPaths.sample("configs/nhs/availability-ios.json"), "--quiet",
        ])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("SQLite steps without yielding a row"), result.stderr)
        let query = try CommandLineTests.run([
            "audit", "--inventory", path, "--query", "SELECT * FROM devices",
            "--config", TestPaths.sample("configs/nhs/availability-ios.json"), "--quiet",
        ])
        XCTAssertEqual(query.status, 65, "a --query is bounded as a view is; " + query.stderr)
    }

    /// A hot journal left by a crashed writer failed as "attempt to write a readonly database" (issue 68): the
    /// message says what happened and what to do, and the database is left as it was.
    func testAHotJournalIsExplained() throws {
        let dir = TestPaths.temporaryDirectory()
        let path = dir.appendingPathComponent("crashed.sqlite").path
        _ = try Python.run(
            """
            import os, sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("create table devices (platform, os_version, app_version)")
            db.execute("insert into devices values ('ios', '17', '1.0')")
            db.execute("begin")
            db.execute("insert into devices select * from devices")
            db.execute("update devices set app_version = '2.0'")
            db.execute("pragma cache_size = 0")
            for _ in range(2000): db.execute("insert into devices values ('ios', '17', '1.0')")
            os._exit(0)
            """, arguments: [path])
        guard FileManager.default.fileExists(atPath: path + "-journal") else {
            throw XCTSkip("the writer left no journal on this file system")
        }
        let journal = try Data(contentsOf: URL(fileURLWithPath: path + "-journal"))
        let result = try CommandLineTests.run([
            "audit", "--inventory", path, "--config", TestPaths.sample("configs/nhs/availability-ios.json"), "--quiet",
        ])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("hot journal"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path + "-journal")), journal, "left as it was")
    }
}
