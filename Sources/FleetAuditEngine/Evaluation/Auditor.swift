import Foundation

/// The audit's use of the evaluation core: every config on its own, counted into a `ConfigTally`.
package enum Auditor {
    package static func audit(
        _ configs: [LoadedConfig], profiles table: ProfileTable, context: EvaluationContext,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        profilesPerWorker: Int = EngineTuning.profilesPerWorker, fixedFields: FixedFieldProfiles? = nil,
        sharingIdenticalDocuments: Bool = true, misses: ReadMisses? = nil, verification: PathVerification? = nil,
        timings: EvaluationCore.TimingSink? = nil
    ) -> [ConfigTally] {
        EvaluationCore.run(
            configs.map { EvaluationUnit([$0]) }, profiles: table, context: context,
            accumulating: ConfigTally.self, workers: workers, profilesPerWorker: profilesPerWorker,
            fixedFields: fixedFields, sharingIdenticalDocuments: sharingIdenticalDocuments, misses: misses,
            verification: verification, timings: timings)
    }

    /// The decision `audit` counts for each of the table's profiles (with devices), config by config
    /// (nil for a profile without devices).
    package static func decisions(
        _ configs: [LoadedConfig], profiles table: ProfileTable,
        context: EvaluationContext
    ) -> [[Decision?]] {
        EvaluationCore.decisions(configs.map { EvaluationUnit([$0]) }, profiles: table, context: context)
            .map { units in units.isEmpty ? Array(repeating: nil, count: configs.count) : units.map(\.first) }
    }
}
