/// Distinct profiles with their device counts, rows of one `ProfileStore`. Grows with distinct profiles,
/// never with rows.
package struct ProfileTable: Sendable {
    package private(set) var store: ProfileStore
    package private(set) var devices: [Int64] = []

    package init() { store = ProfileStore(attributeNames: []) }

    package init(store: ProfileStore, devices: [Int64]) {
        self.store = store
        self.devices = devices
    }

    /// The profiles, in row order.
    package var profiles: Rows { Rows(store: store) }

    /// The profiles of these packages only (`--package`), in row order, and the devices of every other
    /// package (a profile without a package included) by package name ("" for none). Copied through the
    /// generic append: the table is distinct profiles, never rows.
    package func keeping(packages: Set<String>) -> (table: ProfileTable, leftOut: [String: Int64]) {
        let kept = ProfileStore(attributeNames: store.attributeNames)
        kept.holdings = store.holdings
        var keptDevices: [Int64] = []
        var leftOut: [String: Int64] = [:]
        for row in 0..<store.count {
            let profile = Profile(store: store, row: row)
            if let name = profile.packageName, packages.contains(name) {
                _ = kept.append(profile.fields)
                keptDevices.append(devices[row])
            } else {
                leftOut[profile.packageName ?? "", default: 0] += devices[row]
            }
        }
        return (ProfileTable(store: kept, devices: keptDevices), leftOut)
    }

    package struct Rows: RandomAccessCollection, Sendable {
        let store: ProfileStore
        package var startIndex: Int { 0 }
        package var endIndex: Int { store.count }
        package subscript(position: Int) -> Profile { Profile(store: store, row: position) }
    }

    /// Adds a new profile and returns its index (tables built by hand: `explain`, tests). A profile with an
    /// attribute the table has no column for gets one, the rows so far copied into a wider store.
    mutating func add(_ profile: Profile) -> Int {
        let fields = profile.fields
        if !Set(fields.attributes.keys).isSubset(of: store.attributeNames) {
            let wider = ProfileStore(attributeNames: Set(store.attributeNames).union(fields.attributes.keys).sorted())
            for row in 0..<store.count { _ = wider.append(Profile(store: store, row: row).fields) }
            store = wider
        } else if !isKnownUniquelyReferenced(&store) {
            let copy = ProfileStore(attributeNames: store.attributeNames)
            for row in 0..<store.count { _ = copy.append(Profile(store: store, row: row).fields) }
            store = copy
        }
        devices.append(0)
        return store.append(fields)
    }

    mutating func count(_ index: Int, devices n: Int64) {
        devices[index] += n
    }

    /// A table holding one profile per device, for `explain`.
    package static func single(_ profile: Profile) -> ProfileTable {
        var table = ProfileTable()
        table.count(table.add(profile), devices: 1)
        return table
    }

    package var totalDevices: Int64 { devices.reduce(0, +) }
}
