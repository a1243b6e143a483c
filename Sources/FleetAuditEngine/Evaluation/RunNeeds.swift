extension ProfileNeeds {
    /// What a run's profiles must hold: every config's needs, what the run's accumulator reads
    /// (`DecisionAccumulator.reads`), and the package when releases are per package (otherwise a device's
    /// installable releases would depend on which row first made its profile).
    package static func forRun(
        _ configs: [LoadedConfig], releases: Releases?, reading: ProfileNeeds = ProfileNeeds()
    ) -> ProfileNeeds {
        var needs = reading
        for c in configs { needs.formUnion(c.config.needs) }
        if releases?.all.contains(where: { $0.package != nil }) == true { needs.packageName = true }
        return needs
    }
}
