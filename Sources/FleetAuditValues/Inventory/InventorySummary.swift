/// What ingest accounted for: `rowsRead = rowsEvaluated + rowsRejected`, with the first rejections kept.
package struct InventorySummary: Sendable {
    package var source: String
    package var locationKind: String
    package var headers: [String] = []
    /// Known columns read from a warehouse's name for them (`ColumnMap.aliased`): `app_build=build`.
    package var columnAliases: [String] = []
    /// The line of a last row that has too few or too many fields and no line feed after it: the file ends in
    /// the middle of a row, as an export cut short does. Nil otherwise.
    package var endsMidRow: Int?
    /// Which state of the inventory was read (nil for a stream).
    package var snapshot: InventorySnapshot?
    package var rowsRead: Int64 = 0
    package var rowsEvaluated: Int64 = 0
    package var rowsRejected: Int64 = 0
    package var devices: Int64 = 0
    /// `--package`: the packages kept, and the devices of every other package left out before evaluation (by
    /// package, "" for rows without one); `devices` counts only those kept.
    package var packagesKept: [String] = []
    package var devicesLeftOut: [String: Int64] = [:]
    /// Whether rows carry a `count` column (a warehouse's grouped export): each row is then a group of devices,
    /// and reports say "groups" where they say "rows".
    package var grouped = false
    /// Devices of the rejected rows whose count is known (each row's 1, or its `count`): the accounting in devices
    /// is `devices + devicesRejected`, plus the devices of `rejectedUncounted` rows, which no one can know.
    package var devicesRejected: Int64 = 0
    /// Rejected rows whose device count cannot be read (a bad `count`, or a row that does not split).
    package var rejectedUncounted: Int64 = 0
    package var devicesRejectedByReason: [RejectionReason: Int64] = [:]
    package var rejections: [Rejection] = []
    package var rejectionsByReason: [RejectionReason: Int64] = [:]
    package static let keptRejections = 100

    package init(source: String, locationKind: String) {
        self.source = source
        self.locationKind = locationKind
    }

    package mutating func reject(_ rejection: Rejection) {
        rowsRead += 1
        rowsRejected += 1
        rejectionsByReason[rejection.reason, default: 0] += 1
        if let n = rejection.devices {
            devicesRejected = Self.add(devicesRejected, n)
            devicesRejectedByReason[rejection.reason] = Self.add(devicesRejectedByReason[rejection.reason] ?? 0, n)
        } else {
            rejectedUncounted += 1
        }
        if rejections.count < Self.keptRejections { rejections.append(rejection) }
    }

    /// Adds the accounting of a later part of the same inventory, whose line numbers start `lineOffset` later.
    package mutating func absorb(_ other: InventorySummary, lineOffset: Int) {
        rowsRead += other.rowsRead
        rowsEvaluated += other.rowsEvaluated
        rowsRejected += other.rowsRejected
        let (sum, overflow) = devices.addingReportingOverflow(other.devices)
        devices = overflow ? Int64.max : sum
        for (reason, n) in other.rejectionsByReason { rejectionsByReason[reason, default: 0] += n }
        devicesRejected = Self.add(devicesRejected, other.devicesRejected)
        rejectedUncounted += other.rejectedUncounted
        for (reason, n) in other.devicesRejectedByReason {
            devicesRejectedByReason[reason] = Self.add(devicesRejectedByReason[reason] ?? 0, n)
        }
        for r in other.rejections.prefix(Self.keptRejections - rejections.count) {
            rejections.append(
                Rejection(
                    line: r.line + lineOffset, column: r.column, reason: r.reason, message: r.message,
                    devices: r.devices))
        }
    }

    /// The most devices an inventory may count, in all (2^53 - 1): every share and percentage of a report is
    /// exact below it, and no sum of counts can overflow on the way (a part's sums saturate at `Int64.max`,
    /// which is above it, so an inventory past it is refused after ingest, never counted wrong).
    package static let maxDevices: Int64 = (1 << 53) - 1
    package static let maxDevicesText = "9,007,199,254,740,991"

    /// Sums of device counts saturate rather than trap: a hostile `count` column cannot crash the run.
    package static func add(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int64.max : sum
    }
}

extension InventorySummary {
    /// `--package`: which devices were audited and which left out, in one line (nil without `--package`).
    package var packageFilterSentence: String? {
        guard !packagesKept.isEmpty else { return nil }
        let left = devicesLeftOut.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        let total = left.reduce(Int64(0)) { $0 + $1.value }
        let listed = left.prefix(5).map { "\($0.key.isEmpty ? "no package" : $0.key) \($0.value.groupedDigits)" }
        return "--package \(packagesKept.joined(separator: ", ")): \(devices.groupedDigits) devices audited; "
            + (total == 0
                ? "the inventory has no other package"
                : "\(total.groupedDigits) devices of other packages left out ("
                    + listed.joined(separator: ", ") + (left.count > 5 ? ", …" : "") + ")")
    }
}
