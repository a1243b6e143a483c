/// The inventory columns FleetAudit knows by name (SPEC §2.2). Any other column is an attribute.
public enum InventoryColumn: String, CaseIterable, Sendable {
    case platform
    case osVersion = "os_version"
    case osAPILevel = "os_api_level"
    case appVersion = "app_version"
    case appBuild = "app_build"
    case packageName = "package_name"
    case count
    case deviceID = "device_id"

    /// Columns without which no row can be evaluated.
    public static let required: [InventoryColumn] = [.platform, .osVersion, .appVersion]

    /// Header names match ignoring case, `_`, `-` and spaces: `osVersion` = `os_version` = `OS Version`.
    public static func normalize(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    public static func named(_ name: String) -> InventoryColumn? {
        let n = normalize(name)
        return allCases.first { normalize($0.rawValue) == n }
    }
}
