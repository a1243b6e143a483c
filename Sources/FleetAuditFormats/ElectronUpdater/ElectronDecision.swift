/// One device's check against a feed, as `AppUpdater.isUpdateAvailable` runs it: an equal version is no update;
/// the OS check (6.3.0 and later) and the staged rollout withhold it; a newer version is one, an older one only with
/// `allowDowngrade`.
struct ElectronDecision {
    let feed: ElectronFeed
    let device: any Device

    /// The electron-updater version the app bundles (`updater_version`); without it, the newest stable line.
    struct UpdaterVersion: Comparable {
        let parts: (Int, Int, Int)
        let assumed: Bool
        static let newest = UpdaterVersion(parts: (6, 8, 9), assumed: true)

        init(parts: (Int, Int, Int), assumed: Bool = false) {
            self.parts = parts
            self.assumed = assumed
        }

        /// `6.3.9`, `^6.3.9`, `v4.2.0`: the first three numbers.
        init?(_ text: String?) {
            guard let text else { return nil }
            let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            guard let major = numbers.first else { return nil }
            self.init(parts: (major, numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0))
        }

        static func < (a: UpdaterVersion, b: UpdaterVersion) -> Bool { a.parts < b.parts }
        static func == (a: UpdaterVersion, b: UpdaterVersion) -> Bool { a.parts == b.parts }
        /// The OS check exists from 6.3.0 (`checkIfUpdateSupported`, commit 3d4cc7ae0).
        var checksMinimumSystemVersion: Bool { parts >= (6, 3, 0) }
    }

    func decide() -> Decision {
        guard let latest = feed.version else {
            return .notTargeted(
                "electron-updater cannot read \(feed.file.name): \(feed.rejection?.message ?? "")",
                diagnostics: feed.rejection.map { [$0] } ?? [])
        }
        let appVersion = device.appVersion
        guard let current = NodeSemver(appVersion) else {
            return .notTargeted(
                "app version \"\(appVersion)\" is not a semver version: electron-updater's constructor throws, so the app has no updater",
                diagnostics: [ElectronDiagnostics.appVersionNotSemver])
        }
        if NodeSemver.eq(latest, current) {
            return Decision(.upToDate, rule: nil, reason: "already on \(latest.text), the feed's version")
        }
        let updater = UpdaterVersion(device.attribute("updater_version")) ?? .newest
        let (downgrade, downgradeAssumed) = allowsDowngrade()
        guard offers(latest, over: current, updater: updater, allowDowngrade: downgrade) else {
            return Decision(
                .upToDate, rule: nil,
                reason: "installed \(current.text) is newer than the feed's \(latest.text) and allowDowngrade is off")
        }
        var notes: [Diagnostic] = []
        if latest < current {
            notes.append(ElectronDiagnostics.downgrade(assumed: downgradeAssumed))
        }
        if feed.hasMinimum {
            if !updater.checksMinimumSystemVersion {
                notes.append(ElectronDiagnostics.minimumIgnored)
            } else if let withheld = systemCheck(&notes) {
                return withheld
            }
        }
        return staged(latest, notes: notes, passed: passedCheck(updater))
    }

    /// What the OS check let through, for the reason (`explain`): the kernel release and the minimum.
    private func passedCheck(_ updater: UpdaterVersion) -> String {
        guard feed.hasMinimum, updater.checksMinimumSystemVersion else { return "" }
        guard let minimum = feed.minimum else {
            return
                "; minimumSystemVersion \(ElectronFeed.shown(feed.minimumSystemVersion)) is no version, so the OS check passes"
        }
        guard let (release, derived) = KernelRelease.of(device, platform: feed.file.platform) else { return "" }
        return
            "; os.release() \(release)\(derived ? " (from os_version)" : "") is not below minimumSystemVersion \(minimum.text)"
    }

    /// `allowDowngrade`: the `allow_downgrade` column, else on when the app sets its channel (the `channel` setter
    /// turns it on; `update_channel` says the app sets one), off by default.
    private func allowsDowngrade() -> (Bool, assumed: Bool) {
        if let written = device.attribute("allow_downgrade")?.trimmedWhitespace.lowercased(), !written.isEmpty {
            return (["true", "1", "yes", "on"].contains(written), false)
        }
        let channel = device.attribute("update_channel")?.trimmedWhitespace ?? ""
        return (!channel.isEmpty, !channel.isEmpty)
    }

