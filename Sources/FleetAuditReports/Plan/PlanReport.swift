import Foundation

/// The plan's model: per pair of documents, the transition matrix and what it means. Renderers read only this.
public struct PlanReport: Sendable {
    package enum Status: String, Sendable {
        case changed, unchanged, added, removed
    }

    package struct Side: Sendable {
        package let source: String, sha256: String, format: String
        /// The document's own diagnostics.
        package let diagnostics: [Diagnostic]
    }

    /// A rule whose summary differs between the two documents (nil on the side that lacks it).
    package struct RuleChange: Sendable {
        package let id: String
        package let published: String?, draft: String?
    }

    /// A config `--keep-going` could not load; its pair is not planned.
    public struct FailedSide: Sendable {
        public let side: String
        public let config: FailedConfig

        package init(side: String, config: FailedConfig) {
            self.side = side
            self.config = config
        }
    }

    /// Both sides' outcomes at one later instant (`Pair.reach`).
    package struct ReachPoint: Sendable {
        package let at: Date
        package let published: OutcomeCounts
        package let draft: OutcomeCounts

        package init(at: Date, published: OutcomeCounts, draft: OutcomeCounts) {
            (self.at, self.published, self.draft) = (at, published, draft)
        }
    }

    package struct Pair: Sendable {
        package let id: String
        package let published: Side?
        package let draft: Side?
        package let status: Status
        package let tally: TransitionTally
        /// Devices whose outcome gets worse, better, or keeps its outcome under another rule.
        package let worse: Int64, better: Int64, ruleOnly: Int64
        /// Of the devices that move from upToDate to recommended, those a staged rollout held back on the
        /// published side (`RuleInfo.stagesRollout`): let in by the draft's rollout, counted in `worse` by the
        /// outcome order all the same.
        package let letInByRollout: Int64
        /// Devices the draft no longer decides: its client rejects it or crashes (`TransitionTally.undecided`).
        /// They are not counted as better.
        package let undecided: Int64

        /// Diagnostics of the draft the published document does not raise (by code and message).
        package let newDiagnostics: [Diagnostic]
        package let ruleChanges: [RuleChange]
        /// Each side's outcomes at the later instants where a side's decisions change with time alone (a phased
        /// rollout reaching its next update group), earliest first; empty for documents that do not change so.
        package var reach: [ReachPoint] = []

        package init(id: String, published: LoadedConfig?, draft: LoadedConfig?, tally: TransitionTally) {
            self.id = id
            self.published = published.map {
                Side(source: $0.source, sha256: $0.sha256, format: $0.format, diagnostics: $0.locatedDiagnostics)
            }
            self.draft = draft.map {
                Side(source: $0.source, sha256: $0.sha256, format: $0.format, diagnostics: $0.locatedDiagnostics)
            }
            let known = Set((published?.diagnostics ?? []).map { "\($0.code) \($0.message)" })
            newDiagnostics = (draft?.locatedDiagnostics ?? []).filter { !known.contains("\($0.code) \($0.message)") }
            // Rules pair by what names them (an appcast item by its version), not by position.
            let publishedRules = published?.config.rules ?? []
            let draftRules = draft?.config.rules ?? []
            ruleChanges = Self.ruleChanges(publishedRules, draftRules)
            let tally = tally.pairingRules(
                published: Self.pairingNames(publishedRules), draft: Self.pairingNames(draftRules))
            let rollouts = Set(publishedRules.filter(\.stagesRollout).map(\.id))
            letInByRollout = tally.ruleMoves.filter { move, _ in
                move.from == .upToDate && move.to == .recommended && move.fromRule.map(rollouts.contains) == true
            }.values.reduce(0, +)
            self.tally = tally
            var worse: Int64 = 0
            var better: Int64 = 0
            for (from, row) in tally.cells {
                for to in Outcome.allCases where row[to] > 0 && from != to {
                    if to.severityRank > from.severityRank {
                        worse += row[to]
                    } else if to.severityRank < from.severityRank {
                        better += row[to]
                    }
                }
            }
            // A device that loses its config is not better off, whatever outcome it had.
            let undecidedBetter = Outcome.allCases.filter { $0.severityRank > Outcome.notTargeted.severityRank }.map {
                tally.undecided[$0]
            }.reduce(0, +)
            self.worse = worse
            self.better = better - undecidedBetter
            undecided = tally.undecided.total
            ruleOnly = tally.ruleOnly
            if published == nil {
                status = .added
            } else if draft == nil {
                status = .removed
            } else {
                status = tally.ruleMoves.isEmpty ? .unchanged : .changed
            }
        }

        private static func pairingNames(_ rules: [RuleInfo]) -> [String: String] {
            Dictionary(rules.map { ($0.id, $0.pairedAs) }, uniquingKeysWith: { a, _ in a })
        }

        /// The rules whose summary differs between the sides, paired by `RuleInfo.pairedAs`: published order, then
        /// the draft's new ones. A rule whose id alone changed (an item moved down by one inserted above it) is
        /// not a change.
        private static func ruleChanges(_ published: [RuleInfo], _ draft: [RuleInfo]) -> [RuleChange] {
            let before = Dictionary(published.map { ($0.pairedAs, $0) }, uniquingKeysWith: { a, _ in a })
            let after = Dictionary(draft.map { ($0.pairedAs, $0) }, uniquingKeysWith: { a, _ in a })
            var order = published.map(\.pairedAs)
            order += draft.map(\.pairedAs).filter { before[$0] == nil }
            return order.filter { before[$0]?.summary != after[$0]?.summary }.map { name in
                let (a, b) = (before[name], after[name])
                let id = a.map { a in b.map { $0.id == a.id ? a.id : "\(a.id) → \($0.id)" } ?? a.id } ?? b?.id ?? name
                return RuleChange(id: id, published: a?.summary, draft: b?.summary)
            }
        }

        /// The draft's new diagnostics of error severity: a client rejects or crashes on the draft.
        package var newErrors: [Diagnostic] { newDiagnostics.filter { $0.severity == .error } }

        /// The off-diagonal cells, most devices first.
        package var moves: [(from: Outcome, to: Outcome, devices: Int64)] {
            var out: [(from: Outcome, to: Outcome, devices: Int64)] = []
            for from in Outcome.allCases {
                for to in Outcome.allCases where from != to && tally.count(from: from, to: to) > 0 {
                    out.append((from, to, tally.count(from: from, to: to)))
                }
            }
            return out.sorted {
                $0.devices != $1.devices
                    ? $0.devices > $1.devices : ($0.from.index, $0.to.index) < ($1.from.index, $1.to.index)
            }
        }

        /// Devices that end `blocked` from another outcome.
        package var newlyBlocked: Int64 { moves.filter { $0.to == .blocked }.map(\.devices).reduce(0, +) }

        /// `availability-ios.json: 1,200 upToDate→forced, 310 recommended→forced; 0 newly blocked`.
        package var summary: String {
            let moves = self.moves
            if moves.isEmpty {
                return "\(id): "
                    + (ruleOnly > 0
                        ? "no outcome changes; \(ruleOnly.groupedDigits) devices decided by another rule"
                        : "no changes")
            }
            let rollout = letInByRollout
            return "\(id): "
                + moves.map { move in
                    let letIn =
                        move.from == .upToDate && move.to == .recommended && rollout > 0
                        ? " (\(rollout.groupedDigits) of them let in by the staged rollout)" : ""
                    return "\(move.devices.groupedDigits) \(move.from.rawValue)→\(move.to.rawValue)\(letIn)"
                }.joined(separator: ", ")
                + "; \(newlyBlocked.groupedDigits) newly blocked"
        }
    }

