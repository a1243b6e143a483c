import Foundation

/// What `plan` needs: an audit's inventory and evaluation options, and the two sides' configs.
public struct PlanRequest: Sendable {
    /// Inventory, releases, `--as-of` and format options (its config lists are not used).
    package var audit: AuditRequest
    /// `--published` and `--draft`: files, folders or URLs.
    public var published: [String] = []
    public var draft: [String] = []
    /// `--fail-on` transition gates.
    public var gates: [PlanGate] = []

    public init(audit: AuditRequest) { self.audit = audit }
}

/// `plan`: what publishing the draft configs instead of the published ones does to every device, through the
/// same ingest and evaluation as `audit` — each distinct profile evaluated once per document.
public enum PlanRun {
    public static func run(
        _ request: PlanRequest, generatedAt: Date = Timestamps.generationTime(),
        timings: RunTimings? = nil
    ) throws(AuditFailure) -> PlanReport {
        let (published, publishedFailed) = try side(request.published, request: request.audit, name: "--published")
        let (draft, draftFailed) = try side(request.draft, request: request.audit, name: "--draft")
        let failed =
            publishedFailed.map { PlanReport.FailedSide(side: "published", config: $0) }
            + draftFailed.map { PlanReport.FailedSide(side: "draft", config: $0) }
        let pairs = pair(published, draft, failed: failed)
        let releases = try AuditRun.loadReleases(request.audit.releasesPath)
        let needs = ProfileNeeds.forRun(published + draft, releases: releases, reading: TransitionTally.reads)
        let (table, summary) = try AuditRun.readInventory(request.audit, needs: needs, timings: timings)
        timings?.phaseEnded("ingest: \(summary.rowsRead) rows, \(table.profiles.count) distinct profiles")
        // A plan over no device would say "no changes" and pass every gate: as `audit`, it fails instead.
        guard summary.devices > 0 else {
            throw .input(
                "no device was evaluated: \(summary.rowsRead.groupedDigits) rows read, \(summary.rowsRejected.groupedDigits) rejected: a plan over no device says nothing"
            )
        }
        let asOf = request.audit.asOf ?? generatedAt
        let context = EvaluationContext(
            releases: releases, asOf: asOf, asOfIsExplicit: request.audit.asOf != nil,
            options: request.audit.formatOptions)
        let units = pairs.map { EvaluationUnit([$0.published ?? absent($0.id), $0.draft ?? absent($0.id)]) }
        let tallies = EvaluationCore.run(
            units, profiles: table, context: context, accumulating: TransitionTally.self,
            timings: timings?.detail)
        timings?.phaseEnded("evaluation")
        var planned = zip(pairs, tallies).map {
            PlanReport.Pair(id: $0.id, published: $0.published, draft: $0.draft, tally: $1)
        }
        let reach = Self.reach(units, profiles: table, context: context, timings: timings)
        for (k, points) in reach.enumerated() { planned[k].reach = points }
        var report = PlanReport(
            asOf: asOf, generatedAt: generatedAt, inventory: summary, releases: releases, pairs: planned,
            failed: failed)
        for gate in request.gates {
            // A pair `--keep-going` took out is known: its gate is reported as not checked.
            let ids = report.pairs.map(\.id) + failed.map(\.config.id)
            if let id = gate.config, !ids.contains(id) {
                throw .usage("--fail-on \(gate.text): no pair has the id \(id); ids: \(ids.joined(separator: ", "))")
            }
        }
        let checked = request.gates.map { ($0.text, $0.check(report)) }
        report.gates = checked.flatMap(\.1)
        report.uncheckedGates = checked.filter { $0.1.isEmpty }.map(\.0)
        return report
    }

    /// The most later instants a pair's reach shows: a week of daily phases is 7; a feed of many phased items
    /// could name hundreds.
    static let reachLimit = 28