    /// Whether the version is an update, by the updater's rule (versions not equal): 4.2.0 and later `gt ||
    /// (allowDowngrade && lt)`; 3.0.1 to 4.1 also when either side is a pre-release (its `!==` compares arrays);
    /// before, with allowDowngrade any change unless the feed's version is a pre-release.
    private func offers(_ latest: NodeSemver, over current: NodeSemver, updater: UpdaterVersion, allowDowngrade: Bool)
        -> Bool
    {
        let newer = latest > current
        if updater.parts >= (4, 2, 0) { return newer || allowDowngrade }
        if updater.parts >= (3, 0, 1) {
            return newer || (allowDowngrade && (current.hasPrerelease || latest.hasPrerelease))
        }
        return allowDowngrade && !latest.hasPrerelease ? true : newer
    }

    /// The OS check: unsupportedOS when `semver.lt(os.release(), minimumSystemVersion)`; nil when it passes (or
    /// throws, which passes too).
    private func systemCheck(_ notes: inout [Diagnostic]) -> Decision? {
        guard let minimum = feed.minimum else { return nil }
        guard let (release, _) = KernelRelease.of(device, platform: feed.file.platform) else {
            notes.append(ElectronDiagnostics.kernelUnknown)
            return nil
        }
        guard let kernel = NodeSemver(release), kernel < minimum else { return nil }
        return Decision(
            .unsupportedOS, rule: "minimumSystemVersion",
            reason: "os.release() \(release) is below minimumSystemVersion \(minimum.text): the update is withheld",
            diagnostics: notes)
    }

    /// The staged rollout: exact with a staging id, else the expected share of the profile's devices.
    private func staged(_ latest: NodeSemver, notes: [Diagnostic], passed: String) -> Decision {
        let offered = Decision(
            .recommended, rule: "version", reason: "\(feed.file.name) offers \(latest.text)\(passed)",
            diagnostics: notes)
        guard case .percentage(let p) = feed.rollout else { return offered }
        let heldBack = Decision(
            .upToDate, rule: "stagingPercentage",
            reason: "staged out: the rollout of \(latest.text) is at \(JSYAMLNumbers.describe(p))%", diagnostics: notes)
        // Nobody or everybody: no id decides (and none is read: the document does not declare it then).
        guard p > 0 else { return heldBack }
        guard p <= 100 else { return offered }
        let id = device.attribute("staging_id")?.trimmedWhitespace ?? ""
        if let isIn = ElectronStaging.isIn(id: id, percentage: p) { return isIn ? offered : heldBack }
        // No id the client would keep: it makes a random one, so each device is in with probability p.
        guard p < 100 else { return offered }
        let unknown = notes + [ElectronDiagnostics.stageUnknown]
        let chance =
            "no valid staging_id, so this device is in the \(JSYAMLNumbers.describe(p))% rollout with probability \(JSYAMLNumbers.describe(p))%; the counts take the expected share of such devices"
        let inShare = Decision(
            .recommended, rule: "version", reason: "\(offered.reason) (\(chance))", diagnostics: unknown)
        let outShare = Decision(
            .upToDate, rule: "stagingPercentage", reason: "staged out or not: \(chance)", diagnostics: unknown)
        // The profile's devices fall into 100 shares; the rollout's are p of them, from a start that depends on the
        // profile. A fixed start would count ⌊N·p/100⌋ of each profile, 0 of every small one: with the start spread
        // over profiles, each device is in with probability p/100, so the fleet's count is the expected one.
        let start = Self.shareStart(device)
        return .spread((0..<100).map { Double(($0 + start) % 100) < p ? inShare : outShare })
    }

    /// A start in 0..<100 from the profile's values (FNV-1a): the same profile always starts at the same share.
    static func shareStart(_ device: any Device) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let fields =
            [device.platform.name, device.osVersion, device.appVersion]
            + ElectronFeedDocument.deviceAttributes.filter { $0 != "staging_id" }.map { device.attribute($0) ?? "" }
        for field in fields {
            for byte in field.utf8 + [0] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return Int(hash % 100)
    }
}
