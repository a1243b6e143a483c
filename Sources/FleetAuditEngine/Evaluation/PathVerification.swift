import Foundation

/// The verification mode: a sample of a run's profiles decided on the engine's path (projection, attribute
/// classes, each config's evaluator and what evaluators share) and each on its own (`EvaluableConfig.evaluate` of
/// the whole profile). Where they differ, a format's speed hint — an attribute class that merges values its
/// client tells apart, an evaluator's memo — changed an answer: the units concerned are counted again on the
/// straight path, and the recorder says so (`engine.pathsDisagree`). So a wrong hint costs speed, never an
/// answer, wherever the sample finds it.
///
/// On in debug builds (the README's `swift run`, the tests' CLI runs); `FLEET_AUDIT_VERIFY=1` turns it on in a
/// release build, `FLEET_AUDIT_VERIFY=0` off in a debug one.
package final class PathVerification: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String: Int] = [:]
    private var examples: [String: String] = [:]
    /// Profiles compared, each on every config of its run.
    package let sample: Int

    package init(sample: Int = EngineTuning.verificationSample) { self.sample = sample }

    /// Whether runs verify unless told otherwise.
    package static var isOnByDefault: Bool {
        switch ProcessInfo.processInfo.environment["FLEET_AUDIT_VERIFY"] {
        case "1"?: return true
        case "0"?: return false
        default:
            #if DEBUG
                return true
            #else
                return false
            #endif
        }
    }

    /// Config id → sampled profiles whose decision differed, sorted by config id.
    package var disagreements: [(config: String, profiles: Int, example: String)] {
        lock.lock()
        defer { lock.unlock() }
        return found.keys.sorted().map { ($0, found[$0]!, examples[$0]!) }
    }

    func record(config: String, example: String) {
        lock.lock()
        found[config, default: 0] += 1
        if examples[config] == nil { examples[config] = example }
        lock.unlock()
    }

    /// The units (by index) of which some config decides a sampled profile differently on the two paths.
    func disagreeingUnits(
        _ units: [EvaluationUnit], profiles table: ProfileTable, context: EvaluationContext
    ) -> Set<Int> {
        let sampled = Self.sampled(table, count: sample)
        let engine = EvaluationCore.enginePathDecisions(units, profiles: sampled, context: context)
        var out = Set<Int>()
        for p in 0..<sampled.profiles.count where sampled.devices[p] > 0 {
            let profile = sampled.profiles[p]
            for (u, unit) in units.enumerated() {
                for (k, loaded) in unit.configs.enumerated() {
                    let straight = loaded.config.evaluate(profile, context: context)
                    guard !Self.same(engine[p][u][k], straight) else { continue }
                    out.insert(u)
                    record(
                        config: loaded.id,
                        example:
                            "\(profile.platform) \(profile.appVersion) on \(profile.osVersion): \(Self.summary(engine[p][u][k])) on the engine's path, \(Self.summary(straight)) on its own"
                    )
                }
            }
        }
        return out
    }

    /// What a tally counts of a decision: outcome, rule, notices, diagnostic codes, and the same of each share.
    static func same(_ a: Decision, _ b: Decision) -> Bool {
        guard a.outcome == b.outcome, a.rule == b.rule, a.notices == b.notices,
            a.diagnostics.map(\.code) == b.diagnostics.map(\.code), (a.shares?.count ?? 0) == (b.shares?.count ?? 0)
        else { return false }
        return zip(a.shares ?? [], b.shares ?? []).allSatisfy { same($0, $1) }
    }

    private static func summary(_ d: Decision) -> String { d.outcome.rawValue + (d.rule.map { " (\($0))" } ?? "") }

    /// At most `count` of the table's profiles with devices, spread evenly over it, in a table of their own.
    static func sampled(_ table: ProfileTable, count: Int) -> ProfileTable {
        let withDevices = (0..<table.profiles.count).filter { table.devices[$0] > 0 }
        let stride = max(1, (withDevices.count + count - 1) / max(count, 1))
        let store = ProfileStore(attributeNames: table.store.attributeNames)
        store.holdings = table.store.holdings
        var devices: [Int64] = []
        for (n, p) in withDevices.enumerated() where n % stride == 0 {
            _ = store.append(table.profiles[p].fields)
            devices.append(table.devices[p])
        }
        return ProfileTable(store: store, devices: devices)
    }
}

extension EvaluationCore {
    /// The straight path of `run`: each profile with devices decided on its own by each config (no projection,
    /// no attribute class, no evaluator), on one thread. What the verification mode counts a unit with when its
    /// hints changed an answer, and what the tests hold the engine's path to.
    package static func straightRun<A: DecisionAccumulator>(
        _ units: [EvaluationUnit], profiles table: ProfileTable, context: EvaluationContext,
        accumulating: A.Type = A.self
    ) -> [A] {
        var accumulators = Array(repeating: A(), count: units.count)
        var visit: ProfileVisit?
        for i in 0..<table.profiles.count where table.devices[i] > 0 {
            let profile = table.profiles[i]
            if let visit {
                visit.move(to: profile, devices: table.devices[i])
            } else {
                visit = ProfileVisit(profile, devices: table.devices[i])
            }
            for (u, unit) in units.enumerated() {
                let decisions = unit.configs.map { $0.config.evaluate(profile, context: context) }
                record(decisions, by: &accumulators[u], visit: visit!)
            }
        }
        return accumulators
    }
}
