/// A strict Semantic Versioning 2.0 version, as PrinceOfVersions Android before 4.0 reads versions
/// (docs/formats/README.md): `MAJOR.MINOR.PATCH`, optional `-pre.release` identifiers and `+build` metadata. Ordered by
/// SemVer precedence: build metadata is ignored, a pre-release sorts before its release, numeric
/// identifiers compare numerically and below alphanumeric ones.
package struct SemanticVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    package let major: Int
    package let minor: Int
    package let patch: Int
    package let preRelease: [String]
    package let text: String

    package init?(_ text: String) {
        var core = Substring(text)
        if let plus = core.firstIndex(of: "+") {
            let build = core[core.index(after: plus)...]
            guard Self.identifiersValid(build, numericRule: false) else { return nil }
            core = core[..<plus]
        }
        var pre: [String] = []
        if let dash = core.firstIndex(of: "-") {
            let tail = core[core.index(after: dash)...]
            guard Self.identifiersValid(tail, numericRule: true) else { return nil }
            pre = tail.split(separator: ".").map(String.init)
            core = core[..<dash]
        }
        let numbers = core.split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 3 else { return nil }
        var parsed: [Int] = []
        for n in numbers {
            guard Self.isNumeric(n), n == "0" || n.first != "0", let value = Int(n) else { return nil }
            parsed.append(value)
        }
        major = parsed[0]
        minor = parsed[1]
        patch = parsed[2]
        preRelease = pre
        self.text = text
    }

    private static func isNumeric(_ s: Substring) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    private static func identifiersValid(_ s: Substring, numericRule: Bool) -> Bool {
        let ids = s.split(separator: ".", omittingEmptySubsequences: false)
        return ids.allSatisfy { id in
            guard !id.isEmpty,
                id.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 122) || $0 == 45 })
            else { return false }
            // A numeric pre-release identifier must not have leading zeros.
            return !numericRule || !isNumeric(id) || id == "0" || id.first != "0"
        }
    }

    package static func < (a: SemanticVersion, b: SemanticVersion) -> Bool {
        if (a.major, a.minor, a.patch) != (b.major, b.minor, b.patch) {
            return (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
        }
        switch (a.preRelease.isEmpty, b.preRelease.isEmpty) {
        case (true, true), (true, false): return false
        case (false, true): return true
        case (false, false): break
        }
        for (x, y) in zip(a.preRelease, b.preRelease) where x != y {
            switch (Int(x), Int(y)) {
            case (let i?, let j?): return i < j
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return x < y
            }
        }
        return a.preRelease.count < b.preRelease.count
    }

    package static func == (a: SemanticVersion, b: SemanticVersion) -> Bool { !(a < b) && !(b < a) }
    package func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
        hasher.combine(preRelease)
    }

    package var description: String { text }
}
