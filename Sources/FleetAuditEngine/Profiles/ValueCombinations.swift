/// Devices per distinct combination of some fields' values: what the run counts over the fleet besides the
/// configs' decisions (the coverage, the inventory's cross-checks), asked of the engine by field and answered in
/// text, so no caller needs the store's ids.
package struct ValueCombination: Sendable, Equatable {
    /// One value per field asked for, in that order (nil: the profile has none; an API level as its number).
    package let values: [String?]
    package let devices: Int64
}

extension ProfileTable {
    /// Devices per distinct combination of `fields` among the table's profiles, profiles without devices
    /// included (with 0), in the order each combination first occurs. Grouped on the store's ids, one text made
    /// per combination: on a fleet of a million distinct profiles no text is read per profile.
    /// - Parameter fields: at most four.
    package func devices(by fields: [DeviceField]) -> [ValueCombination] {
        precondition(fields.count <= 4, "devices(by:) groups by at most four fields")
        // Each field's store column; nil for an attribute the store has no column for (absent on every profile).
        let columns: [Int?] = fields.map { field in
            if case .attribute(let name) = field {
                return store.attributeColumn(normalized: AttributeName.normalize(name))
            }
            return ProfileStore.fixedColumn(field)
        }
        struct Key: Hashable {
            var ids: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
            static func == (a: Key, b: Key) -> Bool { a.ids == b.ids }
            func hash(into hasher: inout Hasher) {
                hasher.combine(ids.0)
                hasher.combine(ids.1)
                hasher.combine(ids.2)
                hasher.combine(ids.3)
            }
        }
        var index: [Key: Int] = [:]
        var first: [Int] = []
        var sums: [Int64] = []
        for row in 0..<devices.count {
            var key = Key()
            func id(_ k: Int) -> Int32 { columns[k].map { store.id(row, $0) } ?? 0 }
            if columns.count > 0 { key.ids.0 = id(0) }
            if columns.count > 1 { key.ids.1 = id(1) }
            if columns.count > 2 { key.ids.2 = id(2) }
            if columns.count > 3 { key.ids.3 = id(3) }
            if let known = index[key] {
                sums[known] += devices[row]
            } else {
                index[key] = first.count
                first.append(row)
                sums.append(devices[row])
            }
        }
        return first.enumerated().map { k, row in
            let values: [String?] = zip(fields, columns).map { field, column in
                guard let column else { return nil }
                switch field {
                case .platform: return store.platform(row).name
                case .apiLevel: return store.apiLevel(row).map(String.init)
                default: return store.text(row, column)
                }
            }
            return ValueCombination(values: values, devices: sums[k])
        }
    }
}

/// The run's profiles answering documents' questions about the fleet as a whole
/// (`EvaluableConfig.fleetDiagnostics`), each question counted once: a folder of a thousand appcasts asks the
/// same one a thousand times. Asked from one thread.
package final class FleetValueCounts: FleetValues {
    private let table: ProfileTable
    private var answers: [[DeviceField]: [ValueCombination]] = [:]

    package init(_ table: ProfileTable) { self.table = table }

    package func devices(on platform: Platform, by fields: [DeviceField]) -> [(values: [String?], devices: Int64)] {
        let asked = [.platform] + fields
        let all = answers[asked] ?? table.devices(by: asked)
        answers[asked] = all
        return all.compactMap { c in c.values[0] == platform.name ? (Array(c.values.dropFirst()), c.devices) : nil }
    }
}
