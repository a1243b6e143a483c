import Dispatch

/// Every profile's fields as small integers (one numbering per field), so that projecting the run's profiles
/// onto the fields one config reads is a hash of a few integers instead of a `Profile` built and hashed per
/// profile and config group, which cost more than the evaluations it saved.
struct ProfileFieldIDs: @unchecked Sendable {
    private static let fixed = 6   // platform, OS version, API level, app version, app build, package
    private let columns: Int
    private let attributeNames: [String]
    private let ids: [Int32]       // profiles × columns; 0 = absent

    init(_ table: ProfileTable) {
        var allNames = Set<String>()
        for p in table.profiles { allNames.formUnion(p.attributes.keys) }
        attributeNames = allNames.sorted()
        columns = Self.fixed + attributeNames.count
        let columns = self.columns, names = attributeNames, profiles = table.profiles
        var ids = Array(repeating: Int32(0), count: profiles.count * columns)
        // Each column is numbered on its own, so the columns are numbered side by side (one string hash per
        // profile and column was most of this).
        ids.withUnsafeMutableBufferPointer { buffer in
            let out = UncheckedPointer(buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: columns) { column in
                var numbering: [String: Int32] = [:]
                func id(_ value: String?) -> Int32 {
                    guard let value else { return 0 }
                    if let known = numbering[value] { return known }
                    let new = Int32(numbering.count + 1)
                    numbering[value] = new
                    return new
                }
                for (i, p) in profiles.enumerated() {
                    let value: Int32
                    switch column {
                    case 0: value = id(p.platform.name)
                    case 1: value = id(p.osVersion)
                    case 2: value = p.apiLevel.map { Int32(clamping: $0) &+ 1 } ?? 0
                    case 3: value = id(p.appVersion)
                    case 4: value = id(p.appBuild)
                    case 5: value = id(p.packageName)
                    default: value = id(p.attributes[names[column - Self.fixed]])
                    }
                    out.pointer[i * columns + column] = value
                }
            }
        }
        self.ids = ids
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
        let attributeColumns = attributeNames.indices.filter { needs.attributes.contains(attributeNames[$0]) }
        let keys = ProfileKeyTable()
        var profiles: [Profile] = []
        var devices: [Int64] = []
        var key = [Int32](repeating: 0, count: Self.fixed + attributeColumns.count)
        // Projected profiles share few attribute combinations: each combination's dictionary is made once.
        let keepsAllAttributes = attributeColumns.count == attributeNames.count
        let combinations = ProfileKeyTable()
        var combinationAttributes: [[String: String]] = []
        for (i, p) in table.profiles.enumerated() where table.devices[i] > 0 {
            let row = i * columns
            for c in 0..<4 { key[c] = ids[row + c] }
            key[4] = p.platform == .android || needs.appBuildOffAndroid ? ids[row + 4] : 0
            key[5] = needs.packageName ? ids[row + 5] : 0
            for (k, c) in attributeColumns.enumerated() { key[Self.fixed + k] = ids[row + Self.fixed + c] }
            let (id, isNew) = key.withUnsafeBytes { keys.id(of: $0.assumingMemoryBound(to: UInt8.self)) }
            origin(i, id)
            if isNew {
                var attributes: [String: String] = [:]
                if keepsAllAttributes {
                    attributes = p.attributes
                } else if !attributeColumns.isEmpty {
                    let (combination, isNewCombination) = key.withUnsafeBytes {
                        combinations.id(of: UnsafeBufferPointer(rebasing: $0.assumingMemoryBound(to: UInt8.self)[(Self.fixed * 4)...]))
                    }
                    if isNewCombination { combinationAttributes.append(p.attributes.filter { needs.attributes.contains($0.key) }) }
                    attributes = combinationAttributes[combination]
                }
                profiles.append(Profile(platform: p.platform, osVersion: p.osVersion, apiLevel: p.apiLevel,
                                        appVersion: p.appVersion, appBuild: key[4] == 0 ? nil : p.appBuild,
                                        packageName: key[5] == 0 ? nil : p.packageName, attributes: attributes))
                devices.append(table.devices[i])
            } else {
                devices[id] &+= table.devices[i]
            }
        }
        return ProfileTable(profiles: profiles, devices: devices)
    }
}

/// A pointer handed to `concurrentPerform`; each thread writes only its own elements.
private struct UncheckedPointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int32>
    init(_ pointer: UnsafeMutablePointer<Int32>) { self.pointer = pointer }
}
