/// How the iOS/macOS client (4.x) decodes a platform array (docs/formats/princeofversions.md). Any entry it cannot decode makes
/// it drop the whole array, silently; FleetAudit says so with `pov.ios.arrayDropped`.
enum PoVAppleDecoding {
    static let arrayDropped = "pov.ios.arrayDropped"
    static let jsonRejected = "pov.ios.jsonRejected"
    static let osVersionIgnored = "pov.ios.requiredOSVersionIgnored"
    static let requirementIgnored = "pov.ios.requirementIgnored"

    /// Decodes `root[key]`. `notes` receives warnings that do not stop decoding.
    static func read(_ root: SnakeCaseKeys, key field: String, notes: inout [Diagnostic]) -> PoVKeyReading {
        guard let key = root.spelling(of: field), let value = root.object[key], !value.isNull else { return .absent }
        guard let array = value.arrayValue else {
            return .unusable(
                Diagnostic(
                    arrayDropped, .error,
                    "\(key) is \(value.kindDescription), not an array: the iOS/macOS client ignores it", path: key))
        }
        // `UpdateInfo.swift` L95, L184: the global meta is `try? decode([String: AnyDecodable].self)`, so one nested
        // value drops all of it.
        let global = root["meta"]?.objectValue.flatMap { meta in
            meta.pairs.contains { $0.value.objectValue != nil || $0.value.arrayValue != nil } ? nil : meta
        }
        var configurations: [PoVConfiguration] = []
        var localNotes: [Diagnostic] = []
        for (index, element) in array.enumerated() {
            let path = "\(key)[\(index)]"
            switch decode(element, id: path, global: global, notes: &localNotes) {
            case .success(let c): configurations.append(c)
            case .failure(let problem):
                return .unusable(
                    Diagnostic(
                        arrayDropped, .error,
                        "\(path): \(problem); the iOS/macOS client drops the whole \(key) array", path: path))
            }
        }
        notes += localNotes
        return .configurations(configurations)
    }

