/// Evaluates every distinct profile against every config once and multiplies by the profile's devices.
public enum Auditor {
    public static func audit(_ configs: [LoadedConfig], profiles table: ProfileTable, context: EvaluationContext) -> [ConfigTally] {
        configs.map { loaded in
            var tally = ConfigTally()
            for (i, profile) in table.profiles.enumerated() where table.devices[i] > 0 {
                tally.record(loaded.config.evaluate(profile, context: context), profile: profile, devices: table.devices[i])
            }
            return tally
        }
    }
}
