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

    /// The iOS app's `JSONDecoder` payload: all four fields, string values that parse as `Version`, a
    /// `description` map everywhere and a `title` map on the recommended fields.
    static func iOS(_ root: JSONObject) -> Decoded<IOSRequirements> {
        guard root["minimumOSVersion"] != nil else { return .absent }
        var problems: [String] = []
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

    /// The Android app's Moshi adapter: three fields with `Int` values (Moshi also reads `"18"` and `18.0`),
    /// a `description` each and a `title` on `recommendedAppVersion`.
    static func android(_ root: JSONObject) -> (Decoded<AndroidRequirements>, quoted: [String]) {
        guard root["minimumSDKVersion"] != nil else { return (.absent, []) }
        var problems: [String] = []
        var quoted: [String] = []
        var values: [String: Int] = [:]
        for (field, needsTitle) in [
            ("minimumSDKVersion", false), ("minimumAppVersion", false), ("recommendedAppVersion", true),
        ] {
            guard let object = requireObject(root, field, &problems) else { continue }
            switch object["value"] {
            case .number(let n)?:
                if let v = n.integralValue, let int = Int32(exactly: v) {
                    values[field] = Int(int)
                } else {
                    problems.append("\(field).value \(n.literal) is not a 32-bit integer")
                }
            case .string(let text)?:
                if let v = JSONNumber(literal: text).integralValue, Double(text) != nil, let int = Int32(exactly: v) {
                    values[field] = Int(int)
                    quoted.append(field)
                } else {
                    problems.append("\(field).value \"\(text)\" is not an integer")
                }
            case nil, .null?: problems.append("\(field).value is missing")
            case let other?:
                problems.append("\(field).value is \(other.kindDescription), the Android app expects an integer")
            }
            checkLocalizedMap(object, field, "description", &problems)
            if needsTitle { checkLocalizedMap(object, field, "title", &problems) }
        }
        guard problems.isEmpty else { return (.rejected(problems), quoted) }
        return (
            .valid(
                AndroidRequirements(
                    minimumSDK: values["minimumSDKVersion"]!, minimumApp: values["minimumAppVersion"]!,
                    recommendedApp: values["recommendedAppVersion"]!)), quoted
        )
    }

    private static func requireObject(_ root: JSONObject, _ field: String, _ problems: inout [String]) -> JSONObject? {
        switch root[field] {
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
