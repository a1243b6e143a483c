import Foundation

/// One published store release (docs/configs.md).
package struct Release: Equatable, Sendable {
    package let platform: Platform
    /// The version name; nil for a release given by build alone (formats that compare versionCodes read
    /// only `build`, and a comparison that needs the missing one skips the release).
    package let version: String?
    /// Android versionCode; iOS CFBundleVersion when known.
    package let build: Int?
    /// Lowest OS it installs on: an OS version on iOS/macOS, an API level on Android.
    package let minOS: String?
    package let package: String?
    /// `minOS` as `Releases.installs` compares it, read once: an API level (Android) and a version (elsewhere).
    /// Every device of a PrinceOfVersions run asks of every release it could be offered.
    let minAPILevel: Int?
    let minOSVersion: LenientVersion?

    /// Whether a device of this platform and package can be offered it: the platform matches, and the package
    /// too when both name one.
    package func offered(to platform: Platform, package: String?) -> Bool {
        self.platform == platform && (self.package == nil || package == nil || self.package == package)
    }

    package init(platform: Platform, version: String?, build: Int? = nil, minOS: String? = nil, package: String? = nil)
    {
        self.platform = platform
        self.version = version
        self.build = build
        self.minOS = minOS
        self.package = package
        minAPILevel = minOS.flatMap { Int($0) }
        minOSVersion = minOS.flatMap { LenientVersion($0) }
    }
}

extension Release {
    /// The version, or the build when the release names only a build.
    var label: String { version ?? build.map { "build \($0)" } ?? "?" }
}

/// Whether a required version can be installed on a device.
package enum Installability: Equatable, Sendable {
    /// No releases file: assumed installable, and reports say so.
    case assumed
    case installable(Release)
    /// No release for the platform (and package) reaches the required version.
    case noRelease
    /// The releases file has no release at all for the device's platform and package: likely a gap in the
    /// file rather than in the store, so it is said apart.
    case noReleaseForPackage(platform: String, package: String?)
    /// Releases reach it, but each needs a newer OS than the device has.
    case needsNewerOS(Release)

    /// The outcome of a rule that forces an update (docs/configs.md).
    package var forcedOutcome: Outcome {
        switch self {
        case .assumed, .installable: return .forced
        case .noRelease, .noReleaseForPackage: return .blocked
        case .needsNewerOS: return .unsupportedOS
        }
    }

    package var explanation: String {
        switch self {
        case .assumed: return "assumed installable (no --releases)"
        case .installable(let r): return "release \(r.label) is installable"
        case .noRelease: return "no published release reaches it"
        case .noReleaseForPackage(let platform, let package):
            return "the releases file has no \(platform) release" + (package.map { " of package \($0)" } ?? "")
                + " at all"
        case .needsNewerOS(let r): return "release \(r.label) needs OS \(r.minOS ?? "?")"
        }
    }
}

/// What the stores publish. `nil` releases (no `--releases`) means every required version is installable.
public struct Releases: Sendable {
    package let all: [Release]
    package let source: String
    package let sha256: String
    /// Problems of the file itself (a column nothing reads), shown with the run's diagnostics.
    package var diagnostics: [Diagnostic] = []

    package init(
        _ releases: [Release], source: String = "(inline)", sha256: String = "", diagnostics: [Diagnostic] = []
    ) {
        self.all = releases
        firstNamedPackage = releases.firstIndex { $0.package != nil }
        self.source = source
        self.sha256 = sha256
        self.diagnostics = diagnostics
    }

    /// Releases a device could be offered: its platform, and its package when both name one.
    package func candidates(for profile: any Device) -> [Release] {
        let package = self.package(of: profile)
        return all.filter { $0.offered(to: profile.platform, package: package) }
    }

    /// Whether some release names a package: only then does a device's package decide what it is offered.
    package var namesPackages: Bool { firstNamedPackage != nil }
    private let firstNamedPackage: Int?

    /// The device's package as the releases file can tell it apart: nil when no release names one, so a run
    /// whose releases file leaves the package column empty (`android,5.1.0,510,24,`) never reads it.
    package func package(of profile: any Device) -> String? {
        namesPackages ? profile.packageName : nil
    }

    /// Whether the file has any release for this platform and package.
    package func hasRelease(platform: Platform, package: String?) -> Bool {
        all.contains { $0.offered(to: platform, package: package) }
    }

    /// Whether some release satisfying `reaches` installs on the device's OS.
    package func installability(for profile: any Device, reaches: (Release) -> Bool) -> Installability {
        let candidates = candidates(for: profile)
        if candidates.isEmpty {
            return .noReleaseForPackage(platform: profile.platform.name, package: package(of: profile))
        }
        let reaching = candidates.filter(reaches)
        guard !reaching.isEmpty else { return .noRelease }
        if let ok = reaching.first(where: { Self.installs($0, on: profile) }) { return .installable(ok) }
        return .needsNewerOS(reaching[0])
    }

    /// `min_os` ≤ the device's OS: an API level on Android, a version elsewhere. A `min_os` that cannot be
    /// read does not stop the install.
    package static func installs(_ release: Release, on profile: any Device) -> Bool {
        installs(release, platform: profile.platform, osVersion: profile.osVersion, apiLevel: profile.apiLevel)
    }

    /// The same, for a device known by its platform and OS alone (`whatif` asks once per distinct OS).
    package static func installs(_ release: Release, platform: Platform, osVersion: String, apiLevel: Int?) -> Bool {
        guard let minOS = release.minOS, !minOS.isEmpty else { return true }
        if platform == .android {
            guard let required = Int(minOS), let level = apiLevel else { return true }
            return level >= required
        }
        guard let required = LenientVersion(minOS), let device = LenientVersion(osVersion) else { return true }
        return device >= required
    }

    /// `installs(_:platform:osVersion:apiLevel:)` of each release on one device, with each release's `min_os`
    /// read when the release was made and the device's OS version read once, not once per release.
    package static func installs(_ releases: [Release], on profile: any Device) -> [Bool] {
        let platform = profile.platform
        var device: LenientVersion??
        return releases.map { release in
            guard let minOS = release.minOS, !minOS.isEmpty else { return true }
            if platform == .android {
                guard let required = release.minAPILevel, let level = profile.apiLevel else { return true }
                return level >= required
            }
            if device == nil { device = .some(LenientVersion(profile.osVersion)) }
            guard let required = release.minOSVersion, let version = device ?? nil else { return true }
            return version >= required
        }
    }
}

extension Optional where Wrapped == Releases {
    package func installability(for profile: any Device, reaches: (Release) -> Bool) -> Installability {
        guard let releases = self else { return .assumed }
        return releases.installability(for: profile, reaches: reaches)
    }
}
