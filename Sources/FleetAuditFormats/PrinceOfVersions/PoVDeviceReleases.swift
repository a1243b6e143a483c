/// The releases a device can be offered, with each one's version as the PrinceOfVersions client compares it
/// and whether it installs on the device's OS: what `Releases.installability` works out for every document
/// again, worked out once per device and shared by a worker's evaluators (`PoVDeviceReadings`). A thousand
/// documents on one device filtered the releases file and parsed each release's version a thousand times.
final class PoVDeviceReleases {
    private let device: (platform: Platform, package: String?)
    private let candidates: [Release]
    private let installs: [Bool]
    /// Each candidate's version, parsed the way a required version of each kind compares (made when asked).
    private var codes: [PoVVersion?]?
    private var apple: [PoVVersion?]?
    private var semantic: [PoVVersion?]?

    init(_ releases: Releases, device: any Device) {
        self.device = (device.platform, releases.package(of: device))
        candidates = releases.candidates(for: device)
        installs = Releases.installs(candidates, on: device)
    }

    /// `Releases.installability(for:reaches:)` with "reaches" meaning a version ≥ `required` as
    /// `PoVDeviceEvaluator.installability` compares it.
    func installability(_ required: PoVVersion) -> Installability {
        guard !candidates.isEmpty else {
            return .noReleaseForPackage(platform: device.platform.name, package: device.package)
        }
        let versions = self.versions(like: required)
        var firstReaching: Int?
        for k in candidates.indices where versions[k].map({ $0 >= required }) ?? false {
            if installs[k] { return .installable(candidates[k]) }
            if firstReaching == nil { firstReaching = k }
        }
        return firstReaching.map { .needsNewerOS(candidates[$0]) } ?? .noRelease
    }

    private func versions(like required: PoVVersion) -> [PoVVersion?] {
        switch required {
        case .code:
            if let codes { return codes }
            let made = candidates.map { Self.published($0, like: required) }
            codes = made
            return made
        case .apple:
            if let apple { return apple }
            let made = candidates.map { Self.published($0, like: required) }
            apple = made
            return made
        case .semantic:
            if let semantic { return semantic }
            let made = candidates.map { Self.published($0, like: required) }
            semantic = made
            return made
        }
    }

    /// A release's version as a required version of `required`'s kind compares with it (nil: it cannot).
    static func published(_ release: Release, like required: PoVVersion) -> PoVVersion? {
        switch required {
        case .code: return release.build.map { .code(Int64($0)) }
        case .apple:
            return release.version.flatMap { PoVIOSVersion($0 + (release.build.map { "-\($0)" } ?? "")) }.map {
                .apple($0)
            }
        case .semantic: return release.version.flatMap { SemanticVersion($0) }.map { .semantic($0) }
        }
    }
}
