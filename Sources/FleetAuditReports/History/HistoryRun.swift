import Foundation

/// One audit as the history keeps it: when, on what, and per config its totals, per rule and per platform
/// counts. Made from the report model, so what is stored is what the reports said.
public struct HistoryRun: Sendable, Equatable {
    /// A rule's or a platform's counts.
    package struct KeyedCounts: Sendable, Equatable {
        package let key: String
        package let counts: OutcomeCounts
    }

    package struct Config: Sendable, Equatable {
        package let id: String
        package let format: String
        package let source: String
        package let sha256: String
        package let totals: OutcomeCounts
        /// Per rule and per platform, only outcomes with devices (a config may have hundreds of thousands of rules).
        package let rules: [KeyedCounts]
        package let platforms: [KeyedCounts]

        package init(
            id: String, format: String, source: String, sha256: String, totals: OutcomeCounts, rules: [KeyedCounts],
            platforms: [KeyedCounts]
        ) {
            self.id = id
            self.format = format
            self.source = source
            self.sha256 = sha256
            self.totals = totals
            self.rules = rules
            self.platforms = platforms
        }
    }

    /// A gate the run crossed, as the reports said it.
    package struct CrossedGate: Sendable, Equatable {
        package let gate: String
        package let config: String
        package let count: Int64

        package init(gate: String, config: String, count: Int64) {
            self.gate = gate
            self.config = config
            self.count = count
        }
    }

    /// How the run ended (`completed`, `gateCrossed`, `failed`), its exit code, why it failed and the gates it
    /// crossed; nil for a run a history from before schema 2 kept.
    package struct Ending: Sendable, Equatable {
        package let state: String
        package let exitCode: Int32
        package let message: String?
        package let crossedGates: [CrossedGate]

        package init(state: String, exitCode: Int32, message: String?, crossedGates: [CrossedGate]) {
            self.state = state
            self.exitCode = exitCode
            self.message = message
            self.crossedGates = crossedGates
        }
    }

    /// The history's row id; nil before the run is appended.
    package var id: Int64?
    package let asOf: Date
    package let generatedAt: Date
    package let toolVersion: String
    package let inventory: String
    package let rowsRead: Int64
    package let rowsEvaluated: Int64
    package let rowsRejected: Int64
    package let devices: Int64
    package let configs: [Config]
    package var ending: Ending?

    /// A run that stopped before evaluating: kept so the history says the night failed, never a baseline.
    package var failed: Bool { ending?.state == "failed" }

    package init(
        id: Int64? = nil, asOf: Date, generatedAt: Date, toolVersion: String, inventory: String, rowsRead: Int64,
        rowsEvaluated: Int64, rowsRejected: Int64, devices: Int64, configs: [Config], ending: Ending? = nil
    ) {
        self.ending = ending
        self.id = id
        self.asOf = asOf
        self.generatedAt = generatedAt
        self.toolVersion = toolVersion
        self.inventory = inventory
        self.rowsRead = rowsRead
        self.rowsEvaluated = rowsEvaluated
        self.rowsRejected = rowsRejected
        self.devices = devices
        self.configs = configs
    }

    /// The run an audit report describes.
    public init(_ report: AuditReport) {
        let inv = report.inventory
        // A failed run's numbers say nothing (a run that evaluated no device has zeros): it is kept without them.
        let failed = report.status.state == "failed"
        self.init(
            asOf: report.asOf, generatedAt: report.generatedAt, toolVersion: report.tool.version, inventory: inv.source,
            rowsRead: inv.rowsRead, rowsEvaluated: inv.rowsEvaluated, rowsRejected: inv.rowsRejected,
            devices: inv.devices,
            configs: (failed ? [] : report.configs).map { c in
                Config(
                    id: c.id, format: c.format, source: c.source, sha256: c.sha256, totals: c.totals,
                    rules: c.rules.filter { $0.counts.total > 0 }.map { KeyedCounts(key: $0.id, counts: $0.counts) },
                    platforms: c.byPlatform.map { KeyedCounts(key: $0.platform.name, counts: $0.counts) })
            },
            ending: Ending(
                state: report.status.state, exitCode: report.status.exitCode, message: report.status.message,
                crossedGates: report.crossedGates.map {
                    CrossedGate(gate: $0.gate.text, config: $0.config, count: $0.devices)
                }))
    }

    package func config(_ id: String) -> Config? { configs.first { $0.id == id } }
}

/// Which earlier run the reports compare with (`--baseline`): the latest run at or before this run's time
/// (`previous`, the default), a run by its id, or the latest run at or before a date.
public enum BaselineSelector: Sendable, Equatable, CustomStringConvertible {
    case previous
    case run(Int64)
    case date(Date)

    public init(parsing text: String) throws(ReportError) {
        if text == "previous" {
            self = .previous
            return
        }
        if text.hasPrefix("run:"), let id = Int64(text.dropFirst(4)), id > 0 {
            self = .run(id)
            return
        }
        if text.hasPrefix("date:") {
            let value = String(text.dropFirst(5))
            if let date = Timestamps.parse(value) {
                self = .date(date)
                return
            }
        }
        throw .option(
            "--baseline \(text): expected previous, run:ID (a run id of `fleet-audit history`) or date:ISO8601, e.g. date:2026-11-01 or date:2026-11-01T02:00:00Z"
        )
    }

    public var description: String {
        switch self {
        case .previous: return "previous"
        case .run(let id): return "run:\(id)"
        case .date(let d): return "date:\(Timestamps.iso8601(d))"
        }
    }
}
