import Foundation

/// When a phased rollout reaches its next update groups (`EvaluableConfig.laterDecisionInstants`).
extension AppcastDocument {
    /// Each phased item's group g is due `interval × g` after its pubDate (SUAppcastDriver.m L474-500), on an
    /// automatic check; a user's check ignores the phases.
    static let reachHorizon: TimeInterval = 366 * 86_400

    func laterDecisionInstants(after date: Date, options: FormatOptions) -> [Date] {
        guard rejection == nil, options.sparkleCheck == .automatic else { return [] }
        var instants = Set<Date>()
        for item in sparkleItems {
            guard let interval = item.phasedRolloutInterval, let published = item.pubDate else { continue }
            for group in 0..<7 {
                let due = published.addingTimeInterval(Double(interval) * Double(group))
                // Within a year: an interval of years (or of Int.max seconds, in a hostile feed) reaches no
                // group a plan can show, nor a date a report can write.
                if due > date && due.timeIntervalSince(date) <= Self.reachHorizon { instants.insert(due) }
            }
        }
        return instants.sorted()
    }
}
