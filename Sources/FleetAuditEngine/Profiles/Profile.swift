/// One distinct device profile: the inventory fields some loaded config reads. Every device with the same
/// profile gets the same outcome, so a profile is evaluated once and its outcome multiplied by its devices.
///
/// A profile is a row of a `ProfileStore`: a reference and a row number (16 bytes), its fields interned
/// texts read through these accessors. Two profiles are equal when their fields are, whatever their stores.
package struct Profile: Hashable, Sendable {
    package let store: ProfileStore
    package let row: Int

    package init(store: ProfileStore, row: Int) {
        self.store = store
        self.row = row
    }

    /// A profile of its own (a store of one row): `explain`'s device, the tests' profiles.
    package init(_ fields: ProfileFields) {
        let store = ProfileStore(attributeNames: fields.attributes.keys.sorted())
        self.init(store: store, row: store.append(fields))
    }

    package init(
        platform: Platform, osVersion: String, apiLevel: Int?, appVersion: String, appBuild: String?,
        packageName: String?, attributes: [String: String] = [:]
    ) {
        self.init(
            ProfileFields(
                platform: platform, osVersion: osVersion, apiLevel: apiLevel, appVersion: appVersion,
                appBuild: appBuild, packageName: packageName, attributes: attributes))
    }

    package var platform: Platform { store.platform(row) }
    package var osVersion: String { store.text(row, ProfileStore.osVersionColumn)! }
    /// Android API level (from `os_api_level` or the release table); nil on other platforms.
    package var apiLevel: Int? { store.apiLevel(row) }
    package var appVersion: String { store.text(row, ProfileStore.appVersionColumn)! }
    /// `app_build` as written (iOS `CFBundleVersion`, Android `versionCode`); nil when absent or empty.
    package var appBuild: String? {
        if let held = store.holdings, !held.needs.appBuildOffAndroid, platform != .android {
            DeclaredReads.undeclared(
                "app_build", platform: platform, store: store, missing: ProfileNeeds(appBuildOffAndroid: true))
        }
        return store.text(row, ProfileStore.appBuildColumn)
    }
    package var packageName: String? {
        if let held = store.holdings, !held.needs.packageName {
            DeclaredReads.undeclared(
                "package_name", platform: platform, store: store, missing: ProfileNeeds(packageName: true))
        }
        return store.text(row, ProfileStore.packageColumn)
    }
    /// Other columns, keyed by normalized name (made on each call: formats ask `attribute(_:)`).
    package var attributes: [String: String] { store.attributes(row) }

    /// Every field as stored (not a format's read: the guard of `DeclaredReads` does not apply).
    package var fields: ProfileFields {
        ProfileFields(
            platform: platform, osVersion: osVersion, apiLevel: apiLevel, appVersion: appVersion,
            appBuild: store.text(row, ProfileStore.appBuildColumn),
            packageName: store.text(row, ProfileStore.packageColumn),
            attributes: attributes)
    }

    /// An attribute by any spelling of its name.
    package func attribute(_ name: String) -> String? {
        // Formats mostly ask by a name that is already normalized (`region`); skip normalizing those.
        let normalized =
            name.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) })
            ? name : AttributeName.normalize(name)
        checkDeclared(attribute: normalized)
        return store.attribute(row, normalized: normalized)
    }

    @inline(__always)
    private func checkDeclared(attribute normalized: String) {
        if let held = store.holdings, !held.holdsAttribute(normalized, platform: platform) {
            DeclaredReads.undeclared(
                normalized, platform: platform, store: store, missing: ProfileNeeds(attributes: [normalized]))
        }
    }

    /// The interned id of field `column` (a `ProfileStore` column; 0: absent). Ids compare within one store —
    /// `storeID` says which — so an evaluator can remember what it worked out for a value.
    package func fieldID(_ column: Int) -> Int32 { store.id(row, column) }
    package var storeID: ObjectIdentifier { ObjectIdentifier(store) }

    /// The store column of an attribute by any spelling of its name; nil when the profile has no such column.
    package func attributeColumn(_ name: String) -> Int? {
        let normalized = InventoryColumn.normalize(name)
        // A column is the store's, whatever this profile's platform: held for some platform is enough.
        if let held = store.holdings, !held.needs.attributes.contains(normalized),
            held.inventoryAttributes?.contains(normalized) ?? true
        {
            DeclaredReads.undeclared(
                "the column of \(normalized)", platform: platform, store: store,
                missing: ProfileNeeds(attributes: [normalized]))
        }
        return store.attributeColumn(normalized: normalized)
    }

    package static func == (a: Profile, b: Profile) -> Bool { a.fields == b.fields }
    package func hash(into hasher: inout Hasher) { hasher.combine(fields) }
}

/// The engine's profiles are the devices formats evaluate: a field's value number is its interned id in the
/// profile's store, the scope the store itself.
extension Profile: Device {
    package var valueNumbers: ValueNumberScope { ValueNumberScope(ObjectIdentifier(store)) }

    package func numbered(_ field: DeviceField) -> NumberedField {
        if case .attribute(let name) = field { return NumberedField(slot: attributeColumn(name)) }
        return NumberedField(slot: ProfileStore.fixedColumn(field))
    }

    package func valueNumber(_ field: NumberedField) -> Int {
        guard let column = field.slot else { return 0 }
        return Int(store.id(row, column))
    }
}
