import FleetAuditEngine
import Foundation

/// `--set column=value`: a column every row of the inventory has with one value, for an export of one platform or
/// one app that does not say so (a Jamf Pro export of Macs has no platform column). Written into the rows as they
/// are read, so everything downstream reads it as a column of the file: for SQLite, as a query around the table;
/// for CSV, by appending the field to every record on its way through a pipe. The pipe costs a CSV the parallel
/// read (a pipe is read once, by one thread); nothing else changes, and a run without `--set` does not pass here.
package enum ConstantColumns {
    /// The inventory as `request` says it is read, with `request.constantColumns` added.
    package static func open(_ request: AuditRequest) throws(InventoryError) -> InventorySource {
        let open = { (path: String, query: String?) throws(InventoryError) -> InventorySource in
            try InventoryOpener.open(
                path: path, delimiter: request.delimiter, table: query == nil ? request.table : nil,
                query: query, busyTimeout: request.busyTimeout)
        }
        let constants = request.constantColumns
        guard !constants.isEmpty else { return try open(request.inventoryPath, request.query) }
        let piped = { () throws(InventoryError) -> InventorySource in
            let readEnd = try CSVRecordAppender.pipe(request.inventoryPath, constants, delimiter: request.delimiter)
            let path = request.inventoryPath
            return try InventoryOpener.openCSV(
                descriptor: readEnd, name: path == InventoryOpener.standardInput ? "(standard input)" : path,
                delimiter: request.delimiter)
        }
        // A stream is read once: its header is checked by the reader (a column named twice is refused there).
        if InventoryOpener.isStandardInputOrStream(request.inventoryPath) { return try piped() }
        let plain = try open(request.inventoryPath, request.query)
        try refuseExisting(constants, headers: plain.headers)
        if let sqlite = plain as? SQLiteInventorySource {
            return try open(request.inventoryPath, query(constants, around: sqlite, request: request))
        }
        // Read again through the pipe: the first opening only looked at the header.
        return try piped()
    }

    /// A column the file already has is not silently shadowed (nor the constant silently ignored).
    private static func refuseExisting(_ constants: [(String, String)], headers: [String]) throws(InventoryError) {
        let present = Set(headers.map(InventoryColumn.normalize))
        if let (name, value) = constants.first(where: { present.contains(InventoryColumn.normalize($0.0)) }) {
            throw .badColumnMapping(
                "--set \(name)=\(value): the inventory already has a \(name) column; use --column \(name)=HEADER to read another, or leave --set out"
            )
        }
    }

    /// The table (or `--query`) with a literal column per constant: `SELECT *, 'macos' AS "platform" FROM …`.
    private static func query(
        _ constants: [(String, String)], around source: SQLiteInventorySource, request: AuditRequest
    )
        -> String
    {
        let literals = constants.map { name, value in
            "'\(value.replacingOccurrences(of: "'", with: "''"))' AS \(SQLiteInventorySource.quoteIdentifier(name))"
        }
        let from =
            request.query.map { "(\($0))" } ?? SQLiteInventorySource.quoteIdentifier(source.tableName ?? "devices")
        return "SELECT *, \(literals.joined(separator: ", ")) FROM \(from)"
    }
}

/// Appends constant fields to every record of a CSV file, on a thread writing into a pipe whose read end the
/// inventory's reader reads. Records end at a line end outside quotes (CRLF kept); an empty line stays
/// empty (the reader skips it, as it would have); a last record without a line end gets the fields too. Written by
/// hand: it is a quote-state scan, which no CSV library exposes without re-writing every field.
enum CSVRecordAppender {
    /// - Returns: the pipe's read end, for the inventory's reader (which closes it).
    static func pipe(_ path: String, _ constants: [(String, String)], delimiter: UInt8) throws(InventoryError) -> Int32
    {
        let input = path == InventoryOpener.standardInput ? dup(0) : open(path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .unreadable(path, reason: String(cString: strerror(errno))) }
        var ends: [Int32] = [0, 0]
        guard Foundation.pipe(&ends) == 0 else {
            close(input)
            throw .unreadable(path, reason: "no pipe for --set: \(String(cString: strerror(errno)))")
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let header = Array(
            constants.map { field($0.0, delimiter) }.joined(separator: String(UnicodeScalar(delimiter))).utf8)
        let row = Array(
            constants.map { field($0.1, delimiter) }.joined(separator: String(UnicodeScalar(delimiter))).utf8)
        let thread = Thread {
            // A reader that stops early closes the pipe: the write then fails (EPIPE) instead of killing the run.
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            copy(from: input, to: writeEnd, delimiter: delimiter, header: [delimiter] + header, row: [delimiter] + row)
            close(input)
            close(writeEnd)
        }
        thread.start()
        return readEnd
    }

    /// A field quoted when it must be (a delimiter, a quote or a line end in it).
    static func field(_ text: String, _ delimiter: UInt8) -> String {
        guard text.utf8.contains(where: { $0 == delimiter || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Where the scan is in a record, as the inventory's CSV reader reads one: a quote opens a quoted field only
    /// at the field's start (`27" iMac` is text, as the reader takes it), and `""` inside one is a quote.
    private enum ScanState { case fieldStart, unquoted, quoted, quoteInQuoted }

    /// The scan: `header` appended to the first record, `row` to every other non-empty one.
    static func copy(from input: Int32, to output: Int32, delimiter: UInt8, header: [UInt8], row: [UInt8]) {
        var state = ScanState.fieldStart
        var recordHasBytes = false
        var first = true
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        func flush() -> Bool {
            defer { out.removeAll(keepingCapacity: true) }
            return writeAll(output, out)
        }
        func endRecord() {
            guard recordHasBytes else { return }
            out += first ? header : row
            first = false
            recordHasBytes = false
        }
        while true {
            let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 {
                // The rest cannot be read: a last record of one field and no line end makes the reader fail the
                // run as cut short (exit 65), rather than count the rows read so far as the whole file.
                out += Array("\nunreadable here: \(String(cString: strerror(errno)))".utf8)
                _ = flush()
                return
            }
            if n == 0 { break }
            for k in 0..<n {
                let b = chunk[k]
                let lineEnd = b == 0x0A || b == 0x0D
                switch state {
                case .quoted: state = b == 0x22 ? .quoteInQuoted : .quoted
                case .quoteInQuoted where b == 0x22: state = .quoted
                case .fieldStart where b == 0x22: state = .quoted
                default:
                    // Before the line end (before the CR of a CRLF; the LF after it ends an empty record).
                    if lineEnd { endRecord() }
                    state = lineEnd || b == delimiter ? .fieldStart : .unquoted
                }
                if !lineEnd || state == .quoted { recordHasBytes = true }
                out.append(b)
            }
            if out.count >= 1 << 16, !flush() { return }
        }
        endRecord()
        _ = flush()
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            // The reader stopped (a rejected file, an error): nothing more to give it.
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }
}
