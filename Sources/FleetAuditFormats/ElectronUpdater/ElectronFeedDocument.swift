/// A loaded electron-updater feed: which devices read it (its file name), and what it decides for each.
struct ElectronFeedDocument: EvaluableConfig {
    let feed: ElectronFeed
    let diagnostics: [Diagnostic]

    /// What a device of the feed's platform may be read for: its arch (Linux files are per arch), its channel,
    /// allowDowngrade, electron-updater version, kernel release and staging id.
    static let deviceAttributes = [
        "arch", "update_channel", "allow_downgrade", "updater_version", "os_release", "staging_id",
    ]

    init(_ document: TextDocument) {
        feed = ElectronFeed(document)
        diagnostics = (feed.rejection.map { [$0] } ?? []) + ElectronFeedDiagnostics.of(feed)
    }

    /// Every attribute it reads has a meaning when absent (the default channel, allowDowngrade off, the newest
    /// electron-updater, the kernel from os_version, a stage not known): an inventory without them is not a mistake.
    var deviceHistory: [String] { Self.deviceAttributes }

    var platforms: [Platform] { [feed.file.platform.inventoryPlatform] }

    var rules: [RuleInfo] {
        let version = feed.version?.text ?? ElectronFeed.shown(nil)
        var rules = [
            RuleInfo(id: "version", summary: "\(feed.file.name): \(version), offered to devices below it (recommended)")
        ]
        if feed.hasMinimum {
            rules.append(
                RuleInfo(
                    id: "minimumSystemVersion",
                    summary:
                        "os.release() below \(ElectronFeed.shown(feed.minimumSystemVersion)): the update is withheld (unsupportedOS)"
                ))
        }
        if case .percentage(let p) = feed.rollout {
            rules.append(
                RuleInfo(
                    id: "stagingPercentage",
                    summary: "staged to \(JSYAMLNumbers.describe(p))%: the other devices are held back (upToDate)",
                    stagesRollout: true))
        }
        return rules
    }

    var needs: ProfileNeeds {
        // The staging id makes every device a profile of its own: read only when a rollout splits the fleet.
        let attributes = Self.deviceAttributes.filter { $0 != "staging_id" || splitsByStage }
        var byPlatform: [Platform: Set<String>] = [:]
        for platform in Self.inventoryPlatforms(feed.file.platform) { byPlatform[platform] = Set(attributes) }
        return ProfileNeeds(attributesByPlatform: byPlatform)
    }

    /// The platform values of the feed's devices that the engine may see (`Platform` normalizes macOS spellings).
    static func inventoryPlatforms(_ platform: ElectronPlatform) -> [Platform] {
        switch platform {
        case .mac: [.macos, Platform("darwin")]
        case .windows: [Platform("windows"), Platform("win32"), Platform("win")]
        case .linux: [Platform("linux")]
        }
    }

    /// Whether the rollout lets some devices in and not others.
    private var splitsByStage: Bool {
        guard case .percentage(let p) = feed.rollout else { return false }
        return p > 0 && p <= 100
    }

    /// The devices that read another file (platform, channel, Linux arch) are not this feed's.
    func evaluate(_ profile: any Device, context: EvaluationContext) -> Decision {
        let file = feed.file
        guard file.platform.includes(profile.platform) else {
            return .notTargeted("\(file.name) is read by electron-updater on \(file.platform.displayName) only")
        }
        let channel = profile.attribute("update_channel")?.trimmedWhitespace ?? ""
        guard (channel.isEmpty ? "latest" : channel) == file.channel else {
            return .notTargeted(
                "the device's channel \(channel) reads \(channel)\(file.name.dropFirst(file.channel.count))")
        }
        if file.platform == .linux {
            let arch = profile.attribute("arch").flatMap(ElectronFeedFile.nodeArch) ?? "x64"
            guard arch == file.arch else {
                return .notTargeted(
                    "an \(arch) Linux device reads \(ElectronFeedFile(channel: file.channel, platform: .linux, arch: arch, fromName: true).name)"
                )
            }
        }
        return ElectronDecision(feed: feed, device: profile).decide()
    }

    /// The staging id tells apart only in and out of the rollout (or unknown).
    func attributeClass(platform: Platform, attribute: String, options: FormatOptions) -> (
        @Sendable (String?) -> String
    )? {
        guard attribute == "stagingid", case .percentage(let p) = feed.rollout else { return nil }
        return { value in
            guard let isIn = ElectronStaging.isIn(id: value?.trimmedWhitespace ?? "", percentage: p) else { return "?" }
            return isIn ? "in" : "out"
        }
    }

    func fleetDiagnostics(_ fleet: any FleetValues) -> [Diagnostic] {
        ElectronFleetDiagnostics(feed: feed, fleet: fleet).all
    }
}
