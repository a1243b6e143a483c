import Dispatch
import Foundation

/// Evaluates every distinct profile against every config once and multiplies by the profile's devices.
///
/// A config only reads some fields (its `needs`): an NHS document never looks at a region, so the run's
/// profiles that differ only by region are one case for it. Configs are grouped by what they read, and each
/// group is evaluated on the profiles projected onto those fields, merged with their devices summed, which
/// on a fleet is several times fewer evaluations. Profiles are split between the cores; each worker keeps
/// its own tallies, merged at the end, so the result does not depend on the split.
public enum Auditor {
    public static func audit(_ configs: [LoadedConfig], profiles table: ProfileTable, context: EvaluationContext,
                             workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                             profilesPerWorker: Int = 4096) -> [ConfigTally] {
        let groups = self.groups(configs, context: context)
        let timings = ProcessInfo.processInfo.environment["FLEET_AUDIT_TIMINGS"] == "1"
        let started = DispatchTime.now().uptimeNanoseconds
        @Sendable func seconds(since start: UInt64) -> String {
            String(format: "%.3f s", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let fields = ProfileFieldIDs(table)
        if timings { FileHandle.standardError.write(Data("evaluation: field numbering \(seconds(since: started))\n".utf8)) }
        let groupList = groups
        let results = PartResults(parts: groups.count, configs: 0)
        // Groups run side by side when there are enough of them; a lone group splits its profiles instead.
        let inner = groups.count >= workers ? 1 : workers
        DispatchQueue.concurrentPerform(iterations: groups.count) { g in
            let start = DispatchTime.now().uptimeNanoseconds
            let projected = fields.project(table, onto: groupList[g].needs)
            let projection = timings ? seconds(since: start) : ""
            let members = groupList[g].members.map { configs[$0] }
            results.store(g, evaluate(members, projected, context: context, workers: inner,
                                      profilesPerWorker: profilesPerWorker))
            if timings {
                FileHandle.standardError.write(Data("evaluation group \(g) (\(members.map(\.id).joined(separator: ", "))): \(projected.profiles.count) projected profiles: projection \(projection), total \(seconds(since: start))\n".utf8))
            }
        }
        var tallies = Array(repeating: ConfigTally(), count: configs.count)
        for (g, group) in groups.enumerated() {
            for (k, tally) in results.slot(g).enumerated() { tallies[group.members[k]] = tally }
        }
        return tallies
    }

    /// Configs grouped by the fields they read; each group is evaluated on the profiles projected onto them.
    private static func groups(_ configs: [LoadedConfig], context: EvaluationContext) -> [(needs: ProfileNeeds, members: [Int])] {
        // Per-package releases are read by every format: then every projection keeps the package.
        let base = ProfileNeeds(packageName: context.releases?.all.contains { $0.package != nil } == true)
        var groupIndex: [ProfileNeeds: Int] = [:]
        var groups: [(needs: ProfileNeeds, members: [Int])] = []
        for (i, loaded) in configs.enumerated() {
            var needs = loaded.config.needs
            needs.formUnion(base)
            if let g = groupIndex[needs] {
                groups[g].members.append(i)
            } else {
                groupIndex[needs] = groups.count
                groups.append((needs, [i]))
            }
        }
        return groups
    }

    /// The decision `audit` counts for each of the table's profiles (with devices), config by config: the
    /// same grouping, projection and evaluation as `audit`, one profile at a time. `explain --inventory`
    /// answers from it, and the tests hold `explain --device` to it.
    public static func decisions(_ configs: [LoadedConfig], profiles table: ProfileTable,
                                 context: EvaluationContext) -> [[Decision?]] {
        var out = Array(repeating: [Decision?](repeating: nil, count: configs.count), count: table.profiles.count)
        let fields = ProfileFieldIDs(table)
        for group in groups(configs, context: context) {
            let (projected, origins) = fields.projectWithOrigins(table, onto: group.needs)
            for (p, origin) in origins.enumerated() where origin >= 0 {
                for c in group.members {
                    out[p][c] = configs[c].config.evaluate(projected.profiles[origin], context: context)
                }
            }
        }
        return out
    }

    private static func evaluate(_ configs: [LoadedConfig], _ table: ProfileTable, context: EvaluationContext,
                                 workers: Int, profilesPerWorker: Int) -> [ConfigTally] {
        let count = table.profiles.count
        let parts = max(1, min(workers, (count + profilesPerWorker - 1) / max(profilesPerWorker, 1)))
        let results = PartResults(parts: parts, configs: configs.count)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (count * part / parts)..<(count * (part + 1) / parts)
            var tallies = Array(repeating: ConfigTally(), count: configs.count)
            for i in range where table.devices[i] > 0 {
                let profile = table.profiles[i]
                var versionKeys: (app: String, os: String)? = nil
                for (c, loaded) in configs.enumerated() {
                    tallies[c].record(loaded.config.evaluate(profile, context: context), profile: profile,
                                      devices: table.devices[i], versionKeys: &versionKeys)
                }
            }
            results.store(part, tallies)
        }
        return results.merged()
    }

    /// Each worker writes only its own slot.
    private final class PartResults: @unchecked Sendable {
        private var slots: [[ConfigTally]]
        private let lock = NSLock()

        init(parts: Int, configs: Int) { slots = Array(repeating: [], count: parts) }

        func store(_ part: Int, _ tallies: [ConfigTally]) {
            lock.lock(); slots[part] = tallies; lock.unlock()
        }

        func slot(_ part: Int) -> [ConfigTally] { slots[part] }

        func merged() -> [ConfigTally] {
            var out = slots[0]
            for part in slots.dropFirst() {
                for (c, tally) in part.enumerated() { out[c].merge(tally) }
            }
            return out
        }
    }
}
