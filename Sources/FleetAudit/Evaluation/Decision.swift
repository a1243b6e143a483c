/// One config's verdict for one profile: the outcome, the rule that decided it (nil when none did), a
/// sentence for `explain`, the notices shown and the diagnostics this device runs into.
public struct Decision: Equatable, Sendable {
    public var outcome: Outcome
    public var rule: String?
    public var reason: String
    public var notices: [String]
    public var diagnostics: [Diagnostic]

    public init(_ outcome: Outcome, rule: String?, reason: String, notices: [String] = [], diagnostics: [Diagnostic] = []) {
        self.outcome = outcome
        self.rule = rule
        self.reason = reason
        self.notices = notices
        self.diagnostics = diagnostics
    }

    public static func notTargeted(_ reason: String, diagnostics: [Diagnostic] = []) -> Decision {
        Decision(.notTargeted, rule: nil, reason: reason, diagnostics: diagnostics)
    }
}
