import Dispatch
import Foundation

enum Concurrently {
    /// The results of two independent computations run side by side.
    static func both<A: Sendable, B: Sendable>(_ a: @Sendable () -> A, _ b: @Sendable () -> B) -> (A, B) {
        let results = Results<A, B>()
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            if i == 0 { results.set(first: a()) } else { results.set(second: b()) }
        }
        return results.values
    }

    private final class Results<A, B>: @unchecked Sendable {
        private let lock = NSLock()
        private var first: A?, second: B?
        func set(first value: A) { lock.lock(); first = value; lock.unlock() }
        func set(second value: B) { lock.lock(); second = value; lock.unlock() }
        var values: (A, B) { lock.lock(); defer { lock.unlock() }; return (first!, second!) }
    }
}
