/// Projects the run's profiles onto the fields one group of configs reads (on each platform, the attributes
/// that platform's devices are read for: `ProfileNeeds.attributes(for:)`). Profiles are rows of interned
/// field ids (`ProfileStore`), so a projection is a hash of a few integers per profile and a copy of them:
/// no `Profile` value, text or dictionary is made.
struct ProfileFieldIDs: Sendable {
    private static let fixed = ProfileStore.fixedColumns   // platform, OS version, API level, app version, app build, package
    private let store: ProfileStore

    init(_ table: ProfileTable) {
        store = table.store
    }

    /// The profiles with only the fields `needs` names (and the ones every config reads), equal ones merged
    /// and their devices summed.
    /// - Parameter classes: when given, each attribute value is written as the first value of its class.
    func project(_ table: ProfileTable, onto needs: ProfileNeeds, classes: AttributeClasses? = nil) -> ProfileTable {
        project(table, onto: needs, classes: classes) { _, _ in }
    }

    /// `project`, also telling for each of the table's profiles which projected profile it became (-1 for a
    /// profile with no devices).
    func projectWithOrigins(_ table: ProfileTable, onto needs: ProfileNeeds) -> (ProfileTable, [Int]) {
        var origins = Array(repeating: -1, count: table.profiles.count)
        let projected = project(table, onto: needs, classes: nil) { origins[$0] = $1 }
        return (projected, origins)
    }

    private func project(_ table: ProfileTable, onto needs: ProfileNeeds, classes: AttributeClasses?,
                         origin: (Int, Int) -> Void) -> ProfileTable {
        let attributeColumns = store.attributeNames.indices.filter { needs.attributes.contains(store.attributeNames[$0]) }
            .map { Self.fixed + $0 }
        let projected = ProfileStore(projecting: store, attributeColumns: attributeColumns)
        // The projected store is its own key set: a projected profile is found by its row of ids there.
        let keys = ProfileRowSet(projected)
        var devices: [Int64] = []
        // At most one projected profile per profile.
        projected.reserve(rows: store.count)
        devices.reserveCapacity(store.count)
        let width = store.width, keyWidth = Self.fixed + attributeColumns.count
        let ids = store.ids
        let androidID = store.platformID(.android)
        // Per platform id (1-based), which of the attribute columns its devices may be read for: the others
        // are left out (0, absent) of that platform's projected profiles.
        let keeps: [[Bool]] = [[]] + (1...max(store.platformCount, 1)).map { id in
            guard id <= store.platformCount else { return [] }
            let read = needs.attributes(for: store.platform(id: Int32(id)))
            return attributeColumns.map { read.contains(store.attributeNames[$0 - Self.fixed]) }
        }
        // Per platform id and attribute column kept, each value id's representative (nil: itself).
        let representatives: [[[Int32]?]] = keeps.indices.map { id in
            guard id > 0, id <= store.platformCount, let classes else { return [] }
            return attributeColumns.indices.map { k in
                keeps[id][k] ? classes.representatives(platform: store.platform(id: Int32(id)), column: attributeColumns[k], store: store) : nil
            }
        }
        let copiesAll = keeps.indices.map { keeps[$0].allSatisfy { $0 } && representatives[$0].allSatisfy { $0 == nil } }
        // Keys are looked up a batch at a time (`ProfileRowSet.rows(of:count:into:isNew:)`).
        let batch = 16
        var batchKeys = [Int32](repeating: 0, count: batch * keyWidth)
        var batchRows = [Int](repeating: 0, count: batch)
        var batchIDs = [Int32](repeating: 0, count: batch)
        var batchIsNew = [Bool](repeating: false, count: batch)
        var filled = 0
        func lookUp() {
            batchKeys.withUnsafeBufferPointer { keys.rows(of: $0.baseAddress!, count: filled, into: &batchIDs, isNew: &batchIsNew) }
            for k in 0..<filled {
                let i = batchRows[k], id = Int(batchIDs[k])
                origin(i, id)
                if batchIsNew[k] {
                    devices.append(table.devices[i])
                } else {
                    devices[id] &+= table.devices[i]
                }
            }
            filled = 0
        }
        for i in 0..<store.count where table.devices[i] > 0 {
            let row = i * width, key = filled * keyWidth
            for c in 0..<4 { batchKeys[key + c] = ids[row + c] }
            batchKeys[key + 4] = ids[row] == androidID || needs.appBuildOffAndroid ? ids[row + 4] : 0
            batchKeys[key + 5] = needs.packageName ? ids[row + 5] : 0
            let platform = Int(ids[row])
            if copiesAll[platform] {
                for (k, c) in attributeColumns.enumerated() { batchKeys[key + Self.fixed + k] = ids[row + c] }
            } else {
                for (k, c) in attributeColumns.enumerated() {
                    let id = ids[row + c]
                    batchKeys[key + Self.fixed + k] = !keeps[platform][k] ? 0 : representatives[platform].isEmpty ? id
                        : representatives[platform][k].map { $0[Int(id)] } ?? id
                }
            }
            batchRows[filled] = i
            filled += 1
            if filled == batch { lookUp() }
        }
        if filled > 0 { lookUp() }
        return ProfileTable(store: projected, devices: devices)
    }
}
