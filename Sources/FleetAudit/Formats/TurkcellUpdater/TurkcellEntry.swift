import Foundation

/// One `updates[]` or `messages[]` entry as both SDKs read it.
struct TurkcellEntry: Sendable {
    let id: String
    let object: JSONObject
    /// One filter: its key, its rule text (a non-string rule is kept as its JSON text, nil for null) and the
    /// rule compiled once for each SDK's language.
    struct Filter: Sendable {
        let key: String
        /// The key's number among the document's filter keys (`TurkcellFilterKeys`).
        let keyIndex: Int
        let rule: String?
        let android: AndroidFilterRule
        let iOS: IOSFilterRule

        init(key: String, keyIndex: Int, rule: String?) {
            self.key = key
            self.keyIndex = keyIndex
            self.rule = rule
            android = AndroidFilterRule(rule)
            iOS = IOSFilterRule(rule)
        }
    }
    /// Filters in document order (both SDKs check them in that order).
    let filters: [Filter]

    init(id: String, _ object: JSONObject, keys: TurkcellFilterKeys) {
        self.id = id
        self.object = object
        let f = object["filters"]?.objectValue ?? JSONObject()
        filters = f.keys.map { key in
            let v = f[key]!
            let rule: String?
            switch v {
            case .null: rule = nil
            case .string(let s): rule = s
            default: rule = JSONWriter.compact(v)
            }
            return Filter(key: key, keyIndex: keys.number(key), rule: rule)
        }
    }

    /// Wildcard parts whose Java regular expression does not compile: the Android SDK throws when it reaches
    /// one and skips the entry.
    var invalidAndroidPatterns: [(key: String, regex: String)] {
        filters.flatMap { f in
            (f.android.parts ?? []).compactMap { part -> (String, String)? in
                if case .pattern(let p) = part.test, !p.isValid { return (f.key, p.regex) }
                return nil
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

    /// Android's `optInt`: a number (truncated), or a string that reads as a number; nil when absent or not
    /// a number (the SDK's default then applies).
    func androidInt(_ key: String) -> Int64? {
        switch object[key] {
        case .number(let n)?: return Self.truncated(n.double)
        case .string(let s)?: return Double(s.trimmedWhitespace).flatMap(Self.truncated)
        default: return nil
        }
    }

    /// iOS `intValue` of a number or string (a string's leading integer, 0 when it has none); nil when absent.
    func iOSInt(_ key: String) -> Int64? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let n)?: return Self.truncated(n.double) ?? 0
        case .string(let s)?:
            var digits = Substring(s.drop { $0 == " " || $0 == "\t" || $0 == "\n" })
            var sign: Int64 = 1
            if let first = digits.first, first == "-" || first == "+" { sign = first == "-" ? -1 : 1; digits = digits.dropFirst() }
            let number = digits.prefix { $0.isASCII && $0.isNumber }.prefix(10)
            return Int64(number).map { max(Int64(Int32.min), min(Int64(Int32.max), sign * $0)) } ?? 0
        case .bool(let b)?: return b ? 1 : 0
        default: return 0
        }
    }

    private static func truncated(_ d: Double) -> Int64? {
        d.isFinite && abs(d) < 9.2e18 ? Int64(d.rounded(.towardZero)) : nil
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
        filters.first { $0.key == "deviceOsName" }.map { $0.android.evaluate("android") != .noMatch } ?? true
    }
    var mayApplyToIOS: Bool {
        filters.first { $0.key == "deviceOsName" }.map { $0.iOS.evaluate("ios") ?? true } ?? true
    }

    var filtersOnOS: Bool { filters.contains { $0.key == "deviceOsVersion" || $0.key == "deviceApiLevel" } }

    /// Whether the description shown depends on the device's language (descriptions under a key other than
    /// `*`): only then is the language read, and declared (`TurkcellDocument.needs`).
    var descriptionsByLanguage: Bool { object["descriptions"]?.objectValue?.keys.contains(where: { $0 != "*" }) == true }

    /// The description for a language, else `*`.
    func description(language: String?) -> JSONObject? {
        let d = object["descriptions"]?.objectValue
        if let language, let hit = d?[language]?.objectValue { return hit }
        return d?["*"]?.objectValue
    }
}
