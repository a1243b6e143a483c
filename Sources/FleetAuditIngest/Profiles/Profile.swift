/// One distinct device profile: the inventory fields some loaded config reads. Every device with the same
/// profile gets the same outcome, so a profile is evaluated once and its outcome multiplied by its devices.
///
/// A profile is a row of a `ProfileStore`: a reference and a row number (16 bytes), its fields interned
/// texts read through these accessors. Two profiles are equal when their fields are, whatever their stores.
public struct Profile: Hashable, Sendable {
    package let store: ProfileStore
    package let row: Int

    package init(store: ProfileStore, row: Int) {
        self.store = store
        self.row = row
    }

    /// A profile of its own (a store of one row): `explain`'s device, the tests' profiles.
    public init(_ fields: ProfileFields) {
        let store = ProfileStore(attributeNames: fields.attributes.keys.sorted())
        self.init(store: store, row: store.append(fields))
    }

    public init(platform: Platform, osVersion: String, apiLevel: Int?, appVersion: String, appBuild: String?,
                packageName: String?, attributes: [String: String] = [:]) {
        self.init(ProfileFields(platform: platform, osVersion: osVersion, apiLevel: apiLevel, appVersion: appVersion,
                                appBuild: appBuild, packageName: packageName, attributes: attributes))
    }

    public var platform: Platform { store.platform(row) }
    public var osVersion: String { store.text(row, ProfileStore.osVersionColumn)! }
    /// Android API level (from `os_api_level` or the release table); nil on other platforms.
    public var apiLevel: Int? { store.apiLevel(row) }
    public var appVersion: String { store.text(row, ProfileStore.appVersionColumn)! }
    /// `app_build` as written (iOS `CFBundleVersion`, Android `versionCode`); nil when absent or empty.
    public var appBuild: String? { store.text(row, ProfileStore.appBuildColumn) }
    public var packageName: String? { store.text(row, ProfileStore.packageColumn) }
    /// Other columns, keyed by normalized name (made on each call: formats ask `attribute(_:)`).
    public var attributes: [String: String] { store.attributes(row) }

    public var fields: ProfileFields {
        ProfileFields(platform: platform, osVersion: osVersion, apiLevel: apiLevel, appVersion: appVersion, appBuild: appBuild,
                      packageName: packageName, attributes: attributes)
    }

    /// Android `versionCode` as an integer (validated at ingest for Android rows).
    public var appBuildCode: Int? { appBuild.flatMap { Int($0) } }

    /// An attribute by any spelling of its name.
    public func attribute(_ name: String) -> String? {
        // Formats mostly ask by a name that is already normalized (`region`); skip normalizing those.
        if name.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }) {
            return store.attribute(row, normalized: name)
        }
        return store.attribute(row, normalized: InventoryColumn.normalize(name))
    }

    /// The interned id of field `column` (a `ProfileStore` column; 0: absent). Ids compare within one store —
    /// `storeID` says which — so an evaluator can remember what it worked out for a value.
    package func fieldID(_ column: Int) -> Int32 { store.id(row, column) }
    package var storeID: ObjectIdentifier { ObjectIdentifier(store) }

    /// The store column of an attribute by any spelling of its name; nil when the profile has no such column.
    package func attributeColumn(_ name: String) -> Int? {
        store.attributeColumn(normalized: InventoryColumn.normalize(name))
    }

    public static func == (a: Profile, b: Profile) -> Bool { a.fields == b.fields }
    public func hash(into hasher: inout Hasher) { hasher.combine(fields) }
}
