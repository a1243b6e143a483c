import Foundation

/// Why an inventory could not be read at all (exit code 65; `locked` is 75, try again later). Row-level
/// problems are `Rejection`s instead.
package enum InventoryError: Error, Equatable, CustomStringConvertible {
    case fileNotFound(String)
    case unreadable(String, reason: String)
    case emptyFile(String)
    case missingColumns([String], found: [String])
    case badColumnMapping(String)
    case sqlite(String, reason: String)
    /// Another connection held a lock on the database for longer than the busy timeout.
    case locked(String, reason: String, waited: Double)
    /// Two headers name one column (`platform` twice, `os_version` beside `OS Version`): which one is meant
    /// cannot be known. 1-based positions.
    case duplicateColumn(String, headers: [String], positions: [Int])
    /// A known column the inventory lacks under its own name, with several headers that are warehouse names
    /// for it (`build` and `version_code` for app_build).
    case ambiguousColumn(String, headers: [String])
    /// The rows' counts add up to more than `InventorySummary.maxDevices`.
    case tooManyDevices(String)

    /// One header holding `;`, a tab or `|`: the file is separated by that, not by commas.
    static func delimiterHint(found: [String], missing: [String]) -> String {
        separatorHint(found: found)
            ?? (missing[0] == "platform"
                ? " (map another name with --column platform=HEADER, or give every row one with --set platform=macos)"
                : " (map another name with --column \(missing[0])=HEADER)")
    }

    /// Headers as an error lists them: the first 50, then how many more (a header of a million columns is
    /// not a message).
    package static func listed(_ headers: [String]) -> String {
        let shown = headers.prefix(50).joined(separator: ", ")
        return headers.count > 50 ? shown + ", … (\(Int64(headers.count).groupedDigits) columns in all)" : shown
    }

    /// The hint of a header read as one field holding another separator, nil when it is not that.
    static func separatorHint(found: [String]) -> String? {
        guard found.count == 1 else { return nil }
        for (byte, name) in [(";", "semicolon"), ("\t", "tab"), ("|", "pipe")] where found[0].contains(byte) {
            return
                " (the header is one field holding \(name == "tab" ? "tabs" : "'\(byte)'"): is the file \(name)-separated? add --delimiter \(name))"
        }
        return nil
    }

    package var description: String {
        switch self {
        case .fileNotFound(let path): return "inventory file not found: \(path)"
        case .unreadable(let path, let reason): return "cannot read inventory \(path): \(reason)"
        case .emptyFile(let path): return "inventory \(path) is empty: expected a header row"
        case .missingColumns(let missing, let found):
            let plural = missing.count == 1 ? "column" : "columns"
            return "inventory is missing the required \(plural) \(missing.joined(separator: ", ")); "
                + "columns found: \(found.isEmpty ? "(none)" : Self.listed(found))"
                + Self.delimiterHint(found: found, missing: missing)
        case .badColumnMapping(let message): return message
        case .sqlite(let path, let reason):
            return "cannot read SQLite inventory \(path): \(reason)\(Self.explained(reason))"
        case .duplicateColumn(let name, let headers, let positions):
            return
                "inventory has two \(name) columns: \"\(headers[0])\" (column \(positions[0])) and \"\(headers[1])\" (column \(positions[1])); "
                + "remove one, or say which to read with --column \(name)=HEADER"
        case .ambiguousColumn(let name, let headers):
            return
                "inventory has no \(name) column, and \(headers.count) headers that could be it: "
                + headers.map { "\"\($0)\"" }.joined(separator: ", ")
                + "; say which to read with --column \(name)=HEADER"
        case .tooManyDevices(let source):
            return
                "inventory \(source): its count column adds up to more than the \(InventorySummary.maxDevicesText) devices "
                + "FleetAudit counts exactly: is the count column really a number of devices?"
        case .locked(let path, let reason, let waited):
            return
                "SQLite inventory \(path) is locked by another connection (\(reason)); waited \(String(format: "%.1f", waited)) s "
                + "(--busy-timeout): a writer held the lock that long. Try again later."
        }
    }

    /// What SQLite's terse messages mean for a read-only reader.
    private static func explained(_ reason: String) -> String {
        if reason.contains("attempt to write a readonly database") {
            return
                " (a writer crashed mid-transaction and left a hot journal, which SQLite must roll back before the database can be read; FleetAudit opens inventories read-only and never does: open it once with write access, e.g. sqlite3 FILE 'PRAGMA quick_check', or restore it)"
        }
        if reason.contains("string or blob too big") {
            return " (a value is longer than 64 MB, the bound a CSV record has too: no device's field is)"
        }
        return ""
    }
}
