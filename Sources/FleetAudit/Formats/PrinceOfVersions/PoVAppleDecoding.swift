/// How the iOS/macOS client (4.x) decodes a platform array (docs/formats/princeofversions.md). Any entry it cannot decode makes
/// it drop the whole array, silently; FleetAudit says so with `pov.ios.arrayDropped`.
enum PoVAppleDecoding {
    static let arrayDropped = "pov.ios.arrayDropped"
    static let osVersionIgnored = "pov.ios.requiredOSVersionIgnored"
    static let requirementIgnored = "pov.ios.requirementIgnored"

    /// Decodes `root[key]`. `notes` receives warnings that do not stop decoding.
    static func read(_ root: JSONObject, key: String, notes: inout [Diagnostic]) -> PoVKeyReading {
        guard let value = root[key], !value.isNull else { return .absent }
        guard let array = value.arrayValue else {
            return .unusable(Diagnostic(arrayDropped, .error,
                "\(key) is \(value.kindDescription), not an array: the iOS/macOS client ignores it", path: key))
        }
        let global = root["meta"]?.objectValue
        var configurations: [PoVConfiguration] = []
        var localNotes: [Diagnostic] = []
        for (index, element) in array.enumerated() {
            let path = "\(key)[\(index)]"
            switch decode(element, id: path, global: global, notes: &localNotes) {
            case .success(let c): configurations.append(c)
            case .failure(let problem):
                return .unusable(Diagnostic(arrayDropped, .error,
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

    private static func decode(_ element: JSONValue, id: String, global: JSONObject?,
                               notes: inout [Diagnostic]) -> Result<PoVConfiguration, Problem> {
        guard let entry = element.objectValue else {
            return .failure(Problem("the entry is \(element.kindDescription), not an object"))
        }
        func version(_ field: String) -> Result<PoVVersion?, Problem> {
            guard let v = entry[field], !v.isNull else { return .success(nil) }
            guard let text = v.stringValue, let parsed = PoVIOSVersion(text) else {
                if case .number = v {
                    // The iOS client reads versions as strings only: 5.1 unquoted is no version to it.
                    return .failure(Problem("\(field) \(JSONWriter.compact(v)) is a number, not a version string (quote it: \"\(JSONWriter.compact(v))\")"))
                }
                return .failure(Problem("\(field) \(JSONWriter.compact(v)) is not a version"))
            }
            return .success(.apple(parsed))
        }
        let required: PoVVersion?, last: PoVVersion?
        switch version("required_version") { case .success(let v): required = v; case .failure(let p): return .failure(p) }
        switch version("last_version_available") { case .success(let v): last = v; case .failure(let p): return .failure(p) }

        var frequency = PoVFrequency.once
        if let f = entry["notify_last_version_frequency"], !f.isNull {
            guard let text = f.stringValue, let parsed = PoVFrequency(rawValue: text.uppercased()) else {
                return .failure(Problem("notify_last_version_frequency \(JSONWriter.compact(f)) is neither ALWAYS nor ONCE"))
            }
            frequency = parsed
        }

        let meta = entry["meta"]?.objectValue
        if let meta, let nested = meta.keys.first(where: { k in
            switch meta[k]! { case .object, .array: return true; default: return false }
        }) {
            return .failure(Problem("meta.\(nested) is nested (an object or array)"))
        }

        var requiredOS: PoVVersion? = nil
        var requirements: [(key: String, value: JSONValue)] = []
        // `ConfigurationData.requirements` is a `Requirements?`: null is none, anything but an object fails
        // the entry's decoding, and with it the array's (`UpdateInfo.swift` L180 `try? decode([ConfigurationData].self)`).
        if let r = entry["requirements"], !r.isNull, r.objectValue == nil {
            return .failure(Problem("requirements is \(r.kindDescription), not an object"))
        }
        for key in entry["requirements"]?.objectValue?.keys ?? [] {
            let value = entry["requirements"]!.objectValue![key]!
            if value.arrayValue != nil || value.objectValue != nil, key != "required_os_version", key != "requiredOsVersion" {
                // `ConfigurationData.swift` L49-55: a value `AnyDecodable` cannot decode is dropped by `try?`,
                // so the requirement does not exist and holds.
                notes.append(Diagnostic(requirementIgnored, .warning,
                    "\(id).requirements.\(key) is \(value.kindDescription): the iOS/macOS client drops it, so it holds for every device",
                    path: "\(id).requirements.\(key)"))
                continue
            }
            if key == "required_os_version" || key == "requiredOsVersion" {
                if let text = value.stringValue, let parsed = PoVIOSVersion(text) {
                    requiredOS = .apple(parsed)
                } else {
                    notes.append(Diagnostic(osVersionIgnored, .warning,
                        "\(id).requirements.required_os_version \(JSONWriter.compact(value)) is not a version string: the client ignores it, so the entry has no OS requirement",
                        path: "\(id).requirements.required_os_version"))
                }
            } else {
                requirements.append((key, value))
            }
        }
        return .success(PoVConfiguration(id: id, required: required, last: last, frequency: frequency,
                                         requiredOS: requiredOS, requirements: requirements,
                                         meta: mergedMeta(global, meta)))
    }
}
