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
    /// - Parameters:
    ///   - fields: at most five.
    ///   - onlyWithDevices: leave out profiles without devices (the order is then that of the first profile with
    ///     devices, as on the fixed fields' table, which keeps no other).
    package func devices(by fields: [DeviceField], onlyWithDevices: Bool = false) -> [ValueCombination] {
        precondition(fields.count <= 5, "devices(by:) groups by at most five fields")
        // Each field's store column; nil for an attribute the store has no column for (absent on every profile).
        let columns: [Int?] = fields.map { field in
            if case .attribute(let name) = field {
                return store.attributeColumn(normalized: AttributeName.normalize(name))
            }
            return ProfileStore.fixedColumn(field)
        }
        struct Key: Hashable {
            var ids: (Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0)
            static func == (a: Key, b: Key) -> Bool { a.ids == b.ids }
            func hash(into hasher: inout Hasher) {
                hasher.combine(ids.0)
                hasher.combine(ids.1)
                hasher.combine(ids.2)
                hasher.combine(ids.3)
                hasher.combine(ids.4)
            }
        }
        var index: [Key: Int] = [:]
        var first: [Int] = []
        var sums: [Int64] = []
        for row in 0..<devices.count where !onlyWithDevices || devices[row] > 0 {
            var key = Key()
            func id(_ k: Int) -> Int32 { columns[k].map { store.id(row, $0) } ?? 0 }
            if columns.count > 0 { key.ids.0 = id(0) }
            if columns.count > 1 { key.ids.1 = id(1) }
            if columns.count > 2 { key.ids.2 = id(2) }
            if columns.count > 3 { key.ids.3 = id(3) }
            if columns.count > 4 { key.ids.4 = id(4) }
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
///
/// A question about no attribute the inventory has is counted on the profiles' fixed fields
/// (`FixedFieldProfiles`): the same combinations with the same devices in the same order, from a few thousand
/// profiles where a fleet whose devices do not repeat has hundreds of thousands, each of which cost a hashed
/// lookup. Every answer counts only the profiles with devices, in the order the first of each combination
/// occurs: the fixed fields keep no other.
package final class FleetValueCounts: FleetValues {
    private let table: ProfileTable
    private let fixed: ProfileTable?
    private var answers: [[DeviceField]: [ValueCombination]] = [:]
    package let configNames: [String]
    /// A question about an attribute no config declared, which the inventory has (issue 65: such a question was
    /// answered "absent", and its answer depended on the other configs of the run): answered on the inventory
    /// read again keeping it (`reread`), and recorded here (`engine.undeclaredRead`). A stream cannot be read
    /// again: the question is then answered as absent, and recorded all the same.
    package let misses = ReadMisses()
    /// The inventory's attribute columns (normalized names): only these can be read again.
    package var inventoryAttributes: Set<String> = []
    /// Reads the inventory again keeping these attributes (normalized names) too; nil when it cannot.
    package var reread: ((Set<String>) -> ProfileTable?)?
    private var wider: (table: ProfileTable, attributes: Set<String>)?

    /// - Parameter fixedFields: the table's profiles on their fixed fields; nil: every question is counted on
    ///   the table itself (the straight path the tests compare with).
    /// - Parameter configNames: the run's configs by name (`FleetValues.configNames`).
    package init(_ table: ProfileTable, fixedFields: FixedFieldProfiles? = nil, configNames: [String] = []) {
        self.table = table
        fixed = fixedFields?.table
        self.configNames = configNames
    }

    package func devices(on platform: Platform, by fields: [DeviceField]) -> [(values: [String?], devices: Int64)] {
        let asked = [.platform] + fields
        let all: [ValueCombination]
        if let known = answers[asked] {
            all = known
        } else {
            all = source(asked).devices(by: asked, onlyWithDevices: true)
            answers[asked] = all
        }
        return all.compactMap { c in c.values[0] == platform.name ? (Array(c.values.dropFirst()), c.devices) : nil }
    }

    /// The fixed fields' table when it has every field asked about (an attribute the table has no column for
    /// is absent on every profile of both), else the table.
    private func source(_ fields: [DeviceField]) -> ProfileTable {
        let attributes = fields.compactMap { field -> String? in
            guard case .attribute(let name) = field else { return nil }
            return AttributeName.normalize(name)
        }
        let undeclared = Set(
            attributes.filter { table.store.attributeColumn(normalized: $0) == nil && inventoryAttributes.contains($0) }
        )
        if !undeclared.isEmpty {
            for name in undeclared.sorted() {
                misses.record(ProfileNeeds(attributes: [name]), "\(name) in a question about the fleet")
            }
            if let wider, undeclared.isSubset(of: wider.attributes) { return wider.table }
            let wanted = undeclared.union(wider?.attributes ?? [])
            if let read = reread?(wanted) {
                wider = (read, wanted)
                return read
            }
            return table
        }
        guard let fixed else { return table }
        let hasAttribute = attributes.contains { table.store.attributeColumn(normalized: $0) != nil }
        return hasAttribute ? table : fixed
    }
}
