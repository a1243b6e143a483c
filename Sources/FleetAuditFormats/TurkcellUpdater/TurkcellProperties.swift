/// The filter properties a device presents to the SDK (docs/formats/turkcell.md), from its inventory profile. nil means
/// the device has no such property (iOS fails positive parts on it; Android reads it as "").
struct TurkcellProperties {
    let profile: any Device

    /// Inventory attribute behind each filter property that is not a core column, by the property's exact name:
    /// the SDKs look a filter's key up as written (`Properties.java` L229 `map.get(key)`), so `DeviceModel` or
    /// `device_model` is not the model but a property no device has.
    static let attributeColumns = ["deviceModel": "model", "deviceIsTablet": "is_tablet", "deviceLanguage": "language"]

    /// The attribute names a filter key reads, for profile needs.
    static func column(for key: String) -> String? {
        switch key {
        case "appPackageName", "appVersionName", "appVersionCode", "deviceOsName", "deviceOsVersion", "deviceApiLevel",
            "updaterLevel":
            return nil
        default: return attributeColumns[key] ?? key
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
        case "deviceLanguage":
            return profile.attribute("language").map { android ? Self.androidLanguage($0) : Self.language($0) }
        case "deviceIsTablet": return profile.attribute("is_tablet").map(Self.isTablet)
        case "deviceModel": return profile.attribute("model")
        // The Android SDK 1.2.4 sets it on every device (`Properties.java` L201); iOS has no such property.
        case "updaterLevel": return android ? "3" : nil
        // The iOS SDK 1.2 fills seven properties (`Configuration.m` L85-119), all above: any other key has no value.
        default: return android ? profile.attribute(Self.column(for: key) ?? key) : nil
        }
    }

    /// iOS `deviceLanguage` from the inventory's language: its first two letters (`Configuration.m` L112-116).
    static func language(_ text: String) -> String { String(text.prefix(2)) }
    /// Android `deviceLanguage`: `Locale.getLanguage()` (`Properties.java` L198), the language subtag whole
    /// (`fil` of `fil-PH`), lower-cased.
    static func androidLanguage(_ text: String) -> String {
        String(text.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }
    /// `deviceIsTablet` from the inventory's tablet flag.
    static func isTablet(_ text: String) -> String {
        ["true", "1", "yes"].contains(text.lowercased()) ? "true" : "false"
    }

    /// Android (FilteredEntry.isMatches): filters in order, the first that fails decides; a pattern that
    /// throws is reported, and the caller skips the entry as the SDK does.
    static func androidMatch(_ filters: [TurkcellEntry.Filter], _ values: TurkcellProfileValues) -> FilterMatch {
        for f in filters {
            let result = f.android.evaluate(normalized: values.android[f.keyIndex])
            if result != .match { return result }
        }
        return .match
    }

    /// iOS: whether every filter of an entry holds. nil: the iOS SDK crashes (a null rule).
    static func iOSMatch(_ filters: [TurkcellEntry.Filter], _ values: TurkcellProfileValues) -> Bool? {
        for f in filters {
            guard let ok = f.iOS.evaluate(values.raw[f.keyIndex]) else { return nil }
            if !ok { return false }
        }
        return true
    }
}
