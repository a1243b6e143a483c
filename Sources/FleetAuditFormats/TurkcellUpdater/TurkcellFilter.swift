import Foundation

/// What one filter rule said of one value. `invalidPattern` is the Android SDK's `PatternSyntaxException`:
/// the SDK catches it around the whole entry, so the entry is skipped for that device.
enum FilterMatch: Equatable, Sendable {
    case match, noMatch, invalidPattern(String)
}

/// The two filter-rule languages of Turkcell Updater (docs/formats/turkcell.md). The Android SDK (1.2.4) and the iOS SDK
/// (1.2) read the same rule text differently; each device is judged by its own platform's language. A rule
/// is compiled once per document (`AndroidFilterRule`, `IOSFilterRule`) and evaluated per profile.
enum TurkcellFilter {
    static func android(rule: String?, value: String?) -> Bool { AndroidFilterRule(rule).evaluate(value) == .match }
    /// nil where the iOS SDK crashes (a null rule).
    static func iOS(rule: String?, value: String?) -> Bool? { IOSFilterRule(rule).evaluate(value) }

    enum Comparison: String, Sendable, CaseIterable {
        // Checked in this order by both SDKs, so `<>` and `<=` win over `<`.
        case notEqual = "<>", atMost = "<=", atLeast = ">=", less = "<", greater = ">"

        static func split(_ part: String) -> (Comparison, String)? {
            for op in allCases where part.hasPrefix(op.rawValue) {
                return (op, String(part.dropFirst(op.rawValue.count)))
            }
            return nil
        }

        func holds<T: Comparable>(_ a: T, _ b: T) -> Bool {
            switch self {
            case .notEqual: return a != b
            case .atMost: return a <= b
            case .atLeast: return a >= b
            case .less: return a < b
            case .greater: return a > b
            }
        }
    }
}

// MARK: Android

/// Android (Filter.java): rule and value lower-cased (English locale) with Java's whitespace removed (a null
/// value reads as ""); parts split on `,`, empty parts and a lone `!` skipped; positive parts OR-ed, any
/// matching `!part` vetoes, no positive part means "everything not vetoed". A null rule matches.
struct AndroidFilterRule: Sendable {
    enum Test: Sendable {
        case empty
        case compare(TurkcellFilter.Comparison, Int32?)
        case pattern(JavaWildcardPattern)
        case equals(String)
    }
    struct Part: Sendable {
        let excluded: Bool
        let test: Test
    }
    /// nil for a null rule.
    let parts: [Part]?

    init(_ rule: String?) {
        guard let rule else {
            parts = nil
            return
        }
        parts = Self.normalize(rule).split(separator: ",", omittingEmptySubsequences: true).compactMap { raw in
            let excluded = raw.hasPrefix("!")
            if excluded && raw.count == 1 { return nil }
            return Part(excluded: excluded, test: Self.test(String(excluded ? raw.dropFirst() : raw)))
        }
    }

    private static func test(_ part: String) -> Test {
        if part == "''" { return .empty }
        // `Utilities.tryParseInteger(rulePart.substring(2).trim())` (`Filter.java` L128): `trim` drops control
        // characters, `Integer.parseInt` (`Utilities.java` L266) reads any Unicode decimal digit.
        if let (op, operand) = TurkcellFilter.Comparison.split(part) {
            return .compare(op, JavaText.parseInt(JavaText.trim(operand)))
        }
        if part.contains("*") { return .pattern(JavaWildcardPattern(part)) }
        return .equals(part)
    }

    /// The SDK's evaluation order: a matching exclusion returns at once; once a positive part matched, later
    /// positive parts are not evaluated (so an invalid pattern after it never throws).
    func evaluate(_ rawValue: String?) -> FilterMatch {
        evaluate(normalized: Self.normalize(rawValue ?? ""))
    }

    /// `evaluate` on a value already normalized (a profile's values are normalized once, not per entry).
    func evaluate(normalized value: String) -> FilterMatch {
        guard let parts else { return .match }
        var onlyExclusions = true
        var matched = false
        for part in parts {
            if part.excluded {
                switch Self.matches(part.test, value) {
                case .match: return .noMatch
                case .invalidPattern(let p): return .invalidPattern(p)
                case .noMatch: continue
                }
            }
            onlyExclusions = false
            if matched { continue }
            switch Self.matches(part.test, value) {
            case .match: matched = true
            case .invalidPattern(let p): return .invalidPattern(p)
            case .noMatch: break
            }
        }
        return onlyExclusions || matched ? .match : .noMatch
    }

    private static func matches(_ test: Test, _ value: String) -> FilterMatch {
        switch test {
        case .empty: return value.isEmpty ? .match : .noMatch
        case .compare(let op, let operand):
            // Both sides through `Integer.parseInt` (`Utilities.tryParseInteger`).
            guard let operand, let v = JavaText.parseInt(value) else { return .noMatch }
            return op.holds(v, operand) ? .match : .noMatch
        case .pattern(let p): return p.matches(value)
        case .equals(let s): return s == value ? .match : .noMatch
        }
    }

