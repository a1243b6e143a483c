import Foundation

/// One `updates[]` or `messages[]` entry as both SDKs read it.
/// A class: evaluation reads entries by index for every profile, and a struct's copy retained each field.
final class TurkcellEntry: Sendable {
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

        init(key: String, keyIndex: Int, rule: String?, androidRule: String? = nil, iOSReadable: Bool = true) {
            self.key = key
            self.keyIndex = keyIndex
            self.rule = rule
            android = AndroidFilterRule(androidRule ?? rule)
            iOS = IOSFilterRule(iOSReadable ? rule : nil)
        }
    }
    /// Filters in document order (both SDKs check them in that order).
    let filters: [Filter]

    /// Whether the element was an object: both SDKs skip any other element of `updates` and `messages`.
    let isObject: Bool
    /// `filters` given but not an object: the iOS SDK asks it for `allKeys` (`Filter.m` L150) and crashes.
    let filtersNotObject: Bool

    init(id: String, _ element: JSONValue, keys: TurkcellFilterKeys) {
        self.id = id
        self.isObject = element.objectValue != nil
        let object = element.objectValue ?? JSONObject()
        self.object = object
        filtersNotObject = object["filters"].map { $0.objectValue == nil } ?? false
        let f = object["filters"]?.objectValue ?? JSONObject()
        filters = f.keys.map { key in
            let v = f[key]!
            let rule: String?
            switch v {
            case .null: rule = nil
            case .string(let s): rule = s
            default: rule = JSONWriter.compact(v)
            }
            // Android reads a rule with `optString` (`FilteredEntry.java` L52): JSON null is the text "null", a
            // number its Java text (`8.10` is "8.1"). iOS calls `componentsSeparatedByString:` on it (`Filter.m`
            // L156-157): anything but a string crashes.
            return Filter(
                key: key, keyIndex: keys.number(key), rule: rule, androidRule: JavaText.valueOf(v),
                iOSReadable: v.stringValue != nil)
        }
        // Read by every evaluation: worked out once.
        descriptionsByLanguage = object["descriptions"]?.objectValue?.keys.contains(where: { $0 != "*" }) == true
        filtersOnOS = filters.contains { $0.key == "deviceOsVersion" || $0.key == "deviceApiLevel" }
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

    /// `optInt("targetVersionCode", -1)` (`UpdateEntry.java` L64): `5`, `"5"`, `5.9` and `"7d"` are what Java's
    /// coercion makes of them; nil when absent, unreadable or negative (`validate`, L168, drops such an entry
    /// unless it forces an exit).
    var androidTargetVersionCode: Int64? {
        androidInt("targetVersionCode").flatMap { $0 < 0 ? nil : $0 }
    }

    /// Android's `optInt`: org.json's coercion of a number or numeric text (`JavaText.getInt`); nil when absent
    /// or not a number (the SDK's default then applies).
    func androidInt(_ key: String) -> Int64? {
        object[key].flatMap(JavaText.getInt).map(Int64.init)
    }

    /// `optString(key)`: "" when absent, "null" for JSON null, a value's Java text otherwise.
    func androidOptString(_ key: String) -> String {
        object[key].map(JavaText.valueOf) ?? ""
    }

    /// A URL as `getUrl` reads it (`UpdateEntry.java` L89-98, `MessageEntry.java` L83-92): whitespace removed,
    /// "" is no URL, and a text `new URL` rejects (`market:…`, JSON null's "null") throws: the entry is dropped.
    enum AndroidURL: Equatable { case absent, valid, invalid(String) }
    func androidURL(_ key: String) -> AndroidURL {
        let spec = JavaText.removingWhitespace(androidOptString(key))
        if spec.isEmpty { return .absent }
        return JavaText.urlAccepts(spec) ? .valid : .invalid(spec)
    }

    /// `targetPackageName` with whitespace removed ("" when absent).
    var androidTargetPackageName: String { JavaText.removingWhitespace(androidOptString("targetPackageName")) }

    /// `createUpdateDescritions` (`UpdateEntry.java` L101-122): a language whose value is not an object is read
    /// with `optString` and makes a description with null texts, on which the entry's constructor throws
    /// (`LocalizedStringMap.java` L52): the update is dropped. The language it happens on, if any.
    var androidUnreadableDescription: String? {
        guard let d = object["descriptions"]?.objectValue else { return nil }
        return d.keys.first { d[$0]!.objectValue == nil }
    }

    /// iOS `intValue` of a number or string (a string's leading integer, 0 when it has none); nil when absent.
    func iOSInt(_ key: String) -> Int64? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let n)?: return Self.truncated(n.double) ?? 0
        case .string(let s)?:
            var digits = Substring(s.drop { $0 == " " || $0 == "\t" || $0 == "\n" })
            var sign: Int64 = 1
            if let first = digits.first, first == "-" || first == "+" {
                sign = first == "-" ? -1 : 1
                digits = digits.dropFirst()
            }
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

    /// Objective-C's `description` of the value NSJSONSerialization made of `key` (nil when absent): a string
    /// itself, a boolean or a whole number as digits (`true` is "1", `5.0` is "5"), null "<null>".
    func iOSDescription(_ key: String) -> String? {
        switch object[key] {
        case nil: return nil
        case .string(let s)?: return s
        case .bool(let b)?: return b ? "1" : "0"
        case .null?: return "<null>"
        case .number(let n)?:
            if let i = n.int64 { return String(i) }
            let d = n.double
            return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        case .array?, .object?: return JSONWriter.compact(object[key]!)
        }
    }

    /// `Controller.getForceUpdateFromUpdate` / `getForceExitFromUpdate` (L41-67): the description when it is
    /// "true", "false", "1" or "0", else "false" (`"yes"`, `"TRUE"`, `2` and null read as "false").
    func iOSForceText(_ key: String) -> String {
        let text = iOSDescription(key) ?? "false"
        return ["true", "false", "1", "0"].contains(text) ? text : "false"
    }

    /// Whether the iOS SDK takes the flag as set: its force text is "true" or "1".
    func iOSFlag(_ key: String) -> Bool {
        let text = iOSForceText(key)
        return text == "true" || text == "1"
    }

    /// `UpdateCheck.m` L161-162 drops an update without URL when the forceExit text is "false" (absent or
    /// unrecognised included; JSON false reads as "0", which is not "false").
    var iOSForceExitAbsentOrFalse: Bool { iOSForceText("forceExit") == "false" }

    /// `Controller.getTargetPackageURLFromUpdate` (L69-72): the description of `targetWebsiteUrl`, so null is the
    /// text "<null>" and 5 is "5"; nil when absent or empty.
    var iOSWebsiteURL: String? { iOSDescription("targetWebsiteUrl").flatMap { $0.isEmpty ? nil : $0 } }

    /// Whether Install can open `iOSWebsiteURL` (`UpdaterController.m` L146-151, `openURL:[NSURL URLWithString:]`):
    /// not when it is the description of a number, a boolean or null (`"5"` is a URL without a scheme, `"<null>"`
    /// none at all), which opens nothing.
    var iOSWebsiteURLOpens: Bool { object["targetWebsiteUrl"]?.stringValue != nil }

    /// Android: a valid `targetPackageUrl` or `targetWebsiteUrl`, or `targetGooglePlay`.
    var hasInstallTarget: Bool {
        ["targetPackageUrl", "targetWebsiteUrl"].contains { androidURL($0) == .valid }
            || androidFlag("targetGooglePlay")
    }

    /// Whether a `deviceOsName` filter lets the platform's own SDK consider the entry at all; diagnostics
    /// about one SDK are not raised for entries that SDK never matches.
    var mayApplyToAndroid: Bool {
        filters.first { $0.key == "deviceOsName" }.map { $0.android.evaluate("android") != .noMatch } ?? true
    }
    var mayApplyToIOS: Bool {
        filters.first { $0.key == "deviceOsName" }.map { $0.iOS.evaluate("ios") ?? true } ?? true
    }

    let filtersOnOS: Bool

    /// Whether the description shown depends on the device's language (descriptions under a key other than
    /// `*`): only then is the language read, and declared (`TurkcellDocument.needs`).
    let descriptionsByLanguage: Bool
}
