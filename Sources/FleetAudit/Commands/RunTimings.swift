/// Where a run says how long its phases took. The command injects it (the CLI prints to stderr under
/// `FLEET_AUDIT_TIMINGS=1`); the library never prints.
public struct RunTimings: Sendable {
    /// A phase (`ingest: 4000 rows, …`) has ended.
    package var phaseEnded: @Sendable (String) -> Void
    /// A detail line within a phase (each evaluation group's size and time).
    package var detail: @Sendable (String) -> Void

    public init(phaseEnded: @escaping @Sendable (String) -> Void, detail: @escaping @Sendable (String) -> Void) {
        self.phaseEnded = phaseEnded
        self.detail = detail
    }
}
