import Foundation

/// What a feed does to the fleet as a whole: the Macs a product-version minimum lets through, the expected reach of
/// a rollout whose devices' stages are not known, the updater version assumed.
struct ElectronFleetDiagnostics {
    let feed: ElectronFeed
    let fleet: any FleetValues

    var all: [Diagnostic] {
        guard feed.rejection == nil else { return [] }
        return [letThrough(), expectedStage(), updaterAssumed(), archAssumed(), feedsNotAudited()].compactMap { $0 }
    }

    private func devices(by fields: [DeviceField]) -> [(values: [String?], devices: Int64)] {
        ElectronFeedDocument.inventoryPlatforms(feed.file.platform).flatMap { fleet.devices(on: $0, by: fields) }
    }

    private func located(_ d: Diagnostic, _ key: String) -> Diagnostic {
        var d = d
        d.location = feed.locations[key]
        return d
    }

    /// The kernel-version trap: a minimum meant as a macOS version (13.0.0) passes the Macs it was meant to stop.
    private func letThrough() -> Diagnostic? {
        guard feed.file.platform == .mac, let minimum = meantProduct() else { return nil }
        // The Macs that read this file (its channel) and would be offered its version (an app below it).
        let below = devices(by: [.osVersion, .appVersion, .attribute("update_channel")]).filter { row in
            guard let product = row.values[0].flatMap(DottedVersion.init(lenient:)), product < minimum,
                readsThisFile(channel: row.values[2]), let app = row.values[1].flatMap(NodeSemver.init),
                let latest = feed.version
            else { return false }
            return latest > app
        }
        let count = below.reduce(Int64(0)) { $0 + $1.devices }
        guard count > 0 else { return nil }
        let product = minimum.major == 10 ? "10.\(minimum.minor)" : "\(minimum.major)"
        guard let darwin = KernelRelease.darwinMajor(forMacOS: minimum.major, minor: minimum.minor) else { return nil }
        return counted(
            count,
            located(
                Diagnostic(
                    "electron.minimumLetsThrough", .warning,
                    "minimumSystemVersion \(ElectronFeed.shown(feed.minimumSystemVersion)) reads as macOS \(product), but the client compares it with the Darwin kernel version: \(Self.macs(count)) below macOS \(product), on an app below \(feed.version?.text ?? ""), are let past it (the staged rollout aside); write \"\(darwin).0.0\" to stop them",
                    path: "minimumSystemVersion"), "minimumSystemVersion"))
    }

    /// Whether a device of `channel` (its `update_channel`; none: latest) and, on Linux, `arch` (none: x64) reads
    /// this feed's file.
    private func readsThisFile(channel: String?, arch: String? = nil) -> Bool {
        let written = channel?.trimmedWhitespace ?? ""
        guard (written.isEmpty ? "latest" : written) == feed.file.channel else { return false }
        guard feed.file.platform == .linux else { return true }
        return (arch.flatMap(ElectronFeedFile.nodeArch) ?? "x64") == feed.file.arch
    }

    static func macs(_ n: Int64) -> String { n == 1 ? "1 Mac" : "\(n) Macs" }

    /// The macOS version a minimum names when it reads as one (a valid 13.0.0, or an unreadable "13.0").
    private func meantProduct() -> DottedVersion? {
        guard let value = feed.minimumSystemVersion, value.isTruthy else { return nil }
        if let minimum = feed.minimum {
            guard ElectronFeedDiagnostics.meantDarwinMajor(minimum) != nil else { return nil }
            return DottedVersion(major: Int(minimum.major), minor: Int(minimum.minor))
        }
        let parts = value.javaScriptString.split(separator: ".").compactMap { Int($0) }
        guard let major = parts.first,
            KernelRelease.darwinMajor(forMacOS: major, minor: parts.dropFirst().first ?? 0) != nil
        else { return nil }
        return DottedVersion(major: major, minor: parts.dropFirst().first ?? 0)
    }

