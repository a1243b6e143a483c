extension Outcome {
    /// How bad an outcome is for the device's user, for "worse" and "better" (docs/commands/plan.md): upToDate and
    /// notTargeted < recommended < forced < unsupportedOS < blocked.
    package var severityRank: Int {
        switch self {
        case .upToDate, .notTargeted: return 0
        case .recommended: return 1
        case .forced: return 2
        case .unsupportedOS: return 3
        case .blocked: return 4
        }
    }
}