    private struct Problem: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    private static func decode(
        _ element: JSONValue, id: String, global: JSONObject?,
        notes: inout [Diagnostic]
    ) -> Result<PoVConfiguration, Problem> {
        guard let object = element.objectValue else {
            return .failure(Problem("the entry is \(element.kindDescription), not an object"))
        }
        let entry = SnakeCaseKeys(object)
        func version(_ field: String) -> Result<PoVVersion?, Problem> {
            guard let v = entry[field], !v.isNull else { return .success(nil) }
            guard let text = v.stringValue, let parsed = PoVIOSVersion(text) else {
                if case .number = v {
                    // The iOS client reads versions as strings only: 5.1 unquoted is no version to it.
                    return .failure(
                        Problem(
                            "\(field) \(JSONWriter.compact(v)) is a number, not a version string (quote it: \"\(JSONWriter.compact(v))\")"
                        ))
                }
                return .failure(Problem("\(field) \(JSONWriter.compact(v)) is not a version"))
            }
            return .success(.apple(parsed))
        }
        let required: PoVVersion?
        let last: PoVVersion?
        switch version("required_version") {
        case .success(let v): required = v
        case .failure(let p): return .failure(p)
        }
        switch version("last_version_available") {
        case .success(let v): last = v
        case .failure(let p): return .failure(p)
        }

        var frequency = PoVFrequency.once
        if let f = entry["notify_last_version_frequency"], !f.isNull {
            guard let text = f.stringValue, let parsed = PoVFrequency(rawValue: text.uppercased()) else {
                return .failure(
                    Problem("notify_last_version_frequency \(JSONWriter.compact(f)) is neither ALWAYS nor ONCE"))
            }
            frequency = parsed
        }

        // `ConfigurationData.meta` is `[String: AnyDecodable]?`: null is none, anything but an object fails the entry.
        if let m = entry["meta"], !m.isNull, m.objectValue == nil {
            return .failure(Problem("meta is \(m.kindDescription), not an object"))
        }
        let meta = entry["meta"]?.objectValue
        if let meta,
            let nested = meta.keys.first(where: { k in
                switch meta[k]! {
                case .object, .array: return true
                default: return false
                }
            })
        {
            return .failure(Problem("meta.\(nested) is nested (an object or array)"))
        }

        var requiredOS: PoVVersion? = nil
        var requirements: [PoVRequirement] = []
        // `ConfigurationData.requirements` is a `Requirements?`: null is none, anything but an object fails
        // the entry's decoding, and with it the array's (`UpdateInfo.swift` L180 `try? decode([ConfigurationData].self)`).
        if let r = entry["requirements"], !r.isNull, r.objectValue == nil {
            return .failure(Problem("requirements is \(r.kindDescription), not an object"))
        }
        for key in entry["requirements"]?.objectValue?.keys ?? [] {
            let value = entry["requirements"]!.objectValue![key]!
            let isOSRequirement = Self.convertFromSnakeCase(key) == "requiredOsVersion"
            if value.arrayValue != nil || value.objectValue != nil, !isOSRequirement {
                // `ConfigurationData.swift` L49-55: a value `AnyDecodable` cannot decode is dropped by `try?`,
                // so the requirement does not exist and holds.
                notes.append(
                    Diagnostic(
                        requirementIgnored, .warning,
                        "\(id).requirements.\(key) is \(value.kindDescription): the iOS/macOS client drops it, so it holds for every device",
                        path: "\(id).requirements.\(key)"))
                continue
            }
            if isOSRequirement {
                if let text = value.stringValue, let parsed = PoVIOSVersion(text) {
                    requiredOS = .apple(parsed)
                } else {
                    notes.append(
                        Diagnostic(
                            osVersionIgnored, .warning,
                            "\(id).requirements.required_os_version \(JSONWriter.compact(value)) is not a version string: the client ignores it, so the entry has no OS requirement",
                            path: "\(id).requirements.required_os_version"))
                }
            } else {
                requirements.append(PoVRequirement(key: key, value: value))
            }
        }
        return .success(
            PoVConfiguration(
                id: id, required: required, last: last, frequency: frequency,
                requiredOS: requiredOS, requirements: requirements,
                meta: mergedMeta(global, meta)))
    }

    /// An object's members as the client's decoder finds them (`convertFromSnakeCase`, L260, at every level): by
    /// the converted name, so `required_version`, `requiredVersion` and `REQUIRED_VERSION` are one field. Of names
    /// that convert alike, the first written (the decoder's choice among them follows its dictionary's order).
    struct SnakeCaseKeys {
        let object: JSONObject
        private let byConverted: [String: String]

        init(_ object: JSONObject) {
            self.object = object
            var first: [String: String] = [:]
            for key in object.keys where first[convertFromSnakeCase(key)] == nil {
                first[convertFromSnakeCase(key)] = key
            }
            byConverted = first
        }

        /// The member the decoder reads for `field` (written in snake case, as the docs name it).
        subscript(field: String) -> JSONValue? { spelling(of: field).flatMap { object[$0] } }

        /// The key as the document writes it.
        func spelling(of field: String) -> String? { byConverted[convertFromSnakeCase(field)] }
    }

    /// `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`, which the client decodes with
    /// (`PrinceOfVersions.swift` L260): underscores at either end kept, a key without inner underscores as it is,
    /// else the first word lower-cased and the others capitalized (`REQUIRED_OS_VERSION` is `requiredOsVersion`).
    static func convertFromSnakeCase(_ key: String) -> String {
        let leading = key.prefix { $0 == "_" }
        let trailing = key.reversed().prefix { $0 == "_" }
        guard leading.count < key.count else { return key }
        let core = key.dropFirst(leading.count).dropLast(trailing.count)
        let words = core.split(separator: "_")
        guard words.count > 1 else { return key }
        return String(leading) + ([words[0].lowercased()] + words.dropFirst().map { $0.capitalized }).joined()
            + String(trailing)
    }
}
