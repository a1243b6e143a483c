import FleetAuditEngine
import FleetAuditReports

/// The plan counts a pair's transitions as the engine visits each profile with both documents' decisions.
extension TransitionTally: DecisionAccumulator {
    package mutating func record(_ decisions: [Decision], for visit: ProfileVisit) {
        let before = decisions[0]
        let after = decisions[1]
        let devices = visit.devices
        cells[before.outcome, default: OutcomeCounts()][after.outcome] += devices
        if after.outcome == .notTargeted, before.outcome != .notTargeted,
            after.diagnostics.contains(where: { $0.severity == .error })
        {
            undecided[before.outcome] += devices
        }
        byPlatform[visit.profile.platform, default: [:]][before.outcome, default: OutcomeCounts()][after.outcome] +=
            devices
        if before.outcome != after.outcome || before.rule != after.rule {
            ruleMoves[
                RuleMove(from: before.outcome, to: after.outcome, fromRule: before.rule, toRule: after.rule), default: 0
            ] += devices
            if before.outcome == after.outcome { ruleOnly += devices }
            if after.outcome.severityRank > before.outcome.severityRank {
                let keys = visit.versionKeys
                worseAppVersions[keys.app, default: 0] += devices
                worseOSVersions[keys.os, default: 0] += devices
            }
        }
    }
}

/// The side of a plan pair that has no document (a config added or removed): it targets no device.
struct AbsentConfig: EvaluableConfig {
    let platforms: [Platform] = []
    let rules: [RuleInfo] = []
    let diagnostics: [Diagnostic] = []
    func evaluate(_ profile: any Device, context: EvaluationContext) -> Decision {
        .notTargeted("the config does not exist on this side of the plan")
    }
}
