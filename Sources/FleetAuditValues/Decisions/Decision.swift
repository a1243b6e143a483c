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

    /// A decision that differs for shares of a profile's devices: Sparkle's phased rollout, where the Macs of
    /// a profile fall into 7 update groups (SPEC §5.6). Share `g` of `k` decides
    /// ⌊N(g+1)/k⌋ − ⌊Ng/k⌋ of the profile's N devices (`devices(_:inShare:of:)`). The decision itself (outcome,
    /// rule, notices) is the last share's: what one device alone decides. Nil for every other decision.
    package private(set) var shares: [Decision]?

    /// A decision split over `shares` (at least one); equal shares make one plain decision.
    package static func spread(_ shares: [Decision]) -> Decision {
        var whole = shares[shares.count - 1]
        let first = shares[0]
        let same = shares.allSatisfy {
            $0.outcome == first.outcome && $0.rule == first.rule && $0.notices == first.notices
                && $0.diagnostics == first.diagnostics
        }
        whole.shares = same ? nil : shares
        return whole
    }

    /// The same decision (shares included) with another reason.
    package func withReason(_ reason: @autoclosure @escaping @Sendable () -> String) -> Decision {
        var d = Decision(outcome, rule: rule, reason: reason(), notices: notices, diagnostics: diagnostics)
        d.shares = shares
        return d
    }

    /// Share `share`'s part of `devices` split into `count` shares; the parts add up to `devices`.
    package static func devices(_ devices: Int64, inShare share: Int, of count: Int) -> Int64 {
        let (n, k) = (UInt64(devices), UInt64(count))
        // Quotient and remainder keep N·(g+1) inside 64 bits for any count of devices.
        func floorPart(_ g: UInt64) -> UInt64 { (n / k) * g + (n % k) * g / k }
        return Int64(floorPart(UInt64(share) + 1) - floorPart(UInt64(share)))
    }

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
