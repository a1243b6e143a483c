import Foundation

/// Everything a report shows, built once; the JSON, XML and HTML renderers are pure functions of it, which
/// is what keeps their numbers identical.
public struct AuditReport: Sendable {
    public struct Tool: Sendable {
        public let name: String
        public let version: String
        public init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    public struct RuleReport: Sendable {
        public let id: String
        public let summary: String
        /// Merged metadata the client hands the app with this rule, when the format has it.
        public let meta: JSONValue?
        public let counts: OutcomeCounts
        public let byPlatform: [(platform: Platform, counts: OutcomeCounts)]
        public init(
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

    public struct DiagnosticReport: Sendable {
        public let diagnostic: Diagnostic
        /// Devices that ran into it, for diagnostics raised while evaluating; nil for document-level ones.
        public let devices: Int64?
        public init(diagnostic: Diagnostic, devices: Int64?) {
            self.diagnostic = diagnostic
            self.devices = devices
        }
    }

    public struct VersionCount: Sendable {
        public let version: String
        public let devices: Int64
        public init(version: String, devices: Int64) {
            self.version = version
            self.devices = devices
        }
    }

    public struct TopVersions: Sendable {
        public let outcome: Outcome
        public let appVersions: [VersionCount]
        public let osVersions: [VersionCount]
        public init(outcome: Outcome, appVersions: [VersionCount], osVersions: [VersionCount]) {
            self.outcome = outcome
            self.appVersions = appVersions
            self.osVersions = osVersions
        }
    }

    public struct ConfigReport: Sendable {
        public let id: String
        public let source: String
        public let sha256: String
        public let format: String
        public let platforms: [Platform]
        public let totals: OutcomeCounts
        public let byPlatform: [(platform: Platform, counts: OutcomeCounts)]
        public let rules: [RuleReport]
        public let unattributed: OutcomeCounts
        public let notices: [(notice: NoticeInfo, devices: Int64)]
        public let diagnostics: [DiagnosticReport]
        public let topVersions: [TopVersions]

        public init(
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

    public let tool: Tool
    public let asOf: Date
    public let generatedAt: Date
    public let inventory: InventorySummary
    public let releases: Releases?
    public let options: [(String, String)]
    public let configs: [ConfigReport]
    public let failedConfigs: [FailedConfig]
    /// Run-level notes, e.g. that forced updates were assumed installable without `--releases`.
    public package(set) var diagnostics: [Diagnostic]
    /// `--fail-on` gates as checked against this report's numbers.
    public var gates: [GateResult] = []
    public var crossedGates: [GateResult] { gates.filter(\.crossed) }
    /// Set when the run stopped before evaluating: the report then says why, instead of holding numbers.
    public var failure: (message: String, exitCode: Int32)?
    /// `--allow-empty`: a run that evaluates no device or loads no config is not a failure.
    public var allowsEmpty = false
    /// The fleet by app and OS version with cumulative shares (nil for a run that stopped before reading).
    public var coverage: FleetCoverage?
    /// `--history`: the run compared with an earlier one; nil without a history (the reports are then as before).
    public var history: HistoryComparison?

    /// How the run ended, as every report says it and as the process exits: `failed` (the failure, or a run
    /// with nothing evaluated: 65), `gateCrossed` (1) or `completed` (0).
    public var status: (state: String, exitCode: Int32, message: String?) {
        if let failure { return ("failed", failure.exitCode, failure.message) }
        if let empty = emptiness, !allowsEmpty { return ("failed", 65, empty) }
        if !crossedGates.isEmpty { return ("gateCrossed", 1, nil) }
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

    public static let topVersionCount = 10

    /// The model as it stands: renderer tests build one by hand.
    public init(
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
