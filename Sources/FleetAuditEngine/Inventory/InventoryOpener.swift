import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens an inventory as SQLite (by its magic bytes, a `.sqlite`/`.sqlite3`/`.db` name, or when a table or
/// query is given) or else as CSV. `-` is standard input, and a path that is not a regular file (a named
/// pipe, `<(command)`) is read as a stream: its first bytes are read once to tell what it holds and then
/// handed to the CSV reader, so nothing is lost and nothing is seeked.
package enum InventoryOpener {
    package static let standardInput = "-"
    private static let sqliteMagic = Array("SQLite format 3\u{0}".utf8)

    /// - Parameter busyTimeout: seconds a SQLite connection waits for another connection's lock.
    package static func open(
        path: String, delimiter: UInt8 = UInt8(ascii: ","), table: String? = nil,
        query: String? = nil, busyTimeout: Double = SQLiteInventorySource.defaultBusyTimeout
    ) throws(InventoryError) -> InventorySource {
        if path == standardInput || isStream(path) {
            return try openStream(path: path, delimiter: delimiter, sqliteRequested: table != nil || query != nil)
        }
        if isSQLite(path) || table != nil || query != nil {
            return try SQLiteInventorySource(path: path, table: table, query: query, busyTimeout: busyTimeout)
        }
        return try CSVInventorySource(path: path, delimiter: delimiter)
    }

    /// Whether the path exists and is not a regular file or a folder (a FIFO or a character device).
    /// Whether the inventory at `path` can be read only once (standard input, a pipe).
    package static func isStandardInputOrStream(_ path: String) -> Bool { path == standardInput || isStream(path) }

    static func isStream(_ path: String) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        let kind = st.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFCHR
    }

    private static func openStream(path: String, delimiter: UInt8, sqliteRequested: Bool) throws(InventoryError)
        -> InventorySource
    {
        let name = path == standardInput ? "(standard input)" : path
        let fd: Int32 = path == standardInput ? 0 : Foundation.open(path, O_RDONLY)
        guard fd >= 0 else { throw .unreadable(path, reason: String(cString: strerror(errno))) }
        let closes = path != standardInput
        // Read up to the length of SQLite's magic, however the writer splits its writes.
        var prefix = [UInt8](repeating: 0, count: sqliteMagic.count)
        var got = 0
        while got < prefix.count {
            let n = prefix.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, $0.count - got) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 {
                if closes { close(fd) }
                throw .unreadable(name, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            got += n
        }
        prefix.removeSubrange(got...)
        if prefix == sqliteMagic || sqliteRequested {
            if closes { close(fd) }
            throw .unreadable(
                name,
                reason:
                    "a SQLite database cannot be read from a stream (SQLite needs random access to the file): give its path"
            )
        }
        return try CSVInventorySource(
            stream: fd, name: name, prefix: prefix, closesDescriptor: closes, delimiter: delimiter)
    }

    /// A CSV stream already open (a pipe the run writes itself), read under `name`; the source closes it.
    package static func openCSV(descriptor fd: Int32, name: String, delimiter: UInt8) throws(InventoryError)
        -> InventorySource
    {
        try CSVInventorySource(stream: fd, name: name, prefix: [], closesDescriptor: true, delimiter: delimiter)
    }

    package static func isSQLite(_ path: String) -> Bool {
        let lower = path.lowercased()
        if lower.hasSuffix(".sqlite") || lower.hasSuffix(".sqlite3") || lower.hasSuffix(".db") { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let magic = (try? handle.read(upToCount: 16)) ?? Data()
        return magic == Data(sqliteMagic)
    }
}
