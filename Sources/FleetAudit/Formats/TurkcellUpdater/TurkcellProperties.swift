/// The filter properties a device presents to the SDK (SPEC §5.3), from its inventory profile. nil means
/// the device has no such property (iOS fails positive parts on it; Android reads it as "").
struct TurkcellProperties {
    let profile: Profile

    /// Inventory attribute (normalized name) behind each filter property that is not a core column.
    static let attributeColumns = ["devicemodel": "model", "deviceistablet": "is_tablet", "devicelanguage": "language"]

    /// The attribute names a filter key reads, for profile needs.
    static func column(for key: String) -> String? {
        switch key {
        case "appPackageName", "appVersionName", "appVersionCode", "deviceOsName", "deviceOsVersion", "deviceApiLevel": return nil
        default: return attributeColumns[InventoryColumn.normalize(key)] ?? key
        }
    }

    func value(_ key: String) -> String? {
        let android = profile.platform == .android
        switch key {
        case "appPackageName": return profile.packageName
        case "appVersionName": return profile.appVersion
        case "appVersionCode": return android ? profile.appBuild : nil
        case "deviceOsName": return android ? "android" : "ios"
        case "deviceOsVersion": return profile.osVersion
        case "deviceApiLevel": return android ? profile.apiLevel.map(String.init) : nil
        case "deviceLanguage": return profile.attribute("language").map { String($0.prefix(2)) }
        case "deviceIsTablet":
            return profile.attribute("is_tablet").map { ["true", "1", "yes"].contains($0.lowercased()) ? "true" : "false" }
        default: return profile.attribute(Self.column(for: key) ?? key)
        }
    }

    /// Whether every filter of an entry holds, in this platform's rule language. nil: the iOS SDK crashes.
    func matches(_ filters: [(key: String, rule: String?)]) -> Bool? {
        for f in filters {
            if profile.platform == .android {
                if !TurkcellFilter.android(rule: f.rule, value: value(f.key)) { return false }
            } else {
                guard let ok = TurkcellFilter.iOS(rule: f.rule, value: value(f.key)) else { return nil }
                if !ok { return false }
            }
        }
        return true
    }
}
