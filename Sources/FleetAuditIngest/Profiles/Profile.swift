/// One distinct device profile: the inventory fields some loaded config reads. Every device with the same
/// profile gets the same outcome, so a profile is evaluated once and its outcome multiplied by its devices.
public struct Profile: Hashable, Sendable {
    public let platform: Platform
    public let osVersion: String
    /// Android API level (from `os_api_level` or the release table); nil on other platforms.
    public let apiLevel: Int?
    public let appVersion: String
    /// `app_build` as written (iOS `CFBundleVersion`, Android `versionCode`); nil when absent or empty.
    public let appBuild: String?
    public let packageName: String?
    /// Other columns, keyed by normalized name (`free_memory` and `freeMemory` are both `freememory`).
    public let attributes: [String: String]

    public init(platform: Platform, osVersion: String, apiLevel: Int?, appVersion: String, appBuild: String?,
                packageName: String?, attributes: [String: String] = [:]) {
        self.platform = platform
        self.osVersion = osVersion
        self.apiLevel = apiLevel
        self.appVersion = appVersion
        self.appBuild = appBuild
        self.packageName = packageName
        self.attributes = attributes
    }

    /// Android `versionCode` as an integer (validated at ingest for Android rows).
    public var appBuildCode: Int? { appBuild.flatMap { Int($0) } }

    /// An attribute by any spelling of its name.
    public func attribute(_ name: String) -> String? {
        // Formats mostly ask by a name that is already normalized (`region`); skip normalizing those.
        if name.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }) { return attributes[name] }
        return attributes[InventoryColumn.normalize(name)]
    }
}
