import Foundation

/// A source of inventory rows: a header, then records, each with the location a report can point to.
public protocol InventorySource: AnyObject {
    /// A description for reports: the path, plus the table or query for SQLite.
    var sourceDescription: String { get }
    /// What `Rejection.line` counts: `line` for CSV, `rowid` for SQLite.
    var locationKind: String { get }
    var headers: [String] { get }
    func next() throws(InventoryError) -> CSVReader.Event?
    /// Bytes consumed so far and the total, for progress on a terminal (0 when unknown).
    var progress: (done: Int, total: Int) { get }
}

/// A CSV file whose first record is the header.
public final class CSVInventorySource: InventorySource {
    private let reader: CSVReader
    public let headers: [String]
    public let sourceDescription: String
    public let locationKind = "line"
    private let total: Int

    public init(path: String, delimiter: UInt8 = UInt8(ascii: ","), chunkSize: Int = 1 << 20) throws(InventoryError) {
        reader = try CSVReader(path: path, delimiter: delimiter, chunkSize: chunkSize)
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

    public func next() throws(InventoryError) -> CSVReader.Event? { try reader.next() }
    public var progress: (done: Int, total: Int) { (reader.bytesRead, total) }
}
