import Foundation

/// Why the history could not be used: not a FleetAudit history (65, the file untouched), unwritable (74: a
/// read-only file or folder, a full disk; the reports already written stay), or kept locked by another
/// process past the busy timeout (75).
public enum HistoryError: Error, CustomStringConvertible, Equatable {
    case notAHistory(String)
    case unwritable(String)
    case busy(String)

    public var description: String {
        switch self {
        case .notAHistory(let m), .unwritable(let m), .busy(let m): return m
        }
    }

    public var exitCode: Int32 {
        switch self {
        case .notAHistory: return 65
        case .unwritable: return 74
        case .busy: return 75
        }
    }
}

/// The audit history: one SQLite file (never the inventory) holding runs, per config totals, and per rule
/// and per platform counts. It says what it is with `PRAGMA application_id` and its schema version with
/// `PRAGMA user_version`; `migrations[n]` takes a version n-1 file to version n inside the append's
/// transaction, so an older history is upgraded in place and a newer one is refused, untouched.
public enum HistoryStore {
    /// "FAud": the SQLite header's application id of a FleetAudit history.
    static let applicationID: Int64 = 0x4641_7564
    static let migrations: [Int64: [String]] = [
        1: [
            """
            CREATE TABLE runs (
              id INTEGER PRIMARY KEY,
              as_of TEXT NOT NULL,
              generated_at TEXT NOT NULL,
              tool_version TEXT NOT NULL,
              inventory TEXT NOT NULL,
              rows_read INTEGER NOT NULL,
              rows_evaluated INTEGER NOT NULL,
              rows_rejected INTEGER NOT NULL,
              devices INTEGER NOT NULL
            )
            """,
            "CREATE INDEX runs_by_time ON runs (as_of, id)",
            """
            CREATE TABLE run_configs (
              run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
              config_id TEXT NOT NULL,
              format TEXT NOT NULL,
              source TEXT NOT NULL,
              sha256 TEXT NOT NULL,
              forced INTEGER NOT NULL, recommended INTEGER NOT NULL, blocked INTEGER NOT NULL,
              unsupported_os INTEGER NOT NULL, up_to_date INTEGER NOT NULL, not_targeted INTEGER NOT NULL,
              PRIMARY KEY (run_id, config_id)
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE run_counts (
              run_id INTEGER NOT NULL,
              config_id TEXT NOT NULL,
              scope TEXT NOT NULL CHECK (scope IN ('rule', 'platform')),
              key TEXT NOT NULL,
              outcome TEXT NOT NULL,
              devices INTEGER NOT NULL,
              PRIMARY KEY (run_id, config_id, scope, key, outcome),
              FOREIGN KEY (run_id, config_id) REFERENCES run_configs (run_id, config_id) ON DELETE CASCADE
            ) WITHOUT ROWID
            """,
        ],
        // 2: how each run ended — its state and exit code, why it failed, the gates it crossed. Failed runs are
        // kept (with no configs) so the history shows the nights that failed; they are never a baseline.
        2: [
            "ALTER TABLE runs ADD COLUMN state TEXT",
            "ALTER TABLE runs ADD COLUMN exit_code INTEGER",
            "ALTER TABLE runs ADD COLUMN message TEXT",
            """
            CREATE TABLE run_gates (
              run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
              position INTEGER NOT NULL,
              gate TEXT NOT NULL,
              config_id TEXT NOT NULL,
              count INTEGER NOT NULL,
              PRIMARY KEY (run_id, position)
            ) WITHOUT ROWID
            """,
        ],
    ]
    static var schemaVersion: Int64 { migrations.keys.max()! }
    /// The outcome columns of run_configs, in `Outcome.allCases` order.
    static let outcomeColumns = ["forced", "recommended", "blocked", "unsupported_os", "up_to_date", "not_targeted"]

    // MARK: reading

