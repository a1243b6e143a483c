/// A small inline SVG trend: one outcome of one config over the history's latest runs and this one, scaled
/// to its own range, with a marker where the config's SHA-256 changed. Points are computed here, so the
/// template only places numbers; no script, no style attribute (the report's Content-Security-Policy).
struct Sparkline {
    struct Marker { let x: String, label: String }

    static let width = 120.0, height = 24.0, inset = 2.0

    let outcome: String
    /// How many runs the line spans (the history's and this one).
    let runs: Int
    /// `x,y x,y …` for the polyline.
    let points: String
    let markers: [Marker]
    let first: String, last: String, low: String, high: String
    /// What a screen reader (and the tooltip) says.
    let label: String

    /// `values` oldest first (the last one is this run); `changedAt` the indices whose config differs from the one before.
    init(outcome: Outcome, values: [Int64], runs: [String], changedAt: [Int]) {
        let low = values.min() ?? 0
        let high = values.max() ?? 0
        let span = Double(max(high - low, 1))
        let step = values.count > 1 ? Self.width / Double(values.count - 1) : 0
        func x(_ i: Int) -> Double { values.count > 1 ? Double(i) * step : Self.width / 2 }
        func y(_ v: Int64) -> Double {
            high == low ? Self.height / 2 : Self.inset + (Self.height - 2 * Self.inset) * (1 - Double(v - low) / span)
        }
        func fmt(_ d: Double) -> String { String((d * 10).rounded() / 10) }
        self.outcome = outcome.rawValue
        self.runs = values.count
        points = values.enumerated().map { "\(fmt(x($0.offset))),\(fmt(y($0.element)))" }.joined(separator: " ")
        markers = changedAt.map { Marker(x: fmt(x($0)), label: "config changed at \(runs[$0])") }
        first = (values.first ?? 0).groupedDigits
        last = (values.last ?? 0).groupedDigits
        self.low = low.groupedDigits
        self.high = high.groupedDigits
        label =
            "\(outcome.rawValue) over \(values.count) runs: from \(first) to \(last) (low \(self.low), high \(self.high))"
            + (changedAt.isEmpty ? "" : "; config changed \(changedAt.count) time\(changedAt.count == 1 ? "" : "s")")
    }

    /// One line per outcome for a config: the history's runs that had it, then this run.
    static func lines(_ c: AuditReport.ConfigReport, history: HistoryComparison, now: String) -> [Sparkline] {
        let earlier = history.trend.compactMap { run in run.config(c.id).map { (Timestamps.iso8601(run.asOf), $0) } }
        guard !earlier.isEmpty else { return [] }
        let labels = earlier.map(\.0) + [now]
        let shas = earlier.map(\.1.sha256) + [c.sha256]
        let changedAt = shas.indices.dropFirst().filter { shas[$0] != shas[$0 - 1] }
        return Outcome.allCases.map { o in
            Sparkline(
                outcome: o, values: earlier.map { $0.1.totals[o] } + [c.totals[o]], runs: labels, changedAt: changedAt)
        }
    }
}

// The templates' names for the sparkline's values (see `MustacheFields`).
extension Sparkline: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "outcome": \.outcome, "runs": \.runs, "points": \.points, "markers": \.markers,
        "first": \.first, "last": \.last, "low": \.low, "high": \.high, "label": \.label,
    ]
}
extension Sparkline.Marker: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = ["x": \.x, "label": \.label]
}
