/// The NHS iOS app's `Version` (docs/formats/README.md "dotted numeric"): 1 to 3 integer components, missing ones 0.
/// More than 3 components, or an empty or non-integer component (`v1`, `1..1`, `1.0.0-beta`), is invalid.
package struct DottedVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    package let major: Int
    package let minor: Int
    package let patch: Int

    package init(major: Int, minor: Int = 0, patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    package init?(_ text: String) {
        // Read on the bytes (split on `.`, each part by `Int(_:)`'s rule): NHS evaluates the app and OS
        // version of every profile, and the split made an array of substrings each time.
        let bytes = Substring(text).utf8
        var parts = [0, 0, 0]
        var count = 0
        var start = bytes.startIndex
        var numbers: (Int, Int, Int)?
        while true {
            var end = start
            while end < bytes.endIndex && bytes[end] != UInt8(ascii: ".") { end = bytes.index(after: end) }
            guard count < 3, let n = swiftInt(bytes[start..<end]) else { return nil }
            parts[count] = n
            count += 1
            if end == bytes.endIndex {
                numbers = (parts[0], parts[1], parts[2])
                break
            }
            start = bytes.index(after: end)
        }
        guard let numbers else { return nil }
        self.init(major: numbers.0, minor: numbers.1, patch: numbers.2)
    }

    /// A store's version string read forgivingly (`6.0.1 (1234)` → 6.0.1): for release lists only.
    package init?(lenient text: String) {
        if let strict = DottedVersion(text) {
            self = strict
            return
        }
        guard let v = LenientVersion(text) else { return nil }
        let c = v.components + [0, 0]
        self.init(major: c[0], minor: c[1], patch: c[2])
    }

    package static func < (a: DottedVersion, b: DottedVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }

    package var description: String { "\(major).\(minor).\(patch)" }
}
