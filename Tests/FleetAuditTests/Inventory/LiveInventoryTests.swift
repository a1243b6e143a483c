import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Inventories something else is writing while the audit reads them, with real writers in other processes
/// (Python's sqlite3, which uses the same system SQLite): every read is one state, nothing fails that only
/// had to wait, and a lock held too long is exit 75.
final class LiveInventoryTests: XCTestCase {
    private let needs = ProfileNeeds()
    private let rows = 20_000

    /// A database of `rows` Android devices, all on app version 1.0, in the given journal mode.
    private func makeDatabase(journalMode: String) throws -> String {
        let path = TestPaths.temporaryDirectory().appendingPathComponent("live.sqlite").path
        try python(
            """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("PRAGMA journal_mode=\(journalMode)")
            c.execute("CREATE TABLE devices (platform TEXT, os_version TEXT, app_version TEXT, app_build TEXT, package_name TEXT)")
            c.execute("BEGIN")
            c.executemany("INSERT INTO devices VALUES ('android', ?, '1.0', '100', 'com.example')", [(str(9 + i % 6),) for i in range(\(rows))])
            c.execute("COMMIT")
            """, arguments: [path]
        ).waitUntilExit()
        return path
    }

    /// A CSV inventory of `rows` Android devices on six OS releases (9 to 14), one app version.
    static func androidCSV(rows: Int) -> String {
        var text = "platform,os_version,app_version,app_build\n"
        for i in 0..<rows { text += "android,\(9 + i % 6),1.0,100\n" }
        return text
    }

    /// Starts a Python process running `script` with `arguments`; its stdout is piped for the caller.
    @discardableResult
    private func python(_ script: String, arguments: [String]) throws -> Process {
        try Python.start(script, arguments: arguments)
    }

