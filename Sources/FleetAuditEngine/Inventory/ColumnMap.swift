/// Which field of a row holds each known column and which attributes a run needs.
package struct ColumnMap: Sendable {
    package let headers: [String]
    package private(set) var index: [InventoryColumn: Int] = [:]
    /// Attribute columns (not known by name), keyed by normalized name → field index.
    package private(set) var attributes: [String: Int] = [:]
    /// Attribute names as written in the header, keyed by normalized name.
    package private(set) var attributeDisplayNames: [String: String] = [:]
    /// Known columns read from another name (`InventoryColumn.aliases`): `app_build=build`, in column order.
    package private(set) var aliased: [String] = []
    /// Known columns absent under their own name with several headers that are warehouse names for them.
    package private(set) var ambiguous: [InventoryColumn: [String]] = [:]
    /// Attributes whose name two headers spell (normalized), with both field indexes: an error once a config
    /// reads the attribute (`InventoryLoader`), since which one is meant cannot be known.
    package private(set) var duplicateAttributes: [String: (first: Int, second: Int)] = [:]

    /// - Parameter overrides: `--column canonical=header` pairs.
    package init(headers: [String], overrides: [String: String] = [:]) throws(InventoryError) {
        self.headers = headers
        var taken = Set<Int>()
        for (canonical, header) in overrides.sorted(by: { $0.key < $1.key }) {
            let target =
                headers.firstIndex(of: header)
                ?? headers.firstIndex { InventoryColumn.normalize($0) == InventoryColumn.normalize(header) }
            guard let target else {
                throw .badColumnMapping(
                    "--column \(canonical)=\(header): no header named \(header); columns found: \(headers.joined(separator: ", "))"
                        + (InventoryError.separatorHint(found: headers) ?? ""))
            }
            guard let column = InventoryColumn.named(canonical) else {
                // Not a known column: an attribute a config reads (`--column language=locale`).
                let name = InventoryColumn.normalize(canonical)
                guard !name.isEmpty else {
                    throw .badColumnMapping("--column \(canonical)=\(header): no column name before =")
                }
                attributes[name] = target
                attributeDisplayNames[name] = canonical
                taken.insert(target)
                continue
            }
            index[column] = target
            taken.insert(target)
        }
        for (i, header) in headers.enumerated() where !taken.contains(i) {
            if let column = InventoryColumn.named(header) {
                if let first = index[column] {
                    if !overrides.keys.contains(where: { InventoryColumn.named($0) == column }) {
                        throw .duplicateColumn(
                            column.rawValue, headers: [headers[first], header], positions: [first + 1, i + 1])
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
        // A column still missing is read from a warehouse's name for it, when exactly one header has such a name.
        for column in InventoryColumn.allCases where index[column] == nil {
            let names = InventoryColumn.aliases[column] ?? []
            let found = headers.indices.filter {
                !taken.contains($0) && names.contains(InventoryColumn.normalize(headers[$0]))
            }
            // Two warehouse names for one column (`build` beside `version_code`, `devices` beside `device_count`):
            // which one is meant cannot be known. Kept, and refused where the run reads the column
            // (`InventoryLoader`): reading neither would count each row as one device or reject every Android row.
            if found.count > 1 {
                ambiguous[column] = found.map { headers[$0] }
                continue
            }
            guard let i = found.first else { continue }
            index[column] = i
            taken.insert(i)
            let name = InventoryColumn.normalize(headers[i])
            if attributes[name] == i {
                attributes[name] = nil
                attributeDisplayNames[name] = nil
            }
            aliased.append("\(column.rawValue)=\(headers[i])")
        }
        if let column = InventoryColumn.required.first(where: { index[$0] == nil && ambiguous[$0] != nil }) {
            throw .ambiguousColumn(column.rawValue, headers: ambiguous[column]!)
        }
        let missing = InventoryColumn.required.filter { index[$0] == nil }.map(\.rawValue)
        if !missing.isEmpty { throw .missingColumns(missing, found: headers) }
    }
}
