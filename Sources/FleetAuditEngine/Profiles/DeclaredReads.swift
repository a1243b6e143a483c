import Foundation

/// The guard behind every speed hint a format gives: a projected profile holds only the fields its group of
/// configs declared (`ProfileNeeds`), so a format that reads a field it did not declare gets nil for it, and
/// with it a wrong answer, silently. Debug builds (the tests) check each read of a projected profile against
/// the needs it was projected for and stop at the first undeclared one, naming it; release builds check
/// nothing.
package enum DeclaredReads {
    /// What an undeclared read does: stop the process (the default), or, inside `collecting`, be recorded.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var collecting = 0
        var reads: [String] = []
    }
    private static let state = State()

    /// Runs `body` with undeclared reads recorded instead of stopping the process; returns them, in order.
    /// For the guard's own tests.
    package static func collecting(_ body: () throws -> Void) rethrows -> [String] {
        state.lock.lock()
        state.collecting += 1
        state.lock.unlock()
        defer {
            state.lock.lock()
            state.collecting -= 1
            state.lock.unlock()
        }
        try body()
        state.lock.lock()
        defer { state.lock.unlock() }
        let reads = state.reads
        state.reads = []
        return reads
    }

    /// An undeclared read of `field` on a profile of `platform`.
    static func undeclared(_ field: String, platform: Platform, declared: ProfileNeeds) {
        let message =
            "a format read \(field) of a \(platform) device, which its configs did not declare"
            + " (declared: package \(declared.packageName), app build off Android \(declared.appBuildOffAndroid),"
            + " attributes \(declared.attributes(for: platform).sorted()))"
        state.lock.lock()
        let recording = state.collecting > 0
        if recording { state.reads.append(message) }
        state.lock.unlock()
        if !recording { fatalError("FleetAudit: \(message): add it to the config's ProfileNeeds") }
    }
}
