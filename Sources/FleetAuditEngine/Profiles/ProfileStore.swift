import Foundation

/// A profile's values as text: what `ProfileBuilder` validates a row into, and what `explain` and the
/// tests write by hand. Stored, a profile is a row of `ProfileStore` (`Profile`).
package struct ProfileFields: Hashable, Sendable {
    package var platform: Platform
    package var osVersion: String
    /// Android API level (from `os_api_level` or the release table); nil on other platforms.
    package var apiLevel: Int?
    package var appVersion: String
    /// `app_build` as written (iOS `CFBundleVersion`, Android `versionCode`); nil when absent or empty.
    package var appBuild: String?
    package var packageName: String?
    /// Other columns, keyed by normalized name (`free_memory` and `freeMemory` are both `freememory`).
    package var attributes: [String: String]

    package init(
        platform: Platform, osVersion: String, apiLevel: Int?, appVersion: String, appBuild: String?,
        packageName: String?, attributes: [String: String] = [:]
    ) {
        self.platform = platform
        self.osVersion = osVersion
        self.apiLevel = apiLevel
        self.appVersion = appVersion
        self.appBuild = appBuild
        self.packageName = packageName
        self.attributes = attributes
    }
}

/// Distinct texts of one field, each stored once and numbered from 1 (0 is "absent"). Shared, read-only,
/// between a store and the stores projected from it.
package final class TextInterner: @unchecked Sendable {
    package private(set) var texts: [String] = [""]
    private var numbers: [String: Int32] = [:]

    package init() {}

    package func id(_ text: String?) -> Int32 {
        guard let text else { return 0 }
        if let known = numbers[text] { return known }
        let new = Int32(texts.count)
        numbers[text] = new
        texts.append(text)
        return new
    }
}

