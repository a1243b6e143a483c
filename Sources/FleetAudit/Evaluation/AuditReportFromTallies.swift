import FleetAuditEngine
import FleetAuditReports
import Foundation

/// An audit's report made from what the engine counted: each config's tally into its report, and the run's own
/// diagnostics.
extension AuditReport {
    /// The model of a run: each config's tally made into its report, and the run's own diagnostics.
    package init(
        asOf: Date, generatedAt: Date, inventory: InventorySummary, releases: Releases?,
        options: [(String, String)], configs: [LoadedConfig], tallies: [ConfigTally],
        fleetDiagnostics: [[Diagnostic]] = [], failedConfigs: [FailedConfig] = []
    ) {
        var run: [Diagnostic] = []
        if releases == nil, let note = Self.assumedInstallable(configs) { run.append(note) }
        run += releases?.diagnostics ?? []
        for failed in failedConfigs {
            run.append(failed.diagnostic)
        }
        self.init(
            tool: Tool(name: "fleet-audit", version: FleetAuditVersion.current), asOf: asOf, generatedAt: generatedAt,
            inventory: inventory, releases: releases, options: options,
            configs: configs.indices.map {
                Self.configReport(
                    configs[$0], tallies[$0], fleet: $0 < fleetDiagnostics.count ? fleetDiagnostics[$0] : [])
            }, failedConfigs: failedConfigs,
            diagnostics: run)
    }

    /// `releases.assumedInstallable`, said of the configs whose clients' forced updates depend on the stores (an
    /// appcast lists its own releases); nil when no config of the run does.
    static func assumedInstallable(_ configs: [LoadedConfig]) -> Diagnostic? {
        let reading = configs.filter { FormatRegistry.readsReleases($0.format) }
        guard !reading.isEmpty else { return nil }
        let which =
            reading.count == configs.count
            ? "every required version" : "every required version of the \(reading.count) configs that are not appcasts"
        return Diagnostic(
            "releases.assumedInstallable", .info,
            "no --releases file: \(which) is assumed installable, so no device counts as blocked for want of a release")
    }

    private static func sortedPlatforms(_ map: [Platform: OutcomeCounts]) -> [(
        platform: Platform, counts: OutcomeCounts
    )] {
        map.keys.sorted().map { ($0, map[$0]!) }
    }

    private static func top(_ map: [String: Int64]?) -> [VersionCount] {
        (map ?? [:]).sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(topVersionCount).map { VersionCount(version: $0.key, devices: $0.value) }
    }

    /// - Parameter fleet: what the document does to the fleet as a whole (`EvaluableConfig.fleetDiagnostics`),
    ///   listed after the document's own diagnostics.
    private static func configReport(_ loaded: LoadedConfig, _ tally: ConfigTally, fleet: [Diagnostic]) -> ConfigReport
    {
        let config = loaded.config
        // Lookups by id go through dictionaries: a config may have hundreds of thousands of rules.
        var infoByID: [String: RuleInfo] = [:]
        for info in config.rules where infoByID[info.id] == nil { infoByID[info.id] = info }
        var ruleIDs = config.rules.map(\.id)
        let tallies = tally.rules
        ruleIDs += tallies.keys.filter { infoByID[$0] == nil }.sorted()
        let rules = ruleIDs.map { id -> RuleReport in
            let ruleTally = tallies[id] ?? ConfigTally.RuleTally()
            let info = infoByID[id]
            return RuleReport(
                id: id, summary: info?.summary ?? id, meta: info?.meta,
                counts: ruleTally.counts, byPlatform: sortedPlatforms(ruleTally.byPlatform))
        }
        var noticeInfos = config.notices
        let noticeIDs = Set(noticeInfos.map(\.id))
        noticeInfos += tally.notices.keys.filter { !noticeIDs.contains($0) }.sorted()
            .map { NoticeInfo(id: $0, kind: "notice") }
        let notices = noticeInfos.map { ($0, tally.notices[$0.id] ?? 0) }
        // A document diagnostic that also decided devices is listed once: where the document has it (its
        // path), with the devices it decided.
        var devicesByText: [String: Int64] = [:]
        for (d, n) in tally.diagnosticDevices { devicesByText["\(d.code) \(d.message)", default: 0] += n }
        var diagnostics = loaded.locatedDiagnostics.map { d in
            DiagnosticReport(diagnostic: d, devices: devicesByText.removeValue(forKey: "\(d.code) \(d.message)"))
        }
        diagnostics += loaded.locate(fleet).map { DiagnosticReport(diagnostic: $0, devices: $0.devices) }
        let raised = tally.diagnosticDevices.keys
            .filter { devicesByText["\($0.code) \($0.message)"] != nil }
            .sorted { a, b in
                a.severity != b.severity ? a.severity < b.severity : (a.code, a.message) < (b.code, b.message)
            }
        diagnostics += zip(raised, loaded.locate(raised)).map {
            DiagnosticReport(diagnostic: $1, devices: tally.diagnosticDevices[$0])
        }
        // Each of these writes every locked version as text: made once per config, not once per outcome.
        let (appVersions, osVersions) = (tally.appVersions, tally.osVersions)
        let topVersions = Outcome.locking.map {
            TopVersions(outcome: $0, appVersions: top(appVersions[$0]), osVersions: top(osVersions[$0]))
        }
        return ConfigReport(
            id: loaded.id, source: loaded.source, sha256: loaded.sha256, format: loaded.format,
            platforms: config.platforms, totals: tally.totals, byPlatform: sortedPlatforms(tally.byPlatform),
            rules: rules, unattributed: tally.unattributed, notices: notices, diagnostics: diagnostics,
            topVersions: topVersions)
    }
}
