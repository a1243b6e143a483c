import Foundation

/// Reads every row of a source into a `ProfileTable`, rejecting (never dropping) rows it cannot use.
///
/// Each distinct tuple of the fields configs read is validated once; later rows with the same bytes only
/// cost a hash lookup and, with a `count` column, one integer parse.
public struct InventoryLoader {
    public var columnOverrides: [String: String] = [:]
    public var needs = ProfileNeeds()
    /// Called about every 65,536 rows with the source's progress; for a terminal only.
    public var onProgress: ((Int64, (done: Int, total: Int)) -> Void)? = nil

    public init(columnOverrides: [String: String] = [:], needs: ProfileNeeds = ProfileNeeds()) {
        self.columnOverrides = columnOverrides
        self.needs = needs
    }

    private enum Slot { case profile(Int), problem(RowProblem) }

    public func load(_ source: InventorySource) throws(InventoryError) -> (ProfileTable, InventorySummary) {
        let map = try ColumnMap(headers: source.headers, overrides: columnOverrides)
        var summary = InventorySummary(source: source.sourceDescription, locationKind: source.locationKind)
        summary.headers = source.headers
        var table = ProfileTable()

        // The fields that make a profile, in a fixed order.
        var keyColumns: [(column: InventoryColumn?, attribute: String?, index: Int)] = []
        for column in [InventoryColumn.platform, .osVersion, .osAPILevel, .appVersion, .appBuild] {
            if let i = map.index[column] { keyColumns.append((column, nil, i)) }
        }
        if needs.packageName, let i = map.index[.packageName] { keyColumns.append((.packageName, nil, i)) }
        for name in needs.attributes.sorted() {
            if let i = map.attributes[name] { keyColumns.append((nil, name, i)) }
        }
        let countIndex = map.index[.count]
        let platformIndex = map.index[.platform]!
        let headerCount = source.headers.count

        var slots: [[UInt8]: Slot] = [:]
        var key: [UInt8] = []
        key.reserveCapacity(256)

        while let event = try source.next() {
            switch event {
            case .malformed(let line, let reason, let message):
                summary.reject(Rejection(line: line, column: nil, reason: reason, message: message))
                continue
            case .record(let line, let fields):
                if fields.count != headerCount {
                    summary.reject(Rejection(line: line, column: nil, reason: .fieldCount,
                                             message: "expected \(headerCount) fields, found \(fields.count)"))
                    continue
                }
                key.removeAll(keepingCapacity: true)
                let keepsAppBuild = needs.appBuildOffAndroid || Self.isAndroid(fields, platformIndex)
                for entry in keyColumns {
                    let r = entry.column == .appBuild && !keepsAppBuild ? 0..<0 : fields.range(entry.index)
                    let n = r.count
                    key.append(UInt8(truncatingIfNeeded: n)); key.append(UInt8(truncatingIfNeeded: n >> 8))
                    key.append(UInt8(truncatingIfNeeded: n >> 16)); key.append(UInt8(truncatingIfNeeded: n >> 24))
                    key.append(contentsOf: fields.bytes[r])
                }
                let slot: Slot
                if let known = slots[key] {
                    slot = known
                } else {
                    var attributes: [String: String] = [:]
                    var values: [InventoryColumn: String] = [:]
                    for entry in keyColumns {
                        if let column = entry.column { values[column] = fields.string(entry.index) }
                        if let name = entry.attribute { attributes[name] = fields.string(entry.index).trimmedWhitespace }
                    }
                    switch ProfileBuilder.build(value: { values[$0] }, attributes: attributes, needs: needs) {
                    case .success(let profile): slot = .profile(table.add(profile))
                    case .failure(let problem): slot = .problem(problem)
                    }
                    slots[key] = slot
                }
                switch slot {
                case .problem(let problem):
                    summary.reject(Rejection(line: line, column: problem.column, reason: problem.reason, message: problem.message))
                case .profile(let index):
                    var devices: Int64 = 1
                    if let countIndex {
                        guard let n = Self.parseCount(fields, countIndex) else {
                            summary.reject(Rejection(line: line, column: "count", reason: .invalidCount,
                                                     message: "count \"\(fields.string(countIndex))\" is not a positive integer"))
                            continue
                        }
                        devices = n
                    }
                    table.count(index, devices: devices)
                    summary.rowsRead += 1
                    summary.rowsEvaluated += 1
                    let (sum, overflow) = summary.devices.addingReportingOverflow(devices)
                    summary.devices = overflow ? Int64.max : sum
                }
            }
            if summary.rowsRead & 0xFFFF == 0, let onProgress { onProgress(summary.rowsRead, source.progress) }
        }
        return (table, summary)
    }

    /// Whether the platform field says `android` (any case, spaces around it), without making a String.
    static func isAndroid(_ fields: RowFields, _ index: Int) -> Bool {
        var bytes = fields.bytes[fields.range(index)]
        while let b = bytes.first, b == 0x20 || b == 0x09 { bytes = bytes.dropFirst() }
        while let b = bytes.last, b == 0x20 || b == 0x09 { bytes = bytes.dropLast() }
        return bytes.count == 7 && zip(bytes, "android".utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    /// A positive integer of at most 18 digits, spaces around it allowed.
    static func parseCount(_ fields: RowFields, _ index: Int) -> Int64? {
        var value: Int64 = 0
        var digits = 0
        var seenEnd = false
        for b in fields.bytes[fields.range(index)] {
            if b == 0x20 || b == 0x09 {
                if digits > 0 { seenEnd = true }
                continue
            }
            guard !seenEnd, b >= 0x30, b <= 0x39, digits < 18 else { return nil }
            value = value * 10 + Int64(b - 0x30)
            digits += 1
        }
        return digits > 0 && value > 0 ? value : nil
    }
}
