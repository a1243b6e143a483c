import Dispatch
import Foundation

/// Every profile's fields as small integers (one numbering per field), so that projecting the run's profiles
/// onto the fields one config reads is a hash of a few integers instead of a `Profile` built and hashed per
/// profile and config group, which cost more than the evaluations it saved.
struct ProfileFieldIDs: Sendable {
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
        // Each column is numbered on its own, so the columns are numbered side by side (one string hash per
        // profile and column was most of this), each into its own array; then they are interleaved by profile.
        let numbered = ColumnSlots(count: columns)
        DispatchQueue.concurrentPerform(iterations: columns) { column in
            var numbering: [String: Int32] = [:]
            func id(_ value: String?) -> Int32 {
                guard let value else { return 0 }
                if let known = numbering[value] { return known }
                let new = Int32(numbering.count + 1)
                numbering[value] = new
                return new
            }
            var values = [Int32]()
            values.reserveCapacity(profiles.count)
            for p in profiles {
                switch column {
                case 0: values.append(id(p.platform.name))
                case 1: values.append(id(p.osVersion))
                case 2: values.append(p.apiLevel.map { Int32(clamping: $0) &+ 1 } ?? 0)
                case 3: values.append(id(p.appVersion))
                case 4: values.append(id(p.appBuild))
                case 5: values.append(id(p.packageName))
                default: values.append(id(p.attributes[names[column - Self.fixed]]))
                }
            }
            numbered.store(column, values)
        }
        var ids = [Int32]()
        ids.reserveCapacity(profiles.count * columns)
        let byColumn = (0..<columns).map { numbered[$0] }
        for i in profiles.indices {
            for column in 0..<columns { ids.append(byColumn[column][i]) }
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
            let (id, isNew) = keys.id(ofIntegers: key)
            origin(i, id)
            if isNew {
                var attributes: [String: String] = [:]
                if keepsAllAttributes {
                    attributes = p.attributes
                } else if !attributeColumns.isEmpty {
                    let (combination, isNewCombination) = combinations.id(ofIntegers: key, from: Self.fixed)
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

/// One column's numbers per slot; each worker writes only its own.
private final class ColumnSlots: @unchecked Sendable {
    private var slots: [[Int32]]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: [], count: count) }

    func store(_ column: Int, _ values: [Int32]) {
        lock.lock(); slots[column] = values; lock.unlock()
    }

    subscript(_ column: Int) -> [Int32] {
        lock.lock(); defer { lock.unlock() }
        return slots[column]
    }
}
