import Foundation

/// What each distinct key turned out to be (a profile, or why it cannot make one), shared by the threads
/// reading parts of one inventory. Each thread still counts rows in its own table; this only spares the
/// second thread validating and building the same tens of thousands of profiles again, which cost it a
/// tenth of its ingest.
///
/// Profiles are kept as rows of a `ProfileStore` (a few bytes a field), not as `ProfileFields` values: on a
/// fleet whose devices do not repeat this cache holds every distinct profile, and texts and a dictionary per
/// profile were most of the memory.
final class SharedClassifications: @unchecked Sendable {
    private let lock = NSLock()
    private let keys = ProfileKeyTable()
    private let profiles: ProfileStore
    /// Per result: a row of `profiles` (≥ 0) or `-1 - index` into `problems`.
    private var results: [Int32] = []
    private var problems: [RowProblem] = []
    private static let pending: Int32 = -1

    init(attributeNames: [String]) {
        profiles = ProfileStore(attributeNames: attributeNames)
    }

    /// The result for `key`, or nil when no thread has it yet, in which case the caller makes it and
    /// `store`s it (a key two threads meet at once is made by both, the same way).
    func lookup(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Result<ProfileFields, RowProblem>? {
        lock.lock()
        defer { lock.unlock() }
        let (entry, isNew) = keys.entry(of: key, hash: hash)
        if isNew {
            keys.setPayload(atEntry: entry, Self.pending)
            return nil
        }
        let index = keys.payload(atEntry: entry)
        guard index != Self.pending else { return nil }
        let result = results[Int(index)]
        return result >= 0
            ? .success(Profile(store: profiles, row: Int(result)).fields) : .failure(problems[Int(-1 - result)])
    }

    func store(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, _ result: Result<ProfileFields, RowProblem>) {
        lock.lock()
        defer { lock.unlock() }
        let (entry, _) = keys.entry(of: key, hash: hash)
        guard keys.payload(atEntry: entry) == Self.pending else { return }
        keys.setPayload(atEntry: entry, Int32(results.count))
        switch result {
        case .success(let fields): results.append(Int32(profiles.append(fields)))
        case .failure(let problem):
            problems.append(problem)
            results.append(Int32(-problems.count))
        }
    }
}
