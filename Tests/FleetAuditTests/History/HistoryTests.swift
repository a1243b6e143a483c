import CSQLite
import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// `audit --history FILE`: runs appended after the reports, deltas against a baseline in every report,
/// change gates, `fleet-audit history`, and a history that is refused, locked, shared or cut short.
final class HistoryTests: XCTestCase {
    var dir: URL!
    var history: String { dir.appendingPathComponent("history.sqlite").path }

    override func setUp() { dir = TestPaths.temporaryDirectory() }

    /// One nightly run: the published Android document, or the draft (same id, other SHA-256), at `asOf`.
    func audit(_ asOf: String, draft: Bool = false, extra: [String] = []) throws -> (
        CommandLineTests.Result, [String: Any]
    ) {
        let json = dir.appendingPathComponent("report-\(asOf).json").path
        let config =
            draft
            ? "SampleData/drafts/nhs/availability-android.json" : "SampleData/configs/nhs/availability-android.json"
        let result = try CommandLineTests.run(
            [
                "audit", "--inventory", "SampleData/inventory.csv", "--config", config,
                "--releases", "SampleData/releases.csv", "--as-of", asOf, "--history", history,
                "--json", json, "--quiet",
            ] + extra)
        let report =
            (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))) as? [String: Any]
            ?? [:]
        return (result, report)
    }

    func configChange(_ report: [String: Any]) -> [String: Any]? {
        ((report["configs"] as? [[String: Any]])?.first)?["change"] as? [String: Any]
    }

    func testTheSecondRunReportsItsChangeAgainstTheFirstAndTellsAConfigEditFromDrift() throws {
        let (first, firstReport) = try audit("2026-11-21T02:00:00Z")
        XCTAssertEqual(first.status, 0, first.stderr)
        let firstHistory = try XCTUnwrap(firstReport["history"] as? [String: Any])
        XCTAssertTrue(firstHistory["baseline"] is NSNull)
        XCTAssertEqual(
            firstHistory["note"] as? String, "no earlier run in the history: this run becomes the first baseline")

        let (same, sameReport) = try audit("2026-11-22T02:00:00Z")
        XCTAssertEqual(same.status, 0, same.stderr)
        let drift = try XCTUnwrap(configChange(sameReport))
        XCTAssertEqual(drift["configChanged"] as? Bool, false)
        XCTAssertEqual(
            (drift["delta"] as? [String: Int])?.values.allSatisfy { $0 == 0 }, true,
            "same fleet, same config: no change")

        let (edited, editedReport) = try audit("2026-11-23T02:00:00Z", draft: true)
        XCTAssertEqual(edited.status, 0, edited.stderr)
        XCTAssertEqual(((editedReport["history"] as? [String: Any])?["baseline"] as? [String: Any])?["run"] as? Int, 2)
        let change = try XCTUnwrap(configChange(editedReport))
        XCTAssertEqual(change["configChanged"] as? Bool, true)
        let now = try XCTUnwrap(((editedReport["configs"] as? [[String: Any]])?.first)?["totals"] as? [String: Int])
        let before = try XCTUnwrap(change["baseline"] as? [String: Int])
        let delta = try XCTUnwrap(change["delta"] as? [String: Int])
        for outcome in Outcome.allCases.map(\.rawValue) {
            XCTAssertEqual(delta[outcome], now[outcome]! - before[outcome]!, outcome)
        }
        XCTAssertEqual(before, (((sameReport["configs"] as? [[String: Any]])?.first)?["totals"] as? [String: Int]))
        XCTAssertGreaterThan(delta["forced"]!, 0, "the draft raises the minimum")

        // A baseline by id or date, and one that does not exist.
        let (byRun, byRunReport) = try audit("2026-11-24T02:00:00Z", draft: true, extra: ["--baseline", "run:1"])
        XCTAssertEqual(byRun.status, 0, byRun.stderr)
        XCTAssertEqual(((byRunReport["history"] as? [String: Any])?["baseline"] as? [String: Any])?["run"] as? Int, 1)
        let (byDate, byDateReport) = try audit(
            "2026-11-25T02:00:00Z", extra: ["--baseline", "date:2026-11-22T12:00:00Z"])
        XCTAssertEqual(byDate.status, 0, byDate.stderr)
        XCTAssertEqual(((byDateReport["history"] as? [String: Any])?["baseline"] as? [String: Any])?["run"] as? Int, 2)
        let (missing, missingReport) = try audit("2026-11-26T02:00:00Z", extra: ["--baseline", "run:99"])
        XCTAssertEqual(missing.status, 0, missing.stderr)
        XCTAssertEqual(
            (missingReport["history"] as? [String: Any])?["note"] as? String,
            "the history has no run 99 (it may have been pruned by --history-keep)")
    }

    func testChangeGatesCompareWithTheBaselineAndSayWhyWhenThereIsNone() throws {
        let gates = ["--fail-on", "forced+>100", "--fail-on", "blocked+>0.1%", "--fail-on", "upToDate+>0"]
        let (first, firstReport) = try audit("2026-11-21T02:00:00Z", extra: gates)
        // No baseline yet: neither crossed nor held, and never green (issue 68).
        XCTAssertEqual(first.status, 1, "an unchecked gate is not a gate that holds; " + first.stderr)
        XCTAssertEqual((firstReport["status"] as? [String: Any])?["state"] as? String, "gateUnchecked")
        XCTAssertEqual(firstReport["uncheckedGates"] as? [String], ["forced+>100", "blocked+>0.1%", "upToDate+>0"])
        let firstResults = firstReport["gates"] as? [[String: Any]] ?? []
        XCTAssertEqual(firstResults.map { $0["checked"] as? Bool }, [false, false, false])
        let notes = firstResults.compactMap { $0["note"] as? String }
        XCTAssertEqual(notes.count, 3)
        XCTAssertTrue(notes.allSatisfy { $0.hasPrefix("not checked: no earlier run in the history") }, "\(notes)")
        XCTAssertTrue(
            first.stderr.contains("gate forced+>100 not checked: no earlier run in the history"), first.stderr)
        XCTAssertTrue(first.stderr.contains("audit gateUnchecked (exit 1)"), first.stderr)
        // Found by a new user's trial: "0 of 3 gate checks crossed" said of gates that checked nothing.
        XCTAssertTrue(first.stderr.contains("3 gates not checked"), first.stderr)
        XCTAssertFalse(first.stderr.contains("gate checks crossed"), first.stderr)

        let (second, secondReport) = try audit("2026-11-22T02:00:00Z", draft: true, extra: gates)
        XCTAssertEqual(second.status, 1, second.stderr)
        let results = try XCTUnwrap(secondReport["gates"] as? [[String: Any]])
        let crossed = Dictionary(uniqueKeysWithValues: results.map { ($0["gate"] as! String, $0["crossed"] as! Bool) })
        // The draft: forced +326 (> 100), blocked +21 of 3,995 devices = +0.53 points (> 0.1), upToDate -420 (not > 0).
        XCTAssertEqual(crossed, ["forced+>100": true, "blocked+>0.1%": true, "upToDate+>0": false])
        XCTAssertEqual(results.first { $0["gate"] as? String == "upToDate+>0" }?["count"] as? Int, -420)
        XCTAssertTrue(
            second.stderr.contains("gate crossed: availability-android.json: forced+ = +326 devices"), second.stderr)
        XCTAssertThrowsError(try Gate(parsing: "forcedd+>1"))
        let withoutHistory = try CommandLineTests.run([
            "audit", "--inventory", "SampleData/inventory.csv", "--config-dir", "SampleData/configs/nhs",
            "--fail-on", "forced+>1", "--json", dir.appendingPathComponent("x.json").path,
        ])
        XCTAssertEqual(withoutHistory.status, 64, "a change gate without --history is a mistake, not a gate that holds")
        XCTAssertTrue(withoutHistory.stderr.contains("add --history FILE"), withoutHistory.stderr)
    }

    func testAFileThatIsNotAHistoryIsRefusedAndLeftUntouched() throws {
        let sqliteInventory = dir.appendingPathComponent("inventory.sqlite").path
        try FileManager.default.copyItem(atPath: TestPaths.sample("inventory.sqlite"), toPath: sqliteInventory)
        let text = TestPaths.write("not a database\n", named: "notes.txt", in: dir)
        for path in [sqliteInventory, text] {
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let result = try CommandLineTests.run([
                "audit", "--inventory", "SampleData/inventory.csv", "--config-dir", "SampleData/configs/nhs",
                "--history", path, "--json", dir.appendingPathComponent("r.json").path, "--quiet",
            ])
            XCTAssertEqual(result.status, 65, result.stderr)
            XCTAssertTrue(result.stderr.contains("left untouched"), result.stderr)
            XCTAssertEqual(
                try Data(contentsOf: URL(fileURLWithPath: path)), before, "\(path) is byte for byte as it was")
        }
        // A history from a newer FleetAudit (a later schema) is refused the same way.
        _ = try audit("2026-11-21T02:00:00Z")
        try sqlite(history, "PRAGMA user_version = 99")
        let before = try Data(contentsOf: URL(fileURLWithPath: history))
        let (newer, _) = try audit("2026-11-22T02:00:00Z")
        XCTAssertEqual(newer.status, 65)
        XCTAssertTrue(newer.stderr.contains("written by a newer FleetAudit (history schema 99"), newer.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: history)), before)
    }

    func testAnUnwritableHistoryExits74AndTheReportsStay() throws {
        let json = dir.appendingPathComponent("report.json").path
        let result = try CommandLineTests.run([
            "audit", "--inventory", "SampleData/inventory.csv", "--config-dir", "SampleData/configs/nhs",
            "--history", dir.appendingPathComponent("no-such-folder/history.sqlite").path,
            "--json", json, "--quiet",
        ])
        XCTAssertEqual(result.status, 74, result.stderr)
        XCTAssertTrue(result.stderr.contains("(the reports were written)"), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: json))
        // The report's recorded exit code is the process's (it said 0 while the run exited 74: issue 39 #8).
        let report = try XCTUnwrap(JSONParser.parse(String(contentsOfFile: json, encoding: .utf8)).objectValue)
        let status = try XCTUnwrap(report["status"]?.objectValue)
        XCTAssertEqual(status["state"], .string("failed"))
        XCTAssertEqual(status["exitCode"]?.numberValue?.int64, 74)
    }

    /// A full disk and a read-only file system, for real: the audit runs in a private mount namespace with a
    /// tiny (or read-only) tmpfs holding the history's folder. The reports (elsewhere) are written; exit 74.
    func testAFullDiskOrReadOnlyFileSystemExits74AndTheReportsStay() throws {
        guard
            (try? Process.run(URL(fileURLWithPath: "/usr/bin/unshare"), arguments: ["--mount", "true"]))
                .map({
                    $0.waitUntilExit()
                    return $0.terminationStatus == 0
                }) == true
        else {
            throw XCTSkip(
                "no private mount namespace on this machine (unshare --mount): cannot make a full or read-only file system"
            )
        }
        for (mountOptions, what) in [("size=12k", "full disk"), ("ro", "read-only file system")] {
            let mountPoint = dir.appendingPathComponent("mnt-\(what.prefix(4))").path
            try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
            let json = dir.appendingPathComponent("report-\(what.prefix(4)).json").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            process.currentDirectoryURL = TestPaths.repoRoot
            process.arguments = [
                "--mount", "sh", "-c", "mount -t tmpfs -o \(mountOptions) none \"$0\" && exec \"$@\"", mountPoint,
                CommandLineTests.binary.path, "audit", "--inventory", "SampleData/inventory.csv",
                "--config-dir", "SampleData/configs", "--history", mountPoint + "/history.sqlite", "--json", json,
                "--quiet",
            ]
            let err = Pipe()
            process.standardError = err
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 74, "\(what): \(stderr)")
            XCTAssertTrue(stderr.contains("(the reports were written)"), stderr)
            XCTAssertTrue(FileManager.default.fileExists(atPath: json), "\(what): the report stays")
        }
    }

    func testKeepPrunesTheOldestRunsWithTheirCounts() throws {
        for day in 21...24 {
            XCTAssertEqual(try audit("2026-11-\(day)T02:00:00Z", extra: ["--history-keep", "2"]).0.status, 0)
        }
        XCTAssertEqual(try sqlite(history, "SELECT group_concat(id) FROM runs ORDER BY id"), "3,4")
        XCTAssertEqual(
            try sqlite(history, "SELECT count(DISTINCT run_id) FROM run_counts"), "2",
            "pruned runs take their counts along")
        XCTAssertEqual(try sqlite(history, "SELECT count(DISTINCT run_id) FROM run_configs"), "2")
        XCTAssertEqual(try sqlite(history, "PRAGMA integrity_check"), "ok")
    }

    /// Starts an audit of the 11 sample configs appending to the history, in the background.
    func startAudit(day: Int, json: String) throws -> Process {
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.currentDirectoryURL = TestPaths.repoRoot
        process.arguments = [
            "audit", "--inventory", "SampleData/inventory.csv", "--config-dir", "SampleData/configs",
            "--as-of", String(format: "2026-11-%02dT02:00:00Z", day), "--history", history,
            "--json", dir.appendingPathComponent(json).path, "--quiet",
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    func testTwoAuditsAppendingAtOnceBothLand() throws {
        let processes = try (0..<2).map { i in try startAudit(day: 21 + i, json: "parallel-\(i).json") }
        for p in processes { p.waitUntilExit() }
        XCTAssertEqual(processes.map(\.terminationStatus), [0, 0])
        XCTAssertEqual(try sqlite(history, "SELECT count(*) FROM runs"), "2")
        XCTAssertEqual(try sqlite(history, "SELECT count(*) FROM run_configs"), "22", "11 configs each")
    }

    /// `kill -9` at moments spread over the end of a run, where the append happens: the history is always
    /// whole — each run with all 11 of its configs, the integrity check clean — holding the runs before
    /// the kill, or those and the new one.
    func testAKilledAppendLeavesThePreviousOrTheNewHistory() throws {
        func start(_ day: Int) throws -> Process { try startAudit(day: day, json: "killed.json") }
        let timing = Date()
        let first = try start(1)
        first.waitUntilExit()
        let duration = Date().timeIntervalSince(timing)
        var runs = 1
        for attempt in 0..<12 {
            let process = try start(2 + attempt)
            // From 60% to 110% of a whole run: the last part of it is the append.
            usleep(UInt32(duration * (0.6 + 0.5 * Double(attempt) / 11) * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTAssertEqual(try sqlite(history, "PRAGMA integrity_check"), "ok")
            let now = Int(try sqlite(history, "SELECT count(*) FROM runs"))!
            XCTAssertTrue(now == runs || now == runs + 1, "\(runs) runs before the kill, \(now) after")
            runs = now
            XCTAssertEqual(
                try sqlite(
                    history,
                    "SELECT count(*) FROM (SELECT run_id FROM run_configs GROUP BY run_id HAVING count(*) != 11)"), "0",
                "every run has all its configs")
            XCTAssertEqual(
                try sqlite(history, "SELECT count(*) FROM runs WHERE id NOT IN (SELECT run_id FROM run_configs)"), "0")
        }
        XCTAssertEqual(try audit("2026-11-30T02:00:00Z").0.status, 0, "the history is usable after the kills")
    }

    /// Issue 40: the history records how each run ended — state, exit code, crossed gates — and keeps a run that
    /// failed (without numbers), which is listed in its place and never becomes the baseline.
    func testTheHistoryKeepsExitCodesGatesAndFailedRuns() throws {
        _ = try audit("2026-11-21T02:00:00Z")
        // A night whose inventory is missing: exit 65, kept as failed.
        let failed = try CommandLineTests.run([
            "audit", "--inventory", dir.appendingPathComponent("missing.csv").path, "--config",
            "SampleData/configs/nhs/availability-android.json", "--as-of", "2026-11-22T02:00:00Z", "--history", history,
            "--quiet",
        ])
        XCTAssertEqual(failed.status, 65, failed.stderr)
        // The next night crosses a gate; its baseline is the first run, not the failed one.
        let (third, report) = try audit("2026-11-23T02:00:00Z", draft: true, extra: ["--fail-on", "forced+>100"])
        XCTAssertEqual(third.status, 1, third.stderr)
        let baseline = (report["history"] as? [String: Any])?["baseline"] as? [String: Any]
        XCTAssertEqual(baseline?["run"] as? Int, 1, "\(report["history"] ?? "")")

        let json = try CommandLineTests.run(["history", "--history", history, "--format", "json"])
        let listing = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(listing["schema"] as? String, "fleet-audit-history/1")
        let runs = try XCTUnwrap(listing["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.map { $0["state"] as? String }, ["completed", "failed", "gateCrossed"])
        XCTAssertEqual(runs.map { $0["exitCode"] as? Int }, [0, 65, 1])
        XCTAssertTrue((runs[1]["message"] as? String)?.contains("missing.csv") == true, "\(runs[1])")
        XCTAssertEqual((runs[1]["configs"] as? [Any])?.count, 0)
        let gates = try XCTUnwrap(runs[2]["crossedGates"] as? [[String: Any]])
        XCTAssertEqual(gates.map { $0["gate"] as? String }, ["forced+>100"])
        XCTAssertEqual(gates.first?["count"] as? Int, 326)

        let table = try CommandLineTests.run(["history", "--history", history])
        let lines = table.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, table.stdout)
        XCTAssertTrue(lines[2].contains("failed (exit 65)") && lines[2].contains("missing.csv"), lines[2])
        XCTAssertTrue(lines[3].hasSuffix("gate crossed: forced+>100"), lines[3])
    }

    /// Issue 68: with `--history-keep 2`, two failed nights kept the two failures and pruned the only completed
    /// run, so the next night's change gate had no baseline. The latest completed run is always kept.
    func testFailedNightsNeverPruneTheLastCompletedRun() throws {
        _ = try audit("2026-11-21T02:00:00Z")
        for night in ["2026-11-22T02:00:00Z", "2026-11-23T02:00:00Z"] {
            let failed = try CommandLineTests.run([
                "audit", "--inventory", dir.appendingPathComponent("missing.csv").path, "--config",
                "SampleData/configs/nhs/availability-android.json", "--as-of", night, "--history", history,
                "--history-keep", "2", "--quiet",
            ])
            XCTAssertEqual(failed.status, 65, failed.stderr)
        }
        let (next, report) = try audit(
            "2026-11-24T02:00:00Z", draft: true, extra: ["--fail-on", "forced+>100", "--history-keep", "2"])
        XCTAssertEqual(next.status, 1, "the gate is checked against the kept baseline: " + next.stderr)
        let baseline = (report["history"] as? [String: Any])?["baseline"] as? [String: Any]
        XCTAssertEqual(baseline?["run"] as? Int, 1, "\(report["history"] ?? "")")
    }

    /// Issue 67: a crossed gate is printed on the row of the config that crossed it (it was on the run's first
    /// row, the Android config's, which crossed nothing).
    func testAGateIsListedOnTheRowOfTheConfigThatCrossedIt() throws {
        let run = try CommandLineTests.run([
            "audit", "--inventory", "SampleData/inventory.csv", "--config",
            "SampleData/configs/nhs/availability-android.json", "--config",
            "SampleData/configs/nhs/availability-ios.json", "--as-of", "2026-11-22T02:00:00Z", "--history", history,
            "--fail-on", "availability-ios.json:forced>0", "--out", dir.appendingPathComponent("r").path, "--quiet",
        ])
        XCTAssertEqual(run.status, 1, run.stderr)
        let lines = try CommandLineTests.run(["history", "--history", history]).stdout.split(separator: "\n")
        let android = try XCTUnwrap(lines.first { $0.contains("availability-android.json") })
        let ios = try XCTUnwrap(lines.first { $0.contains("availability-ios.json") })
        XCTAssertFalse(android.contains("gate crossed"), String(android))
        XCTAssertTrue(ios.hasSuffix("gate crossed: availability-ios.json:forced>0"), String(ios))
    }

    /// A history written before schema 2 (no run endings) is read as it is and upgraded on the next append.
    func testAHistoryFromBeforeSchemaTwoIsReadAndUpgraded() throws {
        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(history, &db), SQLITE_OK)
        for statement in HistoryStore.migrations[1]! + [
            "PRAGMA application_id = \(HistoryStore.applicationID)", "PRAGMA user_version = 1",
            "INSERT INTO runs (as_of, generated_at, tool_version, inventory, rows_read, rows_evaluated, rows_rejected, devices) "
                + "VALUES ('2026-11-20T02:00:00Z', '2026-11-20T02:00:00Z', '0.1.0', 'x', 1, 1, 0, 1)",
        ] {
            XCTAssertEqual(sqlite3_exec(db, statement, nil, nil, nil), SQLITE_OK, statement)
        }
        sqlite3_close(db)
        let listed = try CommandLineTests.run(["history", "--history", history, "--format", "json"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let (next, report) = try audit("2026-11-21T02:00:00Z")
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(((report["history"] as? [String: Any])?["baseline"] as? [String: Any])?["run"] as? Int, 1)
        let runs = try XCTUnwrap(
            (JSONSerialization.jsonObject(
                with: Data(try CommandLineTests.run(["history", "--history", history, "--format", "json"]).stdout.utf8))
                as? [String: Any])?["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.map { $0["state"] as? String }, [nil, "completed"])
    }

    func testHistoryListsRunsAsTableCSVAndJSON() throws {
        _ = try audit("2026-11-21T02:00:00Z")
        _ = try audit("2026-11-22T02:00:00Z", draft: true)
        let table = try CommandLineTests.run(["history", "--history", history])
        XCTAssertEqual(table.status, 0, table.stderr)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[2].contains("1,122 (+326)") && lines[2].hasSuffix("config changed"), lines[2])

        let csv = try CommandLineTests.run([
            "history", "--history", history, "--format", "csv", "--since", "2026-11-22",
        ])
        let rows = csv.stdout.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        XCTAssertEqual(rows.count, 2, "--since leaves the second run")
        let header = rows[0]
        XCTAssertEqual(rows[1][header.firstIndex(of: "forced")!], "1122")
        XCTAssertEqual(rows[1][header.firstIndex(of: "forced_change")!], "", "the run before it is not listed")

        let json = try CommandLineTests.run([
            "history", "--history", history, "--format", "json", "--config", "availability-android.json",
        ])
        let listing = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let runs = try XCTUnwrap(listing["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.map { $0["run"] as? Int }, [1, 2])
        let second = try XCTUnwrap((runs[1]["configs"] as? [[String: Any]])?.first)
        XCTAssertEqual((second["change"] as? [String: Int])?["forced"], 326)
        XCTAssertEqual(second["configChanged"] as? Bool, true)

        XCTAssertEqual(
            try CommandLineTests.run(["history", "--history", dir.appendingPathComponent("none.sqlite").path]).status,
            65)
        let unknown = try CommandLineTests.run(["history", "--history", history, "--config", "nope.json"])
        XCTAssertEqual(
            unknown.stdout,
            "history \(history): no run has the config nope.json; configs in the history: availability-android.json\n")
        XCTAssertEqual(HistoryListing.csvField("=cmd()"), "'=cmd()")
        XCTAssertEqual(HistoryListing.csvField("a,\"b\""), "\"a,\"\"b\"\"\"")
    }

    /// Runs one SQL statement with the system SQLite and returns the first column of the first row.
    @discardableResult
    func sqlite(_ path: String, _ sql: String) throws -> String {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK else { throw CocoaError(.fileReadUnknown) }
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw NSError(
                domain: "sqlite", code: 1, userInfo: [NSLocalizedDescriptionKey: String(cString: sqlite3_errmsg(db))])
        }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return "" }
        return sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? ""
    }
}
