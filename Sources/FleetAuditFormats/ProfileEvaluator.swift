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

    package init() {}

    /// The worker's object of type `T`, made on first use.
    package func kept<T: AnyObject>(_ type: T.Type, _ make: () -> T) -> T {
        if let known = kept[ObjectIdentifier(type)] { return known as! T }
        let made = make()
        kept[ObjectIdentifier(type)] = made
        return made
    }
}
