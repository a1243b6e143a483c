import Foundation

/// A Mac as Sparkle sees it: the app's version, the OS, the processor and the user defaults Sparkle keeps
/// (SPEC §5.6's device inputs, each optional with its default).
struct SparkleHost {
    /// The Sparkle generation the app embeds (`sparkle_framework`; absent: 2.9).
    enum Framework: Comparable { case v1, v2, v2Point9 }

    static let columns = [
        "arch", "sparkle_framework", "sparkle_channels", "sparkle_update_group", "sparkle_update_group_id",
        "sparkle_skipped_version", "sparkle_skipped_major_version", "sparkle_skipped_major_subrelease_version",
        "sparkle_automatic_checks",
    ]

    /// `CFBundleVersion` (`app_build`), else `app_version`.
    let version: String
    let versionIsAppVersion: Bool
    let os: String
    let isIntel: Bool
    let archKnown: Bool
    let framework: Framework
    let channels: Set<String>
    /// The phased-rollout group 0-6; nil when the inventory does not say (the profile's Macs are spread).
    let group: Int?
    let skippedMinor: String?
    let skippedMajor: String?
    let skippedMajorSubrelease: String?
    let automaticChecks: Bool
    /// Values of Sparkle columns that could not be read (the default was used).
    let unreadable: [String]

    /// The OS as Sparkle sees it: `NSProcessInfo.operatingSystemVersion`'s three integers as
    /// `major.minor.patch` (SUOperatingSystem.m L15-19), read from `os_version` (`14.6` → `14.6.0`).
    static func systemVersion(_ text: String) -> String {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).prefix(3).map {
            max(0, SparkleAppcastReading.leadingInteger(String($0)))
        }
        let padded = parts + Array(repeating: 0, count: 3 - parts.count)
        return padded.map(String.init).joined(separator: ".")
    }

    init(_ device: any Device) {
        var unreadable: [String] = []
        func value(_ name: String) -> String? {
            guard let v = device.attribute(name)?.trimmingCharacters(in: .whitespaces), !v.isEmpty else { return nil }
            return v
        }
        if let build = device.appBuild, !build.isEmpty {
            version = build
            versionIsAppVersion = false
        } else {
            version = device.appVersion
            versionIsAppVersion = true
        }
        os = Self.systemVersion(device.osVersion)
        let arch = value("arch")?.lowercased()
        isIntel = ["x86_64", "amd64", "x64", "intel"].contains(arch ?? "")
        archKnown = arch != nil
        if let text = value("sparkle_framework") {
            framework =
                SparkleVersionComparator.isOlder(text, than: "2")
                ? .v1 : SparkleVersionComparator.isOlder(text, than: "2.9") ? .v2 : .v2Point9
        } else {
            framework = .v2Point9
        }
        channels = Set(
            (value("sparkle_channels") ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty })
        if let text = value("sparkle_update_group") {
            if let g = Int(text), (0...6).contains(g) {
                group = g
            } else {
                group = nil
                unreadable.append("sparkle_update_group \(text)")
            }
        } else if let text = value("sparkle_update_group_id") {
            // SUPhasedUpdateGroupInfo.m L18-23: the stored identifier modulo 7.
            if let id = UInt64(text) {
                group = Int(id % 7)
            } else {
                group = nil
                unreadable.append("sparkle_update_group_id \(text)")
            }
        } else {
            group = nil
        }
        skippedMinor = value("sparkle_skipped_version")
        skippedMajor = value("sparkle_skipped_major_version")
        skippedMajorSubrelease = value("sparkle_skipped_major_subrelease_version")
        switch value("sparkle_automatic_checks")?.lowercased() {
        case nil, "true", "yes", "1": automaticChecks = true
        case "false", "no", "0": automaticChecks = false
        case let other?:
            automaticChecks = true
            unreadable.append("sparkle_automatic_checks \(other)")
        }
        self.unreadable = unreadable
    }
}
