/// The inventory columns FleetAudit knows by name (docs/inventory.md). Any other column is an attribute.
package enum InventoryColumn: String, CaseIterable, Sendable {
    case platform
    case osVersion = "os_version"
    case osAPILevel = "os_api_level"
    case appVersion = "app_version"
    case appBuild = "app_build"
    case packageName = "package_name"
    case count
    case deviceID = "device_id"

    /// Columns without which no row can be evaluated.
    package static let required: [InventoryColumn] = [.platform, .osVersion, .appVersion]

    /// Header names match ignoring case, `_`, `-` and spaces (`AttributeName.normalize`).
    package static func normalize(_ name: String) -> String { AttributeName.normalize(name) }

    /// Other names warehouses give these columns (normalized), read when the column's own name is absent, and
    /// said in the report (`inventory.columnAlias`). A name here that means something else in an export is
    /// overridden with `--column`.
    package static let aliases: [InventoryColumn: [String]] = [
        .platform: ["os", "osname", "operatingsystem", "deviceplatform"],
        .osVersion: ["osver", "systemversion", "platformversion"],
        .appVersion: ["appver", "versionname", "appversionname", "shortversion", "cfbundleshortversionstring"],
        .appBuild: [
            "build", "buildnumber", "appbuildnumber", "versioncode", "appversioncode", "bundleversion",
            "cfbundleversion",
        ],
        .packageName: ["package", "bundleid", "bundleidentifier", "appid", "applicationid", "packageid"],
        .osAPILevel: ["apilevel", "sdkint", "androidapilevel", "sdklevel"],
        .count: ["devicecount", "devices", "numdevices", "ndevices", "devicecnt", "cnt"],
    ]

    package static func named(_ name: String) -> InventoryColumn? { named(normalized: normalize(name)) }

    /// The column of a name already normalized: a header of a million columns is normalized once, not once per
    /// column it could be.
    package static func named(normalized name: String) -> InventoryColumn? { byNormalizedName[name] }

    private static let byNormalizedName: [String: InventoryColumn] = Dictionary(
        uniqueKeysWithValues: allCases.map { (normalize($0.rawValue), $0) })

    /// `aliases`, by alias: which column a warehouse's name stands for.
    package static let columnOfAlias: [String: InventoryColumn] = Dictionary(
        uniqueKeysWithValues: aliases.flatMap { column, names in names.map { ($0, column) } })
}
