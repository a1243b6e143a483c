/// Which field of a row holds each known column and which attributes a run needs.
public struct ColumnMap: Sendable {
    public let headers: [String]
    public private(set) var index: [InventoryColumn: Int] = [:]
    /// Attribute columns (not known by name), keyed by normalized name → field index.
    public private(set) var attributes: [String: Int] = [:]
    /// Attribute names as written in the header, keyed by normalized name.
    public private(set) var attributeDisplayNames: [String: String] = [:]
    /// Attributes whose name two headers spell (normalized), with both field indexes: an error once a config
    /// reads the attribute (`InventoryLoader`), since which one is meant cannot be known.
    public private(set) var duplicateAttributes: [String: (first: Int, second: Int)] = [:]

    /// - Parameter overrides: `--column canonical=header` pairs.
    public init(headers: [String], overrides: [String: String] = [:]) throws(InventoryError) {
        self.headers = headers
        var taken = Set<Int>()
        for (canonical, header) in overrides.sorted(by: { $0.key < $1.key }) {
            guard let column = InventoryColumn.named(canonical) else {
                let known = InventoryColumn.allCases.map(\.rawValue).joined(separator: ", ")
                throw .badColumnMapping("--column \(canonical)=\(header): unknown column \(canonical); known columns: \(known)")
            }
            let target = headers.firstIndex(of: header)
                ?? headers.firstIndex { InventoryColumn.normalize($0) == InventoryColumn.normalize(header) }
            guard let target else {
                throw .badColumnMapping("--column \(canonical)=\(header): no header named \(header); columns found: \(headers.joined(separator: ", "))")
            }
            index[column] = target
            taken.insert(target)
        }
        for (i, header) in headers.enumerated() where !taken.contains(i) {
            if let column = InventoryColumn.named(header) {
                if let first = index[column] {
                    if !overrides.keys.contains(where: { InventoryColumn.named($0) == column }) {
                        throw .duplicateColumn(column.rawValue, headers: [headers[first], header], positions: [first + 1, i + 1])
                    }
                } else {
                    index[column] = i
                }
            } else {
                let name = InventoryColumn.normalize(header)
                if let first = attributes[name] {
                    if duplicateAttributes[name] == nil { duplicateAttributes[name] = (first, i) }
                } else if !name.isEmpty {
                    attributes[name] = i
                    attributeDisplayNames[name] = header
                }
            }
        }
        let missing = InventoryColumn.required.filter { index[$0] == nil }.map(\.rawValue)
        if !missing.isEmpty { throw .missingColumns(missing, found: headers) }
    }
}
