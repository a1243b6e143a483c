import Foundation

/// What Sparkle offers one Mac (SUAppcastDriver.m L270-500, SPUAppcastItemStateResolver.m, SUUpdateAlert.m
/// L399-402 @ 2.6.4; 2.9 for minimumUpdateVersion and hardware requirements; SUBasicUpdateDriver.m L122-224
/// @ 1.27.3 for Sparkle 1.x), mapped onto outcomes as SPEC §5.6 states.
struct SparkleDecision {
    let items: [SparkleItem]
    let host: SparkleHost
    let check: FormatOptions.SparkleCheck
    let asOf: Date
    /// Every version text the decision compares, split once: the feed's (`SparkleVersionTable`) and the Mac's.
    private let versions: [String: [SparkleVersionComparator.Part]]

    init(
        items: [SparkleItem], host: SparkleHost, check: FormatOptions.SparkleCheck, asOf: Date,
        versions table: SparkleVersionTable? = nil
    ) {
        self.items = items
        self.host = host
        self.check = check
        self.asOf = asOf
        var versions = table?.parts ?? SparkleVersionTable(items).parts
        for text in [host.version, host.os, host.skippedMinor, host.skippedMajor, host.skippedMajorSubrelease] {
            if let text, versions[text] == nil { versions[text] = SparkleVersionComparator.split(text) }
        }
        self.versions = versions
    }

    private func older(_ a: String, _ b: String) -> Bool {
        let x = versions[a] ?? SparkleVersionComparator.split(a)
        let y = versions[b] ?? SparkleVersionComparator.split(b)
        return SparkleVersionComparator.compare(x, y) == .orderedAscending
    }

    /// Whether `item` is newer than the app.
    func isNewer(_ item: SparkleItem) -> Bool { older(host.version, item.version!) }

    /// Critical for this app: by `<sparkle:criticalUpdate>` (below its `sparkle:version` when it has one), else
    /// by the legacy `sparkle:tags` form (SUAppcastItem.m L566-581); Sparkle 1.x reads the tags only.
    func isCritical(_ item: SparkleItem) -> Bool {
        guard host.framework != .v1, item.criticalElement else { return item.criticalTag }
        return item.criticalBelow.map { older(host.version, $0) } ?? true
    }

    func isInformational(_ item: SparkleItem) -> Bool {
        if host.framework == .v1 { return !item.hasEnclosure && item.infoURL != nil }
        switch item.informational {
        case .no: return false
        case .always: return true
        case .forVersions(let equal, let below):
            return equal.contains(host.version) || below.contains { older(host.version, $0) }
        }
    }

    /// Below the item's `minimumAutoupdateVersion` (an empty one makes no major upgrade).
    func isMajorUpgrade(_ item: SparkleItem) -> Bool {
        guard let minimum = item.minimumAutoupdateVersion, !minimum.isEmpty else { return false }
        return older(host.version, minimum)
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
    func forThisApp() -> [SparkleItem] {
        items.filter { item in
            guard item.os == nil || item.os == "macos", !item.isDelta else { return false }
            if host.framework != .v1, let channel = item.channel, !host.channels.contains(channel) { return false }
            if host.framework == .v2Point9, let minimum = item.minimumUpdateVersion, older(host.version, minimum) {
                return false
            }
            return true
        }
    }

    /// Phased rollout (L474-500): due when critical for this app, without an interval or a parsed date, or once
    /// `interval × group` seconds have passed since `pubDate`.
    func isDue(_ item: SparkleItem, group: Int) -> Bool {
        guard !isCritical(item), let interval = item.phasedRolloutInterval, let date = item.pubDate else { return true }
        return asOf.timeIntervalSince(date) >= Double(interval) * Double(group)
    }

    /// Skipped versions (L451-472; 1.x: at or below `SUSkippedVersion`).
    func isSkipped(_ item: SparkleItem) -> Bool {
        if host.framework == .v1 {
            return host.skippedMinor.map { !older($0, item.version!) } ?? false
        }
        if let major = host.skippedMajor, older(host.version, major), let minimum = item.minimumAutoupdateVersion,
            !older(major, minimum)
        {
            guard let ignoreBelow = item.ignoreSkippedUpgradesBelowVersion else { return true }
            if let subrelease = host.skippedMajorSubrelease, !older(subrelease, ignoreBelow) { return true }
        }
        return host.skippedMinor.map { !older($0, item.version!) } ?? false
    }

    /// Whether the Mac can install `item`: its OS within the item's system versions and (2.9, Intel Macs) no
    /// Apple-silicon requirement.
    func fits(_ item: SparkleItem) -> Bool {
        // An empty bound is no bound (SPUAppcastItemStateResolver checks the length).
        if let minimum = item.minimumSystemVersion, !minimum.isEmpty, older(host.os, minimum) { return false }
        if let maximum = item.maximumSystemVersion, !maximum.isEmpty, older(maximum, host.os) { return false }
        if host.framework == .v2Point9 && host.isIntel && Self.needsAppleSilicon(item) { return false }
        return true
    }

    /// The groups' decisions, made once per distinct set of due items (a phased rollout splits the 7 groups
    /// into a few such sets).
    func decideByGroup() -> [Decision] {
        var byDueSet: [[Bool]: Decision] = [:]
        return (0..<7).map { group in
            let due = items.map { check != .automatic || isDue($0, group: group) }
            if let known = byDueSet[due] { return known }
            let made = decide(group: group)
            byDueSet[due] = made
            return made
        }
    }

    static func needsAppleSilicon(_ item: SparkleItem) -> Bool {
        item.hardwareRequirements.contains("arm64")
            || item.minimumSystemVersion.map { !SparkleVersionComparator.isOlder($0, than: "27.0") } ?? false
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
            if older(current.version!, item.version!) {
                best = item
            } else if host.framework == .v1 && !older(item.version!, current.version!) {
                if let a = item.pubDate, let b = current.pubDate, a < b { continue }
                best = item
            }
        }
        return best
    }