    /// `Utilities.normalize`: `toLowerCase(Locale.ENGLISH)`, then every `Character.isWhitespace` removed.
    static func normalize(_ s: String) -> String {
        // ASCII (nearly every value): lower-case and drop whitespace byte by byte.
        if s.utf8.allSatisfy({ $0 < 0x80 }) {
            if !s.utf8.contains(where: {
                ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) || ($0 >= 0x1C && $0 <= 0x1F)
            }) {
                return s
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(s.utf8.count)
            for b in s.utf8 where !(b == 0x20 || (b >= 0x09 && b <= 0x0D) || (b >= 0x1C && b <= 0x1F)) {
                bytes.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return JavaText.removingWhitespace(JavaText.lowercased(s))
    }
}

/// A wildcard part as the Android SDK reads it: `?` → `.` and `*` → `.*`, the result a Java regular
/// expression matched against the whole value (`String.matches`); every other metacharacter keeps its
/// meaning. ICU's syntax (NSRegularExpression) agrees with Java's for the constructs a filter can hold
/// (classes, groups, alternation, quantifiers, anchors, escapes); the README lists where they differ.
struct JavaWildcardPattern: Sendable {
    let regex: String
    private let compiled: CompiledRegex?
    /// The pattern as wildcards when it uses no regex syntax but the `.` and `.*` the translation made (most
    /// real filters: `5.*`, `sm-g9*`): matched without the regex engine, which costs a microsecond a call.
    private let glob: [GlobToken]?

    enum GlobToken: Equatable, Sendable {
        case literal(Unicode.Scalar), any, anyRun
    }

    init(_ part: String) {
        regex = part.replacingOccurrences(of: "?", with: ".").replacingOccurrences(of: "*", with: ".*")
        glob = Self.globTokens(regex)
        // `String.matches` needs the whole value: the pattern as a group followed by the end of input, with
        // the match anchored at the start.
        // Wildcards alone always compile, and compiling costs tens of microseconds: only the others are.
        compiled = glob != nil || Self.hasEscapeJavaRejects(regex) ? nil : Self.compile(regex)
    }

    private static func compile(_ regex: String) -> CompiledRegex? {
        // Java compiles the pattern as it is (`Filter.java` L153 `value.matches(regex)`): one that does not compile
        // bare (`s)(.*`, an unmatched `)`) throws there, though the group around it would balance it.
        guard (try? NSRegularExpression(pattern: regex, options: [])) != nil else { return nil }
        return (try? NSRegularExpression(pattern: "(?:" + regex + ")\\z", options: [])).map(CompiledRegex.init)
    }

    /// Java throws on a backslash before a letter it gives no meaning; ICU reads such a letter as itself. The
    /// part was lower-cased, so these are the lower-case letters Java leaves undefined (`\q`, as `\Q` becomes).
    static func hasEscapeJavaRejects(_ regex: String) -> Bool {
        var escaped = false
        for c in regex.unicodeScalars {
            if escaped {
                if "gijlmoqy".unicodeScalars.contains(c) { return true }
                escaped = false
            } else if c == "\\" {
                escaped = true
            }
        }
        return false
    }

    var isValid: Bool { glob != nil || compiled != nil }

    func matches(_ value: String) -> FilterMatch {
        if let glob { return Self.globMatches(glob, Array(value.unicodeScalars)) ? .match : .noMatch }
        guard let compiled else { return .invalidPattern(regex) }
        return matchesWithRegexEngine(value, compiled) ? .match : .noMatch
    }

    /// The regex engine's answer, even where the wildcard path would answer (tests compare the two).
    func matchesWithRegexEngine(_ value: String) -> Bool? {
        (compiled ?? Self.compile(regex)).map { matchesWithRegexEngine(value, $0) }
    }

    private func matchesWithRegexEngine(_ value: String, _ compiled: CompiledRegex) -> Bool {
        let range = NSRange(value.startIndex..., in: value)
        return compiled.regex.firstMatch(in: value, options: [.anchored], range: range) != nil
    }

    private static let metacharacters = Set("\\^$|?*+()[]{}".unicodeScalars)

    static func globTokens(_ regex: String) -> [GlobToken]? {
        let scalars = Array(regex.unicodeScalars)
        var tokens: [GlobToken] = []
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "." {
                if i + 1 < scalars.count && scalars[i + 1] == "*" {
                    tokens.append(.anyRun)
                    i += 2
                    continue
                }
                tokens.append(.any)
            } else if metacharacters.contains(c) {
                return nil
            } else {
                tokens.append(.literal(c))
            }
            i += 1
        }
        return tokens
    }

    /// Java's `.` matches any character but a line terminator.
    private static func isLineTerminator(_ c: Unicode.Scalar) -> Bool {
        c == "\n" || c == "\r" || c == "\u{85}" || c == "\u{2028}" || c == "\u{2029}"
    }

    /// Whole-value wildcard match with backtracking to the last `.*`.
    static func globMatches(_ pattern: [GlobToken], _ text: [Unicode.Scalar]) -> Bool {
        var p = 0
        var t = 0
        var star = -1
        var mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] != .anyRun,
                pattern[p] == .literal(text[t]) || (pattern[p] == .any && !isLineTerminator(text[t]))
            {
                p += 1
                t += 1
            } else if p < pattern.count && pattern[p] == .anyRun {
                star = p
                mark = t
                p += 1
            } else if star >= 0 && !isLineTerminator(text[mark]) {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == .anyRun { p += 1 }
        return p == pattern.count
    }
}

/// NSRegularExpression is immutable and documented as safe to share between threads.
private final class CompiledRegex: @unchecked Sendable {
    let regex: NSRegularExpression
    init(_ regex: NSRegularExpression) { self.regex = regex }
}

// MARK: iOS

/// iOS (`Filter.m` L141-204, transcribed): nothing lower-cased; spaces (U+0020) removed from parts only;
/// comparisons are lexicographic; an absent property fails every part's test. A part *yields* its test (`!x` the
/// negation of x's). The rule *has an exclusion* when a part as written starts with `!` (`a,!b` has one, `a, !b`
/// does not). Parts are tried in order: a `!x` part that yields false fails the key at once; without an
/// exclusion the first part that yields true passes it; a key the loop does not decide passes iff some part
/// yielded true. So `1.0,!1.0` fails `1.0`, `1.0, !1.0` passes it, and `a, !b, !c` passes `c`.
struct IOSFilterRule: Sendable {
    struct Part: Sendable {
        let excluded: Bool
        let text: String
        /// What `text` tests, worked out once per document rather than once per device.
        let test: Test
    }
    enum Test: Sendable {
        /// `''`: an empty value, or the value `''` itself (Filter.m compares with both).
        case emptyOrQuotes
        /// NSString `compare:` with the operand: byte order of the UTF-8 text.
        case compare(TurkcellFilter.Comparison, [UInt8])
        /// `LIKE`, only for a part with `*`.
        case like([Unicode.Scalar])
        /// `isEqualToString:` (a `?` is a literal character here).
        case equals(String)
    }
    /// nil for a null rule, on which the SDK crashes.
    let parts: [Part]?
    let hasExclusion: Bool

