/// How the generic minimum-version rule of `whatif` reads versions on one platform: as the NHS apps read
/// theirs (docs/formats/nhs.md), so that a sweep's counts equal an audit of an NHS document with that minimum.
/// Android compares the versionCode (`app_build`) and the API level as integers; every other platform the
/// dotted app and OS versions (1 to 3 integer components, missing ones 0, docs/formats/README.md). Both are held as a
/// `DottedVersion` (a versionCode or an API level as its major component) so one sweep serves both.
package enum MinimumScale: Sendable, Equatable {
    case versionCode
    case dotted
    /// A format's own versions, compared by its client (`build`: an appcast's critical version against
    /// CFBundleVersion); only a sweep counted by that format's decision has it.
    case client(appKind: String)

    package init(_ platform: Platform) { self = platform == .android ? .versionCode : .dotted }

    /// What the app axis compares (`versionCode` or `version`) and the OS axis (`apiLevel` or `version`).
    package var appKind: String {
        switch self {
        case .versionCode: return "versionCode"
        case .dotted: return "version"
        case .client(let kind): return kind
        }
    }
    package var osKind: String { self == .versionCode ? "apiLevel" : "version" }

    /// A minimum as a user writes it (`--min-app 352`, `--min-os 16.4`); nil when the platform's client
    /// could not read it either.
    package func minimum(_ text: String) -> DottedVersion? {
        switch self {
        case .versionCode: return Int(text.trimmedWhitespace).map { DottedVersion(major: $0) }
        case .dotted, .client: return DottedVersion(text.trimmedWhitespace)
        }
    }

    /// The versionCode text of an Android row, or the app version text elsewhere, as the client reads it.
    package func deviceApp(_ text: String) -> DottedVersion? {
        switch self {
        case .versionCode: return Int(text).map { DottedVersion(major: $0) }
        case .dotted, .client: return DottedVersion(text)
        }
    }

    /// The version of a release a minimum is compared with: its build on Android (the versionCode; a release
    /// without one is skipped), its version name read forgivingly elsewhere — as the NHS format does.
    package func releaseApp(_ release: Release) -> DottedVersion? {
        switch self {
        case .versionCode: return release.build.map { DottedVersion(major: $0) }
        case .dotted, .client: return release.version.flatMap { DottedVersion(lenient: $0) }
        }
    }

    /// A release's `min_os` as an OS candidate of a sweep (nil: not one this scale can read).
    package func releaseMinOS(_ release: Release) -> DottedVersion? {
        guard let text = release.minOS else { return nil }
        return minimum(text)
    }
}
