/// A PrinceOfVersions iOS/macOS version (SPEC §3): `M[.m[.p]][-b]`. The major component must be an
/// integer; minor and patch fall back to 0 when missing or unreadable; components past the third are
/// ignored; the text after the first `-` is the build (an integer, else 0). Ordered by (major, minor,
/// patch, build), as the iOS client's `Version` compares.
public struct PoVIOSVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let major: Int
    public let minor: Int
    public let patch: Int
    public let build: Int

    public init?(_ text: String) {
        let pieces = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let numbers = pieces[0].split(separator: ".", omittingEmptySubsequences: false)
        guard let major = Int(numbers[0]) else { return nil }
        self.major = major
        minor = numbers.count > 1 ? Int(numbers[1]) ?? 0 : 0
        patch = numbers.count > 2 ? Int(numbers[2]) ?? 0 : 0
        build = pieces.count > 1 ? Int(pieces[1]) ?? 0 : 0
    }

    /// The version an iOS device has installed: `app_version` + `-` + `app_build` when the build is known.
    public init?(appVersion: String, appBuild: String?) {
        if let appBuild {
            self.init(appVersion + "-" + appBuild)
        } else {
            self.init(appVersion)
        }
    }

    public static func < (a: PoVIOSVersion, b: PoVIOSVersion) -> Bool {
        (a.major, a.minor, a.patch, a.build) < (b.major, b.minor, b.patch, b.build)
    }

    public var description: String { "\(major).\(minor).\(patch)" + (build != 0 ? "-\(build)" : "") }
}
