import Dispatch
import FleetAudit
import Foundation

/// With `FLEET_AUDIT_TIMINGS=1` in the environment, each phase of a run prints its wall time to stderr, and
/// the evaluation each group's size and time (for benchmarking; reports and exit codes are unaffected).
final class PhaseTimings: @unchecked Sendable {
    let enabled = ProcessInfo.processInfo.environment["FLEET_AUDIT_TIMINGS"] == "1"
    private let lock = NSLock()
    private var last = DispatchTime.now().uptimeNanoseconds

    func mark(_ phase: String) {
        guard enabled else { return }
        lock.lock()
        let now = DispatchTime.now().uptimeNanoseconds
        let elapsed = Double(now - last) / 1e9
        last = now
        lock.unlock()
        FileHandle.standardError.write(
            Data(String(format: "timing: %7.3f s  %@%@\n", elapsed, phase, Self.memory()).utf8))
    }

    /// `  [rss 210 MB, peak 319 MB]` from /proc/self/status (Linux), so a phase's memory shows beside its time.
    private static func memory() -> String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return "" }
        func kB(_ key: String) -> Int? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else { return nil }
            return Int(line.split(separator: " ").dropFirst().first { Int($0) != nil } ?? "")
        }
        guard let rss = kB("VmRSS"), let peak = kB("VmHWM") else { return "" }
        return "  [rss \(rss / 1024) MB, peak \(peak / 1024) MB]"
    }

    /// What the library's run reports to, or nil when timings are off.
    var runTimings: RunTimings? {
        guard enabled else { return nil }
        return RunTimings(
            phaseEnded: { [self] in mark($0) },
            detail: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
    }
}
