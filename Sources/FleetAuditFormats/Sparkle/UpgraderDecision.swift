/// What upgrader offers one device (appcast.dart L49-108, L289-336; upgrade_store_controller.dart L186-254;
/// upgrader.dart L264-274, L326-438, L553-559 @ fd0c578), mapped onto outcomes as SPEC §5.6 states.
struct UpgraderDecision {
    let items: [UpgraderItem]
    let platform: Platform
    let app: UpgraderVersion
    let os: UpgraderVersion

    init(items: [UpgraderItem], platform: Platform, app: UpgraderVersion, osVersion: String) {
        self.items = items
        self.platform = platform
        self.app = app
        // An OS version that does not parse is 0.0.0 (upgrade_store_controller.dart L186-197).
        self.os = UpgraderVersion(osVersion) ?? UpgraderVersion("0.0.0")!
    }

    /// `hostSupportsItem` (L289-336): its `sparkle:os` (ignoring case), the system versions unless
    /// `ignoringSystem`, and `minimumUpdateVersion`; a bound that does not parse is ignored.
    func supports(_ item: UpgraderItem, ignoringSystem: Bool = false) -> Bool {
        if let os = item.os, !os.isEmpty, os.lowercased() != platform.name { return false }
        if !ignoringSystem {
            if let maximum = item.maximumSystemVersion.flatMap(UpgraderVersion.init), os > maximum { return false }
            if let minimum = item.minimumSystemVersion.flatMap(UpgraderVersion.init), os < minimum { return false }
        }
        if let minimum = item.minimumUpdateVersion.flatMap(UpgraderVersion.init), app < minimum { return false }
        return true
    }

    /// The first item that `include`s, replaced only by a later one whose version parses strictly greater.
    func best(_ include: (UpgraderItem) -> Bool) -> UpgraderItem? {
        var best: UpgraderItem?
        for item in items where include(item) {
            guard let current = best else {
                best = item
                continue
            }
            if let v = item.parsedVersion, let b = current.parsedVersion, v > b { best = item }
        }
        return best
    }

    func decide() -> Decision {
        let appText = "\(app.major).\(app.minor).\(app.patch)"
        if let item = best({ supports($0) }), let version = item.parsedVersion, app < version {
            let rule = "item[\(item.index)]"
            var diagnostics: [Diagnostic] = []
            if item.os?.isEmpty ?? true, platform != .macos {
                diagnostics.append(
                    Diagnostic(
                        "upgrader.noOS", .warning,
                        "\(rule) has no sparkle:os: upgrader offers it on \(platform.name) too", path: rule))
            }
            let critical = best({ supports($0) && $0.isCritical }).flatMap(\.parsedVersion).map { app < $0 } ?? false
            if item.fileURL == nil {
                diagnostics.append(
                    Diagnostic(
                        "upgrader.noUrl", .warning, "\(rule), the item upgrader offers, has no enclosure url",
                        path: rule))
                if critical {
                    return Decision(
                        .blocked, rule: rule,
                        reason:
                            "upgrader shows \(rule) (\(item.version)) as a critical update whose Update button opens nothing (no enclosure url)",
                        diagnostics: diagnostics)
                }
            }
            if critical {
                return Decision(
                    .forced, rule: rule,
                    reason: "upgrader shows \(rule) (\(item.version) > \(appText)) as critical: no Ignore or Later",
                    diagnostics: diagnostics)
            }
            return Decision(
                .recommended, rule: rule, reason: "upgrader offers \(rule) (\(item.version) > \(appText))",
                diagnostics: diagnostics)
        }
        if let item = best({ supports($0, ignoringSystem: true) }), let version = item.parsedVersion, app < version {
            let rule = "item[\(item.index)]"
            return Decision(
                .unsupportedOS, rule: rule,
                reason:
                    "\(rule) (\(item.version)) is newer than \(appText) but not for OS \(os.major).\(os.minor).\(os.patch)"
            )
        }
        return Decision(.upToDate, rule: nil, reason: "upgrader finds no supported item newer than \(appText)")
    }
}
