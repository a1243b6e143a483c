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
    /// Which state of the inventory was read; complete once every row has been read.
    var snapshot: InventorySnapshot? { get }
}

extension InventorySource {
    package func keepOnly(_ fields: Set<Int>) {}
    package var snapshot: InventorySnapshot? { nil }
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

    package convenience init(
        path: String, delimiter: UInt8 = UInt8(ascii: ","), chunkSize: Int = CSVReader.defaultChunkSize
    ) throws(InventoryError) {
        try self.init(
            reader: try CSVReader(path: path, delimiter: delimiter, chunkSize: chunkSize), name: path,
            delimiter: delimiter, chunkSize: chunkSize, inMemory: false)
    }

    /// CSV from a stream (a pipe, standard input) whose first bytes were read to sniff it: read by one
    /// thread, front to back, never split.
    package convenience init(
        stream fd: Int32, name: String, prefix: [UInt8], closesDescriptor: Bool,
        delimiter: UInt8 = UInt8(ascii: ",")
    ) throws(InventoryError) {
        try self.init(
            reader: CSVReader(
                stream: fd, name: name, prefix: prefix, closesDescriptor: closesDescriptor, delimiter: delimiter),
            name: name, delimiter: delimiter, chunkSize: CSVReader.defaultChunkSize, inMemory: true)
    }

    /// CSV text already in memory (the fuzzer's inputs): read by one thread, never split.
    package convenience init(
        bytes: [UInt8], name: String = "(memory)", chunkSize: Int = 1 << 20,
        maxRecordBytes: Int = 64 << 20
    ) throws(InventoryError) {
        try self.init(
            reader: CSVReader(bytes: bytes, name: name, chunkSize: chunkSize, maxRecordBytes: maxRecordBytes),
            name: name,
            delimiter: UInt8(ascii: ","), chunkSize: chunkSize, inMemory: true)
    }

    private init(reader: CSVReader, name path: String, delimiter: UInt8, chunkSize: Int, inMemory: Bool)
        throws(InventoryError)
    {
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
    /// The readers of the later parts, when the file is read in parts.
    private var partReaders: [CSVReader] = []

    package func keepOnly(_ fields: Set<Int>) {
        kept = fields
        reader.keepOnly(fields)
    }

    /// The file as it was opened; a cut last line is the same line whichever reader reached the end.
    package var snapshot: InventorySnapshot? {
        guard let size = reader.snapshotSize else { return nil }
        let all = [reader] + partReaders
        var s = InventorySnapshot(kind: .file)
        s.bytes = Int64(size)
        s.grownBytes = Int64(all.map(\.grownBytes).max() ?? 0)
        s.cutLineBytes = Int64(all.map(\.cutLineBytes).max() ?? 0)
        return s
    }

    /// The rest of the file (after the header) cut into `n` parts at line starts, for parallel reading:
    /// this source reads the first part, new readers the others. Nil when the file is too small to be worth it.
    func parts(_ n: Int, minimumBytes: Int) throws(InventoryError) -> InventoryParts? {
        let begin = reader.position
        guard n > 1, !inMemory, total - begin >= n * minimumBytes else { return nil }
        var cuts: [Int] = []
        for i in 1..<n {
            guard let cut = try reader.lineStart(atOrAfter: begin + (total - begin) * i / n),
                cut > (cuts.last ?? begin),
                cut < total
            else { break }
            cuts.append(cut)
        }
        guard !cuts.isEmpty else { return nil }
        var readers = [reader]
        defer { partReaders = Array(readers.dropFirst()) }
        for (i, cut) in cuts.enumerated() {
            let part = try CSVReader(
                partOf: reader, chunkSize: chunkSize, startOffset: cut,
                stopOffset: i + 1 < cuts.count ? cuts[i + 1] : nil)
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
    /// A CSV line taken straight to its raw key, `length` bytes written where the counter asked
    /// (`CSVReader.advance(keysFor:)`).
    case key(line: Int, length: Int, delimiter: UInt8)
    case malformed(line: Int, reason: RejectionReason, message: String)
    case end
}

/// What ingest drives directly, row by row (see `InventoryLoader.count`).
protocol RowStepper: AnyObject {
    func advance() throws(InventoryError) -> RowStep
    /// `advance`, or a row's raw key written straight to `counter` (`.key`) when the reader can.
    func advance(keysFor counter: RowCounter) throws(InventoryError) -> RowStep
    /// The fields of the row the last step returned (valid until the next step).
    var record: RowFields { get }
}

extension RowStepper {
    func advance(keysFor counter: RowCounter) throws(InventoryError) -> RowStep { try advance() }

    /// The next step as an `Event`, with the row's fields (for callers other than the ingest loop).
    func nextEvent() throws(InventoryError) -> CSVReader.Event? {
        switch try advance() {
        case .record(let line): return .record(line: line, fields: record)
        case .malformed(let line, let reason, let message):
            return .malformed(line: line, reason: reason, message: message)
        case .end: return nil
        case .key: preconditionFailure("`advance()` gives no keys")
        }
    }
}

/// A source whose rows come straight from a `CSVReader`.
protocol CSVBackedSource: InventorySource {
    var csvReader: CSVReader { get }
}
