/// What ingest accounted for: `rowsRead = rowsEvaluated + rowsRejected`, with the first rejections kept.
public struct InventorySummary: Sendable {
    public var source: String
    public var locationKind: String
    public var headers: [String] = []
    /// Which state of the inventory was read (nil for a stream).
    public var snapshot: InventorySnapshot?
    public var rowsRead: Int64 = 0
    public var rowsEvaluated: Int64 = 0
    public var rowsRejected: Int64 = 0
    public var devices: Int64 = 0
    public var rejections: [Rejection] = []
    public var rejectionsByReason: [RejectionReason: Int64] = [:]
    public static let keptRejections = 100

    public init(source: String, locationKind: String) {
        self.source = source
        self.locationKind = locationKind
    }

    mutating func reject(_ rejection: Rejection) {
        rowsRead += 1
        rowsRejected += 1
        rejectionsByReason[rejection.reason, default: 0] += 1
        if rejections.count < Self.keptRejections { rejections.append(rejection) }
    }

    /// Adds the accounting of a later part of the same inventory, whose line numbers start `lineOffset` later.
    mutating func absorb(_ other: InventorySummary, lineOffset: Int) {
        rowsRead += other.rowsRead
        rowsEvaluated += other.rowsEvaluated
        rowsRejected += other.rowsRejected
        let (sum, overflow) = devices.addingReportingOverflow(other.devices)
        devices = overflow ? Int64.max : sum
        for (reason, n) in other.rejectionsByReason { rejectionsByReason[reason, default: 0] += n }
        for r in other.rejections.prefix(Self.keptRejections - rejections.count) {
            rejections.append(Rejection(line: r.line + lineOffset, column: r.column, reason: r.reason, message: r.message))
        }
    }
}
