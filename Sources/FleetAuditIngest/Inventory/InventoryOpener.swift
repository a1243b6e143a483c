import Foundation

/// Opens an inventory path as SQLite (by its magic bytes, a `.sqlite`/`.sqlite3`/`.db` name, or when a table
/// or query is given) or else as CSV.
package enum InventoryOpener {
    package static func open(path: String, delimiter: UInt8 = UInt8(ascii: ","), table: String? = nil,
                            query: String? = nil) throws(InventoryError) -> InventorySource {
        if isSQLite(path) || table != nil || query != nil {
            return try SQLiteInventorySource(path: path, table: table, query: query)
        }
        return try CSVInventorySource(path: path, delimiter: delimiter)
    }

    static func isSQLite(_ path: String) -> Bool {
        let lower = path.lowercased()
        if lower.hasSuffix(".sqlite") || lower.hasSuffix(".sqlite3") || lower.hasSuffix(".db") { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let magic = (try? handle.read(upToCount: 16)) ?? Data()
        return magic == Data("SQLite format 3\u{0}".utf8)
    }
}
