import CSQLite
import Foundation

/// The bound on what a view or a `--query` may make SQLite do (docs/security.md): a table holds a finite number of
/// rows, but a view over an endless recursive CTE yields rows forever, or works forever before its first. So a
/// view or query may yield at most `maximumRows` rows (a million and fifty per byte of the database file: more
/// than any join of an inventory's tables) and run at most `maximumSteps` SQLite virtual-machine steps between two
/// rows (250 million and two hundred per byte: a GROUP BY over the whole file fits). Both stop an endless view of a
/// small file within the hostile sweep's 3 s. A base table is not bounded.
final class SQLiteWorkBound {
    let maximumRows: Int
    let maximumSteps: Int
    /// Steps left before the next row, counted down by the progress handler in blocks of `stepsPerCall`.
    private var stepsLeft: Int
    private(set) var exceeded = false
    private static let stepsPerCall: Int32 = 10_000

    convenience init(databaseBytes: Int) {
        self.init(maximumRows: 1_000_000 + 50 * databaseBytes, maximumSteps: 250_000_000 + 200 * databaseBytes)
    }

    init(maximumRows: Int, maximumSteps: Int) {
        self.maximumRows = maximumRows
        self.maximumSteps = maximumSteps
        stepsLeft = maximumSteps
    }

    /// Installs the step bound on `db`; the handler runs on the thread that steps the statement.
    func install(on db: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_progress_handler(
            db, Self.stepsPerCall,
            { context in
                guard let context else { return 0 }
                let bound = Unmanaged<SQLiteWorkBound>.fromOpaque(context).takeUnretainedValue()
                bound.stepsLeft -= Int(SQLiteWorkBound.stepsPerCall)
                if bound.stepsLeft > 0 { return 0 }
                bound.exceeded = true
                return 1
            }, context)
    }

    /// Called for each row yielded: the step budget starts again.
    @inline(__always) func rowYielded() { stepsLeft = maximumSteps }

    /// Why the read stopped, once it did.
    func reason(rows: Int) -> String? {
        if exceeded && rows <= maximumRows {
            return
                "the view or query ran \(Int64(maximumSteps).groupedDigits) SQLite steps without yielding a row (an endless recursive query?): bound it with a LIMIT, or read a table"
        }
        if rows > maximumRows {
            return
                "the view or query yielded more than \(Int64(maximumRows).groupedDigits) rows, more than this database could hold (an endless recursive query?): bound it with a LIMIT, or read a table"
        }
        return nil
    }
}
