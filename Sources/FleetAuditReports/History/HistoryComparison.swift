import Foundation

/// What the reports say about the history (`--history`): which earlier run they compare with, or why there
/// is none, and for each config its change since that run — told apart into fleet drift (same SHA-256) and
/// a config edit (another SHA-256), or a config new since the baseline.
package struct HistoryComparison: Sendable, Equatable {
    /// The history file, as given.
    package let file: String
    package let selector: BaselineSelector
    /// The baseline run (configs' totals only); nil when the history has none yet (or not that one).
    package let baseline: HistoryRun?
    /// The latest runs up to this run's time, oldest first (`--history-trend`): the HTML's sparklines.
    package let trend: [HistoryRun]

    package init(file: String, selector: BaselineSelector, baseline: HistoryRun?, trend: [HistoryRun] = []) {
        self.file = file
        self.selector = selector
        self.baseline = baseline
        self.trend = trend
    }

    /// Why there is no baseline; nil when there is one.
    package var missingBaseline: String? {
        guard baseline == nil else { return nil }
        switch selector {
        case .previous: return "no earlier run in the history: this run becomes the first baseline"
        case .run(let id): return "the history has no run \(id) (it may have been pruned by --history-keep)"
        case .date(let date): return "the history has no run at or before \(Timestamps.iso8601(date))"
        }
    }

    /// One config's change since the baseline.
    package struct ConfigChange: Sendable, Equatable {
        /// The baseline's totals; nil when the config is new since the baseline (or there is no baseline).
        package let baseline: OutcomeCounts?
        /// Now minus the baseline, per outcome; nil without a baseline for this config.
        package let delta: OutcomeCounts?
        /// The config's SHA-256 differs from the baseline's: the change may be the edit, not the fleet.
        package let configChanged: Bool
        /// The baseline run exists but did not have this config.
        package let isNew: Bool
    }

    package func change(_ config: AuditReport.ConfigReport) -> ConfigChange {
        guard let baseline else { return ConfigChange(baseline: nil, delta: nil, configChanged: false, isNew: false) }
        guard let before = baseline.config(config.id) else {
            return ConfigChange(baseline: nil, delta: nil, configChanged: false, isNew: true)
        }
        var delta = OutcomeCounts()
        for outcome in Outcome.allCases { delta[outcome] = config.totals[outcome] - before.totals[outcome] }
        return ConfigChange(
            baseline: before.totals, delta: delta, configChanged: before.sha256 != config.sha256, isNew: false)
    }

    /// `+1,200`, `-35`, `0`: a change as the reports print it.
    package static func signed(_ n: Int64) -> String {
        n > 0 ? "+" + n.groupedDigits : n < 0 ? "-" + (-n).groupedDigits : "0"
    }

    /// `▲ +1,200`, `▼ -35`, `=`: with the direction's arrow, for the HTML and the terminal.
    package static func arrowed(_ n: Int64) -> String {
        n > 0 ? "▲ " + signed(n) : n < 0 ? "▼ " + signed(n) : "= 0"
    }
}
