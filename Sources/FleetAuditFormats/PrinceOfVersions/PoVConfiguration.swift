/// A version as one PrinceOfVersions client reads it: iOS/macOS versions, Android versionCodes, or the
/// SemVer of Android clients before 4.0. Values are only compared within one kind.
enum PoVVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    case apple(PoVIOSVersion)
    case code(Int64)
    case semantic(SemanticVersion)

    var description: String {
        switch self {
        case .apple(let v): return v.description
        case .code(let c): return String(c)
        case .semantic(let s): return s.description
        }
    }
}

/// `notify_last_version_frequency` / `notification_type`.
enum PoVFrequency: String, Sendable {
    case once = "ONCE", always = "ALWAYS"
}

/// A requirement of a v4 configuration: the attribute it names and the value it asks for.
struct PoVRequirement: Equatable, Sendable {
    let key: String
    let value: JSONValue
}

/// One v4 configuration entry of a platform array, as its client decoded it. Equatable over every field, so that
/// equal views of different documents are known equal (`PoVViewKey`).
struct PoVConfiguration: Equatable, Sendable {
    /// Rule id: key and index (`ios2[0]`).
    let id: String
    let required: PoVVersion?
    let last: PoVVersion?
    let frequency: PoVFrequency
    /// `required_os_version`, when the client will check it (nil: no OS requirement).
    let requiredOS: PoVVersion?
    /// Every other requirement, in document order.
    let requirements: [PoVRequirement]
    /// Global meta merged with the entry's, the entry winning.
    let meta: JSONValue
    /// What the client throws on when it chooses this entry (Android checks an entry's types only then).
    var rejection: Diagnostic? = nil
    /// A `required_os_version` the client cannot read (Android): the entry's requirements never hold.
    var unreadableOS: String? = nil

    /// Whether some device can choose the entry.
    var canHold: Bool { unreadableOS == nil }

    var summary: String {
        if let rejection, required == nil, last == nil, requirements.isEmpty, requiredOS == nil {
            return rejection.message
        }
        var parts: [String] = []
        if let requiredOS { parts.append("OS ≥ \(requiredOS)") }
        if let unreadableOS { parts.append("OS ≥ \(unreadableOS) (unreadable: never holds)") }
        for r in requirements { parts.append("\(r.key) = \(JSONWriter.compact(r.value))") }
        let when = parts.isEmpty ? "every device" : parts.joined(separator: ", ")
        let req = required.map { "required \($0)" } ?? "no required version"
        let last = last.map { "latest \($0) (\(frequency.rawValue))" } ?? "no latest version"
        return "\(when): \(req), \(last)"
    }
}

/// What a client did with a platform key: decoded configurations, or why it gave up on the key.
enum PoVKeyReading: Sendable {
    case absent
    case configurations([PoVConfiguration])
    /// The client discards the key (iOS drops the whole array; Android throws).
    case unusable(Diagnostic)
}

/// Merges global meta with an entry's meta, the entry winning; keys keep first-seen order.
func mergedMeta(_ global: JSONObject?, _ local: JSONObject?) -> JSONValue {
    var out = JSONObject()
    var order: [String] = []
    var values: [String: JSONValue] = [:]
    for source in [global, local] {
        for key in source?.keys ?? [] {
            if values[key] == nil { order.append(key) }
            values[key] = source![key]!
        }
    }
    for key in order { out.append(key, values[key]!) }
    return .object(out)
}
