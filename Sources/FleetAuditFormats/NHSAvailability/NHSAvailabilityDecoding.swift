/// How each NHS app decodes the document. A document either decodes for a platform or that platform's
/// app rejects it whole and keeps its last good copy (`nhs.rejected`).
enum NHSDecoding {
    struct IOSRequirements: Equatable, Sendable {
        let minimumOS: DottedVersion
        let recommendedOS: DottedVersion
        let minimumApp: DottedVersion
        let recommendedApp: DottedVersion
        let literals: [String: String]
    }

    struct AndroidRequirements: Equatable, Sendable {
        let minimumSDK: Int
        let minimumApp: Int
        let recommendedApp: Int
    }

    enum Decoded<T: Equatable & Sendable>: Equatable, Sendable {
        case absent
        case rejected([String])
        case valid(T)
    }

    /// Where a problem is: the key path its message opens with (`minimumAppVersion.value is …`), when it names
    /// one of the document's fields, or the object a missing key belongs in; nil for a problem of the whole text
    /// (a comma, a nesting depth).
    static func path(of problem: String) -> String? {
        let first = problem.prefix { $0 != " " }
        let fields = [
            "minimumOSVersion", "recommendedOSVersion", "minimumAppVersion", "recommendedAppVersion",
            "minimumSDKVersion",
        ]
        guard let head = first.split(separator: ".").first, fields.contains(String(head)) else { return nil }
        // A missing key has no place of its own: its object's (the document's, for a missing field).
        guard problem.hasSuffix(" is missing") else { return String(first) }
        return first.split(separator: ".").dropLast().joined(separator: ".")
    }

    /// The iOS app's `JSONDecoder` payload: all four fields, string values that parse as `Version`, a
    /// `description` map everywhere and a `title` map on the recommended fields.
    static func iOS(_ root: JSONObject) -> Decoded<IOSRequirements> {
        guard root["minimumOSVersion"] != nil else { return .absent }
        var problems: [String] = []
        if let refusal = root.strictJSONRefusal {
            // Foundation's JSON parser: "Unescaped control character", a surrogate without its pair, bad UTF-8.
            problems.append(
                "\(refusal.message) at line \(refusal.line), column \(refusal.column): the iOS app's JSONDecoder reads strict JSON"
            )
        }
        var versions: [String: DottedVersion] = [:]
        var literals: [String: String] = [:]
        for (field, needsTitle) in [
            ("minimumOSVersion", false), ("recommendedOSVersion", true),
            ("minimumAppVersion", false), ("recommendedAppVersion", true),
        ] {
            guard let object = requireObject(root, field, &problems) else { continue }
            switch object["value"] {
            case .string(let text)?:
                if let version = DottedVersion(text) {
                    versions[field] = version
                    literals[field] = text
                } else {
                    problems.append("\(field).value \"\(text)\" is not a version of 1 to 3 integer components")
                }
            case nil, .null?: problems.append("\(field).value is missing")
            case .number(let n)?:
                problems.append(
                    "\(field).value is \(JSONValue.number(n).kindDescription) (\(n.literal)), the iOS app expects a string: write \"\(n.literal)\""
                )
            case let other?: problems.append("\(field).value is \(other.kindDescription), the iOS app expects a string")
            }
            checkLocalizedMap(object, field, "description", &problems)
            if needsTitle { checkLocalizedMap(object, field, "title", &problems) }
        }
        guard problems.isEmpty else { return .rejected(problems) }
        return .valid(
            IOSRequirements(
                minimumOS: versions["minimumOSVersion"]!, recommendedOS: versions["recommendedOSVersion"]!,
                minimumApp: versions["minimumAppVersion"]!, recommendedApp: versions["recommendedAppVersion"]!,
                literals: literals))
    }

    /// The Android app's Moshi adapter (Moshi 1.12, code generated for `AppAvailabilityResponse.kt` L8-31,
    /// through Retrofit's strict `MoshiConverterFactory`, `NetworkModule.kt` L59): three fields with `Int`
    /// values, a `description` each and a `title` on `recommendedAppVersion`. Moshi reads strict JSON, at most
    /// 255 containers deep, and decodes every copy of a key it knows (the last one stands).
    static func android(_ root: JSONObject) -> (Decoded<AndroidRequirements>, quoted: [String]) {
        guard root["minimumSDKVersion"] != nil else { return (.absent, []) }
        var problems: [String] = []
        var quoted: [String] = []
        var values: [String: Int] = [:]
        if let comma = JSONValue.object(root).firstObjectTrailingComma {
            // JsonUtf8Reader.java L292/L299: "Expected name" after a comma.
            problems.append("a comma before } at line \(comma.line), column \(comma.column): Moshi reads strict JSON")
        }
        if let key = arrayWithTrailingComma(.object(root)) {
            // JsonUtf8Reader.doPeek: ",]" is a lenient-only null element (checkLenient), even in a skipped value.
            problems.append("the array of \(key) ends with a comma: Moshi reads strict JSON")
        }
        if nesting(.object(root)) >= 256 {
            // JsonReader.java L227-229: a document scope plus 255 containers at most.
            problems.append("containers nested 256 deep or more: Moshi stops at \"Nesting too deep\"")
        }
        for (field, needsTitle) in [
            ("minimumSDKVersion", false), ("minimumAppVersion", false), ("recommendedAppVersion", true),
        ] {
            // The generated adapter decodes each copy of the key and fails on a bad one (AdapterGenerator.kt
            // L470 in Moshi 1.12: `fromJson(reader) ?: throw`), even when a later copy is good.
            let copies = root.pairs.filter { $0.key == field }.map(\.value)
            if copies.isEmpty { problems.append("\(field) is missing") }
            for (n, copy) in copies.enumerated() {
                let name = copies.count > 1 ? "\(field) (copy \(n + 1) of \(copies.count))" : field
                guard let object = requireObject(copy, name, &problems) else { continue }
                let valueCopies = object.pairs.filter { $0.key == "value" }.map(\.value)
                if valueCopies.isEmpty { problems.append("\(name).value is missing") }
                for value in valueCopies {
                    switch value {
                    case .number(let n):
                        if let v = n.integralValue, let int = Int32(exactly: v) {
                            values[field] = Int(int)
                        } else {
                            problems.append("\(name).value \(n.literal) is not a 32-bit integer")
                        }
                    case .string(let text):
                        if let int = moshiInt(text) {
                            values[field] = Int(int)
                            if !quoted.contains(field) { quoted.append(field) }
                        } else {
                            problems.append("\(name).value \"\(text)\" is not an integer")
                        }
                    case .null: problems.append("\(name).value is missing")
                    case let other:
                        problems.append("\(name).value is \(other.kindDescription), the Android app expects an integer")
                    }
                }
                checkAndroidLocalizedMap(object, name, "description", &problems)
                if needsTitle { checkAndroidLocalizedMap(object, name, "title", &problems) }
            }
        }
        guard problems.isEmpty else { return (.rejected(problems), quoted) }
        return (
            .valid(
                AndroidRequirements(
                    minimumSDK: values["minimumSDKVersion"]!, minimumApp: values["minimumAppVersion"]!,
                    recommendedApp: values["recommendedAppVersion"]!)), quoted
        )
    }

