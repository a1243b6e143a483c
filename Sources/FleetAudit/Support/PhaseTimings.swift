import Foundation

/// With `FLEET_AUDIT_TIMINGS=1` in the environment, each phase of a run prints its wall time to stderr
/// (for benchmarking; reports and exit codes are unaffected).
public final class PhaseTimings {
    private let enabled = ProcessInfo.processInfo.environment["FLEET_AUDIT_TIMINGS"] == "1"
    private var last = DispatchTime.now().uptimeNanoseconds

    public init() {}

    public func mark(_ phase: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        FileHandle.standardError.write(Data(String(format: "timing: %7.3f s  %@\n", Double(now - last) / 1e9, phase).utf8))
        last = now
    }
}
