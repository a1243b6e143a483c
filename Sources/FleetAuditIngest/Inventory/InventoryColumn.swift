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
        // ASCII names (all real ones) on bytes: formats look attributes up by name on every evaluation.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            let kept = name.utf8.filter { $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: " ") }
            return String(decoding: kept.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    public static func named(_ name: String) -> InventoryColumn? {
        let n = normalize(name)
        return allCases.first { normalize($0.rawValue) == n }
    }
}
