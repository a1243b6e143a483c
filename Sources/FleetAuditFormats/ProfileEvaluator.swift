/// One worker's evaluator of one config, called by `EvaluationCore` for each profile of a table in turn.
///
/// A format may keep, between those profiles, what depends only on a few of their interned values: on a
/// fleet whose devices do not repeat, hundreds of thousands of profiles share a few hundred app and OS
/// versions, and parsing each version text or checking each requirement once per profile was most of the
/// evaluation. The default (`EvaluableConfig.evaluator(context:)`) keeps nothing. An evaluator must decide
/// exactly as `EvaluableConfig.evaluate` does; `HighCardinalityAuditTests` holds the audit to that.
package protocol ProfileEvaluator: AnyObject {
    func evaluate(_ profile: any Device) -> Decision
}

/// The evaluator of a format that keeps nothing between profiles.
final class StatelessEvaluator: ProfileEvaluator {
    private let config: any EvaluableConfig
    private let context: EvaluationContext

    init(_ config: any EvaluableConfig, context: EvaluationContext) {
        self.config = config
        self.context = context
    }

    func evaluate(_ profile: any Device) -> Decision { config.evaluate(profile, context: context) }
}

/// What the evaluators of one worker share (`EvaluationContext.worker`): the engine decides a profile for
/// every config before it moves to the next, so what a format works out about the profile itself — not about
/// one config — can be worked out once for all of them (a thousand appcasts read the same Mac a thousand
/// times). A format keeps one object here per type; the engine makes one memory per worker and never shares
/// it between threads.
package final class WorkerMemory: @unchecked Sendable {
    private var kept: [ObjectIdentifier: AnyObject] = [:]
    /// Which profile the worker is deciding: the engine moves it on before each profile (`startProfile`), so
    /// what a format keeps about the profile at hand (`SharedDecisions`) is known stale by a number, not by
    /// comparing the profile's fields.
    package private(set) var profileVisit = 0

    package init() {}

    /// The engine starts deciding another profile (every evaluator of the worker sees it before the next).
    package func startProfile() { profileVisit &+= 1 }

    /// The worker's object of type `T`, made on first use.
    package func kept<T: AnyObject>(_ type: T.Type, _ make: () -> T) -> T {
        if let known = kept[ObjectIdentifier(type)] { return known as! T }
        let made = make()
        kept[ObjectIdentifier(type)] = made
        return made
    }
}

/// The decisions that equal parts of different documents give the profile at hand, shared by one worker's
/// evaluators (`WorkerMemory`). A folder holds a config per app, platform and environment, most of them
/// repeating the same sections, and the engine decides a profile for every config before the next: a part
/// equal to one already decided for this profile is looked up instead of evaluated again. `Part` is the
/// format's value of everything a decision reads besides the device and the context (equal parts decide every
/// device alike); an evaluator numbers each of its parts once (`slot`) and finds its decision by that number.
/// Memory: one decision per distinct part, whatever the number of profiles.
package final class SharedDecisions<Part: Hashable> {
    private var slots: [Part: Int] = [:]
    private var visits: [Int] = []
    private var decisions: [Decision?] = []

    package init() {}

    /// The number of `part` (equal parts, one number).
    package func slot(_ part: Part) -> Int {
        if let known = slots[part] { return known }
        slots[part] = visits.count
        visits.append(-1)
        decisions.append(nil)
        return visits.count - 1
    }

    /// The decision of part `slot` for the profile of `visit` (`WorkerMemory.profileVisit`), made once.
    package func decision(slot: Int, visit: Int, _ make: () -> Decision) -> Decision {
        if visits[slot] == visit, let known = decisions[slot] { return known }
        let made = make()
        visits[slot] = visit
        decisions[slot] = made
        return made
    }
}

/// A document as the tree it was loaded from, for `SharedDecisions`: identical trees of one kind of document
/// (`JSONValue.isIdentical`) decide every device alike when the document is made from its tree alone. The hash
/// reads the tree's shape near the root; equality reads all of it.
package struct JSONTreeKey: Hashable {
    /// The kind of document and whatever else its making took (a format name, a reading's option).
    let kind: String
    let tree: JSONValue

    package static func == (lhs: JSONTreeKey, rhs: JSONTreeKey) -> Bool {
        lhs.kind == rhs.kind && lhs.tree.isIdentical(to: rhs.tree)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        func shape(_ value: JSONValue, depth: Int) {
            switch value {
            case .object(let o):
                hasher.combine(o.pairs.count)
                for pair in o.pairs.prefix(16) {
                    hasher.combine(pair.key)
                    if depth < 2 { shape(pair.value, depth: depth + 1) }
                }
            case .array(let a):
                hasher.combine(a.count)
                if depth < 2, let first = a.first { shape(first, depth: depth + 1) }
            case .string(let s): hasher.combine(s.utf8.count)
            case .number(let n): hasher.combine(n.literal)
            case .bool(let b): hasher.combine(b)
            case .null: hasher.combine(0)
            }
        }
        shape(tree, depth: 0)
    }
}

/// The evaluator of a document made from its JSON tree alone (its format's `load` reads nothing else, and its
/// decisions read nothing but the document, the device and the context): documents with identical trees are decided
/// once per profile for all of a worker's configs (`SharedDecisions`). Each decision is `EvaluableConfig.evaluate`'s.
package final class SharedTreeEvaluator: ProfileEvaluator {
    private let config: any EvaluableConfig
    private let context: EvaluationContext
    private let shared: (decisions: SharedDecisions<JSONTreeKey>, slot: Int, worker: WorkerMemory)?

    /// - Parameters:
    ///   - kind: what else than the tree the document was made from (its type, a reading's option).
    package init(_ config: any EvaluableConfig, tree: JSONValue, kind: String, context: EvaluationContext) {
        self.config = config
        self.context = context
        if let worker = context.worker {
            let decisions = worker.kept(SharedDecisions<JSONTreeKey>.self, SharedDecisions.init)
            shared = (decisions, decisions.slot(JSONTreeKey(kind: kind, tree: tree)), worker)
        } else {
            shared = nil
        }
    }

    package func evaluate(_ profile: any Device) -> Decision {
        guard let shared else { return config.evaluate(profile, context: context) }
        return shared.decisions.decision(slot: shared.slot, visit: shared.worker.profileVisit) {
            config.evaluate(profile, context: context)
        }
    }
}
