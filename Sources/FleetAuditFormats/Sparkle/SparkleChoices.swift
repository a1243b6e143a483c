import Foundation

/// `SparkleDecision.choose(group:)` for the 7 update groups at once, on bit masks: each item's filters are
/// worked out once for the Mac (one comparison each), the order of the feed's versions once for the feed
/// (`SparkleVersionRanks`), and each group's choice is then a few mask operations. With a thousand feeds a Mac
/// is decided a thousand times; the straight path (lists filtered per group, versions compared per pass) cost
/// most of such an audit. `SparkleChoicesTests` holds the two to the same answers.
struct SparkleChoices {
    /// Whether every item fits in the masks (a feed of more than 64 items takes the straight path).
    static func applies(to items: [SparkleItem]) -> Bool { items.count <= 64 }

    private let decision: SparkleDecision
    private let order: SparkleVersionOrder
    private let masks: VersionMasks
    private let fits: UInt64

    /// The items' filters that depend on the Mac's app version and its Sparkle columns (not on its OS).
    struct VersionMasks {
        let forApp: UInt64
        let notSkipped: UInt64
        let major: UInt64
        let newer: UInt64
        /// For each group (0-6), the items due for it.
        let due: SIMD8<UInt64>

        init(_ decision: SparkleDecision) {
            var forApp: UInt64 = 0
            var notSkipped: UInt64 = 0
            var major: UInt64 = 0
            var newer: UInt64 = 0
            var due = SIMD8<UInt64>()
            let automatic = decision.check == .automatic
            for (position, item) in decision.items.enumerated() where decision.isForThisApp(item) {
                let bit: UInt64 = 1 << UInt64(position)
                forApp |= bit
                if !automatic || !decision.isSkipped(item) { notSkipped |= bit }
                if decision.host.framework != .v1 && decision.isMajorUpgrade(item) { major |= bit }
                if decision.isNewer(item) { newer |= bit }
                guard automatic else {
                    for group in 0..<7 { due[group] |= bit }
                    continue
                }
                let critical = decision.isCritical(item)
                for group in 0..<7 where decision.isDue(item, group: group, critical: critical) { due[group] |= bit }
            }
            (self.forApp, self.notSkipped, self.major, self.newer, self.due) = (forApp, notSkipped, major, newer, due)
        }
    }

    /// The items the Mac can install (its OS, its processor), whatever its app version.
    static func fitting(_ decision: SparkleDecision) -> UInt64 {
        var fits: UInt64 = 0
        for (position, item) in decision.items.enumerated() where decision.fits(item) { fits |= 1 << UInt64(position) }
        return fits
    }

    init(_ decision: SparkleDecision, order: SparkleVersionOrder) {
        self.init(decision, order: order, masks: VersionMasks(decision), fits: Self.fitting(decision))
    }

    /// `masks` and `fits` worked out before (an evaluator keeps them for each app version and each OS).
    init(_ decision: SparkleDecision, order: SparkleVersionOrder, masks: VersionMasks, fits: UInt64) {
        (self.decision, self.order, self.masks, self.fits) = (decision, order, masks, fits)
    }

    /// `SparkleDecision.best` on the items of `mask`, with the feed's comparisons made once
    /// (`SparkleVersionOrder`).
    private func best(_ mask: UInt64) -> Int? {
        var best: Int?
        var rest = mask
        while rest != 0 {
            let i = rest.trailingZeroBitCount
            rest &= rest - 1
            guard let current = best else {
                best = i
                continue
            }
            if order.isOlder(current, than: i) {
                best = i
            } else if decision.host.framework == .v1 && !order.isOlder(i, than: current) {
                let items = decision.items
                if let a = items[i].pubDate, let b = items[current].pubDate, a < b { continue }
                best = i
            }
        }
        return best
    }

    private func isNewer(_ i: Int) -> Bool { masks.newer & (1 << UInt64(i)) != 0 }

    func choose(group: Int) -> SparkleDecision.Choice {
        if decision.check == .automatic && !decision.host.automaticChecks { return .checksOff }
        let candidates = masks.forApp & masks.notSkipped & masks.due[group]
        let fitting = candidates & fits
        if decision.host.framework != .v1, let item = best(fitting & ~masks.major), isNewer(item) {
            return .offered(item)
        }
        if let item = best(fitting), isNewer(item) { return .offered(item) }
        if let item = best(candidates), isNewer(item) { return .unsupported(item) }
        return .upToDate
    }

    /// The 7 groups' decisions, one `Decision` made per distinct choice.
    func decideByGroup() -> [Decision] {
        var made: [(choice: SparkleDecision.Choice, decision: Decision)] = []
        return (0..<7).map { group in
            let choice = choose(group: group)
            if let known = made.first(where: { $0.choice == choice }) { return known.decision }
            let decision = decision.decision(choice)
            made.append((choice, decision))
            return decision
        }
    }
}

/// Which of a feed's versions is older than which, by Sparkle's comparator, worked out once per feed (the
/// comparator is applied pair by pair, as Sparkle's driver applies it, not assumed to be a total order).
struct SparkleVersionOrder: Sendable {
    /// `older[i]` has bit j set when item i's version is older than item j's.
    private let older: [UInt64]

    init(_ items: [SparkleItem]) {
        guard SparkleChoices.applies(to: items) else {
            older = []
            return
        }
        older = items.map { a in
            var bits: UInt64 = 0
            for (j, b) in items.enumerated()
            where SparkleVersionComparator.compare(a.split.version, b.split.version) == .orderedAscending {
                bits |= 1 << UInt64(j)
            }
            return bits
        }
    }

    func isOlder(_ i: Int, than j: Int) -> Bool { older[i] & (1 << UInt64(j)) != 0 }
}
