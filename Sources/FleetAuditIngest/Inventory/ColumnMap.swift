/// Which field of a row holds each known column and which attributes a run needs.
public struct ColumnMap: Sendable {
    public let headers: [String]
    public private(set) var index: [InventoryColumn: Int] = [:]
    /// Attribute columns (not known by name), keyed by normalized name → field index.
    public private(set) var attributes: [String: Int] = [:]
    /// Attribute names as written in the header, keyed by normalized name.
    public private(set) var attributeDisplayNames: [String: String] = [:]

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
                if index[column] == nil { index[column] = i }
            } else {
                let name = InventoryColumn.normalize(header)
                if !name.isEmpty && attributes[name] == nil {
                    attributes[name] = i
                    attributeDisplayNames[name] = header
                }
            }
        }
        let missing = InventoryColumn.required.filter { index[$0] == nil }.map(\.rawValue)
        if !missing.isEmpty { throw .missingColumns(missing, found: headers) }
    }
}
