import Foundation

/// A Mac as Sparkle sees it: the app's version, the OS, the processor and the user defaults Sparkle keeps
/// (SPEC §5.6's device inputs, each optional with its default). A class: a thousand feeds decide the same Mac,
/// and each decision holds it.
final class SparkleHost {
    /// The Sparkle generation the app embeds (`sparkle_framework`; absent: 2.9).
    enum Framework: Comparable { case v1, v2, v2Point9 }

    static let columns = [
        "arch", "sparkle_framework", "sparkle_channels", "sparkle_update_group", "sparkle_update_group_id",
        "sparkle_skipped_version", "sparkle_skipped_major_version", "sparkle_skipped_major_subrelease_version",
        "sparkle_automatic_checks",
    ]

    static let columnIndex = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
    static let normalized = Dictionary(uniqueKeysWithValues: columns.map { ($0, AttributeName.normalize($0)) })

    /// What the Mac's Sparkle columns say (everything but its versions): an evaluator remembers it by the
    /// columns' value numbers, as most Macs of a fleet share it.
    struct Settings {
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
    }

    let settings: Settings
    /// `CFBundleVersion` (`app_build`), else `app_version`.
    let version: String
    let versionIsAppVersion: Bool
    let os: String

    var isIntel: Bool { settings.isIntel }
    var archKnown: Bool { settings.archKnown }
    var framework: Framework { settings.framework }
    var channels: Set<String> { settings.channels }
    var group: Int? { settings.group }
    var skippedMinor: String? { settings.skippedMinor }
    var skippedMajor: String? { settings.skippedMajor }
    var skippedMajorSubrelease: String? { settings.skippedMajorSubrelease }
    var automaticChecks: Bool { settings.automaticChecks }
    var unreadable: [String] { settings.unreadable }

    init(settings: Settings, version: (text: String, isAppVersion: Bool), os: String) {
        self.settings = settings
        (self.version, versionIsAppVersion) = version
        self.os = os
    }

    /// `present`: bit k set when the device has a value for `columns[k]` (an evaluator knows it from the value
    /// numbers and spares the lookups of absent columns); nil: look every column up.
    convenience init(_ device: any Device, present: UInt32? = nil) {
        self.init(
            settings: Settings(device, present: present), version: Self.version(device),
            os: Self.systemVersion(device.osVersion))
    }

    /// The version Sparkle compares with the feed: `CFBundleVersion` (`app_build`), else `app_version`.
    static func version(_ device: any Device) -> (text: String, isAppVersion: Bool) {
        if let build = device.appBuild, !build.isEmpty { return (build, false) }
        return (device.appVersion, true)
    }

    /// The OS as Sparkle sees it: `NSProcessInfo.operatingSystemVersion`'s three integers as
    /// `major.minor.patch` (SUOperatingSystem.m L15-19), read from `os_version` (`14.6` → `14.6.0`).
    static func systemVersion(_ text: String) -> String {
        // On bytes: every Mac is read once per feed.
        var numbers = [0, 0, 0]
        var part = 0
        var started = false
        var sign = 1
        var stopped = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                part += 1
                guard part < 3 else { break }
                (started, sign, stopped) = (false, 1, false)
                continue
            }
            guard !stopped else { continue }
            if !started && (byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")) { continue }
            if !started && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) {
                sign = byte == UInt8(ascii: "-") ? -1 : 1
                started = true
                continue
            }
            guard byte >= 0x30 && byte <= 0x39 else {
                stopped = true
                continue
            }
            started = true
            let (m, o1) = numbers[part].multipliedReportingOverflow(by: 10)
            let (v, o2) = m.addingReportingOverflow(Int(byte - 0x30))
            numbers[part] = o1 || o2 ? Int.max : v
            if sign < 0 { numbers[part] = 0 }
        }
        return "\(numbers[0]).\(numbers[1]).\(numbers[2])"
    }

}

extension SparkleHost.Settings {
    /// Reads the Sparkle columns; `present` as for `SparkleHost.init(_:present:)`.
    init(_ device: any Device, present: UInt32?) {
        typealias Host = SparkleHost
        var unreadable: [String] = []
        func value(_ name: String) -> String? {
            if let present, let k = Host.columnIndex[name], present & (1 << UInt32(k)) == 0 { return nil }
            // Asked by its normalized name (`sparkleupdategroup`), which the device looks up as it is.
            return Self.cell(device.attribute(Host.normalized[name] ?? name))
        }
        let arch = value("arch")
        let processor = arch.map(Self.processor)
        isIntel = processor == .intel
        archKnown = processor.map { $0 != .unreadable } ?? false
        if let arch, processor == .unreadable { unreadable.append("arch \(arch)") }
        framework = Self.framework(value("sparkle_framework"))
        channels = Self.channels(value("sparkle_channels"))
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

    enum Processor { case intel, appleSilicon, unreadable }

    /// An `arch` as MDM tools and `uname` write it: Jamf's `i386` (`uname -p` on an Intel Mac), `x86_64`,
    /// `Intel Core i7`, `i686`; `arm64`, `arm64e`, `aarch64`, `arm` (`uname -p` on Apple silicon), `Apple M2 Pro`.
    /// Anything else is unreadable (`sparkle.deviceValueUnreadable`): taken as Apple silicon, and said with its count.
    static func processor(_ text: String) -> Processor {
        let arch = text.lowercased()
        let intel = ["x86_64", "x86-64", "amd64", "x64", "x86", "i386", "i486", "i586", "i686", "intel"]
        if intel.contains(arch) || arch.contains("intel") { return .intel }
        let apple = ["arm64", "arm64e", "aarch64", "arm", "apple silicon", "applesilicon"]
        if apple.contains(arch) || arch.hasPrefix("apple m") || ["m1", "m2", "m3", "m4", "m5"].contains(arch) {
            return .appleSilicon
        }
        return .unreadable
    }

    /// `sparkle_framework` as the Sparkle generation it names (absent: 2.9).
    static func framework(_ text: String?) -> SparkleHost.Framework {
        guard let text else { return .v2Point9 }
        if SparkleVersionComparator.isOlder(text, than: "2") { return .v1 }
        return SparkleVersionComparator.isOlder(text, than: "2.9") ? .v2 : .v2Point9
    }

    /// `sparkle_channels`: the channels the app allows, comma separated.
    static func channels(_ text: String?) -> Set<String> {
        Set((text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }

    /// A column's value as the settings read it: trimmed, empty as absent.
    static func cell(_ raw: String?) -> String? {
        guard let v = raw?.trimmedWhitespace, !v.isEmpty else { return nil }
        return v
    }
}
