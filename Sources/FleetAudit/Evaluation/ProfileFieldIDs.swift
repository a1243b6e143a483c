/// Projects the run's profiles onto the fields one group of configs reads. Profiles are rows of interned
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
    func project(_ table: ProfileTable, onto needs: ProfileNeeds) -> ProfileTable {
        project(table, onto: needs) { _, _ in }
    }

    /// `project`, also telling for each of the table's profiles which projected profile it became (-1 for a
    /// profile with no devices).
    func projectWithOrigins(_ table: ProfileTable, onto needs: ProfileNeeds) -> (ProfileTable, [Int]) {
        var origins = Array(repeating: -1, count: table.profiles.count)
        let projected = project(table, onto: needs) { origins[$0] = $1 }
        return (projected, origins)
    }

    private func project(_ table: ProfileTable, onto needs: ProfileNeeds, origin: (Int, Int) -> Void) -> ProfileTable {
        let attributeColumns = store.attributeNames.indices.filter { needs.attributes.contains(store.attributeNames[$0]) }
            .map { Self.fixed + $0 }
        let projected = ProfileStore(projecting: store, attributeColumns: attributeColumns)
        let keys = ProfileKeyTable()
        var devices: [Int64] = []
        let width = store.width
        let ids = store.ids
        var key = [Int32](repeating: 0, count: Self.fixed + attributeColumns.count)
        let androidID = store.platformID(.android)
        for i in 0..<store.count where table.devices[i] > 0 {
            let row = i * width
            for c in 0..<4 { key[c] = ids[row + c] }
            key[4] = ids[row] == androidID || needs.appBuildOffAndroid ? ids[row + 4] : 0
            key[5] = needs.packageName ? ids[row + 5] : 0
            for (k, c) in attributeColumns.enumerated() { key[Self.fixed + k] = ids[row + c] }
            let (id, isNew) = keys.id(ofIntegers: key)
            origin(i, id)
            if isNew {
                _ = projected.append(ids: key)
                devices.append(table.devices[i])
            } else {
                devices[id] &+= table.devices[i]
            }
        }
        return ProfileTable(store: projected, devices: devices)
    }
}
