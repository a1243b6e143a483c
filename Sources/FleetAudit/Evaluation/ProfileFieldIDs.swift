/// Every profile's fields as small integers (one numbering per field), so that projecting the run's profiles
/// onto the fields one config reads is a hash of a few integers instead of a `Profile` built and hashed per
/// profile and config group, which cost more than the evaluations it saved.
struct ProfileFieldIDs: @unchecked Sendable {
    private static let fixed = 6   // platform, OS version, API level, app version, app build, package
    private let columns: Int
    private let attributeNames: [String]
    private var ids: [Int32]       // profiles × columns; 0 = absent

    init(_ table: ProfileTable) {
        var names = Set<String>()
        for p in table.profiles { names.formUnion(p.attributes.keys) }
        attributeNames = names.sorted()
        columns = Self.fixed + attributeNames.count
        ids = Array(repeating: 0, count: table.profiles.count * columns)
        var numbering = Array(repeating: [String: Int32](), count: columns)
        func id(_ value: String?, _ column: Int) -> Int32 {
            guard let value else { return 0 }
            if let known = numbering[column][value] { return known }
            let new = Int32(numbering[column].count + 1)
            numbering[column][value] = new
            return new
        }
        for (i, p) in table.profiles.enumerated() {
            let row = i * columns
            ids[row] = id(p.platform.name, 0)
            ids[row + 1] = id(p.osVersion, 1)
            ids[row + 2] = p.apiLevel.map { Int32(clamping: $0) &+ 1 } ?? 0
            ids[row + 3] = id(p.appVersion, 3)
            ids[row + 4] = id(p.appBuild, 4)
            ids[row + 5] = id(p.packageName, 5)
            for (k, name) in attributeNames.enumerated() { ids[row + Self.fixed + k] = id(p.attributes[name], Self.fixed + k) }
        }
    }

    /// The profiles with only the fields `needs` names (and the ones every config reads), equal ones merged
    /// and their devices summed.
    func project(_ table: ProfileTable, onto needs: ProfileNeeds) -> ProfileTable {
        let attributeColumns = attributeNames.indices.filter { needs.attributes.contains(attributeNames[$0]) }
        let keys = ProfileKeyTable()
        var profiles: [Profile] = []
        var devices: [Int64] = []
        var key = [Int32](repeating: 0, count: Self.fixed + attributeColumns.count)
        for (i, p) in table.profiles.enumerated() where table.devices[i] > 0 {
            let row = i * columns
            for c in 0..<4 { key[c] = ids[row + c] }
            key[4] = p.platform == .android || needs.appBuildOffAndroid ? ids[row + 4] : 0
            key[5] = needs.packageName ? ids[row + 5] : 0
            for (k, c) in attributeColumns.enumerated() { key[Self.fixed + k] = ids[row + Self.fixed + c] }
            let (id, isNew) = key.withUnsafeBytes { keys.id(of: $0.assumingMemoryBound(to: UInt8.self)) }
            if isNew {
                profiles.append(Profile(platform: p.platform, osVersion: p.osVersion, apiLevel: p.apiLevel,
                                        appVersion: p.appVersion, appBuild: key[4] == 0 ? nil : p.appBuild,
                                        packageName: key[5] == 0 ? nil : p.packageName,
                                        attributes: needs.attributes.isEmpty ? [:] : p.attributes.filter { needs.attributes.contains($0.key) }))
                devices.append(table.devices[i])
            } else {
                devices[id] &+= table.devices[i]
            }
        }
        return ProfileTable(profiles: profiles, devices: devices)
    }
}