    /// Moshi's `nextInt` of a quoted value (JsonUtf8Reader.java L941-L958): `Integer.parseInt` (Unicode digits,
    /// no spaces), else `Double.parseDouble` (spaces trimmed, a `d`/`f` suffix, hexadecimal only with its `p`
    /// exponent) whose `(int)` must equal it: `" 200"`, `"200d"`, `"٢٠٠"` and `"2e2"` are 200, `"0x10"` is no int.
    static func moshiInt(_ text: String) -> Int32? {
        if let int = JavaText.parseInt(text) { return int }
        guard let d = JavaText.parseDouble(text), d.isFinite, d >= -2_147_483_648, d <= 2_147_483_647,
            d == d.rounded(.towardZero)
        else { return nil }
        return Int32(d)
    }

    /// The key of the first member (in document order, depth first) whose array ends with a comma.
    static func arrayWithTrailingComma(_ value: JSONValue) -> String? {
        switch value {
        case .object(let o):
            for pair in o.pairs {
                if o.arraysWithTrailingComma.contains(pair.key) { return pair.key }
                if let key = arrayWithTrailingComma(pair.value) { return key }
            }
            return nil
        case .array(let a): return a.lazy.compactMap(arrayWithTrailingComma).first
        default: return nil
        }
    }

    /// The containers along the deepest path (the root object is 1).
    static func nesting(_ value: JSONValue) -> Int {
        switch value {
        case .object(let o): return 1 + (o.pairs.map { nesting($0.value) }.max() ?? 0)
        case .array(let a): return 1 + (a.map(nesting).max() ?? 0)
        default: return 0
        }
    }

    /// A `TranslatableString` as the Android app reads it (`TranslatableStringAdapter.kt` L14-17): a
    /// `Map<String, String>` through Moshi, whose string adapter lets `null` through and reads a number as its
    /// text (StandardJsonAdapters.java L56, L246-250), and whose map adapter refuses a key put twice while the
    /// earlier value is not null (MapJsonAdapter.java L74-80). Every copy of the key is read.
    private static func checkAndroidLocalizedMap(
        _ object: JSONObject, _ field: String, _ key: String, _ problems: inout [String]
    ) {
        let copies = object.pairs.filter { $0.key == key }.map(\.value)
        if copies.isEmpty { problems.append("\(field).\(key) is missing") }
        for copy in copies {
            switch copy {
            case .object(let map):
                var earlierNotNull: [String: Bool] = [:]
                for pair in map.pairs {
                    switch pair.value {
                    case .string, .number, .null: break
                    case let other:
                        problems.append("\(field).\(key).\(pair.key) is \(other.kindDescription), expected a string")
                    }
                    if earlierNotNull[pair.key] == true {
                        problems.append("\(field).\(key) has the key \(pair.key) twice: Moshi's map adapter refuses it")
                    }
                    earlierNotNull[pair.key] = pair.value != .null
                }
            case .null: problems.append("\(field).\(key) is missing")
            case let other:
                problems.append("\(field).\(key) is \(other.kindDescription), expected a map of locale to text")
            }
        }
    }

    private static func requireObject(_ root: JSONObject, _ field: String, _ problems: inout [String]) -> JSONObject? {
        requireObject(root[field], field, &problems)
    }

    private static func requireObject(_ value: JSONValue?, _ field: String, _ problems: inout [String]) -> JSONObject? {
        switch value {
        case .object(let o)?: return o
        case nil, .null?:
            problems.append("\(field) is missing")
            return nil
        case let other?:
            problems.append("\(field) is \(other.kindDescription), expected an object")
            return nil
        }
    }

    /// A locale → text map; both apps fail on anything else.
    private static func checkLocalizedMap(
        _ object: JSONObject, _ field: String, _ key: String, _ problems: inout [String]
    ) {
        switch object[key] {
        case .object(let map)?:
            if let bad = map.pairs.first(where: { $0.value.stringValue == nil }) {
                problems.append("\(field).\(key).\(bad.key) is \(bad.value.kindDescription), expected a string")
            }
        case nil, .null?: problems.append("\(field).\(key) is missing")
        case let other?:
            problems.append("\(field).\(key) is \(other.kindDescription), expected a map of locale to text")
        }
    }
}
