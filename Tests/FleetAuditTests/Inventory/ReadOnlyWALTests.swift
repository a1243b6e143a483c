import CSQLite
import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditReports

/// A WAL-mode SQLite inventory on a read-only file system (a mounted snapshot): its readers need a `-shm` file
/// none can create there. Without commits in a `-wal` file it is read immutable, every row counted and said
/// (`inventory.readOnlyWAL`); with commits there the run stops (65) and says how to fold them in — never an older
/// state of the data with exit 0. The file system is a real read-only tmpfs mount, so the test needs root.
final class ReadOnlyWALTests: XCTestCase {
    private var mountPoint: URL?

    override func tearDown() {
        if let mountPoint { _ = try? Self.command("/bin/umount", [mountPoint.path]) }
        mountPoint = nil
    }

    /// A read-only tmpfs holding `files` (source path → name).
    private func readOnlyMount(_ files: [(String, String)]) throws -> URL {
        let dir = TestPaths.temporaryDirectory().appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        guard (try? Self.command("/bin/mount", ["-t", "tmpfs", "-o", "size=64m", "tmpfs", dir.path])) == 0 else {
            throw XCTSkip("mounting a read-only file system needs root (CI runs as root)")
        }
        mountPoint = dir
        for (source, name) in files {
            try FileManager.default.copyItem(atPath: source, toPath: dir.appendingPathComponent(name).path)
        }
        XCTAssertEqual(try Self.command("/bin/mount", ["-o", "remount,ro", dir.path]), 0)
        return dir
    }

    private static func command(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The sample SQLite inventory switched to WAL mode; `commitsInWAL` leaves a commit (half its rows deleted)
    /// in the `-wal` file, copied before any checkpoint. Returns the database and, with commits, its `-wal`.
    private func walInventory(commitsInWAL: Bool) throws -> (db: String, wal: String?) {
        let dir = TestPaths.temporaryDirectory()
        let db = dir.appendingPathComponent("inventory.sqlite").path
        try FileManager.default.copyItem(atPath: TestPaths.sample("inventory.sqlite"), toPath: db)
        var handle: OpaquePointer?
        XCTAssertEqual(sqlite3_open(db, &handle), SQLITE_OK)
        XCTAssertEqual(
            sqlite3_exec(handle, "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0", nil, nil, nil), SQLITE_OK)
        guard commitsInWAL else {
            sqlite3_close(handle)
            return (db, nil)
        }
        XCTAssertEqual(sqlite3_exec(handle, "DELETE FROM devices WHERE rowid % 2 = 0", nil, nil, nil), SQLITE_OK)
        let copy = dir.appendingPathComponent("with-commits")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: db, toPath: copy.appendingPathComponent("inventory.sqlite").path)
        try FileManager.default.copyItem(
            atPath: db + "-wal", toPath: copy.appendingPathComponent("inventory.sqlite-wal").path)
        sqlite3_close(handle)
        return (
            copy.appendingPathComponent("inventory.sqlite").path,
            copy.appendingPathComponent("inventory.sqlite-wal").path
        )
    }

    private func audit(_ inventory: String, json: String) throws -> CommandLineTests.Result {
        try CommandLineTests.run([
            "audit", "--inventory", inventory, "--config-dir", TestPaths.sample("configs"), "--releases",
            TestPaths.sample("releases.csv"), "--as-of", "2026-11-20T00:00:00Z", "--json", json, "--quiet",
        ])
    }

    func testAWALInventoryWithoutCommitsInItsWALFileIsReadImmutableAndSaid() throws {
        let (db, _) = try walInventory(commitsInWAL: false)
        let dir = try readOnlyMount([(db, "inventory.sqlite")])
        let out = TestPaths.temporaryDirectory()
        let mounted = try audit(
            dir.appendingPathComponent("inventory.sqlite").path, json: out.appendingPathComponent("ro.json").path)
        XCTAssertEqual(mounted.status, 0, mounted.stderr)
        let writable = try audit(db, json: out.appendingPathComponent("rw.json").path)
        XCTAssertEqual(writable.status, 0, writable.stderr)

        let ro =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("ro.json")))
            as! [String: Any]
        let rw =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("rw.json")))
            as! [String: Any]
        XCTAssertEqual(
            (ro["inventory"] as! [String: Any])["devices"] as? Int,
            (rw["inventory"] as! [String: Any])["devices"] as? Int)
        func totals(_ report: [String: Any]) throws -> [String] {
            try (report["configs"] as! [[String: Any]]).map {
                "\($0["id"]!) "
                    + String(
                        decoding: try JSONSerialization.data(withJSONObject: $0["totals"]!, options: .sortedKeys),
                        as: UTF8.self)
            }
        }
        XCTAssertEqual(try totals(ro), try totals(rw))
        let codes = (ro["diagnostics"] as! [[String: Any]]).compactMap { $0["code"] as? String }
        XCTAssertTrue(codes.contains("inventory.readOnlyWAL"), "\(codes)")
        XCTAssertFalse(
            ((rw["diagnostics"] as! [[String: Any]]).compactMap { $0["code"] as? String }).contains(
                "inventory.readOnlyWAL"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["inventory.sqlite"])
    }

    func testCommitsInTheWALFileOfAReadOnlyInventoryStopTheRun() throws {
        let (db, wal) = try walInventory(commitsInWAL: true)
        let dir = try readOnlyMount([(db, "inventory.sqlite"), (wal!, "inventory.sqlite-wal")])
        let result = try audit(
            dir.appendingPathComponent("inventory.sqlite").path,
            json: TestPaths.temporaryDirectory().appendingPathComponent("r.json").path)
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("its -wal file holds commits"), result.stderr)
        XCTAssertTrue(result.stderr.contains("wal_checkpoint"), result.stderr)
    }
}