    /// Each pair's outcomes at the instants after `--as-of` where one of its documents decides otherwise with
    /// time alone (`EvaluableConfig.laterDecisionInstants`): the units that change at an instant are evaluated
    /// again with the audit's time set to it, through the same engine.
    private static func reach(
        _ units: [EvaluationUnit], profiles table: ProfileTable, context: EvaluationContext, timings: RunTimings?
    ) -> [[PlanReport.ReachPoint]] {
        let instants = units.map { unit in
            Array(
                Set(
                    unit.configs.flatMap {
                        $0.config.laterDecisionInstants(after: context.asOf, options: context.options)
                    }
                ).sorted().prefix(reachLimit))
        }
        var out = Array(repeating: [PlanReport.ReachPoint](), count: units.count)
        for instant in Set(instants.joined()).sorted() {
            let members = units.indices.filter { instants[$0].contains(instant) }
            var later = context
            later.asOf = instant
            let tallies = EvaluationCore.run(
                members.map { units[$0] }, profiles: table, context: later, accumulating: TransitionTally.self)
            for (k, tally) in zip(members, tallies) {
                var before = OutcomeCounts()
                var after = OutcomeCounts()
                for (from, row) in tally.cells {
                    before[from] += row.total
                    after.add(row)
                }
                out[k].append(PlanReport.ReachPoint(at: instant, published: before, draft: after))
            }
        }
        if !out.allSatisfy(\.isEmpty) { timings?.phaseEnded("phased reach") }
        return out
    }

    /// Loads one side's configs; a folder gives every `*.json` below it. With `--keep-going` a config that
    /// cannot be loaded is returned as failed instead of stopping the plan.
    private static func side(_ paths: [String], request: AuditRequest, name: String) throws(AuditFailure) -> (
        loaded: [LoadedConfig], failed: [FailedConfig]
    ) {
        guard !paths.isEmpty else { throw .usage("plan needs \(name) PATH|URL|DIR") }
        var sideRequest = request
        (sideRequest.configs, sideRequest.configDirectories) = split(paths)
        sideRequest.gates = []
        do {
            return try AuditRun.loadConfigs(sideRequest)
        } catch .usage(let message) where sideRequest.configs.isEmpty {
            // The audit's wording names --config/--config-dir; here the folder given was empty of configs.
            throw .usage("\(name) \(paths.joined(separator: " ")): no *.json config found (\(message))")
        }
    }

    /// Paths as `--config` (files, URLs) and `--config-dir` (folders).
    static func split(_ paths: [String]) -> (configs: [String], directories: [String]) {
        let files = paths.filter { path in
            var isDirectory: ObjCBool = false
            return !(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
        }
        return (files, paths.filter { !files.contains($0) })
    }

    /// Configs pair by id, as `audit` assigns ids; one config on each side pairs whatever the names. A config
    /// that failed to load takes its pair with it: planning the other side alone would call it added or removed.
    static func pair(_ published: [LoadedConfig], _ draft: [LoadedConfig], failed: [PlanReport.FailedSide] = [])
        -> [(id: String, published: LoadedConfig?, draft: LoadedConfig?)]
    {
        guard !failed.isEmpty else { return pair(published, draft, id: \.id) }
        let onePerSide =
            published.count + failed.filter { $0.side == "published" }.count == 1
            && draft.count + failed.filter { $0.side == "draft" }.count == 1
        if onePerSide { return [] }
        let failedIDs = Set(failed.map(\.config.id))
        return pair(
            published.filter { !failedIDs.contains($0.id) }, draft.filter { !failedIDs.contains($0.id) }, id: \.id)
    }

    /// The pairing rule, for anything with an id (`explain` pairs its per-config answers with it).
    static func pair<T>(_ published: [T], _ draft: [T], id: (T) -> String) -> [(id: String, published: T?, draft: T?)] {
        if published.count == 1 && draft.count == 1 {
            let (a, b) = (id(published[0]), id(draft[0]))
            return [(a == b ? a : "\(a) → \(b)", published[0], draft[0])]
        }
        let drafts = Dictionary(draft.map { (id($0), $0) }, uniquingKeysWith: { a, _ in a })
        var out: [(id: String, published: T?, draft: T?)] = published.map { (id($0), $0, drafts[id($0)]) }
        let publishedIDs = Set(published.map(id))
        out += draft.filter { !publishedIDs.contains(id($0)) }.map { (id($0), nil, $0) }
        return out
    }

    private static func absent(_ id: String) -> LoadedConfig {
        LoadedConfig(id: id, source: "", sha256: "", format: "none", config: AbsentConfig())
    }
}
