/// One config's verdict for one profile: the outcome, the rule that decided it (nil when none did), a
/// sentence for `explain`, the notices shown and the diagnostics this device runs into.
///
/// The sentence is built only when read: an audit evaluates every distinct profile against every config
/// and never reads it, and formatting it for each was most of the evaluation time. So a decision is not
/// `Equatable` (equality would have to build the sentence); compare its fields.
package struct Decision: Sendable {
    package var outcome: Outcome
    package var rule: String?
    private let makeReason: @Sendable () -> String
    package var notices: [String]
    package var diagnostics: [Diagnostic]

    package var reason: String { makeReason() }

    package init(
        _ outcome: Outcome, rule: String?, reason: @autoclosure @escaping @Sendable () -> String,
        notices: [String] = [], diagnostics: [Diagnostic] = []
    ) {
        self.outcome = outcome
        self.rule = rule
        self.makeReason = reason
        self.notices = notices
        self.diagnostics = diagnostics
    }

    package static func notTargeted(
        _ reason: @autoclosure @escaping @Sendable () -> String, diagnostics: [Diagnostic] = []
    ) -> Decision {
        Decision(.notTargeted, rule: nil, reason: reason(), diagnostics: diagnostics)
    }
}