    func decide(group: Int) -> Decision {
        if check == .automatic && !host.automaticChecks {
            return Decision(
                .upToDate, rule: nil,
                reason: "Sparkle's automatic checks are off on this Mac (sparkle_automatic_checks=false)")
        }
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
        if let item = chosen {
            let rule = "item[\(item.index)]"
            let version = item.version!
            let host = host.version
            if isInformational(item) {
                return Decision(
                    .recommended, rule: rule,
                    reason:
                        "Sparkle shows \(rule) (\(version) > \(host)) as an informational update: a link, nothing to install",
                    notices: ["informational"])
            }
            // A major upgrade (below minimumAutoupdateVersion) keeps Skip and Later even when critical (2.x).
            if isCritical(item) && (self.host.framework == .v1 || !isMajorUpgrade(item)) {
                return Decision(
                    .forced, rule: rule,
                    reason:
                        "Sparkle offers \(rule) (\(version) > \(host)) as a critical update: its alert has no Skip or Later"
                )
            }
            let major = isMajorUpgrade(item) ? " (a major upgrade: below its minimumAutoupdateVersion)" : ""
            return Decision(
                .recommended, rule: rule, reason: "Sparkle offers \(rule) (\(version) > \(host))\(major)")
        }
        if let item = best(candidates), isNewer(item) {
            let rule = "item[\(item.index)]"
            return Decision(
                .unsupportedOS, rule: rule,
                reason:
                    "\(rule) (\(item.version!)) is newer than \(host.version) but not for this Mac (macOS \(host.os)\(host.isIntel ? ", Intel" : ""): \(Self.systemRange(item)))"
            )
        }
        return Decision(.upToDate, rule: nil, reason: "no item offered to this Mac is newer than \(host.version)")
    }

    static func systemRange(_ item: SparkleItem) -> String {
        var parts: [String] = []
        if let minimum = item.minimumSystemVersion { parts.append("minimumSystemVersion \(minimum)") }
        if let maximum = item.maximumSystemVersion { parts.append("maximumSystemVersion \(maximum)") }
        if needsAppleSilicon(item) { parts.append("Apple silicon") }
        return parts.isEmpty ? "no system requirement" : parts.joined(separator: ", ")
    }
}

/// The version texts of a feed, split once for every comparison Sparkle makes with them.
struct SparkleVersionTable: Sendable {
    let parts: [String: [SparkleVersionComparator.Part]]

    init(_ items: [SparkleItem]) {
        var parts: [String: [SparkleVersionComparator.Part]] = ["27.0": SparkleVersionComparator.split("27.0")]
        for item in items {
            for text in [
                item.version, item.minimumSystemVersion, item.maximumSystemVersion, item.minimumAutoupdateVersion,
                item.ignoreSkippedUpgradesBelowVersion, item.minimumUpdateVersion, item.criticalBelow,
            ] {
                if let text, parts[text] == nil { parts[text] = SparkleVersionComparator.split(text) }
            }
            if case .forVersions(_, let below) = item.informational {
                for text in below where parts[text] == nil { parts[text] = SparkleVersionComparator.split(text) }
            }
        }
        self.parts = parts
    }
}
