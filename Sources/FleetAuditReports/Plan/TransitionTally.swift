/// A plan's count for one pair of documents (published, draft): devices by (published outcome, draft
/// outcome), overall and per platform, and by (published rule → draft rule) for the devices whose outcome or
/// deciding rule changes. Its row sums are the published document's audit totals, its column sums the draft's.
package struct TransitionTally: Sendable {
    /// `cells[from][to]`: devices.
    package var cells: [Outcome: OutcomeCounts] = [:]
    package var byPlatform: [Platform: [Outcome: OutcomeCounts]] = [:]
    /// "published rule → draft rule" (`(no rule)` when none decided) → devices, for devices that moved.
    package var ruleMoves: [RuleMove: Int64] = [:]
    /// Devices whose outcome stayed but whose deciding rule changed.
    package var ruleOnly: Int64 = 0
    /// Devices the published document decides and the draft no longer does because the draft's client rejects
    /// or crashes on it (draft `notTargeted` with an error diagnostic), by published outcome. Not "better": the
    /// devices lose their config.
    package var undecided = OutcomeCounts()
    /// Among devices whose outcome gets worse: devices by "platform app-version" and by "platform OS-version".
    package var worseAppVersions: [String: Int64] = [:]
    package var worseOSVersions: [String: Int64] = [:]

    package struct RuleMove: Hashable, Sendable {
        package let from: Outcome, to: Outcome
        package let fromRule: String?, toRule: String?

        package init(from: Outcome, to: Outcome, fromRule: String?, toRule: String?) {
            self.from = from
            self.to = to
            self.fromRule = fromRule
            self.toRule = toRule
        }
    }

    package init() {}

    package mutating func merge(_ other: TransitionTally) {
        for (from, row) in other.cells { cells[from, default: OutcomeCounts()].add(row) }
        for (platform, matrix) in other.byPlatform {
            for (from, row) in matrix { byPlatform[platform, default: [:]][from, default: OutcomeCounts()].add(row) }
        }
        for (move, n) in other.ruleMoves { ruleMoves[move, default: 0] += n }
        ruleOnly += other.ruleOnly
        undecided.add(other.undecided)
        for (k, n) in other.worseAppVersions { worseAppVersions[k, default: 0] += n }
        for (k, n) in other.worseOSVersions { worseOSVersions[k, default: 0] += n }
    }

    package func count(from: Outcome, to: Outcome) -> Int64 { cells[from]?[to] ?? 0 }

    /// The tally with rules paired by what names them (`RuleInfo.pairedAs`) rather than by id: a device whose
    /// outcome stays and whose rule is the same item moved to another position did not move.
    /// - Parameters: published, draft: each side's rule id → the name it pairs as.
    package func pairingRules(published: [String: String], draft: [String: String]) -> TransitionTally {
        var paired = self
        for (move, devices) in ruleMoves where move.from == move.to {
            let before = move.fromRule.map { published[$0] ?? $0 }
            let after = move.toRule.map { draft[$0] ?? $0 }
            guard before == after else { continue }
            paired.ruleMoves[move] = nil
            paired.ruleOnly -= devices
        }
        return paired
    }
}
