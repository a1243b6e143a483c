import Foundation

/// A version as node-semver 7.7 reads it without `loose` (electron-updater never passes options): trimmed, at most
/// 256 characters, `v?MAJOR.MINOR.PATCH(-PRE)?(+BUILD)?` with no leading zeros, each number at most
/// `Number.MAX_SAFE_INTEGER`. Build metadata never orders. Written here: the semver libraries for Swift follow
/// semver.org, which differs from node-semver on the `v` prefix, trimming and numbers beyond 2^53.
struct NodeSemver: Sendable, Equatable {
    let major: Double
    let minor: Double
    let patch: Double
    /// Pre-release identifiers: a number when all digits and below `MAX_SAFE_INTEGER`, else the text.
    let prerelease: [Identifier]

    enum Identifier: Sendable, Equatable {
        case number(Double)
        case text(String)
    }

    static let maximumSafeInteger = 9_007_199_254_740_991.0
    private static let full =
        #"^v?(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(?:-((?:0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?$"#

    /// `semver.parse(value)`: nil for a value that is not a string or not a version.
    init?(_ value: FeedValue) {
        guard case .string(let text) = value else { return nil }
        self.init(text)
    }

    init?(_ raw: String) {
        // `new SemVer` refuses a string longer than 256 UTF-16 units before trimming it.
        guard raw.utf16.count <= 256 else { return nil }
        let text = Self.trimmedAsJavaScript(raw)
        guard let match = text.range(of: Self.full, options: .regularExpression),
            match == text.startIndex..<text.endIndex
        else { return nil }
        var core = text.hasPrefix("v") ? text.dropFirst() : Substring(text)
        if let plus = core.firstIndex(of: "+") { core = core[..<plus] }
        let (main, pre) =
            core.firstIndex(of: "-").map { (core[..<$0], String(core[core.index(after: $0)...])) } ?? (core, "")
        let numbers = main.split(separator: ".").compactMap { Double($0) }
        guard numbers.count == 3, numbers.allSatisfy({ $0 <= Self.maximumSafeInteger }) else { return nil }
        (major, minor, patch) = (numbers[0], numbers[1], numbers[2])
        prerelease =
            pre.isEmpty
            ? []
            : pre.split(separator: ".", omittingEmptySubsequences: false).map { id in
                if id.allSatisfy(\.isASCIIDigit), let n = Double(id), n < Self.maximumSafeInteger { return .number(n) }
                return .text(String(id))
            }
    }

    var hasPrerelease: Bool { !prerelease.isEmpty }

    /// `String.prototype.trim`: JavaScript's white space and line terminators at both ends.
    static func trimmedAsJavaScript(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !JSYAMLNumbers.isJavaScriptSpace($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !JSYAMLNumbers.isJavaScriptSpace($0) })!
        return String(scalars[start...end])
    }

    /// `semver.compare(a, b)`: -1, 0 or 1.
    static func compare(_ a: NodeSemver, _ b: NodeSemver) -> Int {
        for (x, y) in [(a.major, b.major), (a.minor, b.minor), (a.patch, b.patch)] where x != y {
            return x < y ? -1 : 1
        }
        switch (a.hasPrerelease, b.hasPrerelease) {
        case (false, false): return 0
        case (true, false): return -1
        case (false, true): return 1
        case (true, true): break
        }
        for i in 0..<max(a.prerelease.count, b.prerelease.count) {
            guard i < a.prerelease.count else { return -1 }
            guard i < b.prerelease.count else { return 1 }
            let c = compareIdentifiers(a.prerelease[i], b.prerelease[i])
            if c != 0 { return c }
        }
        return 0
    }

    /// `compareIdentifiers`: identifiers of digits compare as numbers (their text as a Number when beyond the
    /// safe range), below any other; the others by UTF-16 code units (ASCII here).
    private static func compareIdentifiers(_ a: Identifier, _ b: Identifier) -> Int {
        func numeric(_ id: Identifier) -> Double? {
            switch id {
            case .number(let n): n
            case .text(let t): t.allSatisfy(\.isASCIIDigit) ? Double(t) : nil
            }
        }
        switch (numeric(a), numeric(b)) {
        case (let x?, let y?): return x == y ? 0 : x < y ? -1 : 1
        case (.some, nil): return -1
        case (nil, .some): return 1
        case (nil, nil):
            guard case .text(let x) = a, case .text(let y) = b else { return 0 }
            return x == y ? 0 : Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8)) ? -1 : 1
        }
    }

    static func < (a: NodeSemver, b: NodeSemver) -> Bool { compare(a, b) < 0 }
    static func > (a: NodeSemver, b: NodeSemver) -> Bool { compare(a, b) > 0 }
    static func eq(_ a: NodeSemver, _ b: NodeSemver) -> Bool { compare(a, b) == 0 }

    /// The version as written by node-semver's `format()`.
    var text: String {
        func number(_ x: Double) -> String { String(format: "%.0f", x) }
        let pre = prerelease.map { id -> String in
            switch id {
            case .number(let n): number(n)
            case .text(let t): t
            }
        }
        return "\(number(major)).\(number(minor)).\(number(patch))"
            + (pre.isEmpty ? "" : "-" + pre.joined(separator: "."))
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
