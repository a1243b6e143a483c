/// One worker's evaluator of one config, called by `EvaluationCore` for each profile of a table in turn.
///
/// A format may keep, between those profiles, what depends only on a few of their interned values: on a
/// fleet whose devices do not repeat, hundreds of thousands of profiles share a few hundred app and OS
/// versions, and parsing each version text or checking each requirement once per profile was most of the
/// evaluation. The default (`EvaluableConfig.evaluator(context:)`) keeps nothing. An evaluator must decide
/// exactly as `EvaluableConfig.evaluate` does; `HighCardinalityAuditTests` holds the audit to that.
package protocol ProfileEvaluator: AnyObject {
    func evaluate(_ profile: any Device) -> Decision
}

/// The evaluator of a format that keeps nothing between profiles.
final class StatelessEvaluator: ProfileEvaluator {
    private let config: any EvaluableConfig
    private let context: EvaluationContext

    init(_ config: any EvaluableConfig, context: EvaluationContext) {
        self.config = config
        self.context = context
    }

    func evaluate(_ profile: any Device) -> Decision { config.evaluate(profile, context: context) }
}

/// What the evaluators of one worker share (`EvaluationContext.worker`): the engine decides a profile for
/// every config before it moves to the next, so what a format works out about the profile itself — not about
/// one config — can be worked out once for all of them (a thousand appcasts read the same Mac a thousand
/// times). A format keeps one object here per type; the engine makes one memory per worker and never shares
/// it between threads.
package final class WorkerMemory: @unchecked Sendable {
    private var kept: [ObjectIdentifier: AnyObject] = [:]
    /// Which profile the worker is deciding: its index in the engine's table, set before each profile
    /// (`startProfile`), so what a format keeps about a profile (`SharedDecisions`) is found, or known stale, by
    /// a number, not by comparing the profile's fields. -1 before the first.
    package private(set) var profileVisit = -1
    /// How many profiles of consecutive indexes the engine decides as one block (`EngineTuning.profilesPerBlock`),
    /// a power of two: it decides a block for every config in several passes, a few configs at a time, and
    /// what is shared about a profile is kept for the whole block, so that every pass finds it.
    package let profilesPerBlock: Int

    package init(profilesPerBlock: Int = 1) {
        precondition(profilesPerBlock > 0 && profilesPerBlock & (profilesPerBlock - 1) == 0, "a power of two")
        self.profilesPerBlock = profilesPerBlock
    }

    /// The engine starts deciding the profile at `index` of its table (every evaluator of the worker sees it
    /// before the next); a block's profiles are started once per pass.
    package func startProfile(_ index: Int) { profileVisit = index }

    /// The worker's object of type `T`, made on first use.
    package func kept<T: AnyObject>(_ type: T.Type, _ make: () -> T) -> T {
        if let known = kept[ObjectIdentifier(type)] { return known as! T }
        let made = make()
        kept[ObjectIdentifier(type)] = made
        return made
    }
}

/// The decisions that equal parts of different documents give the profiles at hand, shared by one worker's
/// evaluators (`WorkerMemory`). A folder holds a config per app, platform and environment, most of them
/// repeating the same sections, and the engine decides a block of profiles for every config before the next
/// block: a part equal to one already decided for a profile of the block is looked up instead of evaluated
/// again, in whichever pass over the block. `Part` is the format's value of everything a decision reads
/// besides the device and the context (equal parts decide every device alike); an evaluator numbers each of
/// its parts once (`slot`) and finds its decisions by that number.
/// Memory: one decision per part that several evaluators share and profile of a block, whatever the number of
/// profiles.
package final class SharedDecisions<Part: Hashable> {
    private var slots: [Part: Int] = [:]
    /// Evaluators that asked for each slot's number: a part of one document alone is decided once per profile
    /// anyway, and keeps nothing.
    private var users: [Int] = []
    /// Where each shared slot's decisions start in `visits` and `decisions` (-1: none kept yet). A slot keeps
    /// `window` profiles (`WorkerMemory.profilesPerBlock`, a power of two): profile `p` at `start` plus the low
    /// bits of `p`, with the profile's index, so a later block's profile replaces it.
    private var starts: [Int] = []
    private let window: Int
    private var visits: [Int] = []
    private var decisions: [Decision?] = []

    /// - Parameter worker: the memory of the worker whose evaluators share these decisions.
    package init(_ worker: WorkerMemory) { window = worker.profilesPerBlock }

    /// The number of `part` (equal parts, one number), for one more evaluator.
    package func slot(_ part: Part) -> Int {
        if let known = slots[part] {
            users[known] += 1
            return known
        }
        slots[part] = users.count
        users.append(1)
        starts.append(-1)
        return users.count - 1
    }

    /// The decision of part `slot` for the profile of `visit` (`WorkerMemory.profileVisit`), made once.
    package func decision(slot: Int, visit: Int, _ make: () -> Decision) -> Decision {
        guard users[slot] > 1 else { return make() }
        var start = starts[slot]
        if start < 0 {
            start = visits.count
            starts[slot] = start
            visits.append(contentsOf: repeatElement(Int.min, count: window))
            decisions.append(contentsOf: repeatElement(nil, count: window))
        }
        let i = start &+ (visit & (window &- 1))
        if visits[i] == visit, let known = decisions[i] { return known }
        let made = make()
        visits[i] = visit
        decisions[i] = made
        return made
    }
}
