/// Which optional inventory fields the loaded configs read. Fields outside it are left out of profiles so
/// that, for example, a `device_id` column never makes every row a profile of its own.
package struct ProfileNeeds: Sendable, Hashable {
    package var packageName: Bool
    /// Whether some config reads `app_build` on iOS or macOS (PoV iOS does; NHS does not). Android rows always
    /// keep it: it is their versionCode. Left out, per-device iOS build numbers would make one profile per row.
    package var appBuildOffAndroid: Bool
    /// Normalized attribute names (`region`, `freememory`, `lastnotifiedversion`).
    package var attributes: Set<String>
    /// Each attribute as the configs spell it (`last_notified_version`), by normalized name: what a warehouse
    /// query selects (`fleet-audit query`). The first spelling in sort order when configs differ. Not part of
    /// equality: two needs that read the same columns are the same needs.
    package private(set) var spellings: [String: String] = [:]
    /// When a config reads some attributes on one platform only (a PrinceOfVersions document reads the
    /// requirements of each platform's own configurations), the normalized attributes each platform's devices
    /// read; a platform not listed reads none. Nil: every platform may read every attribute. Evaluation
    /// projects each profile onto its platform's attributes, so that an Android device's region, which no
    /// Android configuration reads, does not make Android profiles that differ only by region. Not part of
    /// equality: configs that read the same columns share one projection, their maps merged.
    package private(set) var attributesByPlatform: [Platform: Set<String>]?

    package init(
        packageName: Bool = false, appBuildOffAndroid: Bool = false, attributes: Set<String> = [],
        attributesByPlatform: [Platform: Set<String>]? = nil
    ) {
        self.packageName = packageName
        self.appBuildOffAndroid = appBuildOffAndroid
        self.attributes = Set(attributes.map(AttributeName.normalize))
        for name in attributes { spell(name) }
        if let attributesByPlatform {
            let normalized = attributesByPlatform.mapValues { Set($0.map(AttributeName.normalize)) }
            self.attributesByPlatform = normalized
            for names in attributesByPlatform.values { for name in names { spell(name) } }
            self.attributes.formUnion(normalized.values.joined())
        }
    }

    /// The normalized attributes a device of `platform` may be read for.
    package func attributes(for platform: Platform) -> Set<String> {
        guard let attributesByPlatform else { return attributes }
        return attributesByPlatform[platform] ?? []
    }

    /// `attributesByPlatform`, with needs that read no attribute read none on any platform.
    private var platformMap: [Platform: Set<String>]? {
        attributesByPlatform ?? (attributes.isEmpty ? [:] : nil)
    }

    private mutating func spell(_ name: String) {
        let key = AttributeName.normalize(name)
        if let known = spellings[key], known <= name { return }
        spellings[key] = name
    }

    package mutating func formUnion(_ other: ProfileNeeds) {
        packageName = packageName || other.packageName
        appBuildOffAndroid = appBuildOffAndroid || other.appBuildOffAndroid
        if let mine = platformMap, let theirs = other.platformMap {
            attributesByPlatform = mine.merging(theirs) { $0.union($1) }
        } else {
            attributesByPlatform = nil
        }
        attributes.formUnion(other.attributes)
        for name in other.spellings.values { spell(name) }
    }

    package func union(_ other: ProfileNeeds) -> ProfileNeeds {
        var out = self
        out.formUnion(other)
        return out
    }

    package static func == (a: ProfileNeeds, b: ProfileNeeds) -> Bool {
        (a.packageName, a.appBuildOffAndroid, a.attributes) == (b.packageName, b.appBuildOffAndroid, b.attributes)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(packageName)
        hasher.combine(appBuildOffAndroid)
        hasher.combine(attributes)
    }
}