    /// Opens an existing history to read; nil when there is no file yet (or an empty one). A file that is not
    /// a FleetAudit history, or one from a newer FleetAudit, is refused before anything is written.
    static func openForReading(_ path: String, busyTimeout: TimeInterval) throws(HistoryError) -> SQLiteDatabase? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { throw .notAHistory("--history \(path) is a folder: give a file") }
        if ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) == 0 { return nil }
        let db: SQLiteDatabase
        do { db = try SQLiteDatabase(path: path, readOnly: true, busyTimeout: busyTimeout) } catch {
            throw .notAHistory("--history \(path) cannot be opened as SQLite: \(error.message)")
        }
        return try checkIdentity(db) ? db : nil
    }

    /// True when `db` is a FleetAudit history this version reads; false when it is an empty database (a new
    /// history); throws for anything else.
    static func checkIdentity(_ db: SQLiteDatabase) throws(HistoryError) -> Bool {
        let path = db.path
        do {
            let app = try db.query("PRAGMA application_id").first?.first?.int ?? 0
            let version = try db.query("PRAGMA user_version").first?.first?.int ?? 0
            let tables = try db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap {
                $0.first?.string
            }
            if app == 0 && version == 0 && tables.isEmpty { return false }
            guard app == applicationID else {
                throw HistoryError.notAHistory(
                    "--history \(path) is a SQLite database but not a FleetAudit history "
                        + "(application_id \(app), tables: \(tables.isEmpty ? "none" : tables.joined(separator: ", "))); it was left untouched. "
                        + "Give a new file name, or the history an earlier audit wrote (never the inventory)")
            }
            guard version <= schemaVersion else {
                throw HistoryError.notAHistory(
                    "--history \(path) was written by a newer FleetAudit (history schema \(version); "
                        + "this one reads up to \(schemaVersion)); it was left untouched")
            }
            return true
        } catch let error as HistoryError {
            throw error
        } catch let error as SQLiteDatabase.Failure {
            if error.isBusy { throw .busy("--history \(path) stayed locked by another process: \(error.message)") }
            throw .notAHistory("--history \(path) is not a SQLite database (\(error.message)); it was left untouched")
        } catch {
            throw .notAHistory("--history \(path): \(error)")
        }
    }

    /// What the reports compare with, read in one opening of the history: the baseline `selector` picks at
    /// this run's time `asOf` (nil when there is none) and the latest `trendRuns` runs up to `asOf`.
    package static func comparison(
        _ path: String, _ selector: BaselineSelector, asOf: Date, trendRuns: Int,
        busyTimeout: TimeInterval = 60
    ) throws(HistoryError) -> HistoryComparison {
        guard let db = try openForReading(path, busyTimeout: busyTimeout) else {
            return HistoryComparison(file: path, selector: selector, baseline: nil)
        }
        let condition: (String, [SQLiteValue])
        switch selector {
        case .previous: condition = ("as_of <= ?", [.text(Timestamps.iso8601(asOf))])
        case .run(let id): condition = ("id = ?", [.integer(id)])
        case .date(let date): condition = ("as_of <= ?", [.text(Timestamps.iso8601(date))])
        }
        // A failed run has no numbers: it is neither a baseline nor a point of a trend. (A history from before
        // schema 2 holds no failed run, and no state column: it is read as it is, and upgraded when appended to.)
        let endings = hasEndings(db)
        let succeeded = endings ? " AND (state IS NULL OR state != 'failed')" : ""
        return try read(db) { () throws(SQLiteDatabase.Failure) in
            let baseline = try runs(
                db, where: condition.0 + succeeded, condition.1, order: "as_of DESC, id DESC", limit: 1
            ).first
            let trend = try runs(
                db, where: "as_of <= ?" + succeeded, [.text(Timestamps.iso8601(asOf))], order: "as_of DESC, id DESC",
                limit: trendRuns
            ).reversed()
            return HistoryComparison(file: path, selector: selector, baseline: baseline, trend: Array(trend))
        }
    }

    /// Runs, oldest first, with their configs' totals (not the per rule counts), for `fleet-audit history`;
    /// `since` bounds their times (inclusive).
    public static func runs(_ path: String, since: Date? = nil, busyTimeout: TimeInterval = 60) throws(HistoryError)
        -> [HistoryRun]
    {
        guard let db = try openForReading(path, busyTimeout: busyTimeout) else { return [] }
        let values = since.map { [SQLiteValue.text(Timestamps.iso8601($0))] } ?? []
        return try read(db) { () throws(SQLiteDatabase.Failure) in
            try runs(db, where: since == nil ? "1" : "as_of >= ?", values, order: "as_of, id", limit: nil)
        }
    }

    /// Whether the file keeps how runs ended (schema 2 and later).
    static func hasEndings(_ db: SQLiteDatabase) -> Bool {
        ((try? db.query("PRAGMA user_version").first?.first?.int) ?? 0) >= 2
    }

    private static func read<T>(_ db: SQLiteDatabase, _ body: () throws(SQLiteDatabase.Failure) -> T)
        throws(HistoryError) -> T
    {
        do { return try body() } catch {
            if error.isBusy { throw .busy("--history \(db.path) stayed locked by another process: \(error.message)") }
            throw .notAHistory("--history \(db.path) cannot be read: \(error.message)")
        }
    }

    private static func runs(
        _ db: SQLiteDatabase, where condition: String, _ values: [SQLiteValue], order: String,
        limit: Int?
    ) throws(SQLiteDatabase.Failure) -> [HistoryRun] {
        let limitClause = limit.map { " LIMIT \($0)" } ?? ""
        let rows = try db.query(
            """
            SELECT id, as_of, generated_at, tool_version, inventory, rows_read, rows_evaluated, rows_rejected, devices,
              \(hasEndings(db) ? "state, exit_code, message" : "NULL, NULL, NULL")
            FROM runs WHERE \(condition) ORDER BY \(order)\(limitClause)
            """, values)
        return try rows.map { (r) throws(SQLiteDatabase.Failure) -> HistoryRun in
            let id = r[0].int ?? 0
            let configs = try db.query(
                """
                SELECT config_id, format, source, sha256, \(outcomeColumns.joined(separator: ", "))
                FROM run_configs WHERE run_id = ? ORDER BY config_id
                """, [.integer(id)]
            ).map { c in
                var totals = OutcomeCounts()
                for (i, outcome) in Outcome.allCases.enumerated() { totals[outcome] = c[4 + i].int ?? 0 }
                return HistoryRun.Config(
                    id: c[0].string ?? "", format: c[1].string ?? "", source: c[2].string ?? "",
                    sha256: c[3].string ?? "", totals: totals, rules: [], platforms: [])
            }
            var ending: HistoryRun.Ending?
            if let state = r[9].string {
                let gates = try db.query(
                    "SELECT gate, config_id, count FROM run_gates WHERE run_id = ? ORDER BY position", [.integer(id)]
                ).map { g in
                    HistoryRun.CrossedGate(gate: g[0].string ?? "", config: g[1].string ?? "", count: g[2].int ?? 0)
                }
                ending = HistoryRun.Ending(
                    state: state, exitCode: Int32(truncatingIfNeeded: r[10].int ?? 0), message: r[11].string,
                    crossedGates: gates)
            }
            return HistoryRun(
                id: id, asOf: Timestamps.parse(r[1].string ?? "") ?? .distantPast,
                generatedAt: Timestamps.parse(r[2].string ?? "") ?? .distantPast, toolVersion: r[3].string ?? "",
                inventory: r[4].string ?? "", rowsRead: r[5].int ?? 0, rowsEvaluated: r[6].int ?? 0,
                rowsRejected: r[7].int ?? 0, devices: r[8].int ?? 0, configs: configs, ending: ending)
        }
    }

    // MARK: writing

    /// Appends `run` in one transaction, creating or upgrading the history first, and keeps the `keep` most
    /// recent runs (by time) in the same transaction. Returns the new run's id.
    @discardableResult
    public static func append(_ run: HistoryRun, to path: String, keep: Int, busyTimeout: TimeInterval = 60)
        throws(HistoryError) -> Int64
    {
        // A file that is not a history is refused before a write connection touches it.
        _ = try openForReading(path, busyTimeout: busyTimeout)
        let db: SQLiteDatabase
        do { db = try SQLiteDatabase(path: path, readOnly: false, busyTimeout: busyTimeout) } catch {
            throw .unwritable("--history \(path) cannot be opened for writing: \(error.message)")
        }
        do {
            try db.execute("PRAGMA foreign_keys = ON")
            // IMMEDIATE: the write lock first, so two audits appending at once take turns (busy timeout)
            // instead of one failing on a lock upgrade.
            try db.execute("BEGIN IMMEDIATE")
            do {
                // Checked again under the lock: another process may have created it meanwhile.
                let existing = try checkIdentity(db)
                let version = existing ? (try db.query("PRAGMA user_version").first?.first?.int ?? 0) : 0
                var next = version + 1
                while next <= schemaVersion {
                    for statement in migrations[next] ?? [] { try db.execute(statement) }
                    next += 1
                }
                if !existing { try db.execute("PRAGMA application_id = \(applicationID)") }
                try db.execute("PRAGMA user_version = \(schemaVersion)")
                let id = try insert(run, db)
                // The `keep` latest runs, and the latest completed one whatever its age: failed nights must not
                // prune the only baseline a change gate can compare with.
                try db.query(
                    """
                    DELETE FROM runs WHERE id NOT IN (SELECT id FROM runs ORDER BY as_of DESC, id DESC LIMIT ?)
                    AND id NOT IN (SELECT id FROM runs WHERE state IS NULL OR state != 'failed'
                                   ORDER BY as_of DESC, id DESC LIMIT 1)
                    """,
                    [.integer(Int64(max(keep, 1)))])
                try db.execute("COMMIT")
                return id
            } catch {
                try? db.execute("ROLLBACK")
                throw error
            }
        } catch let error as HistoryError {
            throw error
        } catch let error as SQLiteDatabase.Failure {
            if error.isBusy {
                throw .busy(
                    "--history \(path) stayed locked by another process past the busy timeout: \(error.message)")
            }
            throw .unwritable(
                "--history \(path): the run could not be appended (the history is as it was): \(error.message)")
        } catch {
            throw .unwritable("--history \(path): \(error)")
        }
    }

    private static func insert(_ run: HistoryRun, _ db: SQLiteDatabase) throws(SQLiteDatabase.Failure) -> Int64 {
        try db.query(
            """
            INSERT INTO runs (as_of, generated_at, tool_version, inventory, rows_read, rows_evaluated, rows_rejected, devices,
              state, exit_code, message)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(Timestamps.iso8601(run.asOf)), .text(Timestamps.iso8601(run.generatedAt)), .text(run.toolVersion),
                .text(run.inventory), .integer(run.rowsRead), .integer(run.rowsEvaluated), .integer(run.rowsRejected),
                .integer(run.devices), run.ending.map { .text($0.state) } ?? .null,
                run.ending.map { .integer(Int64($0.exitCode)) } ?? .null,
                run.ending?.message.map { .text($0) } ?? .null,
            ])
        let id = db.lastInsertedRowID
        for (position, gate) in (run.ending?.crossedGates ?? []).enumerated() {
            try db.query(
                "INSERT INTO run_gates (run_id, position, gate, config_id, count) VALUES (?, ?, ?, ?, ?)",
                [.integer(id), .integer(Int64(position)), .text(gate.gate), .text(gate.config), .integer(gate.count)])
        }
        let insertConfig = try db.prepare(
            """
            INSERT INTO run_configs (run_id, config_id, format, source, sha256, \(outcomeColumns.joined(separator: ", ")))
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let insertCount = try db.prepare("INSERT INTO run_counts VALUES (?, ?, ?, ?, ?, ?)")
        for c in run.configs {
            try insertConfig.run(
                [.integer(id), .text(c.id), .text(c.format), .text(c.source), .text(c.sha256)]
                    + Outcome.allCases.map { .integer(c.totals[$0]) })
            for (scope, list) in [("rule", c.rules), ("platform", c.platforms)] {
                for entry in list {
                    for outcome in Outcome.allCases where entry.counts[outcome] > 0 {
                        try insertCount.run([
                            .integer(id), .text(c.id), .text(scope), .text(entry.key), .text(outcome.rawValue),
                            .integer(entry.counts[outcome]),
                        ])
                    }
                }
            }
        }
        return id
    }
}
