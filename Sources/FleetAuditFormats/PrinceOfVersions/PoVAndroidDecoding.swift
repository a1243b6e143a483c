import Foundation

/// How the Android client (4.x, `JsonConfigurationParser`) reads `android2`/`android`: a JSON array or a
/// single object (docs/formats/princeofversions.md).
///
/// The client walks the array in order and stops at the first entry whose requirements hold
/// (`handleAndroidJsonUpdate`, L139-143); only that entry's versions and frequency are type-checked
/// (`saveFirstAcceptableUpdate`, L166-201). So a malformed entry is an error only for the devices that reach
/// it: each entry keeps what the client would throw on (`PoVConfiguration.rejection`), and is read as the
/// client reads it up to that point.
enum PoVAndroidDecoding {
    static let unusableCode = "pov.android.rejected"
    static let requiredOSUnreadable = "pov.android.requiredOSUnreadable"
    static let jsonRejected = "pov.android.jsonRejected"

    static func read(_ root: JSONObject, key: String) -> PoVKeyReading {
        guard let value = root[key], !value.isNull else { return .absent }
        let elements: [JSONValue]
        switch value {
        // org.json reads `[a, b,]` as three elements, the last null (`JSONTokener.readArray`).
        case .array(let a): elements = root.arraysWithTrailingComma.contains(key) ? a + [.null] : a
        case .object: elements = [value]
        default:
            return .unusable(
                Diagnostic(
                    unusableCode, .error,
                    "\(key) is \(value.kindDescription): the Android client throws", path: key))
        }
        let global = root["meta"]?.objectValue
        return .configurations(
            elements.enumerated().map { index, element in
                decode(element, id: "\(key)[\(index)]", global: global)
            })
    }

    /// What the client throws on when it reaches or chooses an entry, as the entry's diagnostic.
    private static func rejection(_ id: String, _ message: String) -> Diagnostic {
        Diagnostic(
            unusableCode, .error,
            "\(id): \(message); the Android client throws and shows nothing to the devices that reach it",
            path: id)
    }

    private static func decode(_ element: JSONValue, id: String, global: JSONObject?) -> PoVConfiguration {
        guard let entry = element.objectValue else {
            // `android.getJSONObject(i)` (L140) throws as soon as the walk reaches a non-object element.
            return PoVConfiguration(
                id: id, required: nil, last: nil, frequency: .once, requiredOS: nil, requirements: [],
                meta: mergedMeta(global, nil),
                rejection: rejection(id, "the entry is \(element.kindDescription), not an object"))
        }
        var problem: String?
        func code(_ field: String) -> PoVVersion? {
            guard let v = entry[field], !v.isNull else { return nil }
            // `instanceof Integer` (L169, L179): org.json makes an Integer only of a literal with no fraction or
            // exponent that fits in 32 bits; a larger one is a Long.
            guard let n = v.numberValue, let c = n.int64, let small = Int32(exactly: c) else {
                let what =
                    v.numberValue.map { $0.int64 != nil ? "beyond 32 bits (a Long)" : "a fraction" }
                    ?? v.kindDescription
                problem = problem ?? "\(field) \(JSONWriter.compact(v)) is \(what), not an integer versionCode"
                return nil
            }
            return .code(Int64(small))
        }
        let required = code("required_version")
        let last = code("last_version_available")

        var frequency = PoVFrequency.once
        if let f = entry["notify_last_version_frequency"], !f.isNull {
            if let text = f.stringValue {
                frequency = text.lowercased() == "always" ? .always : .once
            } else {
                problem = problem ?? "notify_last_version_frequency is \(f.kindDescription), not a string"
            }
        }

        var requiredOS: PoVVersion? = nil
        var unreadableOS: String? = nil
        var requirements: [PoVRequirement] = []
        // `optJSONObject` (L204): requirements that are not an object are no requirements.
        if let reqs = entry["requirements"]?.objectValue {
            // `parseRequirements` (L222-231) drops requirements whose value is null: they hold.
            for key in reqs.keys where !reqs[key]!.isNull {
                let value = reqs[key]!
                if key == "required_os_version" {
                    let text = JavaText.valueOf(value)
                    if let level = JavaText.parseInt(text) {
                        requiredOS = .code(Int64(level))
                    } else {
                        unreadableOS = text
                    }
                } else {
                    requirements.append(PoVRequirement(key: key, value: value))
                }
            }
        }
        return PoVConfiguration(
            id: id, required: required, last: last, frequency: frequency,
            requiredOS: requiredOS, requirements: requirements,
            meta: mergedMeta(global, entry["meta"]?.objectValue),
            rejection: problem.map { rejection(id, $0) }, unreadableOS: unreadableOS)
    }

    /// Warnings for entries the client reads but can never choose.
    static func notes(_ configurations: [PoVConfiguration]) -> [Diagnostic] {
        configurations.compactMap { c in
            c.unreadableOS.map { text in
                Diagnostic(
                    requiredOSUnreadable, .warning,
                    "\(c.id).requirements.required_os_version \(text) is not an integer Integer.parseInt reads: the client's requirement check throws, so the entry never holds and the next one is tried",
                    path: "\(c.id).requirements.required_os_version")
            }
        }
    }
}
