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
    /// Which profile the worker is deciding: the engine moves it on before each profile (`startProfile`), so
    /// what a format keeps about the profile at hand (`SharedDecisions`) is known stale by a number, not by
    /// comparing the profile's fields.
    package private(set) var profileVisit = 0

    package init() {}

    /// The engine starts deciding another profile (every evaluator of the worker sees it before the next).
    package func startProfile() { profileVisit &+= 1 }

    /// The worker's object of type `T`, made on first use.
    package func kept<T: AnyObject>(_ type: T.Type, _ make: () -> T) -> T {
        if let known = kept[ObjectIdentifier(type)] { return known as! T }
        let made = make()
        kept[ObjectIdentifier(type)] = made
        return made
    }
}

/// The decisions that equal parts of different documents give the profile at hand, shared by one worker's
/// evaluators (`WorkerMemory`). A folder holds a config per app, platform and environment, most of them
/// repeating the same sections, and the engine decides a profile for every config before the next: a part
/// equal to one already decided for this profile is looked up instead of evaluated again. `Part` is the
/// format's value of everything a decision reads besides the device and the context (equal parts decide every
/// device alike); an evaluator numbers each of its parts once (`slot`) and finds its decision by that number.
/// Memory: one decision per distinct part, whatever the number of profiles.
package final class SharedDecisions<Part: Hashable> {
    private var slots: [Part: Int] = [:]
    private var visits: [Int] = []
    private var decisions: [Decision?] = []

    package init() {}

    /// The number of `part` (equal parts, one number).
    package func slot(_ part: Part) -> Int {
        if let known = slots[part] { return known }
        slots[part] = visits.count
        visits.append(-1)
        decisions.append(nil)
        return visits.count - 1
    }

    /// The decision of part `slot` for the profile of `visit` (`WorkerMemory.profileVisit`), made once.
    package func decision(slot: Int, visit: Int, _ make: () -> Decision) -> Decision {
        if visits[slot] == visit, let known = decisions[slot] { return known }
        let made = make()
        visits[slot] = visit
        decisions[slot] = made
        return made
    }
}