    private func firstLine(of process: Process) -> String {
        let handle = (process.standardOutput as! Pipe).fileHandleForReading
        var bytes: [UInt8] = []
        while let byte = try? handle.read(upToCount: 1)?.first, byte != 0x0A { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// App versions among the devices a load saw, with their devices.
    private func appVersions(_ table: ProfileTable) -> [String: Int64] {
        var out: [String: Int64] = [:]
        for (i, p) in table.profiles.enumerated() { out[p.appVersion, default: 0] += table.devices[i] }
        return out
    }

    /// A writer flips every row's app version between 1.0 and 2.0 in one transaction, again and again,
    /// while tables are read in four parts on four connections: each read is entirely one state.
    private func checkOneStatePerRead(journalMode: String) throws {
        let path = try makeDatabase(journalMode: journalMode)
        let writer = try python(
            """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], timeout=60, isolation_level=None)
            print("ready", flush=True)
            flips, end = 0, time.time() + float(sys.argv[2])
            while time.time() < end:
                c.execute("BEGIN IMMEDIATE")
                c.execute("UPDATE devices SET app_version = CASE app_version WHEN '1.0' THEN '2.0' ELSE '1.0' END")
                c.execute("COMMIT")
                flips += 1
                time.sleep(0.005)
            print(flips, flush=True)
            """, arguments: [path, "8"])
        XCTAssertEqual(firstLine(of: writer), "ready")
        var seen: Set<String> = []
        var restarts = 0
        let deadline = Date().addingTimeInterval(6)
        var reads = 0
        while Date() < deadline {
            var loader = InventoryLoader(needs: needs)
            loader.workers = Int(ProcessInfo.processInfo.environment["LW"] ?? "4")!
            loader.minimumPartRows = 1
            let (table, summary) = try loader.load(try InventoryOpener.open(path: path, busyTimeout: 30))
            let versions = appVersions(table)
            XCTAssertEqual(versions.count, 1, "read \(reads) mixed two states: \(versions)")
            XCTAssertEqual(summary.devices, Int64(rows))
            XCTAssertEqual(summary.snapshot?.connections, loader.workers)
            XCTAssertEqual(summary.snapshot?.journalMode, journalMode)
            seen.formUnion(versions.keys)
            restarts += summary.snapshot?.restarts ?? 0
            reads += 1
        }
        writer.waitUntilExit()
        let flips = Int(firstLine(of: writer)) ?? 0
        XCTAssertGreaterThan(flips, 5, "the writer committed while the reads ran")
        XCTAssertGreaterThan(reads, 5)
        XCTAssertEqual(
            seen, ["1.0", "2.0"],
            "reads saw both states over time (\(reads) reads, \(flips) flips, \(restarts) restarts)")
    }

    func testParallelReadsSeeOneStateInRollbackJournalMode() throws {
        try checkOneStatePerRead(journalMode: "delete")
    }

    func testParallelReadsSeeOneStateInWALMode() throws {
        try checkOneStatePerRead(journalMode: "wal")
    }

    /// A writer holding an exclusive lock longer than `--busy-timeout`: exit 75 after waiting that long,
    /// naming the database, the lock and the time waited; with a longer timeout the same audit succeeds.
    func testALockHeldPastTheBusyTimeoutIsExit75() throws {
        let path = try makeDatabase(journalMode: "delete")
        let holder = try python(
            """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("BEGIN EXCLUSIVE")
            print("locked", flush=True)
            time.sleep(float(sys.argv[2]))
            c.execute("COMMIT")
            """, arguments: [path, "4"])
        XCTAssertEqual(firstLine(of: holder), "locked")
        let config = TestPaths.sample("configs/nhs/availability-android.json")
        // It waited for the lock before giving up: the message says how long (SQLite's busy handler counted it).
        let failed = try CommandLineTests.run([
            "audit", "--inventory", path, "--config", config, "--busy-timeout", "1", "--json", "-",
        ])
        XCTAssertEqual(failed.status, 75, failed.stderr)
        XCTAssertTrue(
            failed.stderr.contains(
                "SQLite inventory \(path) is locked by another connection (database is locked); waited 1.0 s"),
            failed.stderr)
        XCTAssertEqual(failed.stdout, "", "no report from a run that could not read")
        let waitedOut = try CommandLineTests.run([
            "audit", "--inventory", path, "--config", config, "--busy-timeout", "30", "--json", "-",
        ])
        XCTAssertEqual(waitedOut.status, 0, waitedOut.stderr)
        holder.waitUntilExit()
    }

    /// A CSV whose last line a writer has only half written when the audit opens it: the audit reads the
    /// file as it was (its size then), the cut line is outside the snapshot and not a rejected row, and what
    /// is appended afterwards is not read — whether one reader or several read the file.
    func testAnAppendedCSVIsReadAsItWasWhenOpened() throws {
        for workers in [1, 4] {
            let dir = TestPaths.temporaryDirectory()
            let path = dir.appendingPathComponent("live.csv").path
            let text = Self.androidCSV(rows: 5_000)
            let cut = "android,13,1."
            try (text + cut).write(toFile: path, atomically: false, encoding: .utf8)
            let source = try InventoryOpener.open(path: path)
            let appended = "0,100\n" + String(repeating: "ios,17.0,2.0,200\n", count: 1_000)
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write(Data(appended.utf8))
            try handle.close()
            var loader = InventoryLoader(needs: needs)
            loader.workers = workers
            loader.minimumPartBytes = 1
            let (table, summary) = try loader.load(source)
            XCTAssertEqual(summary.rowsRead, 5_000, "workers \(workers)")
            XCTAssertEqual(summary.rowsRejected, 0, "the cut line is not a malformed row")
            XCTAssertEqual(appVersions(table), ["1.0": 5_000])
            XCTAssertEqual(summary.snapshot?.bytes, Int64((text + cut).utf8.count))
            XCTAssertEqual(summary.snapshot?.cutLineBytes, Int64(cut.utf8.count))
            XCTAssertEqual(summary.snapshot?.grownBytes, Int64(appended.utf8.count))
        }
    }

    /// A real appender process writing lines in two halves while audits run: every read counts exactly the
    /// complete lines of the file as opened and rejects nothing.
    func testAConcurrentAppenderNeverCausesARejectedRow() throws {
        let dir = TestPaths.temporaryDirectory()
        let path = dir.appendingPathComponent("growing.csv").path
        try Self.androidCSV(rows: 20_000).write(toFile: path, atomically: false, encoding: .utf8)
        let appender = try python(
            """
            import sys, time
            f = open(sys.argv[1], "a")
            print("ready", flush=True)
            end = time.time() + float(sys.argv[2])
            while time.time() < end:
                f.write("ios,17.0,"); f.flush(); time.sleep(0.0005)
                f.write("2.0,200\\n"); f.flush()
            """, arguments: [path, "4"])
        XCTAssertEqual(firstLine(of: appender), "ready")
        var cutSeen = 0
        for _ in 0..<15 {
            var loader = InventoryLoader(needs: needs)
            loader.workers = 4
            loader.minimumPartBytes = 1 << 14
            let (_, summary) = try loader.load(try InventoryOpener.open(path: path))
            let size = Int(try XCTUnwrap(summary.snapshot?.bytes))
            let prefix = try XCTUnwrap(FileHandle(forReadingAtPath: path)).readData(ofLength: size)
            let completeLines = prefix.filter { $0 == 0x0A }.count
            XCTAssertEqual(summary.rowsRead, Int64(completeLines - 1), "the complete lines after the header, as opened")
            XCTAssertEqual(summary.rowsRejected, 0)
            if (summary.snapshot?.cutLineBytes ?? 0) > 0 { cutSeen += 1 }
        }
        appender.waitUntilExit()
        XCTAssertGreaterThan(cutSeen, 0, "some reads opened the file mid-line")
    }

    /// A file replaced by a rename while it is read is read to the end as it was opened, by every part.
    func testAFileReplacedByRenameIsReadAsOpened() throws {
        let dir = TestPaths.temporaryDirectory()
        let path = dir.appendingPathComponent("inventory.csv").path
        let original = Self.androidCSV(rows: 8_000)
        try original.write(toFile: path, atomically: false, encoding: .utf8)
        let source = try InventoryOpener.open(path: path)
        let replacement = dir.appendingPathComponent("next.csv").path
        try "platform,os_version,app_version,app_build\nios,17.0,9.9,1\n".write(
            toFile: replacement, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(replacement, path), 0)
        var loader = InventoryLoader(needs: needs)
        loader.workers = 4
        loader.minimumPartBytes = 1
        let (table, summary) = try loader.load(source)
        XCTAssertEqual(summary.rowsRead, 8_000)
        XCTAssertEqual(appVersions(table), ["1.0": 8_000])
    }
}
