import Dispatch
import Foundation

/// Evaluates every distinct profile against every config once and multiplies by the profile's devices.
/// Profiles are split between the cores; each worker keeps its own tallies, merged at the end, so the
/// result does not depend on the split.
public enum Auditor {
    public static func audit(_ configs: [LoadedConfig], profiles table: ProfileTable, context: EvaluationContext,
                             workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                             profilesPerWorker: Int = 4096) -> [ConfigTally] {
        let count = table.profiles.count
        let parts = max(1, min(workers, (count + profilesPerWorker - 1) / max(profilesPerWorker, 1)))
        let results = PartResults(parts: parts, configs: configs.count)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (count * part / parts)..<(count * (part + 1) / parts)
            var tallies = Array(repeating: ConfigTally(), count: configs.count)
            for i in range where table.devices[i] > 0 {
                let profile = table.profiles[i]
                for (c, loaded) in configs.enumerated() {
                    tallies[c].record(loaded.config.evaluate(profile, context: context), profile: profile, devices: table.devices[i])
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

        func merged() -> [ConfigTally] {
            var out = slots[0]
            for part in slots.dropFirst() {
                for (c, tally) in part.enumerated() { out[c].merge(tally) }
            }
            return out
        }
    }
}
