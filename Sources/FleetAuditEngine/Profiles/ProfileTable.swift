/// Distinct profiles with their device counts, rows of one `ProfileStore`. Grows with distinct profiles,
/// never with rows.
public struct ProfileTable: Sendable {
    package private(set) var store: ProfileStore
    public private(set) var devices: [Int64] = []

    public init() { store = ProfileStore(attributeNames: []) }

    package init(store: ProfileStore, devices: [Int64]) {
        self.store = store
        self.devices = devices
    }

    /// The profiles, in row order.
    public var profiles: Rows { Rows(store: store) }

    public struct Rows: RandomAccessCollection, Sendable {
        let store: ProfileStore
        public var startIndex: Int { 0 }
        public var endIndex: Int { store.count }
        public subscript(position: Int) -> Profile { Profile(store: store, row: position) }
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
    public static func single(_ profile: Profile) -> ProfileTable {
        var table = ProfileTable()
        table.count(table.add(profile), devices: 1)
        return table
    }

    public var totalDevices: Int64 { devices.reduce(0, +) }
}