    package let asOf: Date
    package let generatedAt: Date
    package let inventory: InventorySummary
    package let releases: Releases?

    package init(
        asOf: Date, generatedAt: Date, inventory: InventorySummary, releases: Releases?, pairs: [Pair],
        failed: [FailedSide] = []
    ) {
        self.failed = failed
        self.asOf = asOf
        self.generatedAt = generatedAt
        self.inventory = inventory
        self.releases = releases
        self.pairs = pairs
    }
    package let pairs: [Pair]
    /// Configs that could not be loaded (`--keep-going`): their pairs are missing from `pairs`.
    public let failed: [FailedSide]
    /// `--fail-on` gates as checked against these numbers.
    package var gates: [PlanGateResult] = []
    public var crossedGates: [PlanGateResult] { gates.filter(\.crossed) }
    /// `--fail-on` gates checked on no pair: each pair they name was not planned (`--keep-going`).
    public var uncheckedGates: [String] = []
    /// The run's wall time up to its reports, for JUnit (nil under `SOURCE_DATE_EPOCH`).
    public var runSeconds: Double?
    public static let uncheckedWhy = "every pair it names was not planned"

    /// Per outcome, devices before (published) and after (draft), over every pair.
    package var before: OutcomeCounts {
        var c = OutcomeCounts()
        for p in pairs { for (from, row) in p.tally.cells { c[from] += row.total } }
        return c
    }

