import FleetAudit
import Foundation

/// The open-file limit a run needs. A run holds a handful of files at once (the inventory, a config, a report's
/// temporary file, the report folder's lock, the history) and libdispatch's worker threads more; under a soft limit
/// of 5 (`ulimit -n 5`) a run once failed with "permission denied" for a config it could read, and crashed inside
/// libdispatch in two of three runs. So the soft limit is raised toward the hard one, as a shell's `ulimit -n`
/// would, and a hard limit too low for any run stops it at once with what to change.
enum OpenFileLimit {
    /// Files a run may hold at once, with room for the threads' own descriptors.
    static let needed: rlim_t = 64

    /// Raises the soft limit to `needed` (never lowers it); nil when that is possible, else the sentence to stop on.
    static func ensure() -> String? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < needed else { return nil }
        let wanted = min(needed, limit.rlim_max)
        if wanted > limit.rlim_cur {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        // A few descriptors fewer than wanted still runs the sample; fewer than 16 fails part way.
        guard limit.rlim_cur < 16 else { return nil }
        return
            "the open-file limit is \(limit.rlim_cur) (hard limit \(limit.rlim_max)): a run needs at least 16 open files; raise it (ulimit -n 64) and run again"
    }
}
