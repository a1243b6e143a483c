import Foundation

/// Which optional inventory fields the loaded configs read. Fields outside it are left out of profiles so
/// that, for example, a `device_id` column never makes every row a profile of its own.
public struct ProfileNeeds: Sendable, Hashable {
    public var packageName: Bool
    /// Whether some config reads `app_build` on iOS or macOS (PoV iOS does; NHS does not). Android rows always
    /// keep it: it is their versionCode. Left out, per-device iOS build numbers would make one profile per row.
    public var appBuildOffAndroid: Bool
    /// Normalized attribute names (`region`, `freememory`, `lastnotifiedversion`).
    public var attributes: Set<String>
    /// Each attribute as the configs spell it (`last_notified_version`), by normalized name: what a warehouse
    /// query selects (`fleet-audit query`). The first spelling in sort order when configs differ. Not part of
    /// equality: two needs that read the same columns are the same needs.
    public private(set) var spellings: [String: String] = [:]
    /// When a config reads some attributes on one platform only (a PrinceOfVersions document reads the
    /// requirements of each platform's own configurations), the normalized attributes each platform's devices
    /// read; a platform not listed reads none. Nil: every platform may read every attribute. Evaluation
    /// projects each profile onto its platform's attributes, so that an Android device's region, which no
    /// Android configuration reads, does not make Android profiles that differ only by region. Not part of
    /// equality: configs that read the same columns share one projection, their maps merged.
    public private(set) var attributesByPlatform: [Platform: Set<String>]?

    public init(packageName: Bool = false, appBuildOffAndroid: Bool = false, attributes: Set<String> = [],
                attributesByPlatform: [Platform: Set<String>]? = nil) {
        self.packageName = packageName
        self.appBuildOffAndroid = appBuildOffAndroid
        self.attributes = Set(attributes.map(InventoryColumn.normalize))
        for name in attributes { spell(name) }
        if let attributesByPlatform {
            let normalized = attributesByPlatform.mapValues { Set($0.map(InventoryColumn.normalize)) }
            self.attributesByPlatform = normalized
            for names in attributesByPlatform.values { for name in names { spell(name) } }
            self.attributes.formUnion(normalized.values.joined())
        }
    }

    /// The normalized attributes a device of `platform` may be read for.
    public func attributes(for platform: Platform) -> Set<String> {
        guard let attributesByPlatform else { return attributes }
        return attributesByPlatform[platform] ?? []
    }

    /// `attributesByPlatform`, with needs that read no attribute read none on any platform.
    private var platformMap: [Platform: Set<String>]? {
        attributesByPlatform ?? (attributes.isEmpty ? [:] : nil)
    }

    private mutating func spell(_ name: String) {
        let key = InventoryColumn.normalize(name)
        if let known = spellings[key], known <= name { return }
        spellings[key] = name
    }

    public mutating func formUnion(_ other: ProfileNeeds) {
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

    public static func == (a: ProfileNeeds, b: ProfileNeeds) -> Bool {
        (a.packageName, a.appBuildOffAndroid, a.attributes) == (b.packageName, b.appBuildOffAndroid, b.attributes)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(packageName)
        hasher.combine(appBuildOffAndroid)
        hasher.combine(attributes)
    }
}

/// Why a row's values cannot make a profile: a rejection without its line.
public struct RowProblem: Equatable, Sendable, Error {
    public let column: String?
    public let reason: RejectionReason
    public let message: String
}

/// Turns one row's values into a validated `Profile` (docs/inventory.md). Used by ingest and by `explain`,
/// so a device is judged the same way in both.
public enum ProfileBuilder {
    public static func build(value: (InventoryColumn) -> String?, attributes: [String: String],
                             needs: ProfileNeeds = ProfileNeeds()) -> Result<ProfileFields, RowProblem> {
        func trimmed(_ column: InventoryColumn) -> String? {
            value(column).map { $0.trimmedWhitespace }.flatMap { $0.isEmpty ? nil : $0 }
        }
        for column in InventoryColumn.required where trimmed(column) == nil {
            return .failure(RowProblem(column: column.rawValue, reason: .emptyRequired, message: "\(column.rawValue) is empty"))
        }
        let platform = platform(value(.platform)!)
        let osVersion = trimmed(.osVersion)!
        let appBuild = trimmed(.appBuild)
        var apiLevel: Int? = nil
        if platform == .android {
            guard let build = appBuild else {
                return .failure(RowProblem(column: "app_build", reason: .emptyRequired,
                                           message: "app_build (the versionCode) is required on Android"))
            }
            guard Int(build) != nil else {
                return .failure(RowProblem(column: "app_build", reason: .invalidAppBuild,
                                           message: "app_build \"\(build)\" is not an integer versionCode"))
            }
            if let level = trimmed(.osAPILevel) {
                guard let parsed = Int(level), parsed > 0 else {
                    return .failure(RowProblem(column: "os_api_level", reason: .invalidAPILevel,
                                               message: "os_api_level \"\(level)\" is not a positive integer"))
                }
                apiLevel = parsed
            } else if let derived = AndroidReleases.apiLevel(forRelease: osVersion) {
                apiLevel = derived
            } else {
                return .failure(RowProblem(column: "os_version", reason: .unknownAndroidRelease,
                                           message: "Android release \"\(osVersion)\" is not in the release table; add an os_api_level column"))
            }
        }
        return .success(ProfileFields(platform: platform, osVersion: osVersion, apiLevel: apiLevel,
                                appVersion: trimmed(.appVersion)!,
                                appBuild: platform == .android || needs.appBuildOffAndroid ? appBuild : nil,
                                packageName: needs.packageName ? trimmed(.packageName) : nil, attributes: attributes))
    }

    /// The platform a `platform` value names: trimmed of blanks, any case (docs/inventory.md). The one reading of it;
    /// ingest's byte-level check defers to it for any text that is not ASCII.
    public static func platform(_ raw: String) -> Platform {
        Platform(raw.trimmedWhitespace)
    }
}
