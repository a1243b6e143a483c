/// The distinct filter keys of a document, numbered so that a profile's values are read once per profile
/// into an array, not once per entry and filter.
final class TurkcellFilterKeys {
    private(set) var names: [String] = []
    private var numbers: [String: Int] = [:]

    func number(_ key: String) -> Int {
        if let n = numbers[key] { return n }
        numbers[key] = names.count
        names.append(key)
        return names.count - 1
    }
}

/// A profile's value for every filter key of a document: as the device presents it (iOS; nil when it lacks
/// the property) and normalized as the Android SDK compares it (nil read as "").
struct TurkcellProfileValues {
    let raw: [String?]
    let android: [String]

    init(keys: [String], properties: TurkcellProperties) {
        raw = keys.map { properties.value($0) }
        android = properties.profile.platform == .android ? raw.map { AndroidFilterRule.normalize($0 ?? "") } : []
    }
}

/// Which entries can hold for a profile, without trying every entry: a config may have hundreds of
/// thousands, each for one model or region. An entry whose filter on some key can hold only for a few exact
/// values (positive plain parts, no wildcard, comparison or exclusion) is filed under those values; the
/// others are always candidates. Candidates come back in document order, so "the first entry that holds"
/// is unchanged. The key an entry is filed under must be one the SDK reaches: no filter before it may
/// throw (Android: an invalid pattern) or crash (iOS: a null rule), or skipping the entry would hide that.
struct TurkcellCandidateIndex: Sendable {
    private let always: [Int]
    private let byKey: [(key: Int, entries: [String: [Int]])]

    /// - Parameters:
    ///   - include: whether an entry is evaluated at all on this platform.
    ///   - exactValues: the values a filter can hold for, or nil when it cannot be filed.
    ///   - mayStop: whether reaching a filter can throw or crash.
    ///   - filing: false makes every entry a candidate (the reference the tests compare with).
    init(
        _ entries: [TurkcellEntry], include: (Int) -> Bool, filing: Bool = true,
        exactValues: (TurkcellEntry.Filter) -> Set<String>?, mayStop: (TurkcellEntry.Filter) -> Bool
    ) {
        var always: [Int] = []
        var byKey: [Int: [String: [Int]]] = [:]
        for (i, e) in entries.enumerated() where include(i) {
            var filed = false
            for f in e.filters where filing {
                if let values = exactValues(f) {
                    for v in values { byKey[f.keyIndex, default: [:]][v, default: []].append(i) }
                    filed = true
                    break
                }
                if mayStop(f) { break }
            }
            if !filed { always.append(i) }
        }
        self.always = always
        self.byKey = byKey.keys.sorted().map { ($0, byKey[$0]!) }
    }

    /// The entries that may hold for a profile whose value of key k is `value(k)`, in document order.
    func candidates(_ value: (Int) -> String?) -> [Int] {
        var lists: [[Int]] = always.isEmpty ? [] : [always]
        for (key, entries) in byKey {
            if let v = value(key), let hit = entries[v] { lists.append(hit) }
        }
        if lists.count <= 1 { return lists.first ?? [] }
        return lists.joined().sorted()
    }
}

extension AndroidFilterRule {
    /// The normalized values this rule can hold for, when it is only positive plain parts.
    var exactValues: Set<String>? {
        guard let parts, !parts.isEmpty else { return nil }
        var values = Set<String>()
        for part in parts {
            guard !part.excluded, case .equals(let s) = part.test else { return nil }
            values.insert(s)
        }
        return values
    }

    var mayThrow: Bool {
        (parts ?? []).contains { if case .pattern(let p) = $0.test { return !p.isValid } else { return false } }
    }
}

extension IOSFilterRule {
    /// The values this rule can hold for, when it is only positive plain parts (no `*`, `''` or comparison).
    var exactValues: Set<String>? {
        guard let parts, !hasExclusion else { return nil }
        var values = Set<String>()
        for part in parts {
            let text = part.text
            guard !part.excluded, text != "''", !text.contains("*"), TurkcellFilter.Comparison.split(text) == nil else {
                return nil
            }
            values.insert(text)
        }
        return values
    }
}