    /// The rollout's expected reach among devices whose stage is not known, with its 95% interval.
    private func expectedStage() -> Diagnostic? {
        guard case .percentage(let p) = feed.rollout, p > 0, p < 100 else { return nil }
        // The devices the rollout decides: on this file's channel, below its version, without an id the client keeps.
        // (Found by a new user's trial: a Linux feed counted the devices of every arch, those reading
        // latest-linux-arm64.yml too, so its expectation and interval were of the wrong devices.)
        let unknown = devices(by: [
            .attribute("staging_id"), .appVersion, .attribute("update_channel"), .attribute("arch"),
        ]).filter { row in
            guard ElectronStaging.fraction(row.values[0]?.trimmedWhitespace ?? "") == nil,
                readsThisFile(channel: row.values[2], arch: row.values[3]),
                let app = row.values[1].flatMap(NodeSemver.init),
                let latest = feed.version
            else { return false }
            return latest > app
        }.reduce(Int64(0)) { $0 + $1.devices }
        guard unknown > 0 else { return nil }
        let share = p / 100
        let expected = Double(unknown) * share
        let spread = 1.96 * (Double(unknown) * share * (1 - share)).squareRoot()
        let low = max(0, Int64((expected - spread).rounded(.down)))
        let high = min(unknown, Int64((expected + spread).rounded(.up)))
        return counted(
            unknown,
            located(
                Diagnostic(
                    "electron.stagingExpected", .info,
                    "stagingPercentage \(JSYAMLNumbers.describe(p)): \(unknown) \(feed.file.platform.displayName) devices below \(feed.version?.text ?? "") have no valid staging_id, so which of them are in is not known: about \(Int64(expected.rounded())) of them are (95% between \(low) and \(high)), less those the OS check withholds; the table counts a draw with that expectation. A staging_id column (the app's .updaterId) makes each exact",
                    path: "stagingPercentage"), "stagingPercentage"))
    }

    /// The electron-updater version assumed where the inventory does not say, when a behaviour depends on it.
    private func updaterAssumed() -> Diagnostic? {
        guard feed.hasMinimum else { return nil }
        let unknown = devices(by: [.attribute("updater_version")]).filter {
            ElectronDecision.UpdaterVersion($0.values[0]) == nil
        }.reduce(Int64(0)) { $0 + $1.devices }
        guard unknown > 0 else { return nil }
        return counted(
            unknown,
            Diagnostic(
                "electron.updaterVersionAssumed", .info,
                "\(unknown) devices have no updater_version: the audit assumes electron-updater 6.8.9, which reads minimumSystemVersion (6.3.0 and later); older versions offer the update whatever the OS"
            ))
    }

    /// Linux devices on this x64 file's channel whose arch is missing or unreadable: the audit, like a device
    /// reporting x64, gives them this file.
    private func archAssumed() -> Diagnostic? {
        guard feed.file.platform == .linux, feed.file.arch == "x64" else { return nil }
        let assumed = devices(by: [.attribute("arch"), .attribute("update_channel")]).filter { row in
            readsThisFile(channel: row.values[1]) && row.values[0].flatMap(ElectronFeedFile.nodeArch) == nil
        }.reduce(Int64(0)) { $0 + $1.devices }
        guard assumed > 0 else { return nil }
        return counted(
            assumed,
            Diagnostic(
                "electron.archAssumed", .warning,
                "\(assumed) Linux device\(assumed == 1 ? " has" : "s have") no arch the audit can read: taken as x64, so \(assumed == 1 ? "it reads" : "they read") \(feed.file.name) (an arm64 device reads \(feed.file.channel)-linux-arm64.yml); map the arch column with --column arch=HEADER"
            ))
    }

    /// Devices of this feed's platform that read a feed file the run does not hold (another channel, another
    /// Linux arch): every feed leaves them notTargeted. Said once per platform, by the first of its feeds by name.
    private func feedsNotAudited() -> Diagnostic? {
        let platform = feed.file.platform
        let held = Set(
            fleet.configNames.compactMap(ElectronFeedFile.named).filter { $0.platform == platform }.map(\.name)
                + [feed.file.name])
        guard held.min() == feed.file.name else { return nil }
        var missing: [String: Int64] = [:]
        for row in devices(by: [.attribute("update_channel"), .attribute("arch")]) {
            let written = row.values[0]?.trimmedWhitespace ?? ""
            let arch = platform == .linux ? row.values[1].flatMap(ElectronFeedFile.nodeArch) ?? "x64" : nil
            let name = ElectronFeedFile(
                channel: written.isEmpty ? "latest" : written, platform: platform, arch: arch, fromName: true
            ).name
            if !held.contains(name) { missing[name, default: 0] += row.devices }
        }
        guard !missing.isEmpty else { return nil }
        let total = missing.values.reduce(0, +)
        let files = missing.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key): \($0.value)" }
        return counted(
            total,
            Diagnostic(
                "electron.feedNotAudited", .warning,
                "\(total) \(platform.displayName) device\(total == 1 ? " reads a feed" : "s read feeds") this run does not hold (\(files.joined(separator: ", "))), so every feed leaves \(total == 1 ? "it" : "them") notTargeted: audit \(missing.count == 1 ? "that feed" : "those feeds") too, or check update_channel and arch"
            ))
    }

    private func counted(_ devices: Int64, _ diagnostic: Diagnostic) -> Diagnostic {
        var diagnostic = diagnostic
        diagnostic.devices = devices
        return diagnostic
    }
}
