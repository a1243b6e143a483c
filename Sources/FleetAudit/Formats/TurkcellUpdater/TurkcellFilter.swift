/// The two filter-rule languages of Turkcell Updater (SPEC §5.3). The Android SDK (1.2.4) and the iOS SDK
/// (1.2) read the same rule text differently; each device is judged by its own platform's language.
enum TurkcellFilter {
    // MARK: Android

    /// Android: rule and value lower-cased with all whitespace removed (a null value reads as ""); parts split
    /// on `,`, empty parts skipped; positive parts OR-ed, any matching `!part` vetoes, no positive part
    /// means "everything not vetoed". A null rule matches.
    static func android(rule: String?, value: String?) -> Bool {
        guard let rule else { return true }
        let v = squeeze(value ?? "")
        var positives = 0, matched = false
        for rawPart in squeeze(rule).split(separator: ",", omittingEmptySubsequences: true) {
            if rawPart.hasPrefix("!") {
                if androidPart(String(rawPart.dropFirst()), v) { return false }
            } else {
                positives += 1
                if !matched && androidPart(String(rawPart), v) { matched = true }
            }
        }
        return positives == 0 || matched
    }

    private static func squeeze(_ s: String) -> String {
        String(String.UnicodeScalarView(s.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace }))
    }

    private static func androidPart(_ part: String, _ value: String) -> Bool {
        if part == "''" { return value.isEmpty }
        if let (op, operand) = comparison(part) {
            guard let a = Int32(value), let b = Int32(operand) else { return false }
            return compare(op, a, b)
        }
        if part.contains("*") { return wildcard(Array(part.unicodeScalars), Array(value.unicodeScalars)) }
        return part == value
    }

    // MARK: iOS

    /// iOS: nothing lower-cased; spaces (U+0020) removed from parts only; comparisons are lexicographic.
    /// Parts are tried in order and the first that matches decides (a `!part` → no match, a plain part →
    /// match); when none matches, the key matches iff the rule has a `!` part. An absent property matches no
    /// part. Returns nil where the SDK crashes (a null rule). The case table shows this first-match order:
    /// `>5, !>=10, …` matches `6` (">5" comes first) but not `4` ("4" ≥ "10" as text).
    static func iOS(rule: String?, value: String?) -> Bool? {
        guard let rule else { return nil }
        let parts = rule.split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0.unicodeScalars.filter { $0 != " " }.map(Character.init)) }
        var hasExclusion = false
        for part in parts {
            let excluded = part.hasPrefix("!")
            hasExclusion = hasExclusion || excluded
            guard let value else { continue }
            if iOSPart(excluded ? String(part.dropFirst()) : part, value) { return !excluded }
        }
        return hasExclusion
    }

    private static func iOSPart(_ part: String, _ value: String) -> Bool {
        if part == "''" { return value.isEmpty }
        if let (op, operand) = comparison(part) {
            return compare(op, Array(value.utf8), Array(operand.utf8))
        }
        if part.contains("*") || part.contains("?") { return wildcard(Array(part.unicodeScalars), Array(value.unicodeScalars)) }
        return part == value
    }

    // MARK: shared

    private static func comparison(_ part: String) -> (String, String)? {
        for op in ["<>", "<=", ">=", "<", ">"] where part.hasPrefix(op) {
            return (op, String(part.dropFirst(op.count)))
        }
        return nil
    }

    private static func compare<T: Comparable>(_ op: String, _ a: T, _ b: T) -> Bool {
        switch op {
        case "<>": return a != b
        case "<=": return a <= b
        case ">=": return a >= b
        case "<": return a < b
        default: return a > b
        }
    }

    private static func compare(_ op: String, _ a: [UInt8], _ b: [UInt8]) -> Bool {
        let less = a.lexicographicallyPrecedes(b), greater = b.lexicographicallyPrecedes(a)
        switch op {
        case "<>": return a != b
        case "<=": return !greater
        case ">=": return !less
        case "<": return less
        default: return greater
        }
    }

    /// Whole-string wildcard: `*` any run, `?` one character.
    static func wildcard(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        var p = 0, t = 0, star = -1, mark = 0
        while t < text.count {
            if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
                p += 1; t += 1
            } else if p < pattern.count && pattern[p] == "*" {
                star = p; mark = t; p += 1
            } else if star >= 0 {
                p = star + 1; mark += 1; t = mark
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
