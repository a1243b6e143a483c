import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A source of inventory rows: a header, then records, each with the location a report can point to.
package protocol InventorySource: AnyObject {
    /// A description for reports: the path, plus the table or query for SQLite.
    var sourceDescription: String { get }
    /// What `Rejection.line` counts: `line` for CSV, `rowid` for SQLite.
    var locationKind: String { get }
    var headers: [String] { get }
    func next() throws(InventoryError) -> CSVReader.Event?
    /// Bytes consumed so far and the total, for progress on a terminal (0 when unknown).
    var progress: (done: Int, total: Int) { get }
    /// Only these fields will be read (by index): a source may skip the others' bytes.
    func keepOnly(_ fields: Set<Int>)
}

extension InventorySource {
    package func keepOnly(_ fields: Set<Int>) {}
}

/// A CSV file whose first record is the header.
package final class CSVInventorySource: InventorySource, CSVBackedSource {
    private let reader: CSVReader
    package let headers: [String]
    package let sourceDescription: String
    package let locationKind = "line"
    private let total: Int
    private let delimiter: UInt8
    private let chunkSize: Int

    private let inMemory: Bool

    package convenience init(path: String, delimiter: UInt8 = UInt8(ascii: ","), chunkSize: Int = CSVReader.defaultChunkSize) throws(InventoryError) {
        try self.init(reader: try CSVReader(path: path, delimiter: delimiter, chunkSize: chunkSize), name: path,
                      delimiter: delimiter, chunkSize: chunkSize, inMemory: false)
    }

    /// CSV from a stream (a pipe, standard input) whose first bytes were read to sniff it: read by one
    /// thread, front to back, never split.
    package convenience init(stream fd: Int32, name: String, prefix: [UInt8], closesDescriptor: Bool,
                             delimiter: UInt8 = UInt8(ascii: ",")) throws(InventoryError) {
        try self.init(reader: CSVReader(stream: fd, name: name, prefix: prefix, closesDescriptor: closesDescriptor, delimiter: delimiter),
                      name: name, delimiter: delimiter, chunkSize: CSVReader.defaultChunkSize, inMemory: true)
    }

    /// CSV text already in memory (the fuzzer's inputs): read by one thread, never split.
    package convenience init(bytes: [UInt8], name: String = "(memory)", chunkSize: Int = 1 << 20,
                            maxRecordBytes: Int = 64 << 20) throws(InventoryError) {
        try self.init(reader: CSVReader(bytes: bytes, name: name, chunkSize: chunkSize, maxRecordBytes: maxRecordBytes), name: name,
                      delimiter: UInt8(ascii: ","), chunkSize: chunkSize, inMemory: true)
    }

    private init(reader: CSVReader, name path: String, delimiter: UInt8, chunkSize: Int, inMemory: Bool) throws(InventoryError) {
        self.reader = reader
        self.delimiter = delimiter
        self.chunkSize = chunkSize
        self.inMemory = inMemory
        sourceDescription = path
        total = reader.fileSize
        var header: [String]? = nil
        while header == nil {
            switch try reader.next() {
            case .none: throw .emptyFile(path)
            case .record(_, let fields)?: header = fields.strings()
            case .malformed(let line, _, let message)?:
                throw .unreadable(path, reason: "the header row (line \(line)) is malformed: \(message)")
            }
        }
        headers = header!.map { $0.trimmedWhitespace }
    }

    package func next() throws(InventoryError) -> CSVReader.Event? { try reader.next() }
    package var progress: (done: Int, total: Int) { (reader.bytesRead, total) }
    var csvReader: CSVReader { reader }

    private var kept: Set<Int>?

    package func keepOnly(_ fields: Set<Int>) {
        kept = fields
        reader.keepOnly(fields)
    }

    /// The rest of the file (after the header) cut into `n` parts at line starts, for parallel reading:
    /// this source reads the first part, new readers the others. Nil when the file is too small to be worth it.
    func parts(_ n: Int, minimumBytes: Int) throws(InventoryError) -> InventoryParts? {
        let begin = reader.position
        guard n > 1, !inMemory, total - begin >= n * minimumBytes else { return nil }
        var cuts: [Int] = []
        for i in 1..<n {
            guard let cut = try lineStart(atOrAfter: begin + (total - begin) * i / n), cut > (cuts.last ?? begin),
                  cut < total else { break }
            cuts.append(cut)
        }
        guard !cuts.isEmpty else { return nil }
        var readers = [reader]
        for (i, cut) in cuts.enumerated() {
            let part = try CSVReader(path: sourceDescription, delimiter: delimiter, chunkSize: chunkSize,
                                     startOffset: cut, stopOffset: i + 1 < cuts.count ? cuts[i + 1] : nil)
            if let kept { part.keepOnly(kept) }
            readers.append(part)
        }
        reader.stopOffset = cuts[0]
        let sources: [InventorySource] = [self] + readers.dropFirst().map { CSVPartSource(reader: $0, total: total) }
        return InventoryParts(sources: sources) { part in
            let r = readers[part]
            if r.stoppedAt == cuts[part] { return .joined(lines: r.line - 1) }
            r.stopOffset = nil
            return .readOn
        }
    }

    /// The offset just after the first line feed at or after `offset`, or nil if there is none.
    private func lineStart(atOrAfter offset: Int) throws(InventoryError) -> Int? {
        let fd = open(sourceDescription, O_RDONLY)
        guard fd >= 0 else { throw .unreadable(sourceDescription, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var position = offset
        while true {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, off_t(position)) }
            if n < 0 { throw .unreadable(sourceDescription, reason: String(cString: strerror(errno))) }
            if n == 0 { return nil }
            if let i = buffer[0..<n].firstIndex(of: UInt8(ascii: "\n")) { return position + i + 1 }
            position += n
        }
    }
}

/// A later part of a CSV file, read by its own `CSVReader`; lines are counted from the part's start.
final class CSVPartSource: InventorySource, CSVBackedSource {
    private let reader: CSVReader
    private let total: Int
    let sourceDescription = ""
    let locationKind = "line"
    let headers: [String] = []

    init(reader: CSVReader, total: Int) {
        self.reader = reader
        self.total = total
    }

    func next() throws(InventoryError) -> CSVReader.Event? { try reader.next() }
    var progress: (done: Int, total: Int) { (reader.bytesRead, total) }
    var csvReader: CSVReader { reader }
}

/// One step of reading rows, without the row itself (it is in `record`): the ingest loop takes a step for
/// every row, and an `Event` holding the `RowFields` cost a retain and a release per row.
enum RowStep {
    case record(line: Int)
    case malformed(line: Int, reason: RejectionReason, message: String)
    case end
}

/// What ingest drives directly, row by row (see `InventoryLoader.count`).
protocol RowStepper: AnyObject {
    func advance() throws(InventoryError) -> RowStep
    /// The fields of the row the last step returned (valid until the next step).
    var record: RowFields { get }
}

extension RowStepper {
    /// The next step as an `Event`, with the row's fields (for callers other than the ingest loop).
    func nextEvent() throws(InventoryError) -> CSVReader.Event? {
        switch try advance() {
        case .record(let line): return .record(line: line, fields: record)
        case .malformed(let line, let reason, let message): return .malformed(line: line, reason: reason, message: message)
        case .end: return nil
        }
    }
}

/// A source whose rows come straight from a `CSVReader`.
protocol CSVBackedSource: InventorySource {
    var csvReader: CSVReader { get }
}
