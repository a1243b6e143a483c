import Foundation

/// What a store holds of the fields formats read, and the reads it could not answer: the guard that makes a
/// format's declaration (`ProfileNeeds`) a hint that can only cost speed.
///
/// A projected profile holds only the fields its group of configs declared, and the run's profiles only what
/// the run's configs declared: a format that reads anything else would get nil, and with it a wrong answer.
/// Instead, in every build, the read is recorded here (it still answers what the store has), and the engine
/// throws the group's answers away and evaluates it again where the field is held: the run's profiles, or a
/// new read of the inventory keeping the field (`EvaluationCore.run`, `AuditRun`). The misses are named in the
/// report (`engine.undeclaredRead`), so the format's declaration gets fixed, and the tests fail on any.
package struct StoreHoldings: Sendable {
    /// What the store's profiles hold: a read outside it is a miss.
    package var needs: ProfileNeeds
    /// For the run's profiles, the inventory's attribute columns (normalized): an attribute outside them is
    /// absent from every device, read or not, so reading it is no miss. Nil for a projection, whose attributes
    /// are a choice among the run's: any attribute read outside `needs` is a miss.
    package var inventoryAttributes: Set<String>?

    package init(needs: ProfileNeeds, inventoryAttributes: Set<String>? = nil) {
        self.needs = needs
        self.inventoryAttributes = inventoryAttributes
    }

    func holdsAttribute(_ normalized: String, platform: Platform) -> Bool {
        if let inventoryAttributes {
            return !inventoryAttributes.contains(normalized) || needs.attributes.contains(normalized)
        }
        return needs.attributes(for: platform).contains(normalized)
    }
}

/// The fields read of a store that it did not hold, recorded from any number of workers (a rare path: only a
/// wrong declaration takes the lock).
package final class ReadMisses: @unchecked Sendable {
    private let lock = NSLock()
    private var missed = ProfileNeeds()
    private var descriptions: Set<String> = []

    package init() {}

    /// Whether any read missed.
    package var any: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !descriptions.isEmpty
    }

    /// The fields missed, as needs: what a store must hold for the reads to be answered.
    package var needs: ProfileNeeds {
        lock.lock()
        defer { lock.unlock() }
        return missed
    }

    /// Each miss in words (`package_name of android devices`), sorted.
    package var fields: [String] {
        lock.lock()
        defer { lock.unlock() }
        return descriptions.sorted()
    }

    func record(_ field: ProfileNeeds, _ description: String) {
        lock.lock()
        missed.formUnion(field)
        descriptions.insert(description)
        lock.unlock()
    }

    /// Adds another recorder's misses, each said of the configs that read it when they are known.
    package func absorb(_ other: ReadMisses, configs: [String] = []) {
        let (needs, fields) = (other.needs, other.fields)
        let prefix = configs.isEmpty ? "" : Self.names(configs) + ": "
        lock.lock()
        missed.formUnion(needs)
        descriptions.formUnion(fields.map { prefix + $0 })
        lock.unlock()
    }

    private static func names(_ ids: [String]) -> String {
        ids.count <= 4
            ? ids.joined(separator: ", ") : ids.prefix(3).joined(separator: ", ") + " and \(ids.count - 3) more"
    }
}

/// Misses the tests gather from every store of a process (`DeclaredReads.collecting`): the conformance
/// harness runs each format through the engine and fails on any.
package enum DeclaredReads {
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var collecting = 0
        var reads: [String] = []
    }
    private static let state = State()

    /// Runs `body`; returns the misses recorded meanwhile, in order (the first hundred).
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

    /// A read of `field` on a profile of `platform` that `store` does not hold.
    static func undeclared(_ field: String, platform: Platform, store: ProfileStore, missing: ProfileNeeds) {
        let description = "\(field) of \(platform) devices"
        store.misses.record(missing, description)
        state.lock.lock()
        if state.collecting > 0, state.reads.count < 100 {
            let held = store.holdings?.needs ?? ProfileNeeds()
            state.reads.append(
                "a format read \(description), which its configs did not declare (declared: package \(held.packageName),"
                    + " app build off Android \(held.appBuildOffAndroid), attributes \(held.attributes(for: platform).sorted()))"
            )
        }
        state.lock.unlock()
    }
}
