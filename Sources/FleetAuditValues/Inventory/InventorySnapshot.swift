/// Which state of a live inventory a run read: a CSV file as it was when opened (its size then), or one
/// committed state of a SQLite database shared by every connection that read it.
package struct InventorySnapshot: Sendable, Equatable {
    package enum Kind: String, Sendable { case file, sqlite }
    package var kind: Kind
    /// CSV: the file's size when opened (nothing after it is read); how much it had grown when the read
    /// reached that size; the bytes of a last line a writer had not finished, left out of the read.
    package var bytes: Int64?
    package var grownBytes: Int64 = 0
    package var cutLineBytes: Int64 = 0
    /// SQLite: the journal mode, the header's file change counter as read under the snapshot (in WAL mode it
    /// advances on checkpoints, not on every commit), the connections that shared the snapshot, and how many
    /// times their start was retried because a commit landed between their first reads.
    package var journalMode: String?
    package var changeCounter: Int64?
    package var connections: Int?
    package var restarts: Int?
    /// SQLite: opened immutable, a WAL-mode database on a read-only file system with no commits in a -wal file
    /// (`inventory.readOnlyWAL`).
    package var immutable = false

    package init(kind: Kind) { self.kind = kind }

    /// One sentence for the HTML and the terminal.
    package var sentence: String {
        switch kind {
        case .file:
            var text = "the file as opened: \((bytes ?? 0).groupedDigits) bytes"
            if grownBytes > 0 { text += "; it grew by \(grownBytes.groupedDigits) bytes while read, not read" }
            if cutLineBytes > 0 {
                text +=
                    "; its last line (\(cutLineBytes.groupedDigits) bytes) was still being written and is outside the snapshot"
            }
            return text
        case .sqlite:
            var text = "one committed state (journal mode \(journalMode ?? "?")"
            if let changeCounter { text += ", file change counter \(changeCounter)" }
            text += ")"
            if immutable { text += ", opened immutable (WAL mode on a read-only file system, no -wal commits)" }
            if let connections, connections > 1 { text += " shared by \(connections) connections" }
            if let restarts, restarts > 0 {
                text += ", after \(restarts) restart\(restarts == 1 ? "" : "s") for a commit between their first reads"
            }
            return text
        }
    }
}