/// Profiles as rows of small integers, one interned text per field: a profile costs its row (4 bytes a field)
/// however long its texts, and no `String` or dictionary is made per profile. Columns: platform, OS version,
/// API level (the number + 1, 0 = none), app version, app build, package, then one per attribute name.
///
/// A store is filled by one thread (a part's ingest, a projection) and only read after that, by any number.
package final class ProfileStore: @unchecked Sendable {
    package static let fixedColumns = 6
    package static let platformColumn = 0
    package static let osVersionColumn = 1
    /// The API level + 1 (0 = none): a number, not an interned text.
    package static let apiLevelColumn = 2
    package static let appVersionColumn = 3
    package static let appBuildColumn = 4
    package static let packageColumn = 5

    /// The column of a fixed field (nil for an attribute: its column is the store's own, by name).
    package static func fixedColumn(_ field: DeviceField) -> Int? {
        switch field {
        case .platform: platformColumn
        case .osVersion: osVersionColumn
        case .apiLevel: apiLevelColumn
        case .appVersion: appVersionColumn
        case .appBuild: appBuildColumn
        case .packageName: packageColumn
        case .attribute: nil
        }
    }
    package let attributeNames: [String]
    private let attributeColumns: [String: Int]
    /// Per column; nil for the API level, stored as a number. Projections share their source's.
    package let interners: [TextInterner?]
    private var platforms: [Platform] = []
    package var platformCount: Int { platforms.count }
    private var platformIDs: [Platform: Int32] = [:]
    package private(set) var ids: [Int32] = []
    package var width: Int { Self.fixedColumns + attributeNames.count }
    package private(set) var count = 0
    /// What the store's profiles hold of the fields formats read (`DeclaredReads`): set on the run's profiles
    /// and on each projection; nil for a store that holds every field of its devices (`explain`, the tests).
    package var holdings: StoreHoldings?
    /// The reads of fields the store does not hold: the engine evaluates again where they are held.
    package let misses = ReadMisses()

    /// - Parameter attributeNames: normalized names, in column order.
    package init(attributeNames: [String]) {
        self.attributeNames = attributeNames
        attributeColumns = Dictionary(
            uniqueKeysWithValues: attributeNames.enumerated().map { ($1, Self.fixedColumns + $0) })
        interners = (0..<(Self.fixedColumns + attributeNames.count)).map { $0 == 2 || $0 == 0 ? nil : TextInterner() }
    }

    /// A store whose columns are a projection of `source`'s (the fixed ones and these attributes), sharing its
    /// interned texts, so a projected row is a copy of ids.
    package init(projecting source: ProfileStore, attributeColumns kept: [Int]) {
        attributeNames = kept.map { source.attributeNames[$0 - Self.fixedColumns] }
        attributeColumns = Dictionary(
            uniqueKeysWithValues: attributeNames.enumerated().map { ($1, Self.fixedColumns + $0) })
        interners = Array(source.interners[0..<Self.fixedColumns]) + kept.map { source.interners[$0] }
        platforms = source.platforms
        platformIDs = source.platformIDs
    }

    /// Appends a profile's values; returns its row.
    package func append(_ fields: ProfileFields) -> Int {
        ids.append(contentsOf: ids(of: fields))
        count += 1
        return count - 1
    }

    /// The ids of a profile's fixed fields (platform, OS version, API level, app version, app build, package),
    /// interned here, without appending a row: ingest builds a row from these and `attributeID`s.
    package func fixedIDs(_ fields: ProfileFields) -> [Int32] {
        [
            platformID(adding: fields.platform), interners[1]!.id(fields.osVersion),
            fields.apiLevel.map { Int32(clamping: $0) &+ 1 } ?? 0,
            interners[3]!.id(fields.appVersion), interners[4]!.id(fields.appBuild),
            interners[5]!.id(fields.packageName),
        ]
    }

    /// The id of attribute `k`'s value (nil: absent), interned here.
    package func attributeID(_ k: Int, _ value: String?) -> Int32 {
        interners[Self.fixedColumns + k]!.id(value)
    }

    /// Room for `rows` rows in all: the array then never grows by copying itself (which held both copies at
    /// once); the room not written to is not resident.
    package func reserve(rows: Int) { ids.reserveCapacity(rows * width) }

    /// Whether row `row` has exactly these `width` ids.
    @inline(__always) func row(_ row: Int, equals other: UnsafePointer<Int32>) -> Bool {
        ids.withUnsafeBufferPointer { all in
            let start = all.baseAddress! + row * width
            for c in 0..<width where start[c] != other[c] { return false }
            return true
        }
    }

    func withRow<T>(_ row: Int, _ body: (UnsafePointer<Int32>) -> T) -> T {
        ids.withUnsafeBufferPointer { body($0.baseAddress! + row * width) }
    }

    /// The ids row `row` of `source` (a store with the same columns) has here, through `remap` (made by
    /// `remap(from:)`), written to `out`. It only reads, so rows can be translated on several threads at once.
    package func translate(row: Int, of source: ProfileStore, remap: StoreRemap, into out: UnsafeMutablePointer<Int32>)
    {
        let start = row * source.width
        for c in 0..<width {
            let id = source.ids[start + c]
            out[c] = c == Self.apiLevelColumn || id == 0 ? id : remap.ids[c][Int(id)]
        }
    }

    /// Every text (and platform) of `source` interned here, in `source`'s id order: its ids as this store's.
    package func remap(from source: ProfileStore) -> StoreRemap {
        StoreRemap(
            ids: (0..<width).map { c in
                if c == Self.apiLevelColumn { return [] }
                if c == Self.platformColumn { return [0] + source.platforms.map { platformID(adding: $0) } }
                return source.interners[c]!.texts.indices.map {
                    $0 == 0 ? 0 : interners[c]!.id(source.interners[c]!.texts[$0])
                }
            })
    }

    /// The ids a profile's values have here (interned when new), without appending a row.
    package func ids(of fields: ProfileFields) -> [Int32] {
        var row = fixedIDs(fields)
        for (k, name) in attributeNames.enumerated() {
            row.append(interners[Self.fixedColumns + k]!.id(fields.attributes[name]))
        }
        return row
    }

    /// Appends the `width` ids at `row` (a new row of a `ProfileRowSet`).
    package func append(ids row: UnsafePointer<Int32>) -> Int {
        for c in 0..<width { ids.append(row[c]) }
        count += 1
        return count - 1
    }

    /// A platform's id in this store, or -1 when no profile has it.
    package func platformID(_ platform: Platform) -> Int32 { platformIDs[platform] ?? -1 }

    private func platformID(adding platform: Platform) -> Int32 {
        if let known = platformIDs[platform] { return known }
        platforms.append(platform)
        let id = Int32(platforms.count)
        platformIDs[platform] = id
        return id
    }

    package func id(_ row: Int, _ column: Int) -> Int32 { ids[row * width + column] }

    func text(_ row: Int, _ column: Int) -> String? {
        let id = ids[row * width + column]
        return id == 0 ? nil : interners[column]!.texts[Int(id)]
    }

    func platform(_ row: Int) -> Platform { platforms[Int(ids[row * width]) - 1] }

    /// The platform of a platform id, the text of a fixed column's id (nil: absent).
    package func platform(id: Int32) -> Platform { platforms[Int(id) - 1] }
    package func text(id: Int32, column: Int) -> String? { id == 0 ? nil : interners[column]!.texts[Int(id)] }

    /// Whether the fixed columns' ids mean the same texts here and in `other` (one is projected from the other,
    /// or both from one store).
    package func sharesFixedIDs(with other: ProfileStore) -> Bool {
        if self === other { return true }
        for c in 0..<Self.fixedColumns where c != Self.platformColumn && c != Self.apiLevelColumn {
            if interners[c] !== other.interners[c] { return false }
        }
        return platforms == other.platforms
    }

    func apiLevel(_ row: Int) -> Int? {
        let v = ids[row * width + Self.apiLevelColumn]
        return v == 0 ? nil : Int(v - 1)
    }

    func attributeColumn(normalized name: String) -> Int? { attributeColumns[name] }

    func attribute(_ row: Int, normalized name: String) -> String? {
        guard let column = attributeColumns[name] else { return nil }
        return text(row, column)
    }

    func attributes(_ row: Int) -> [String: String] {
        var out: [String: String] = [:]
        for (k, name) in attributeNames.enumerated() {
            if let value = text(row, Self.fixedColumns + k) { out[name] = value }
        }
        return out
    }
}

/// A source store's ids as another store's, column by column (by the source's id; the API level column, a
/// number, is copied as it is).
package final class StoreRemap: Sendable {
    fileprivate let ids: [[Int32]]

    fileprivate init(ids: [[Int32]]) { self.ids = ids }
}
