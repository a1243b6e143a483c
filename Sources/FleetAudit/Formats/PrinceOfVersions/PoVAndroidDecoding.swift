import Foundation

/// How the Android client (4.x) parses `android2`/`android` (docs/formats/princeofversions.md): a JSON array or a single object;
/// versions must be JSON integers (versionCodes). What makes the client throw makes the key unusable.
enum PoVAndroidDecoding {
    static let unusableCode = "pov.android.rejected"

    static func read(_ root: JSONObject, key: String) -> PoVKeyReading {
        guard let value = root[key], !value.isNull else { return .absent }
        let elements: [JSONValue]
        switch value {
        case .array(let a): elements = a
        case .object: elements = [value]
        default:
            return .unusable(Diagnostic(unusableCode, .error,
                "\(key) is \(value.kindDescription): the Android client throws", path: key))
        }
        let global = root["meta"]?.objectValue
        var configurations: [PoVConfiguration] = []
        for (index, element) in elements.enumerated() {
            let id = "\(key)[\(index)]"
            switch decode(element, id: id, global: global) {
            case .success(let c): configurations.append(c)
            case .failure(let problem):
                return .unusable(Diagnostic(unusableCode, .error, "\(id): \(problem.message); the Android client throws and shows nothing", path: id))
            }
        }
        return .configurations(configurations)
    }

    struct Problem: Error { let message: String }

    private static func decode(_ element: JSONValue, id: String, global: JSONObject?) -> Result<PoVConfiguration, Problem> {
        guard let entry = element.objectValue else {
            return .failure(Problem(message: "the entry is \(element.kindDescription), not an object"))
        }
        func code(_ field: String) -> Result<PoVVersion?, Problem> {
            guard let v = entry[field], !v.isNull else { return .success(nil) }
            guard let n = v.numberValue, let c = n.int64 else {
                return .failure(Problem(message: "\(field) \(JSONWriter.compact(v)) is \(v.kindDescription), not an integer versionCode"))
            }
            return .success(.code(c))
        }
        let required: PoVVersion?, last: PoVVersion?
        switch code("required_version") { case .success(let v): required = v; case .failure(let p): return .failure(p) }
        switch code("last_version_available") { case .success(let v): last = v; case .failure(let p): return .failure(p) }

        var frequency = PoVFrequency.once
        if let f = entry["notify_last_version_frequency"], !f.isNull {
            guard let text = f.stringValue else {
                return .failure(Problem(message: "notify_last_version_frequency is \(f.kindDescription), not a string"))
            }
            frequency = text.lowercased() == "always" ? .always : .once
        }

        var requiredOS: PoVVersion? = nil
        var requirements: [(key: String, value: JSONValue)] = []
        if let reqs = entry["requirements"]?.objectValue {
            // The parser drops requirements whose value is null: they hold.
            for key in reqs.keys where !reqs[key]!.isNull {
                let value = reqs[key]!
                if key == "required_os_version" {
                    let text: String? = value.numberValue.map(\.literal) ?? value.stringValue
                    guard let text, let level = Int64(text.trimmedWhitespace) else {
                        return .failure(Problem(message: "requirements.required_os_version \(JSONWriter.compact(value)) is not an integer API level"))
                    }
                    requiredOS = .code(level)
                } else {
                    requirements.append((key, value))
                }
            }
        }
        return .success(PoVConfiguration(id: id, required: required, last: last, frequency: frequency,
                                         requiredOS: requiredOS, requirements: requirements,
                                         meta: mergedMeta(global, entry["meta"]?.objectValue)))
    }
}
