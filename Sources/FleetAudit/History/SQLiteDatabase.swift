import CSQLite
import Foundation

/// The few calls of SQLite's C API the history needs, read-write (the inventory's reader in
/// FleetAuditEngine is read-only and row-oriented; this one writes small transactions). Errors carry
/// SQLite's message and its primary result code, so a full disk or a read-only file is told from a lock.
final class SQLiteDatabase {
    public struct Failure: Error, CustomStringConvertible {
        let code: Int32
        let message: String
        var description: String { message }
        /// SQLITE_BUSY or SQLITE_LOCKED after the busy timeout.
        var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
        /// SQLITE_NOTADB: the file is not a database.
        var isNotADatabase: Bool { code == SQLITE_NOTADB }
    }

    private let handle: OpaquePointer
    let path: String

    /// `readOnly` never creates the file; otherwise it is created when missing.
    init(path: String, readOnly: Bool, busyTimeout: TimeInterval) throws(Failure) {
        var db: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let rc = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(db)
            throw Failure(code: rc & 0xFF, message: "\(path): \(message)")
        }
        handle = db
        self.path = path
        sqlite3_busy_timeout(db, Int32(min(busyTimeout * 1000, Double(Int32.max))))
        sqlite3_extended_result_codes(db, 0)
    }

    deinit { sqlite3_close_v2(handle) }

    fileprivate func failure(_ rc: Int32) -> Failure {
        Failure(code: rc & 0xFF, message: "\(path): \(String(cString: sqlite3_errmsg(handle)))")
    }

    func execute(_ sql: String) throws(Failure) {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw failure(rc) }
    }

    /// Runs `sql` with `values` bound in order; returns every row as values (Int64, String or nil).
    @discardableResult
    func query(_ sql: String, _ values: [SQLiteValue] = []) throws(Failure) -> [[SQLiteValue]] {
        try prepare(sql).run(values)
    }

    /// A statement compiled once, to run with many sets of values (the history's inserts: a row per rule).
    func prepare(_ sql: String) throws(Failure) -> Statement {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw failure(rc) }
        return Statement(database: self, handle: statement)
    }

    final class Statement {
        private let database: SQLiteDatabase
        private let handle: OpaquePointer

        fileprivate init(database: SQLiteDatabase, handle: OpaquePointer) {
            self.database = database
            self.handle = handle
        }

        deinit { sqlite3_finalize(handle) }

        /// Binds `values` in order, steps to the end and returns the rows; the statement is reset for the next run.
        @discardableResult
        func run(_ values: [SQLiteValue]) throws(Failure) -> [[SQLiteValue]] {
            defer {
                sqlite3_reset(handle)
                sqlite3_clear_bindings(handle)
            }
            for (i, value) in values.enumerated() {
                let index = Int32(i + 1)
                switch value {
                case .integer(let n): sqlite3_bind_int64(handle, index, n)
                case .text(let s):
                    sqlite3_bind_text(handle, index, s, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
                case .null: sqlite3_bind_null(handle, index)
                }
            }
            var rows: [[SQLiteValue]] = []
            while true {
                let step = sqlite3_step(handle)
                if step == SQLITE_DONE { return rows }
                guard step == SQLITE_ROW else { throw database.failure(step) }
                rows.append(
                    (0..<sqlite3_column_count(handle)).map { c in
                        switch sqlite3_column_type(handle, c) {
                        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, c))
                        case SQLITE_NULL: return .null
                        default: return .text(String(cString: sqlite3_column_text(handle, c)))
                        }
                    })
            }
        }
    }

    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }
}

enum SQLiteValue: Equatable {
    case integer(Int64), text(String), null

    var int: Int64? { if case .integer(let n) = self { return n } else { return nil } }
    var string: String? { if case .text(let s) = self { return s } else { return nil } }
}
