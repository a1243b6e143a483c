import Foundation

/// What Sparkle offers one Mac (SUAppcastDriver.m L270-500, SPUAppcastItemStateResolver.m, SUUpdateAlert.m
/// L399-402 @ 2.6.4; 2.9 for minimumUpdateVersion and hardware requirements; SUBasicUpdateDriver.m L122-224
/// @ 1.27.3 for Sparkle 1.x), mapped onto outcomes as SPEC §5.6 states.
///
/// Every comparison is on versions split once (`SparkleItem.split`, the Mac's here): with a thousand feeds a
/// Mac is compared with tens of thousands of versions.
struct SparkleDecision {
    typealias Parts = SparkleVersionComparator.Parts

    let items: [SparkleItem]
    let host: SparkleHost
    let check: FormatOptions.SparkleCheck
    let asOf: Date
    private let split: SplitHost
    private var hostVersion: Parts { split.version }
    private var os: Parts { split.os }
    private var skippedMinor: Parts? { split.skipped.minor }
    private var skippedMajor: Parts? { split.skipped.major }
    private var skippedMajorSubrelease: Parts? { split.skipped.majorSubrelease }

    /// The Mac's versions split for the comparator: its app version, its OS and its skipped versions. A class,
    /// as the host: shared by the decisions of every feed.
    final class SplitHost: Sendable {
        let version: Parts
        let os: Parts
        let skipped: SplitSkipped

        init(version: Parts, os: Parts, skipped: SplitSkipped) {
            (self.version, self.os, self.skipped) = (version, os, skipped)
        }

        convenience init(_ host: SparkleHost) {
            let split = SparkleVersionComparator.split
            self.init(version: split(host.version), os: split(host.os), skipped: SplitSkipped(host.settings))
        }
    }

    /// The settings' skipped versions, split.
    struct SplitSkipped: Sendable {
        let minor: Parts?
        let major: Parts?
        let majorSubrelease: Parts?

        init(_ settings: SparkleHost.Settings) {
            let split = SparkleVersionComparator.split
            minor = settings.skippedMinor.map(split)
            major = settings.skippedMajor.map(split)
            majorSubrelease = settings.skippedMajorSubrelease.map(split)
        }
    }

    init(items: [SparkleItem], host: SparkleHost, check: FormatOptions.SparkleCheck, asOf: Date) {
        self.init(items: items, host: host, split: SplitHost(host), check: check, asOf: asOf)
    }

    /// `split`: the host's versions already split (an evaluator keeps them from Mac to Mac).
    init(items: [SparkleItem], host: SparkleHost, split: SplitHost, check: FormatOptions.SparkleCheck, asOf: Date) {
        self.items = items
        self.host = host
        self.check = check
        self.asOf = asOf
        self.split = split
    }

    private func older(_ a: Parts, _ b: Parts) -> Bool {
        SparkleVersionComparator.compare(a, b) == .orderedAscending
    }

    /// Whether `item` is newer than the app.
    /// A delta from this very build — its `sparkle:deltaFrom` is the Mac's CFBundleVersion, as text — becomes the
    /// primary item, and its own version is what Sparkle 2 compares (SUAppcastDriver.m L209-213, L397-400,
    /// L446-449): one no newer than the Mac is "You're up to date" (L316, L325). Sparkle's checks of the app on
    /// disk for a delta (L106-207) are taken to pass, as they do for an app installed whole.
    func isNewer(_ item: SparkleItem) -> Bool {
        if host.framework != .v1, let delta = item.split.deltaVersions[host.version] {
            return older(hostVersion, delta)
        }
        return older(hostVersion, item.split.version)
    }

    /// Critical for this app: by `<sparkle:criticalUpdate>` (below its `sparkle:version` when it has one), else
    /// by the legacy `sparkle:tags` form (SUAppcastItem.m L566-581); Sparkle 1.x reads the tags only.
    func isCritical(_ item: SparkleItem) -> Bool {
        guard host.framework != .v1, item.criticalElement else { return item.criticalTag }
        return item.split.criticalBelow.map { older(hostVersion, $0) } ?? true
    }

