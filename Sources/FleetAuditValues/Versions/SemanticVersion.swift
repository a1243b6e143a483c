/// A Semantic Versioning 2.0 version as java-semver 0.9.0 reads it — the parser of PrinceOfVersions Android before
/// 4.0 (docs/formats/README.md): `MAJOR.MINOR.PATCH`, optional `-pre.release` identifiers and `+build` metadata.
/// Where java-semver departs from the SemVer text, it is followed: each of MAJOR, MINOR and PATCH is
/// `Integer.parseInt` (`VersionParser.parseVersionCore` L285-289), so one beyond 2147483647 does not parse; and
/// pre-release identifiers compare as numbers only when both are Java ints, else as text (`MetadataVersion`
/// `compareIdentifiers` L229-235): `rc.10000000000` sorts before `rc.2`, and `-a` before `5`. Build metadata is
/// ignored and a pre-release sorts before its release, as SemVer says.
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
            guard Self.isNumeric(n), n == "0" || n.first != "0", let value = Int32(n) else { return nil }
            parsed.append(Int(value))
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
        for (x, y) in zip(a.preRelease, b.preRelease) {
            let order = compareIdentifiers(x, y)
            if order != 0 { return order < 0 }
        }
        return a.preRelease.count < b.preRelease.count
    }

    /// `compareIdentifiers`: the difference of two Java ints (which wraps, as Java's does), else `String.compareTo`.
    private static func compareIdentifiers(_ x: String, _ y: String) -> Int32 {
        if let i = Int32(x), let j = Int32(y) { return i &- j }
        return x == y ? 0 : (x.utf16.lexicographicallyPrecedes(y.utf16) ? -1 : 1)
    }

    package static func == (a: SemanticVersion, b: SemanticVersion) -> Bool { !(a < b) && !(b < a) }
    package func hash(into hasher: inout Hasher) {
        // Not the pre-release identifiers: `-0` and `0` are equal Java ints, so equal versions may spell them apart.
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
    }

    package var description: String { text }
}
