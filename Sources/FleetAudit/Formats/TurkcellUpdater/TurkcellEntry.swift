import Foundation

/// One `updates[]` or `messages[]` entry as both SDKs read it.
struct TurkcellEntry: Sendable {
    let id: String
    let object: JSONObject
    /// Filters in document order; a non-string rule is kept as its JSON text (nil for null).
    let filters: [(key: String, rule: String?)]

    init(id: String, _ object: JSONObject) {
        self.id = id
        self.object = object
        let f = object["filters"]?.objectValue ?? JSONObject()
        filters = f.keys.map { key in
            let v = f[key]!
            switch v {
            case .null: return (key, nil)
            case .string(let s): return (key, s)
            default: return (key, JSONWriter.compact(v))
            }
        }
    }

    func string(_ key: String) -> String? { object[key]?.stringValue }

    /// Android's JSON library: `"5"` and `5` are 5.
    var androidTargetVersionCode: Int64? {
        switch object["targetVersionCode"] {
        case .number(let n)?: return n.integralValue
        case .string(let s)?: return Int64(s.trimmedWhitespace)
        default: return nil
        }
    }

    /// Android's optBoolean: a boolean, or the strings "true"/"false"; anything else (a number) is false.
    func androidFlag(_ key: String) -> Bool {
        switch object[key] {
        case .bool(let b)?: return b
        case .string(let s)?: return s.lowercased() == "true"
        default: return false
        }
    }

    /// iOS reads flags as strings: `true`, `1`, `"true"`, `"1"` are true.
    func iOSFlag(_ key: String) -> Bool {
        switch object[key] {
        case .bool(let b)?: return b
        case .number(let n)?: return n.literal == "1"
        case .string(let s)?: return s == "true" || s == "1"
        default: return false
        }
    }

    /// iOS: `forceExit` absent or the string "false" (JSON false reads as "0", which is not "false").
    var iOSForceExitAbsentOrFalse: Bool {
        switch object["forceExit"] {
        case nil, .null?: return true
        case .string(let s)?: return s == "false"
        default: return false
        }
    }

    var hasInstallTarget: Bool {
        ["targetPackageUrl", "targetWebsiteUrl"].contains { !(string($0) ?? "").isEmpty } || androidFlag("targetGooglePlay")
    }

    /// Whether a `deviceOsName` filter lets the platform's own SDK consider the entry at all; diagnostics
    /// about one SDK are not raised for entries that SDK never matches.
    var mayApplyToAndroid: Bool {
        filters.first { $0.key == "deviceOsName" }.map { TurkcellFilter.android(rule: $0.rule, value: "android") } ?? true
    }
    var mayApplyToIOS: Bool {
        filters.first { $0.key == "deviceOsName" }.map { TurkcellFilter.iOS(rule: $0.rule, value: "ios") ?? true } ?? true
    }

    var filtersOnOS: Bool { filters.contains { $0.key == "deviceOsVersion" || $0.key == "deviceApiLevel" } }

    /// The description for a language, else `*`.
    func description(language: String?) -> JSONObject? {
        let d = object["descriptions"]?.objectValue
        if let language, let hit = d?[language]?.objectValue { return hit }
        return d?["*"]?.objectValue
    }
}