    func isInformational(_ item: SparkleItem) -> Bool {
        if host.framework == .v1 { return !item.hasEnclosure && item.infoURL != nil }
        switch item.informational {
        case .no: return false
        case .always: return true
        case .forVersions(let equal, _):
            return equal.contains(host.version) || item.split.informationalBelow.contains { older(hostVersion, $0) }
        }
    }

    /// Below the item's `minimumAutoupdateVersion` (an empty one makes no major upgrade, L58).
    func isMajorUpgrade(_ item: SparkleItem) -> Bool {
        guard let minimum = item.split.minimumAutoupdateVersion, !minimum.isEmpty else { return false }
        return older(hostVersion, minimum)
    }

    /// Items the app considers: `forThisApp()`, and on automatic checks those due for its group and not
    /// skipped (L377-395).
    func candidates(group: Int) -> [SparkleItem] {
        forThisApp().filter { item in
            guard check == .automatic else { return true }
            return isDue(item, group: group) && !isSkipped(item)
        }
    }

    /// `filterAppcast:forMacOSAndAllowedChannels:` (L348-374): the app's OS, full downloads, its channels and
    /// (2.9) its `minimumUpdateVersion`.
    func forThisApp() -> [SparkleItem] { items.filter(isForThisApp) }

    func isForThisApp(_ item: SparkleItem) -> Bool {
        guard item.os == nil || item.os == "macos", !item.isDelta else { return false }
        if host.framework != .v1, let channel = item.channel, !host.channels.contains(channel) { return false }
        if host.framework == .v2Point9, let minimum = item.split.minimumUpdateVersion, older(hostVersion, minimum) {
            return false
        }
        return true
    }

    /// Phased rollout (L474-500): due when critical for this app, without an interval or a parsed date, or once
    /// `interval × group` seconds have passed since `pubDate`.
    func isDue(_ item: SparkleItem, group: Int) -> Bool { isDue(item, group: group, critical: isCritical(item)) }

    /// `isDue` with the item's `isCritical` worked out once for the 7 groups.
    func isDue(_ item: SparkleItem, group: Int, critical: Bool) -> Bool {
        guard let interval = item.phasedRolloutInterval, let date = item.pubDate, !critical else { return true }
        return asOf.timeIntervalSince(date) >= Double(interval) * Double(group)
    }

    /// Skipped versions (L451-472; 1.x: at or below `SUSkippedVersion`).
    func isSkipped(_ item: SparkleItem) -> Bool {
        if host.framework == .v1 {
            return skippedMinor.map { !older($0, item.split.version) } ?? false
        }
        if let major = skippedMajor, older(hostVersion, major), let minimum = item.split.minimumAutoupdateVersion,
            !older(major, minimum)
        {
            guard let ignoreBelow = item.split.ignoreSkippedUpgradesBelowVersion else { return true }
            if let subrelease = skippedMajorSubrelease, !older(subrelease, ignoreBelow) { return true }
        }
        return skippedMinor.map { !older($0, item.split.version) } ?? false
    }

    /// Whether the Mac can install `item`: its OS within the item's system versions (an empty bound is no
    /// bound, SPUAppcastItemStateResolver.m L41-51) and (2.9, Intel Macs) no Apple-silicon requirement.
    func fits(_ item: SparkleItem) -> Bool {
        if let minimum = item.split.minimumSystemVersion, !minimum.isEmpty, older(os, minimum) { return false }
        if let maximum = item.split.maximumSystemVersion, !maximum.isEmpty, older(maximum, os) { return false }
        if host.framework == .v2Point9 && host.isIntel && Self.needsAppleSilicon(item) { return false }
        return true
    }

    private static let appleSiliconOnly = SparkleVersionComparator.split("27.0")

    /// An `arm64` hardware requirement, or a minimum macOS that runs on Apple silicon only (27).
    static func needsAppleSilicon(_ item: SparkleItem) -> Bool {
        item.hardwareRequirements.contains("arm64")
            || item.split.minimumSystemVersion.map {
                SparkleVersionComparator.compare($0, appleSiliconOnly) != .orderedAscending
            } ?? false
    }

    /// The newest item; among equal versions Sparkle 2 keeps the first, Sparkle 1 the later one unless its
    /// pubDate is earlier.
    func best(_ list: [SparkleItem]) -> SparkleItem? {
        var best: SparkleItem?
        for item in list {
            guard let current = best else {
                best = item
                continue
            }
            if older(current.split.version, item.split.version) {
                best = item
            } else if host.framework == .v1 && !older(item.split.version, current.split.version) {
                if let a = item.pubDate, let b = current.pubDate, a < b { continue }
                best = item
            }
        }
        return best
    }

