import Dispatch
import Foundation

/// Counts what the configs of one evaluation unit decided, profile by profile. `ConfigTally` is the audit's;
/// a plan's transition tally and a what-if sweep's coverage are others. Accumulators of different workers are
/// merged, so a result never depends on how the profiles were split.
package protocol DecisionAccumulator: Sendable {
    /// The inventory fields this accumulator reads of each profile (`visit.profile`) beyond what the unit's
    /// configs read: the engine keeps them in the run's profiles and in every projection, with every value
    /// intact (no attribute class merges them). A field read and not declared here reads as absent, and stops
    /// a debug build (`DeclaredReads`). The run's ingest must keep them too: `ProfileNeeds.forRun(_:releases:reading:)`.
    static var reads: ProfileNeeds { get }
    init()
    /// The decisions of the unit's configs, in the unit's order, for one profile.
    mutating func record(_ decisions: [Decision], for visit: ProfileVisit)
    mutating func merge(_ other: Self)
}

extension DecisionAccumulator {
    package static var reads: ProfileNeeds { ProfileNeeds() }
}

/// One profile as the evaluation visits it, with what accumulators derive from it made once per profile and
/// shared by every unit (one visit object per worker, reused from profile to profile).
package final class ProfileVisit {
    package private(set) var profile: Profile
    package private(set) var devices: Int64
    private var keys: (app: String, os: String)?
    private var knownPlatform: Platform?
    private var knownVersionIDs: (store: ProfileStore, platform: Int32, app: Int32, os: Int32)?

    init(_ profile: Profile, devices: Int64) {
        self.profile = profile
        self.devices = devices
    }

    func move(to profile: Profile, devices: Int64) {
        self.profile = profile
        self.devices = devices
        keys = nil
        knownPlatform = nil
        knownVersionIDs = nil
    }

    /// Counts a share of the profile's devices (`Decision.shares`).
    func reweigh(_ devices: Int64) { self.devices = devices }

    /// The profile's platform, read once for every unit.
    package var platform: Platform {
        if let knownPlatform { return knownPlatform }
        let p = profile.platform
        knownPlatform = p
        return p
    }

    /// The profile's store and the ids there of its platform, app version and OS version (the keys of the
    /// versions a tally counts as locked), read once for every unit.
    var versionIDs: (store: ProfileStore, platform: Int32, app: Int32, os: Int32) {
        if let knownVersionIDs { return knownVersionIDs }
        let made = (
            profile.store, profile.fieldID(ProfileStore.platformColumn),
            profile.fieldID(ProfileStore.appVersionColumn), profile.fieldID(ProfileStore.osVersionColumn)
        )
        knownVersionIDs = made
        return made
    }

    /// "platform app-version" and "platform OS-version", the keys of the top-versions tables.
    package var versionKeys: (app: String, os: String) {
        if let keys { return keys }
        let made = ("\(profile.platform) \(profile.appVersion)", "\(profile.platform) \(profile.osVersion)")
        keys = made
        return made
    }
}

/// Configs evaluated together on the same profiles: one config for an audit; a published and a draft
/// document for a plan.
package struct EvaluationUnit: Sendable {
    package let configs: [LoadedConfig]
    package init(_ configs: [LoadedConfig]) { self.configs = configs }
}

