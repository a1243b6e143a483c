/// A PrinceOfVersions iOS/macOS version (docs/formats/README.md): `M[.m[.p]][-b]`. The major component must be an
/// integer; minor and patch fall back to 0 when missing or unreadable; components past the third are
/// ignored; the build is the piece between the first `-` and the next one (`Version.swift` L41-50 splits on
/// every `-`: `1.2.0-4-5` has build 4), an integer, else 0. Ordered by (major, minor,
/// patch, build), as the iOS client's `Version` compares.
package struct PoVIOSVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    package let major: Int
    package let minor: Int
    package let patch: Int
    package let build: Int

    package init?(_ text: String) {
        guard let parsed = Self.parse(Substring(text).utf8, build: nil) else { return nil }
        self = parsed
    }

    /// The version an iOS device has installed: `app_version` + `-` + `app_build` when the build is known.
    package init?(appVersion: String, appBuild: String?) {
        // With a `-` in the version itself the build is not what follows it: read the joined text.
        if let appBuild, appVersion.utf8.contains(UInt8(ascii: "-")) {
            self.init(appVersion + "-" + appBuild)
            return
        }
        guard let parsed = Self.parse(Substring(appVersion).utf8, build: appBuild.map { Substring($0).utf8 }) else {
            return nil
        }
        self = parsed
    }

    private init(major: Int, minor: Int, patch: Int, build: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.build = build
    }

    /// Reads the bytes the way the split-based definition above says, without making substrings: every PoV
    /// evaluation of an Apple device parses its app and OS version, tens of thousands of times a run.
    /// `build`, when given, is the text after the `-` (and `text` has no `-`).
    private static func parse(_ text: Substring.UTF8View, build: Substring.UTF8View?) -> PoVIOSVersion? {
        let dash = text.firstIndex(of: UInt8(ascii: "-"))
        let numbersEnd = dash ?? text.endIndex
        var numbers: [Int?] = [nil, nil, nil]
        var pieceStart = text.startIndex
        var piece = 0
        while piece < 3 {
            var pieceEnd = pieceStart
            while pieceEnd < numbersEnd && text[pieceEnd] != UInt8(ascii: ".") {
                pieceEnd = text.index(after: pieceEnd)
            }
            numbers[piece] = swiftInt(text[pieceStart..<pieceEnd])
            piece += 1
            if pieceEnd >= numbersEnd { break }
            pieceStart = text.index(after: pieceEnd)
        }
        guard let major = numbers[0] else { return nil }
        let buildNumber: Int
        if let dash {
            buildNumber = swiftInt(firstPiece(text[text.index(after: dash)...])) ?? 0
        } else if let build {
            buildNumber = swiftInt(firstPiece(build)) ?? 0
        } else {
            buildNumber = 0
        }
        return PoVIOSVersion(
            major: major, minor: piece > 1 ? numbers[1] ?? 0 : 0, patch: piece > 2 ? numbers[2] ?? 0 : 0,
            build: buildNumber)
    }

    /// The text up to the next `-`: the second piece of the client's split.
    private static func firstPiece(_ text: Substring.UTF8View) -> Substring.UTF8View {
        guard let dash = text.firstIndex(of: UInt8(ascii: "-")) else { return text }
        return text[..<dash]
    }

    package static func < (a: PoVIOSVersion, b: PoVIOSVersion) -> Bool {
        (a.major, a.minor, a.patch, a.build) < (b.major, b.minor, b.patch, b.build)
    }

    package var description: String { "\(major).\(minor).\(patch)" + (build != 0 ? "-\(build)" : "") }
}
