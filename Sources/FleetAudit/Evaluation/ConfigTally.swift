/// Device counts for one config: per outcome, per rule, per platform, plus notices, the diagnostics
/// devices ran into and the versions most often locked out.
public struct ConfigTally: DecisionAccumulator {
    public struct RuleTally: Sendable {
        public var counts = OutcomeCounts()
        public var byPlatform: [Platform: OutcomeCounts] = [:]

        mutating func add(_ outcome: Outcome, platform: Platform, devices: Int64) {
            counts[outcome] += devices
            byPlatform[platform, default: OutcomeCounts()][outcome] += devices
        }

        mutating func merge(_ o: RuleTally) {
            counts.add(o.counts)
            for (p, c) in o.byPlatform { byPlatform[p, default: OutcomeCounts()].add(c) }
        }
    }

    public var totals = OutcomeCounts()
    public var byPlatform: [Platform: OutcomeCounts] = [:]
    public var rules: [String: RuleTally] = [:]
    public var unattributed = OutcomeCounts()
    public var notices: [String: Int64] = [:]
    public var diagnosticDevices: [Diagnostic: Int64] = [:]
    /// For forced, blocked and unsupportedOS: devices by app version and by platform + OS version.
    public var appVersions: [Outcome: [String: Int64]] = [:]
    public var osVersions: [Outcome: [String: Int64]] = [:]

    public init() {}

    /// Counts one profile's decision (an audit's unit is one config).
    public mutating func record(_ decisions: [Decision], for visit: ProfileVisit) {
        record(decisions[0], for: visit)
    }

    mutating func record(_ decision: Decision, for visit: ProfileVisit) {
        let profile = visit.profile, devices = visit.devices
        totals[decision.outcome] += devices
        byPlatform[profile.platform, default: OutcomeCounts()][decision.outcome] += devices
        if let rule = decision.rule {
            rules[rule, default: RuleTally()].add(decision.outcome, platform: profile.platform, devices: devices)
        } else {
            unattributed[decision.outcome] += devices
        }
        for notice in decision.notices { notices[notice, default: 0] += devices }
        for diagnostic in decision.diagnostics { diagnosticDevices[diagnostic, default: 0] += devices }
        if decision.outcome.isLocking {
            let keys = visit.versionKeys
            appVersions[decision.outcome, default: [:]][keys.app, default: 0] += devices
            osVersions[decision.outcome, default: [:]][keys.os, default: 0] += devices
        }
    }

    /// Adds another worker's tally of other profiles.
    public mutating func merge(_ o: ConfigTally) {
        totals.add(o.totals)
        for (p, c) in o.byPlatform { byPlatform[p, default: OutcomeCounts()].add(c) }
        for (id, r) in o.rules { rules[id, default: RuleTally()].merge(r) }
        unattributed.add(o.unattributed)
        for (k, v) in o.notices { notices[k, default: 0] += v }
        for (k, v) in o.diagnosticDevices { diagnosticDevices[k, default: 0] += v }
        for (outcome, map) in o.appVersions { for (k, v) in map { appVersions[outcome, default: [:]][k, default: 0] += v } }
        for (outcome, map) in o.osVersions { for (k, v) in map { osVersions[outcome, default: [:]][k, default: 0] += v } }
    }
}
