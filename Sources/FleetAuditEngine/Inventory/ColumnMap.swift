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
                    "--column \(canonical)=\(header): no header named \(header); columns found: \(InventoryError.listed(headers))"
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
        // Each header normalized once: everything below compares normalized names.
        let normalized = headers.map(InventoryColumn.normalize)
        attributes.reserveCapacity(headers.count)
        attributeDisplayNames.reserveCapacity(headers.count)
        for (i, header) in headers.enumerated() where !taken.contains(i) {
            if let column = InventoryColumn.named(normalized: normalized[i]) {
                if let first = index[column] {
                    if !overrides.keys.contains(where: { InventoryColumn.named($0) == column }) {
                        throw .duplicateColumn(
                            column.rawValue, headers: [headers[first], header], positions: [first + 1, i + 1])
                    }
                } else {
                    index[column] = i
                }
            } else {
                let name = normalized[i]
                guard !name.isEmpty else { continue }
                // One hash per header: the first header of a name keeps it (put back on a duplicate).
                if let first = attributes.updateValue(i, forKey: name) {
                    attributes[name] = first
                    if duplicateAttributes[name] == nil { duplicateAttributes[name] = (first, i) }
                } else {
                    attributeDisplayNames[name] = header
                }
            }
        }
        // A column still missing is read from a warehouse's name for it, when exactly one header has such a name.
        var aliasHeaders: [InventoryColumn: [Int]] = [:]
        for (i, name) in normalized.enumerated() where !taken.contains(i) {
            if let column = InventoryColumn.columnOfAlias[name] { aliasHeaders[column, default: []].append(i) }
        }
        for column in InventoryColumn.allCases where index[column] == nil {
            let found = aliasHeaders[column] ?? []
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
            let name = normalized[i]
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
