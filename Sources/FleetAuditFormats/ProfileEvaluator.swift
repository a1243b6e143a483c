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
