import CSQLite
import Foundation

/// Rows of a table (or of a query) in a SQLite database, opened read-only through the C API.
///
/// Rows are stepped into FleetAudit's own profile table rather than grouped by SQLite: on 10M rows the
/// sqlite3 CLI's GROUP BY took 11 s where stepping rows took 3 s (BENCHMARK-NOTES.md).
package final class SQLiteInventorySource: InventorySource, RowStepper {
    private var db: OpaquePointer?
    private var statement: OpaquePointer?
    private let path: String
    package let headers: [String]
    package let sourceDescription: String
    package let locationKind: String
    private let hasRowID: Bool
    private var ordinal = 0
    private let fields = RowFields()
    private var estimatedRows = 0

    /// - Parameters:
    ///   - table: the table to read (quoted as an identifier); default `devices`, else the only table.
    ///   - query: any SELECT instead of a table; rows are numbered from 1 in the order it returns them.
    package convenience init(
        path: String, table: String? = nil, query: String? = nil,
        busyTimeout: Double = SQLiteInventorySource.defaultBusyTimeout
    ) throws(InventoryError) {
        try self.init(path: path, table: table, query: query, rowids: nil, busyTimeout: busyTimeout)
    }

    /// Seconds a connection waits for another connection's lock before the run gives up with exit 75: a
    /// nightly job reading a database that a sync job is writing should wait, not fail.
    package static let defaultBusyTimeout = 60.0
    private let busyTimeout: Double
    /// Whether the database was opened immutable (`opensImmutable`).
    private let openedImmutable: Bool
    /// Which state of the database was read (set when the read transactions begin).
    package private(set) var snapshot: InventorySnapshot?

    private var chosenTable: String?
    /// The table read (nil for a query).
    package var tableName: String? { chosenTable }
    /// Set for a view or a query (`SQLiteWorkBound`); nil for a base table, which holds finitely many rows.
    private var workBound: SQLiteWorkBound?
    private var rowidFilter = ""
    /// Statement column of each header (−1: not selected, read as empty), as raw memory for the per-row loop;
    /// nil when every column is selected.
    private var selected: UnsafeMutableBufferPointer<Int32>?
    /// Whether the database stores text as UTF-8, so columns can be read as blobs (set by `keepOnly`).
    private var useBlob = false
    private var kept: Set<Int>?

    /// - Parameter rowids: read only these rows (a part of the table read by one thread).
    /// - Parameter bound: the bound of a view or query; nil: the one its file's size gives (`SQLiteWorkBound`).
    init(
        path: String, table: String?, query: String?, rowids: ClosedRange<Int64>?,
        busyTimeout: Double = SQLiteInventorySource.defaultBusyTimeout, bound: SQLiteWorkBound? = nil
    ) throws(InventoryError) {
        self.busyTimeout = busyTimeout
        var isDirectory = false
        guard FileChecks.exists(path, isDirectory: &isDirectory) else { throw .fileNotFound(path) }
        if isDirectory { throw .unreadable(path, reason: "it is a directory") }
        self.path = path
        openedImmutable = try Self.opensImmutable(path)
        let handle = try Self.openReadOnly(path, immutable: openedImmutable)
        db = handle
        sqlite3_busy_timeout(handle, Self.milliseconds(busyTimeout))
        // The bound a CSV record has (64 MB): a view that makes one huge value (a 4 KB database yielding 72 MB)
        // fails with SQLITE_TOOBIG instead of taking the run's memory and the reports with it.
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Self.maximumValueBytes)
        do {
            // Before any statement runs (the row estimate below would run a view's CTE to its end).
            let chosen = try query == nil ? Self.chooseTable(handle, table, path: path, busyTimeout: busyTimeout) : nil
            let isView = chosen.map { Self.isView(handle, $0) } ?? false
            if query != nil || isView {
                let bound = bound ?? SQLiteWorkBound(databaseBytes: FileChecks.size(path) ?? 0)
                bound.install(on: handle)
                workBound = bound
            }
            let sql: String
            if let query {
                sql = query
                hasRowID = false
                sourceDescription = "\(path) (query)"
                locationKind = "row"
            } else if let chosen {
                let quoted = Self.quoteIdentifier(chosen)
                chosenTable = chosen
                // A table is read once, front to back: a page is never read again, so SQLite's default 2 MB
                // page cache only spread each page read over cold memory. With 64 KB the pages SQLite reads
                // into stay in the core's cache (10–15% faster on 10M rows; a query keeps the default).
                sqlite3_exec(handle, "PRAGMA cache_size = -64", nil, nil, nil)
                let probe = Self.prepare(handle, "SELECT rowid, * FROM \(quoted)")
                if probe == nil, Self.isBusy(handle) {
                    throw Self.failure(handle, path: path, busyTimeout: busyTimeout)
                }
                hasRowID = probe != nil
                sqlite3_finalize(probe)
                rowidFilter = rowids.map { " WHERE rowid BETWEEN \($0.lowerBound) AND \($0.upperBound)" } ?? ""
                sql = hasRowID ? "SELECT rowid, * FROM \(quoted)" + rowidFilter : "SELECT * FROM \(quoted)"
                sourceDescription = "\(path) (table \(chosen))"
                locationKind = hasRowID ? "rowid" : "row"
                // (A view's max(rowid) runs the whole view: an endless one never ends.)
                estimatedRows = isView ? 0 : Self.estimateRows(handle, quoted)
            } else {
                preconditionFailure("a table is chosen whenever no query is given")
            }
            var tail = ""
            guard let stmt = Self.prepare(handle, sql, tail: &tail) else {
                throw Self.failure(handle, path: path, busyTimeout: busyTimeout)
            }
            if query != nil, let rest = Self.textAfterFirstStatement(tail) {
                // SQLite prepares the first statement and would leave the rest unread without a word.
                sqlite3_finalize(stmt)
                throw InventoryError.sqlite(
                    path,
                    reason:
                        "--query holds more than one statement (\"\(rest.prefix(60))\" follows the first): give one SELECT"
                )
            }
            statement = stmt
            let first = hasRowID ? 1 : 0
            headers = (first..<Int(sqlite3_column_count(stmt))).map {
                String(cString: sqlite3_column_name(stmt, Int32($0)))
            }
        } catch let error as InventoryError {
            sqlite3_finalize(statement)
            sqlite3_close(handle)
            throw error
        } catch {
            sqlite3_close(handle)
            throw .sqlite(path, reason: "\(error)")
        }
    }

    deinit {
        selected?.deallocate()
        sqlite3_finalize(statement)
        sqlite3_close(db)
    }

    /// `"name"` with embedded quotes doubled: a name from the command line never becomes SQL.
    package static func quoteIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// What follows the first statement SQLite prepared from `sql` (its tail), once white space, `;` and
    /// comments are set aside; nil when nothing does.
    static func textAfterFirstStatement(_ tail: String) -> String? {
        var rest = tail
        var changed = true
        while changed {
            changed = false
            let trimmed = rest.trimmingCharacters(
                in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: ";")))
            if trimmed != rest {
                rest = trimmed
                changed = true
            }
            if rest.hasPrefix("--") {
                rest = rest.firstIndex(of: "\n").map { String(rest[$0...]) } ?? ""
                changed = true
            }
            if rest.hasPrefix("/*") {
                rest = rest.range(of: "*/").map { String(rest[$0.upperBound...]) } ?? ""
                changed = true
            }
        }
        return rest.isEmpty ? nil : rest
    }

    /// `prepare`, also giving the text after the first statement.
    private static func prepare(_ db: OpaquePointer, _ sql: String, tail: inout String) -> OpaquePointer? {
        var stmt: OpaquePointer?
        let code = sql.withCString { base -> Int32 in
            var end: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(db, base, -1, &stmt, &end)
            tail = end.map { String(cString: $0) } ?? ""
            return code
        }
        guard code == SQLITE_OK else {
            sqlite3_finalize(stmt)
            return nil
        }
        return stmt
    }

    private static func prepare(_ db: OpaquePointer, _ sql: String) -> OpaquePointer? {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK else {
            sqlite3_finalize(stmt)
            return nil
        }
        return stmt
    }

    private static func milliseconds(_ seconds: Double) -> Int32 { Int32(clamping: Int((seconds * 1000).rounded())) }

    private static func isBusy(_ db: OpaquePointer) -> Bool {
        let code = sqlite3_errcode(db) & 0xFF
        return code == SQLITE_BUSY || code == SQLITE_LOCKED
    }

    /// The connection's last error: `locked` (exit 75) when it is a lock another connection held past the
    /// busy timeout, else `sqlite` (65).
    private static func failure(_ db: OpaquePointer, path: String, busyTimeout: Double) -> InventoryError {
        let message = String(cString: sqlite3_errmsg(db))
        return isBusy(db) ? .locked(path, reason: message, waited: busyTimeout) : .sqlite(path, reason: message)
    }

    private func failure(_ db: OpaquePointer) -> InventoryError {
        if let reason = workBound?.reason(rows: ordinal) { return .sqlite(path, reason: reason) }
        return Self.failure(db, path: path, busyTimeout: busyTimeout)
    }

    /// The table a run reads: `table` (which must exist), else `devices`, else the only one.
    private static func chooseTable(_ db: OpaquePointer, _ table: String?, path: String, busyTimeout: Double)
        throws(InventoryError) -> String
    {
        let tables = try Self.tables(db, path: path, busyTimeout: busyTimeout)
        if let table {
            guard tables.contains(table) else {
                throw InventoryError.sqlite(
                    path,
                    reason:
                        "no table named \(table); tables found: \(tables.isEmpty ? "(none)" : tables.joined(separator: ", "))"
                )
            }
            return table
        }
        if tables.contains("devices") { return "devices" }
        if tables.count == 1 { return tables[0] }
        throw InventoryError.sqlite(
            path,
            reason: tables.isEmpty
                ? "the database has no tables"
                : "several tables and none named devices: choose one with --table (tables found: \(tables.joined(separator: ", ")))"
        )
    }

    /// A read-only connection (immutable when the file cannot change: `opensImmutable`).
    private static func openReadOnly(_ path: String, immutable: Bool) throws(InventoryError) -> OpaquePointer {
        var handle: OpaquePointer?
        let rc =
            immutable
            ? sqlite3_open_v2(
                immutableURI(path), &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
            : sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(handle)
            throw .sqlite(path, reason: message)
        }
        return handle
    }

    private static func isView(_ db: OpaquePointer, _ name: String) -> Bool {
        guard let stmt = prepare(db, "SELECT type FROM sqlite_master WHERE name = \(quoteString(name))") else {
            return false
        }
        defer { sqlite3_finalize(stmt) }
        return sqlite3_step(stmt) == SQLITE_ROW && String(cString: sqlite3_column_text(stmt, 0)) == "view"
    }

    private static func quoteString(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    private static func tables(_ db: OpaquePointer, path: String, busyTimeout: Double) throws(InventoryError)
        -> [String]
    {
        let failure = { Self.failure(db, path: path, busyTimeout: busyTimeout) }
        guard
            let stmt = prepare(
                db,
                "SELECT name FROM sqlite_master WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        else {
            throw failure()
        }
        defer { sqlite3_finalize(stmt) }
        var names: [String] = []
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_ROW {
                names.append(String(cString: sqlite3_column_text(stmt, 0)))
            } else if rc == SQLITE_DONE {
                return names
            } else {
                throw failure()
            }
        }
    }

    private static func estimateRows(_ db: OpaquePointer, _ quoted: String) -> Int {
        guard let stmt = prepare(db, "SELECT max(rowid) FROM \(quoted)") else { return 0 }
        defer { sqlite3_finalize(stmt) }
        return sqlite3_step(stmt) == SQLITE_ROW ? Int(sqlite3_column_int64(stmt, 0)) : 0
    }

    package func next() throws(InventoryError) -> CSVReader.Event? {
        try nextEvent()
    }

    var record: RowFields { fields }

    @inline(__always)
    func advance() throws(InventoryError) -> RowStep {
        guard let statement else { return .end }
        let rc = sqlite3_step(statement)
        if rc == SQLITE_DONE { return .end }
        guard rc == SQLITE_ROW else { throw failure(db!) }
        ordinal += 1
        if let workBound {
            workBound.rowYielded()
            if ordinal > workBound.maximumRows { throw failure(db!) }
        }
        // One `sqlite3_column_value` per column rather than a `sqlite3_column_*` call per reading (see below).
        let location = hasRowID ? Int(sqlite3_value_int64(sqlite3_column_value(statement, 0))) : ordinal
        if let selected {
            // Only the columns a run reads were selected; the others read as empty fields. The fields point
            // at SQLite's own bytes (valid until the next step). In a UTF-8 database a column's value is taken
            // once and read as a blob: the same bytes as `_text` (numbers as text, NULL as no pointer), without
            // the connection's error and mutex bookkeeping that every `sqlite3_column_*` call repeats. SQLite
            // calls that value unprotected, which matters only when another thread shares the connection:
            // each connection here is opened NOMUTEX and stepped by one thread.
            // The fields are written through the row's view slots held in locals (see `RowFields.viewSlots`).
            let slots = fields.viewSlots()
            if useBlob, selected.count <= slots.capacity {
                fields.beginView()
                for k in 0..<selected.count {
                    let column = selected[k]
                    guard column >= 0, let value = sqlite3_column_value(statement, column),
                        let bytes = sqlite3_value_blob(value)
                    else {
                        slots.bases[k] = nil
                        slots.lengths[k] = 0
                        continue
                    }
                    slots.bases[k] = bytes.assumingMemoryBound(to: UInt8.self)
                    slots.lengths[k] = Int(sqlite3_value_bytes(value))
                }
                fields.endView(count: selected.count)
                return .record(line: location)
            }
            fields.reset()
            for k in 0..<selected.count {
                let column = selected[k]
                if column < 0 {
                    fields.addPointerField(nil, 0)
                    continue
                }
                let bytes = sqlite3_column_text(statement, column)
                fields.addPointerField(bytes, Int(sqlite3_column_bytes(statement, column)))
            }
            return .record(line: location)
        }
        fields.reset()
        let first: Int32 = hasRowID ? 1 : 0
        for column in first..<sqlite3_column_count(statement) {
            if sqlite3_column_type(statement, column) == SQLITE_NULL {
                fields.endField()
                continue
            }
            if let text = sqlite3_column_text(statement, column) {
                let length = Int(sqlite3_column_bytes(statement, column))
                fields.append(UnsafeBufferPointer(start: text, count: length))
            } else {
                fields.endField()
            }
        }
        return .record(line: location)
    }

    package var progress: (done: Int, total: Int) { (ordinal, estimatedRows) }

    /// Selects only these columns (by header index): SQLite decodes only what is selected, and a device id
    /// or other unread columns were a large part of stepping a row. Only before the first row of a table.
    package func keepOnly(_ wanted: Set<Int>) {
        // Columns are selected by name, so only when names are unique (a view can repeat one).
        guard ordinal == 0, let db, let chosenTable, !wanted.isEmpty, Set(headers).count == headers.count else {
            return
        }
        let indexes = wanted.filter { $0 >= 0 && $0 < headers.count }.sorted()
        let names = indexes.map { Self.quoteIdentifier(headers[$0]) }.joined(separator: ", ")
        let sql =
            (hasRowID ? "SELECT rowid, " : "SELECT ") + names + " FROM \(Self.quoteIdentifier(chosenTable))"
            + rowidFilter
        guard let narrower = Self.prepare(db, sql) else { return }
        sqlite3_finalize(statement)
        statement = narrower
        var map = [Int32](repeating: -1, count: headers.count)
        for (k, i) in indexes.enumerated() { map[i] = Int32(k + (hasRowID ? 1 : 0)) }
        selected?.deallocate()
        let buffer = UnsafeMutableBufferPointer<Int32>.allocate(capacity: map.count)
        _ = buffer.initialize(from: map)
        selected = buffer
        if let stmt = Self.prepare(db, "PRAGMA encoding") {
            useBlob = sqlite3_step(stmt) == SQLITE_ROW && String(cString: sqlite3_column_text(stmt, 0)) == "UTF-8"
            sqlite3_finalize(stmt)
        }
        kept = wanted
    }

    /// The table cut into `n` rowid ranges, each read through its own read-only connection. Nil for a query,
    /// a table without rowids, or fewer than `minimumRows` rows. Every part reads the same committed state
    /// (see `beginSharedSnapshot`); the first and last ranges are open-ended, so rows added beyond the
    /// rowids seen here are read too when they are in that state.
    func parts(_ n: Int, minimumRows: Int64 = EngineTuning.minimumPartRows) throws(InventoryError) -> InventoryParts? {
        // A view is read by one thread: its min(rowid) and max(rowid) are no b-tree's ends but whole runs of it.
        guard n > 1, hasRowID, workBound == nil, let db, let chosenTable, ordinal == 0 else { return nil }
        // Two statements: SQLite answers a lone min(rowid) or max(rowid) from the b-tree's ends, but
        // `SELECT min(rowid), max(rowid)` scans the whole table (1.4 s on 10M rows).
        func end(_ aggregate: String) throws(InventoryError) -> Int64? {
            guard let stmt = Self.prepare(db, "SELECT \(aggregate)(rowid) FROM \(Self.quoteIdentifier(chosenTable))")
            else { throw failure(db) }
            defer { sqlite3_finalize(stmt) }
            let rc = sqlite3_step(stmt)
            guard rc == SQLITE_ROW || rc == SQLITE_DONE else { throw failure(db) }
            guard rc == SQLITE_ROW, sqlite3_column_type(stmt, 0) != SQLITE_NULL else { return nil }
            return sqlite3_column_int64(stmt, 0)
        }
        guard let low = try end("min"), let high = try end("max") else { return nil }
        guard high.subtractingReportingOverflow(low).partialValue >= minimumRows, high > low else { return nil }
        let span = (high - low) / Int64(n) + 1
        var parts: [SQLiteInventorySource] = []
        for i in 0..<Int64(n) {
            let from = low + i * span
            guard from <= high else { break }
            let last = i == Int64(n) - 1 || from + span > high
            let range = (i == 0 ? Int64.min : from)...(last ? Int64.max : from + span - 1)
            let part = try SQLiteInventorySource(
                path: path, table: chosenTable, query: nil, rowids: range, busyTimeout: busyTimeout)
            part.estimatedRows = estimatedRows
            if let kept { part.keepOnly(kept) }
            parts.append(part)
            if last { break }
        }
        try beginSharedSnapshot(parts)
        return InventoryParts(sources: parts) { _ in .joined(lines: 0) }
    }

    /// One connection, one read transaction: the whole read is one committed state.
    func beginSnapshot() throws(InventoryError) {
        guard let db, snapshot == nil else { return }
        guard beginRead(waiting: true) == SQLITE_OK else { throw failure(db) }
        snapshot = describeSnapshot(connections: 1, restarts: 0)
    }

    /// Starts a read transaction on every part so that all read one committed state, in both journal modes.
    ///
    /// Shared WAL snapshots (`sqlite3_snapshot_open`) need SQLite built with SQLITE_ENABLE_SNAPSHOT, which
    /// Debian's is not. Instead: in rollback-journal mode the first part's SHARED lock keeps any writer from
    /// committing until the read ends, so parts started while it holds it see one state; the later parts do
    /// not wait for locks (a writer waiting on the first part's lock would wait on them too), they restart.
    /// In WAL mode readers never block writers: `PRAGMA data_version` on this connection, outside the parts,
    /// is read before and after they start, and a commit in between restarts them.
    private func beginSharedSnapshot(_ parts: [SQLiteInventorySource]) throws(InventoryError) {
        guard let db else { return }
        let wal = journalMode() == "wal"
        let deadline = Date().addingTimeInterval(busyTimeout)
        var restarts = 0
        while true {
            let before = wal ? try dataVersion() : 0
            var begun = 0
            var busy = false
            for (i, part) in parts.enumerated() {
                let rc = part.beginRead(waiting: i == 0)
                if rc == SQLITE_OK {
                    begun += 1
                    continue
                }
                guard let partDB = part.db, Self.isBusy(partDB), i > 0 else { throw part.failure(part.db ?? db) }
                busy = true
                break
            }
            let committedMeanwhile = wal && !busy ? try dataVersion() != before : false
            if !busy && !committedMeanwhile {
                snapshot = parts[0].describeSnapshot(connections: parts.count, restarts: restarts)
                return
            }
            for part in parts.prefix(begun) { part.endRead() }
            restarts += 1
            if Date() >= deadline {
                throw .locked(path, reason: "a writer kept committing while the parts started", waited: busyTimeout)
            }
            usleep(UInt32(min(50_000, 1_000 * restarts)))
        }
    }

    /// BEGIN and a first read: the connection holds its read lock (rollback journal) or its WAL read mark from
    /// now until `endRead` or the end of the connection. `waiting: false` turns the busy wait off for it.
    private func beginRead(waiting: Bool) -> Int32 {
        guard let db else { return SQLITE_MISUSE }
        if !waiting { sqlite3_busy_timeout(db, 0) }
        defer { if !waiting { sqlite3_busy_timeout(db, Self.milliseconds(busyTimeout)) } }
        var rc = sqlite3_exec(db, "BEGIN", nil, nil, nil)
        guard rc == SQLITE_OK else { return rc }
        guard let stmt = Self.prepare(db, "SELECT count(*) FROM sqlite_master") else {
            rc = sqlite3_errcode(db)
            sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
            return rc
        }
        rc = sqlite3_step(stmt)
        sqlite3_finalize(stmt)
        if rc == SQLITE_ROW { return SQLITE_OK }
        sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
        return rc
    }

    private func endRead() {
        if let db { sqlite3_exec(db, "ROLLBACK", nil, nil, nil) }
    }

    /// Whether to open `path` immutable: a WAL-mode database on a read-only file system. Its readers need the
    /// `-shm` file beside it, which none can create there ("unable to open database file"). Without a `-wal`
    /// file (or with an empty one) every committed row is in the database file and nothing can write on that
    /// medium, so reading it immutable (SQLite then uses no `-shm`) reads exactly the committed state. A
    /// `-wal` file with commits in it could only be read through a `-shm`: then the run stops and says how to
    /// fold them in, instead of reading an older state of the data.
    static func opensImmutable(_ path: String) throws(InventoryError) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = [UInt8]((try? handle.read(upToCount: 20)) ?? Data())
        // Bytes 18 and 19 of the header: the read and write versions, 2 in WAL mode.
        guard header.count == 20, header.starts(with: Array("SQLite format 3".utf8)), header[18] == 2 else {
            return false
        }
        var fs = statvfs()
        guard statvfs(path, &fs) == 0, fs.f_flag & UInt(ST_RDONLY) != 0 else { return false }
        if FileManager.default.fileExists(atPath: path + "-shm") { return false }
        let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        if walSize > 0 {
            throw .sqlite(
                path,
                reason:
                    "it is in WAL mode on a read-only file system, and its -wal file holds commits that no reader can see there without a -shm file: checkpoint it where it is written (sqlite3 FILE 'PRAGMA wal_checkpoint(TRUNCATE)') or copy the database with its -wal file to writable storage"
            )
        }
        return true
    }

    /// The longest value a row may hold: 64 MB, as a CSV record.
    static let maximumValueBytes: Int32 = 64 << 20

    /// `path` as an SQLite URI with `immutable=1` (`?`, `#` and `%` escaped, as URI file names need).
    static func immutableURI(_ path: String) -> String {
        let escaped = path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "?", with: "%3f")
            .replacingOccurrences(of: "#", with: "%23")
        return "file:\(escaped)?immutable=1"
    }

    private func journalMode() -> String {
        guard let db, let stmt = Self.prepare(db, "PRAGMA journal_mode") else { return "" }
        defer { sqlite3_finalize(stmt) }
        guard sqlite3_step(stmt) == SQLITE_ROW, let text = sqlite3_column_text(stmt, 0) else { return "" }
        return String(cString: text).lowercased()
    }

    /// Changes whenever another connection commits (read outside any transaction of this connection).
    private func dataVersion() throws(InventoryError) -> Int64 {
        guard let db else { return 0 }
        guard let stmt = Self.prepare(db, "PRAGMA data_version") else { throw failure(db) }
        defer { sqlite3_finalize(stmt) }
        guard sqlite3_step(stmt) == SQLITE_ROW else { throw failure(db) }
        return sqlite3_column_int64(stmt, 0)
    }

    /// The state this connection's read transaction holds: its journal mode and the header's file change
    /// counter (bytes 24–27), read while the transaction keeps writers from changing it in rollback mode.
    /// The header is read through SQLite's own file handle: opening and closing the file here would drop
    /// every POSIX lock this process holds on it — SQLite's read lock included.
    private func describeSnapshot(connections: Int, restarts: Int) -> InventorySnapshot {
        var s = InventorySnapshot(kind: .sqlite)
        s.journalMode = journalMode()
        s.immutable = openedImmutable
        s.connections = connections
        s.restarts = restarts
        var file: UnsafeMutablePointer<sqlite3_file>?
        if let db, sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
            let file, let read = file.pointee.pMethods?.pointee.xRead
        {
            var header = [UInt8](repeating: 0, count: 28)
            if header.withUnsafeMutableBytes({ read(file, $0.baseAddress, 28, 0) }) == SQLITE_OK {
                s.changeCounter = header[24..<28].reduce(Int64(0)) { $0 << 8 | Int64($1) }
            }
        }
        return s
    }
}