    /// What Sparkle does for one update group.
    enum Choice: Hashable {
        /// Automatic checks are off on this Mac.
        case checksOff
        /// The item Sparkle offers (its position in `items`).
        case offered(Int)
        /// Nothing fits, but this item (the newest candidate; its position) is newer: the OS or the Mac is not
        /// supported.
        case unsupported(Int)
        case upToDate
    }

    /// The straight path: Sparkle's filters and passes on lists of items, as its driver runs them. Kept beside
    /// `SparkleChoices` (the same on bit masks, what the audit runs), which `SparkleChoicesTests` holds to it.
    func choose(group: Int) -> Choice {
        if check == .automatic && !host.automaticChecks { return .checksOff }
        let candidates = candidates(group: group)
        let fitting = candidates.filter(fits)
        let chosen: SparkleItem?
        if host.framework == .v1 {
            // 1.x: one pass; minimumAutoupdateVersion does not change the choice.
            chosen = best(fitting).flatMap { isNewer($0) ? $0 : nil }
        } else if let item = best(fitting.filter { !isMajorUpgrade($0) }), isNewer(item) {
            chosen = item
        } else {
            chosen = best(fitting).flatMap { isNewer($0) ? $0 : nil }
        }
        if let item = chosen { return .offered(position(item)) }
        if let item = best(candidates), isNewer(item) { return .unsupported(position(item)) }
        return .upToDate
    }

    private func position(_ item: SparkleItem) -> Int { items.firstIndex { $0 === item }! }

    /// The straight path's decision for one group.
    func decide(group: Int) -> Decision { decision(choose(group: group)) }

    /// The decision a choice makes for this Mac.
    func decision(_ choice: Choice) -> Decision {
        let hostVersion = host.version
        switch choice {
        case .checksOff:
            return Decision(
                .upToDate, rule: nil,
                reason: "Sparkle's automatic checks are off on this Mac (sparkle_automatic_checks=false)")
        case .upToDate:
            return Decision(.upToDate, rule: nil, reason: "no item offered to this Mac is newer than \(hostVersion)")
        case .unsupported(let position):
            let item = items[position]
            let rule = "item[\(item.index)]"
            let (os, intel) = (host.os, host.isIntel)
            return Decision(
                .unsupportedOS, rule: rule,
                reason:
                    "\(rule) (\(item.version!)) is newer than \(hostVersion) but not for this Mac (macOS \(os)\(intel ? ", Intel" : ""): \(Self.systemRange(item)))"
            )
        case .offered(let position):
            let item = items[position]
            let rule = "item[\(item.index)]"
            let version = item.version!
            if isInformational(item) {
                return Decision(
                    .recommended, rule: rule,
                    reason:
                        "Sparkle shows \(rule) (\(version) > \(hostVersion)) as an informational update: a link, nothing to install",
                    notices: ["informational"])
            }
            // A major upgrade (below minimumAutoupdateVersion) keeps Skip and Later even when critical (2.x).
            let major = isMajorUpgrade(item)
            if isCritical(item) && (host.framework == .v1 || !major) {
                return Decision(
                    .forced, rule: rule,
                    reason:
                        "Sparkle offers \(rule) (\(version) > \(hostVersion)) as a critical update: its alert has no Skip or Later"
                )
            }
            let note = major ? " (a major upgrade: below its minimumAutoupdateVersion)" : ""
            return Decision(
                .recommended, rule: rule, reason: "Sparkle offers \(rule) (\(version) > \(hostVersion))\(note)")
        }
    }

    static func systemRange(_ item: SparkleItem) -> String {
        var parts: [String] = []
        if let minimum = item.minimumSystemVersion { parts.append("minimumSystemVersion \(minimum)") }
        if let maximum = item.maximumSystemVersion { parts.append("maximumSystemVersion \(maximum)") }
        if needsAppleSilicon(item) { parts.append("Apple silicon") }
        return parts.isEmpty ? "no system requirement" : parts.joined(separator: ", ")
    }
}