    package var after: OutcomeCounts {
        var c = OutcomeCounts()
        for p in pairs { for row in p.tally.cells.values { c.add(row) } }
        return c
    }

    public var changedDevices: Bool { pairs.contains { !$0.moves.isEmpty } }

    /// Over every pair: devices that get worse, better, or keep their outcome under another rule.
    package var worse: Int64 { pairs.map(\.worse).reduce(0, +) }
    package var better: Int64 { pairs.map(\.better).reduce(0, +) }
    package var ruleOnly: Int64 { pairs.map(\.ruleOnly).reduce(0, +) }
    package var undecided: Int64 { pairs.map(\.undecided).reduce(0, +) }
    /// Error diagnostics the drafts add, over every pair: `plan` fails on them unless told otherwise.
    public var newErrorCount: Int { pairs.map(\.newErrors.count).reduce(0, +) }

    /// How the plan ends, as its reports say and the process exits; set by `settle` before they are written.
    public private(set) var status: (state: String, exitCode: Int32)?
    /// Set when the plan stopped before evaluating (a broken draft, a missing inventory, a URL down): its reports
    /// then say why instead of holding numbers, so CI has a `plan.json` and a JUnit file to show.
    public private(set) var failure: (message: String, exitCode: Int32)?

    /// The report of a plan that stopped before evaluating.
    public static func failed(
        _ message: String, exitCode: Int32, inventory: String, asOf: Date, generatedAt: Date
    ) -> PlanReport {
        var report = PlanReport(
            asOf: asOf, generatedAt: generatedAt, inventory: InventorySummary(source: inventory, locationKind: "line"),
            releases: nil, pairs: [], failed: [])
        report.failure = (message, exitCode)
        report.status = ("failed", exitCode)
        return report
    }

    /// Decides the exit: 65 `failed` when a config could not be loaded (a pair is missing), 1 `gateCrossed` for a
    /// crossed gate or an error the drafts add (unless `allowNewErrors`), with `detailedExitCode` 2 `changes`
    /// when devices change outcome, else 0 `completed`.
    @discardableResult
    public mutating func settle(allowNewErrors: Bool, detailedExitCode: Bool) -> Int32 {
        if let failure { return failure.exitCode }
        let settled: (String, Int32) =
            !failed.isEmpty
            ? ("failed", 65)
            : (newErrorCount > 0 && !allowNewErrors) || !crossedGates.isEmpty
                ? ("gateCrossed", 1) : detailedExitCode && changedDevices ? ("changes", 2) : ("completed", 0)
        status = settled
        return settled.1
    }
}
