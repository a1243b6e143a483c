import Foundation

/// Everything a report shows, built once; the JSON, XML and HTML renderers are pure functions of it, which
/// is what keeps their numbers identical.
public struct AuditReport: Sendable {
    package struct Tool: Sendable {
        package let name: String
        package let version: String
        package init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    package struct RuleReport: Sendable {
        package let id: String
        package let summary: String
        /// Merged metadata the client hands the app with this rule, when the format has it.
        package let meta: JSONValue?
        package let counts: OutcomeCounts
        package let byPlatform: [(platform: Platform, counts: OutcomeCounts)]
        package init(
            id: String, summary: String, meta: JSONValue? = nil, counts: OutcomeCounts,
            byPlatform: [(platform: Platform, counts: OutcomeCounts)]
        ) {
            self.id = id
            self.summary = summary
            self.meta = meta
            self.counts = counts
            self.byPlatform = byPlatform
        }
    }

    package struct DiagnosticReport: Sendable {
        package let diagnostic: Diagnostic
        /// Devices that ran into it, for diagnostics raised while evaluating; nil for document-level ones.
        package let devices: Int64?
        package init(diagnostic: Diagnostic, devices: Int64?) {
            self.diagnostic = diagnostic
            self.devices = devices
        }
    }

    package struct VersionCount: Sendable {
        package let version: String
        package let devices: Int64
        package init(version: String, devices: Int64) {
            self.version = version
            self.devices = devices
        }
    }

    package struct TopVersions: Sendable {
        package let outcome: Outcome
        package let appVersions: [VersionCount]
        package let osVersions: [VersionCount]
        package init(outcome: Outcome, appVersions: [VersionCount], osVersions: [VersionCount]) {
            self.outcome = outcome
            self.appVersions = appVersions
            self.osVersions = osVersions
        }
    }

    package struct ConfigReport: Sendable {
        package let id: String
        package let source: String
        package let sha256: String
        package let format: String
        package let platforms: [Platform]
        package let totals: OutcomeCounts
        package let byPlatform: [(platform: Platform, counts: OutcomeCounts)]
        package let rules: [RuleReport]
        package let unattributed: OutcomeCounts
        package let notices: [(notice: NoticeInfo, devices: Int64)]
        package let diagnostics: [DiagnosticReport]
        package let topVersions: [TopVersions]
        /// The devices the config targets: all but its notTargeted (its platforms and packages, the devices its
        /// clients read it on). A share of these says what the config does to its own devices.
        package var targeted: Int64 { totals.total - totals[.notTargeted] }

        package init(
            id: String, source: String, sha256: String, format: String, platforms: [Platform], totals: OutcomeCounts,
            byPlatform: [(platform: Platform, counts: OutcomeCounts)], rules: [RuleReport], unattributed: OutcomeCounts,
            notices: [(notice: NoticeInfo, devices: Int64)], diagnostics: [DiagnosticReport], topVersions: [TopVersions]
        ) {
            self.id = id
            self.source = source
            self.sha256 = sha256
            self.format = format
            self.platforms = platforms
            self.totals = totals
            self.byPlatform = byPlatform
            self.rules = rules
            self.unattributed = unattributed
            self.notices = notices
            self.diagnostics = diagnostics
            self.topVersions = topVersions
        }
    }

    package let tool: Tool
    package let asOf: Date
    package let generatedAt: Date
    package let inventory: InventorySummary
    public let releases: Releases?
    package let options: [(String, String)]
    package let configs: [ConfigReport]
    /// The files the run read: the inventory and each config's source (a CI output must never write to one).
    public var inputPaths: [String] { [inventory.source] + configs.map(\.source) }
    package let failedConfigs: [FailedConfig]
    /// Run-level notes, e.g. that forced updates were assumed installable without `--releases`.
    package var diagnostics: [Diagnostic]
    /// Whether some config's forced updates were assumed installable for want of `--releases` (the terminal's note).
    public var assumesReleasesInstallable: Bool { diagnostics.contains { $0.code == "releases.assumedInstallable" } }
    /// `--fail-on` gates as checked against this report's numbers.
    package var gates: [GateResult] = []
    public var crossedGates: [GateResult] { gates.filter(\.crossed) }
    /// `--fail-on` gates checked on no config: each config they name was not loaded (`--keep-going`).
    public var uncheckedGates: [String] = []
    /// The run's wall time up to its reports, for JUnit and metrics (nil under `SOURCE_DATE_EPOCH`).
    public var runSeconds: Double?
    public static let uncheckedWhy = "every config it names was not loaded"
    /// Why the gate `text` (one of `uncheckedGates`) was checked on nothing: its results' note (a change gate
    /// without a baseline) or, with no result at all, that its configs were not loaded.
    public func uncheckedWhy(_ text: String) -> String {
        let note = gates.first { $0.gate.text == text && !$0.checked }?.note
        return note.map { $0.hasPrefix("not checked: ") ? String($0.dropFirst(13)) : $0 } ?? Self.uncheckedWhy
    }
    /// Set when the run stopped before evaluating: the report then says why, instead of holding numbers.
    public var failure: (message: String, exitCode: Int32)?
    /// `--allow-empty`: a run that evaluates no device or loads no config is not a failure.
    package var allowsEmpty = false
    /// The fleet by app and OS version with cumulative shares (nil for a run that stopped before reading).
    package var coverage: FleetCoverage?
    /// `--history`: the run compared with an earlier one; nil without a history (the reports are then as before).
    package var history: HistoryComparison?

    /// How the run ended, as every report says it and as the process exits: `failed` (the failure, or a run
    /// with nothing evaluated: 65), `gateCrossed` (1), `gateUnchecked` (1: a gate given was checked on nothing, so
    /// the run cannot say it held) or `completed` (0).
    public var status: (state: String, exitCode: Int32, message: String?) {
        if let failure { return ("failed", failure.exitCode, failure.message) }
        if let empty = emptiness, !allowsEmpty { return ("failed", 65, empty) }
        if !crossedGates.isEmpty { return ("gateCrossed", 1, nil) }
        if !uncheckedGates.isEmpty {
            let named = uncheckedGates.map { "\($0) (\(uncheckedWhy($0)))" }.joined(separator: "; ")
            return ("gateUnchecked", 1, "not checked, so not known to hold: \(named)")
        }
        return ("completed", 0, nil)
    }

    /// Why a run that did complete says nothing about the fleet, if it does not.
    package var emptiness: String? {
        if configs.isEmpty {
            return "no config was loaded, so nothing was audited (pass --allow-empty if that is expected)"
        }
        if inventory.devices == 0 {
            return
                "no device was evaluated: \(inventory.rowsRead.groupedDigits) rows read, \(inventory.rowsRejected.groupedDigits) rejected (pass --allow-empty if that is expected)"
        }
        return nil
    }

    /// The report of a run that stopped before evaluating: no numbers, the error, the exit code.
    public static func failed(
        _ failure: String, exitCode: Int32, inventory: String, asOf: Date, generatedAt: Date
    ) -> AuditReport {
        var report = AuditReport(
            tool: Tool(name: "fleet-audit", version: FleetAuditVersion.current), asOf: asOf, generatedAt: generatedAt,
            inventory: InventorySummary(source: inventory, locationKind: "line"), releases: nil, options: [],
            configs: [], diagnostics: [Diagnostic("run.failed", .error, failure)])
        report.failure = (failure, exitCode)
        return report
    }

    package static let topVersionCount = 10

    /// The model as it stands: renderer tests build one by hand.
    package init(
        tool: Tool, asOf: Date, generatedAt: Date, inventory: InventorySummary, releases: Releases?,
        options: [(String, String)], configs: [ConfigReport], failedConfigs: [FailedConfig] = [],
        diagnostics: [Diagnostic] = [], gates: [GateResult] = []
    ) {
        self.tool = tool
        self.asOf = asOf
        self.generatedAt = generatedAt
        self.inventory = inventory
        self.releases = releases
        self.options = options
        self.configs = configs
        self.failedConfigs = failedConfigs
        self.diagnostics = diagnostics
        self.gates = gates
    }
}
