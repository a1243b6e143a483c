import Foundation

/// What each distinct key turned out to be (a profile, or why it cannot make one), shared by the threads
/// reading parts of one inventory. Each thread still counts rows in its own table; this only spares the
/// second thread validating and building the same tens of thousands of profiles again, which cost it a
/// tenth of its ingest.
final class SharedClassifications: @unchecked Sendable {
    private let lock = NSLock()
    private let keys = ProfileKeyTable()
    private var results: [Result<Profile, RowProblem>] = []
    private static let pending: Int32 = -1

    /// The result for `key`, or nil when no thread has it yet, in which case the caller makes it and
    /// `store`s it (a key two threads meet at once is made by both, the same way).
    func lookup(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Result<Profile, RowProblem>? {
        lock.lock()
        defer { lock.unlock() }
        let (entry, isNew) = keys.entry(of: key, hash: hash)
        if isNew {
            keys.setPayload(atEntry: entry, Self.pending)
            return nil
        }
        let index = keys.payload(atEntry: entry)
        return index == Self.pending ? nil : results[Int(index)]
    }

    func store(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, _ result: Result<Profile, RowProblem>) {
        lock.lock()
        defer { lock.unlock() }
        let (entry, _) = keys.entry(of: key, hash: hash)
        guard keys.payload(atEntry: entry) == Self.pending else { return }
        keys.setPayload(atEntry: entry, Int32(results.count))
        results.append(result)
    }
}