/// The one evaluation path of every command: each distinct profile evaluated once per config and counted
/// with its devices.
///
/// A config only reads some fields (its `needs`): an NHS document never looks at a region, so the run's
/// profiles that differ only by region are one case for it. Units are grouped by what their configs read,
/// and each group is evaluated on the profiles projected onto those fields, merged with their devices summed,
/// which on a fleet is several times fewer evaluations. Profiles are split between the cores; each worker
/// keeps its own accumulators, merged at the end.
package enum EvaluationCore {
    /// Receives a line about each group's evaluation (its configs, size and time); `FLEET_AUDIT_TIMINGS`.
    package typealias TimingSink = @Sendable (String) -> Void

    package static func run<A: DecisionAccumulator>(
        _ units: [EvaluationUnit], profiles table: ProfileTable,
        context: EvaluationContext, accumulating: A.Type = A.self,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        profilesPerWorker: Int = EngineTuning.profilesPerWorker, fixedFields: FixedFieldProfiles? = nil,
        sharingIdenticalDocuments: Bool = true, misses: ReadMisses? = nil, verification: PathVerification? = nil,
        timings: TimingSink? = nil
    ) -> [A] {
        if sharingIdenticalDocuments {
            let (distinct, copyOf) = distinctDocuments(units)
            if distinct.count < units.count {
                timings?("evaluation: \(units.count) units, \(distinct.count) distinct documents")
                let results: [A] = run(
                    distinct.map { units[$0] }, profiles: table, context: context, accumulating: A.self,
                    workers: workers,
                    profilesPerWorker: profilesPerWorker, fixedFields: fixedFields, sharingIdenticalDocuments: false,
                    misses: misses, verification: verification, timings: timings)
                let position = Dictionary(uniqueKeysWithValues: distinct.enumerated().map { ($1, $0) })
                return copyOf.map { results[position[$0]!] }
            }
        }
        let groups = self.groups(units, context: context, reading: A.reads, columns: table.store.attributeNames)
        let started = DispatchTime.now().uptimeNanoseconds
        let fields = ProfileFieldIDs(table)
        let fixed = fixedFields ?? FixedFieldProfiles(table)
        timings?(
            "evaluation: \(fixed.table.profiles.count) profiles on their fixed fields"
                + (fixedFields == nil ? ", \(seconds(since: started))" : " (projected by the caller)"))
        let results = Slots<[A]>(count: groups.count)
        // Groups run side by side when there are enough of them; a lone group splits its profiles instead.
        let inner = groups.count >= workers ? 1 : workers
        DispatchQueue.concurrentPerform(iterations: groups.count) { g in
            let start = DispatchTime.now().uptimeNanoseconds
            let members = groups[g].members.map { units[$0] }
            let classes = AttributeClasses(
                members.flatMap(\.configs).map(\.config), options: context.options, keeping: A.reads.attributes)
            let projected = fields.project(table, onto: groups[g].needs, classes: classes, fixed: fixed)
            projected.store.holdings = StoreHoldings(needs: groups[g].declared)
            let projection = timings == nil ? "" : seconds(since: start)
            var counted: [A] = evaluate(
                members, projected, context: context, workers: inner, profilesPerWorker: profilesPerWorker)
            if projected.store.misses.any {
                // A format read a field its configs did not declare: the projection may have merged devices that
                // differ in it. The straight path: the run's own profiles, which hold every field read.
                misses?.absorb(projected.store.misses, configs: members.flatMap(\.configs).map(\.id))
                timings?(
                    "evaluation group \(g): undeclared reads (\(projected.store.misses.fields)): evaluated again unprojected"
                )
                counted = evaluate(
                    members, table, context: context, workers: inner, profilesPerWorker: profilesPerWorker)
            }
            results.store(g, counted)
            timings?(
                "evaluation group \(g) (\(names(members.flatMap(\.configs).map(\.id)))): \(projected.profiles.count) projected profiles: projection \(projection), total \(seconds(since: start))"
            )
        }
        var out = Array(repeating: A(), count: units.count)
        for (g, group) in groups.enumerated() {
            for (k, accumulator) in results[g].enumerated() { out[group.members[k]] = accumulator }
        }
        if let verification {
            // A unit whose hints changed a sampled answer is counted on the straight path instead.
            let wrong = verification.disagreeingUnits(units, profiles: table, context: context).sorted()
            if !wrong.isEmpty {
                timings?("verification: \(wrong.count) units decided otherwise on the engine's path: counted straight")
                let straight: [A] = straightRun(wrong.map { units[$0] }, profiles: table, context: context)
                for (k, u) in wrong.enumerated() { out[u] = straight[k] }
            }
        }
        return out
    }

    /// A folder of configs often holds the same document more than once (per environment, per app flavour): one
    /// identity in one format (the loader's: the same JSON tree, or the same bytes under the same name for a format
    /// that reads it) decides every device alike, so each distinct unit is evaluated once and its counts copied.
    /// `distinct` lists the first unit of each identity; `copyOf[i]` is the unit whose counts unit `i` takes. A
    /// config with no identity is alike with no other. `sharingIdenticalDocuments: false` is the straight path its
    /// tests compare with.
    static func distinctDocuments(_ units: [EvaluationUnit]) -> (distinct: [Int], copyOf: [Int]) {
        var firstOf: [[String]: Int] = [:]
        var distinct: [Int] = []
        var copyOf = Array(0..<units.count)
        for (i, unit) in units.enumerated() {
            let key = unit.configs.map { $0.documentIdentity.isEmpty ? "" : $0.format + ":" + $0.documentIdentity }
            if !key.contains(""), let first = firstOf[key] {
                copyOf[i] = first
            } else {
                if !key.contains("") { firstOf[key] = i }
                distinct.append(i)
            }
        }
        return (distinct, copyOf)
    }

    /// The decisions each of the table's profiles (with devices) gets, unit by unit and config by config:
    /// the same grouping, projection and evaluation as `run`, one profile at a time. `explain` is held to it.
    package static func decisions(
        _ units: [EvaluationUnit], profiles table: ProfileTable,
        context: EvaluationContext
    ) -> [[[Decision]]] {
        var out = Array(repeating: [[Decision]](repeating: [], count: units.count), count: table.profiles.count)
        let fields = ProfileFieldIDs(table)
        for group in groups(units, context: context, columns: table.store.attributeNames) {
            let (projected, origins) = fields.projectWithOrigins(table, onto: group.needs)
            projected.store.holdings = StoreHoldings(needs: group.declared)
            for (p, origin) in origins.enumerated() where origin >= 0 {
                for u in group.members {
                    out[p][u] = units[u].configs.map {
                        $0.config.evaluate(projected.profiles[origin], context: context)
                    }
                }
            }
            // An undeclared read: each profile decided on its own fields instead (the straight path).
            guard projected.store.misses.any else { continue }
            for (p, origin) in origins.enumerated() where origin >= 0 {
                for u in group.members {
                    out[p][u] = units[u].configs.map { $0.config.evaluate(table.profiles[p], context: context) }
                }
            }
        }
        return out
    }

    /// The decisions `run` counts for each of the table's profiles (with devices), unit by unit and config by
    /// config, taken from `run`'s own path: the same groups, the projection from the fixed fields with the
    /// attribute classes, and each config's evaluator. The conformance tests hold it to each device evaluated
    /// on its own (`EvaluableConfig.evaluate` of the whole profile), so a speed hint that changes an answer
    /// fails a test. Slower than `run` (a decision kept per profile): for tests and checks, not for counting.
    package static func enginePathDecisions(
        _ units: [EvaluationUnit], profiles table: ProfileTable,
        context: EvaluationContext
    ) -> [[[Decision]]] {
        var out = Array(repeating: [[Decision]](repeating: [], count: units.count), count: table.profiles.count)
        let fields = ProfileFieldIDs(table)
        let fixed = FixedFieldProfiles(table)
        for group in groups(units, context: context, columns: table.store.attributeNames) {
            let members = group.members.map { units[$0] }
            let classes = AttributeClasses(members.flatMap(\.configs).map(\.config), options: context.options)
            var origins = Array(repeating: -1, count: table.profiles.count)
            let projected = fields.project(table, onto: group.needs, classes: classes, fixed: fixed) {
                origins[$0] = $1
            }
            projected.store.holdings = StoreHoldings(needs: group.declared)
            var shared = context
            let memory = WorkerMemory()
            shared.worker = memory
            for u in group.members {
                let evaluators = units[u].configs.map { $0.config.evaluator(context: shared) }
                var decided: [Int: [Decision]] = [:]
                for (p, origin) in origins.enumerated() where origin >= 0 {
                    if decided[origin] == nil {
                        memory.startProfile(origin)
                        decided[origin] = evaluators.map { $0.evaluate(projected.profiles[origin]) }
                    }
                    out[p][u] = decided[origin]!
                }
            }
        }
        return out
    }

    /// Units grouped by the fields their configs read among the table's `columns`: an attribute the inventory
    /// lacks is absent from every profile, so configs that differ only by such attributes see the same
    /// projected profiles, and share one projection (on a fleet whose devices do not repeat, projecting the
    /// table once per config group was a third of the evaluation).
    /// - Returns: each group's needs among the columns, what its configs declared (the needs before that, which
    ///   the guard checks reads against: `DeclaredReads`), and its units.
    private static func groups(
        _ units: [EvaluationUnit], context: EvaluationContext, reading: ProfileNeeds = ProfileNeeds(),
        columns: [String]
    )
        -> [(needs: ProfileNeeds, declared: ProfileNeeds, members: [Int])]
    {
        // Per-package releases are read by every format: then every projection keeps the package. What the
        // accumulator reads is kept in every group's projection.
        var base = ProfileNeeds(packageName: context.releases?.all.contains { $0.package != nil } == true)
        base.formUnion(reading)
        var groupIndex: [ProfileNeeds: Int] = [:]
        var groups: [(needs: ProfileNeeds, declared: ProfileNeeds, members: [Int])] = []
        for (i, unit) in units.enumerated() {
            var declared = base
            for loaded in unit.configs { declared.formUnion(loaded.config.needs) }
            var needs = declared
            needs.attributes.formIntersection(columns)
            if let g = groupIndex[needs] {
                groups[g].members.append(i)
                groups[g].needs.formUnion(needs)
                groups[g].declared.formUnion(declared)
            } else {
                groupIndex[needs] = groups.count
                groups.append((needs, declared, [i]))
            }
        }
        return groups
    }

    private static func evaluate<A: DecisionAccumulator>(
        _ units: [EvaluationUnit], _ table: ProfileTable, context: EvaluationContext,
        workers: Int, profilesPerWorker: Int
    ) -> [A] {
        let count = table.profiles.count
        // A table is split by its profiles, each part evaluated on every config: a few hundred profiles
        // decided by a thousand configs are as much work as a few hundred thousand profiles by one.
        let evaluations = count * max(1, units.reduce(0) { $0 + $1.configs.count })
        let parts = max(1, min(workers, count, (evaluations + profilesPerWorker - 1) / max(profilesPerWorker, 1)))
        let results = Slots<[A]>(count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (count * part / parts)..<(count * (part + 1) / parts)
            var worker = Worker<A>(units, context: context)
            for step in schedule(profiles: range, units: units.count) {
                for i in step.profiles where table.devices[i] > 0 {
                    worker.decide(profile: i, of: table, units: step.units)
                }
            }
            results.store(part, worker.accumulators)
        }
        var merged = results[0]
        for part in 1..<parts {
            for (u, accumulator) in results[part].enumerated() { merged[u].merge(accumulator) }
        }
        return merged
    }

    /// The order a worker visits its profiles in: a block of profiles at a time, and each block once per pass
    /// over a few units, every profile of the block decided for every unit of the pass before the next. The
    /// pass's accumulators stay in the core's cache from profile to profile (with a thousand configs, the cache
    /// misses of reaching each one's tally were most of a record); what the evaluators share about a profile is
    /// kept for the block (`SharedDecisions`), so later passes find it (per pass over the whole table, it was
    /// worked out again in every pass).
    private static func schedule(profiles: Range<Int>, units: Int) -> [(profiles: Range<Int>, units: Range<Int>)] {
        let block = EngineTuning.profilesPerBlock
        let pass = EngineTuning.unitsPerPass
        return stride(from: profiles.lowerBound, to: profiles.upperBound, by: block).flatMap { start in
            stride(from: 0, to: units, by: pass).map { first in
                (start..<min(start + block, profiles.upperBound), first..<min(first + pass, units))
            }
        }
    }

    /// One worker's evaluators (one per config, made once for its profiles; they share the worker's memory of
    /// the profile at hand, `WorkerMemory`), each unit's decisions (overwritten in place from profile to
    /// profile) and accumulators.
    private struct Worker<A: DecisionAccumulator> {
        let memory = WorkerMemory(profilesPerBlock: EngineTuning.profilesPerBlock)
        let evaluators: [[any ProfileEvaluator]]
        var decisions: [[Decision]]
        var accumulators: [A]
        var visit: ProfileVisit?

        init(_ units: [EvaluationUnit], context: EvaluationContext) {
            var shared = context
            shared.worker = memory
            evaluators = units.map { $0.configs.map { $0.config.evaluator(context: shared) } }
            decisions = evaluators.map { _ in [] }
            accumulators = Array(repeating: A(), count: units.count)
        }

        /// Decides profile `i` of `table` for each of `units` and records the decisions.
        mutating func decide(profile i: Int, of table: ProfileTable, units: Range<Int>) {
            let profile = table.profiles[i]
            memory.startProfile(i)
            if let visit {
                visit.move(to: profile, devices: table.devices[i])
            } else {
                visit = ProfileVisit(profile, devices: table.devices[i])
            }
            for u in units {
                if decisions[u].isEmpty {
                    decisions[u] = evaluators[u].map { $0.evaluate(profile) }
                } else {
                    for k in 0..<evaluators[u].count { decisions[u][k] = evaluators[u][k].evaluate(profile) }
                }
                if decisions[u].contains(where: { $0.shares != nil }) {
                    EvaluationCore.record(decisions[u], by: &accumulators[u], visit: visit!)
                } else {
                    accumulators[u].record(decisions[u], for: visit!)
                }
            }
        }
    }

    /// Records decisions of which some are split over shares of the profile's devices (`Decision.shares`):
    /// share by share, each config's decision for that share (a plain decision stands for every share), with
    /// the share's devices.
    static func record<A: DecisionAccumulator>(
        _ decisions: [Decision], by accumulator: inout A, visit: ProfileVisit
    ) {
        let count = decisions.compactMap { $0.shares?.count }.max() ?? 1
        let devices = visit.devices
        for share in 0..<count {
            let part = Decision.devices(devices, inShare: share, of: count)
            guard part > 0 else { continue }
            visit.reweigh(part)
            accumulator.record(decisions.map { $0.shares?[share * $0.shares!.count / count] ?? $0 }, for: visit)
        }
        visit.reweigh(devices)
    }

    /// A group's config ids for a timing line: the first few and how many more.
    private static func names(_ ids: [String]) -> String {
        ids.count <= 6
            ? ids.joined(separator: ", ") : ids.prefix(5).joined(separator: ", ") + " and \(ids.count - 5) more"
    }

    private static func seconds(since start: UInt64) -> String {
        String(format: "%.3f s", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// One slot per worker; each worker writes only its own.
    private final class Slots<Value>: @unchecked Sendable {
        private var slots: [Value?]
        private let lock = NSLock()

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func store(_ i: Int, _ value: Value) {
            lock.lock()
            slots[i] = value
            lock.unlock()
        }

        subscript(_ i: Int) -> Value {
            lock.lock()
            defer { lock.unlock() }
            return slots[i]!
        }
    }
}