    init(_ rule: String?) {
        guard let rule else {
            parts = nil
            hasExclusion = false
            return
        }
        let stripped = rule.split(separator: ",", omittingEmptySubsequences: false)
            .map {
                $0.utf8.contains(0x20) ? String($0.unicodeScalars.filter { $0 != " " }.map(Character.init)) : String($0)
            }
        parts = stripped.map { p in
            let excluded = p.hasPrefix("!")
            let text = excluded ? String(p.dropFirst()) : p
            return Part(excluded: excluded, text: text, test: Self.test(text))
        }
        // L162-166: as written, before the spaces are removed.
        hasExclusion = rule.split(separator: ",", omittingEmptySubsequences: false).contains { $0.hasPrefix("!") }
    }

    func evaluate(_ value: String?) -> Bool? {
        guard let parts else { return nil }
        var yieldedTrue = false
        for part in parts {
            let test = value.map { Self.matches(part.test, $0) } ?? false
            let yields = part.excluded ? !test : test
            if yields { yieldedTrue = true }
            if yields && !hasExclusion { return true }  // L189-191
            if !yields && part.excluded { return false }  // L193-195
        }
        return yieldedTrue
    }

    static func test(_ part: String) -> Test {
        if part == "''" { return .emptyOrQuotes }
        if let (op, operand) = TurkcellFilter.Comparison.split(part) { return .compare(op, Array(operand.utf8)) }
        if part.unicodeScalars.contains("*") { return .like(Array(part.unicodeScalars)) }
        return .equals(part)
    }

    static func matches(_ test: Test, _ value: String) -> Bool {
        switch test {
        case .emptyOrQuotes: return value.isEmpty || value == "''"
        case .compare(let op, let operand):
            let order =
                value.utf8.elementsEqual(operand) ? 0 : value.utf8.lexicographicallyPrecedes(operand) ? -1 : 1
            return op.holds(order, 0)
        case .like(let pattern): return likeMatches(pattern, Array(value.unicodeScalars))
        case .equals(let text): return text == value
        }
    }

    /// `SELF LIKE pattern`, case-sensitive: `*` any run, `?` one character, over the whole value.
    static func likeMatches(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        var p = 0
        var t = 0
        var star = -1
        var mark = 0
        while t < text.count {
            if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
                p += 1
                t += 1
            } else if p < pattern.count && pattern[p] == "*" {
                star = p
                mark = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
