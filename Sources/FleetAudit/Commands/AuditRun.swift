import FleetAuditXML
import Foundation

/// The whole pipeline: configs → inventory → profiles → evaluation → one `AuditReport`.
public enum AuditRun {
    /// Loads every config; a failure stops the run unless `keepGoing`, which keeps it for the reports.
    package static func loadConfigs(_ request: AuditRequest) throws(AuditFailure) -> (
        loaded: [LoadedConfig], failed: [FailedConfig]
    ) {
        var loaded: [LoadedConfig] = []
        var failed: [FailedConfig] = []
        for result in try loadConfigsInOrder(request) {
            switch result {
            case .loaded(let config): loaded.append(config)
            case .failed(let config): failed.append(config)
            }
        }
        return (loaded, failed)
    }

    /// Every config in the order given (folders expanded, sorted), each loaded or, with `keepGoing`, failed.
    static func loadConfigsInOrder(_ request: AuditRequest) throws(AuditFailure) -> [ConfigLoadResult] {
        let sources: [String]
        do {
            sources = try ConfigLoader.sources(configs: request.configs, directories: request.configDirectories)
        } catch {
            throw .input(error.description)
        }
        guard !sources.isEmpty else { throw .usage("no configs: give --config PATH|URL or --config-dir DIR") }
        let ids = ConfigLoader.ids(for: sources)
        for gate in request.gates {
            if let id = gate.config, !ids.contains(id) {
                throw .usage("--fail-on \(gate.text): no config has the id \(id); ids: \(ids.joined(separator: ", "))")
            }
        }
        if let format = request.format, !FormatRegistry.allNames.contains(format) {
            throw .usage(
                "unknown --format \(format); known formats: \(FormatRegistry.allNames.joined(separator: ", "))")
        }
        let loader = ConfigLoader(forcedFormat: request.format, timeout: request.timeout)
        let attempts = loadSideBySide(loader, sources: sources, ids: ids)
        var results: [ConfigLoadResult] = []
        for (k, attempt) in attempts.enumerated() {
            switch attempt {
            case .success(let config):
                results.append(.loaded(config))
            case .failure(let error):
                // The first failure in the order given, whichever finished first.
                guard request.keepGoing else {
                    throw error.isTemporary ? .temporary(error.description) : .input(error.description)
                }
                results.append(.failed(FailedConfig(id: ids[k], source: sources[k], error: error)))
            }
        }
        return results
    }

    /// Loads the configs on every core, each result in its place: a folder of a thousand appcasts is a thousand
    /// libxml2 parses, independent of each other.
    private static func loadSideBySide(_ loader: ConfigLoader, sources: [String], ids: [String]) -> [Result<
        LoadedConfig, ConfigError
    >] {
        let slots = LoadSlots(count: sources.count)
        XMLDocumentReader.prepareForThreads()
        DispatchQueue.concurrentPerform(iterations: sources.count) { k in
            let attempt: Result<LoadedConfig, ConfigError>
            do throws(ConfigError) {
                attempt = .success(try loader.load(sources[k], id: ids[k]))
            } catch {
                attempt = .failure(error)
            }
            slots.store(k, attempt)
        }
        return slots.all
    }

    private final class LoadSlots: @unchecked Sendable {
        private var slots: [Result<LoadedConfig, ConfigError>?]
        private let lock = NSLock()

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func store(_ k: Int, _ result: Result<LoadedConfig, ConfigError>) {
            lock.lock()
            slots[k] = result
            lock.unlock()
        }

        var all: [Result<LoadedConfig, ConfigError>] { slots.map { $0! } }
    }

    package static func loadReleases(_ path: String?) throws(AuditFailure) -> Releases? {
        guard let path else { return nil }
        do { return try ReleasesLoader.load(path: path) } catch { throw .input(error.description) }
    }

    /// Opens and reads the inventory as the request says, into distinct profiles. A database another
    /// connection kept locked past `--busy-timeout` is `.temporary` (exit 75), any other failure `.input`.
    static func readInventory(
        _ request: AuditRequest, needs: ProfileNeeds,
        onProgress: (@Sendable (Int64, (done: Int, total: Int)) -> Void)? = nil,
        timings: RunTimings? = nil
    ) throws(AuditFailure) -> (ProfileTable, InventorySummary) {
        do {
            let source = try ConstantColumns.open(request)
            timings?.phaseEnded("configs and releases")
            var needs = needs
            if !request.packages.isEmpty { needs.packageName = true }
            var loader = InventoryLoader(columnOverrides: request.columnOverrides, needs: needs)
            loader.onProgress = onProgress
            loader.onTiming = timings?.detail
            var (table, summary) = try loader.load(source)
            if let line = summary.endsMidRow {
                // Counted, its numbers would describe part of a fleet as if it were all of it.
                throw AuditFailure.input(
                    "inventory \(request.inventoryPath) ends in the middle of a row (line \(line) has the wrong number of fields "
                        + "and no line end): the file looks cut short; complete the export, or end its last line, and run again"
                )
            }
            if !request.packages.isEmpty {
                (table, summary) = try keepPackages(request.packages, table, summary)
            }
            return (table, summary)
        } catch let failure as AuditFailure {
            throw failure
        } catch let error as InventoryError {
            throw AuditFailure(error)
        } catch {
            throw .input("\(error)")
        }
    }

    /// The inventory read into profiles and every config evaluated on them: the profiles, the inventory's
    /// summary, the profiles on their fixed fields and the tallies. A format that read a field the profiles
    /// do not hold (no config declared it) is answered by reading the inventory again keeping that field, and
    /// evaluating again: only a wrong declaration pays for it, and `misses` names it.
    static func evaluateFleet(
        _ request: AuditRequest, _ configs: [LoadedConfig], needs: ProfileNeeds, context: EvaluationContext,
        misses: ReadMisses, verification: PathVerification? = nil,
        onProgress: (@Sendable (Int64, (done: Int, total: Int)) -> Void)? = nil, timings: RunTimings? = nil
    ) throws(AuditFailure) -> (
        table: ProfileTable, summary: InventorySummary, fixed: FixedFieldProfiles, tallies: [ConfigTally]
    ) {
        var needs = needs
        var evaluated = try readAndEvaluate(
            request, configs, needs: needs, context: context, misses: misses, verification: verification,
            onProgress: onProgress, timings: timings)
        // Needs only grow, over the inventory's columns: this ends.
        while evaluated.table.store.misses.any, needs.union(evaluated.table.store.misses.needs) != needs {
            needs.formUnion(evaluated.table.store.misses.needs)
            evaluated = try readAndEvaluate(
                request, configs, needs: needs, context: context, misses: misses, verification: verification,
                rereading: true, onProgress: onProgress, timings: timings)
        }
        return evaluated
    }

    private static func readAndEvaluate(
        _ request: AuditRequest, _ configs: [LoadedConfig], needs: ProfileNeeds, context: EvaluationContext,
        misses: ReadMisses, verification: PathVerification?, rereading: Bool = false,
        onProgress: (@Sendable (Int64, (done: Int, total: Int)) -> Void)?, timings: RunTimings?
    ) throws(AuditFailure) -> (
        table: ProfileTable, summary: InventorySummary, fixed: FixedFieldProfiles, tallies: [ConfigTally]
    ) {
        if rereading && InventoryOpener.isStandardInputOrStream(request.inventoryPath) {
            throw .input(
                "[engine.undeclaredRead] a format read \(misses.fields.joined(separator: "; ")), which its configs did not declare, "
                    + "and a stream cannot be read again to keep it: write the inventory to a file and run again (and report the format's defect)"
            )
        }
        let (table, summary) = try readInventory(request, needs: needs, onProgress: onProgress, timings: timings)
        timings?.phaseEnded("ingest: \(summary.rowsRead) rows, \(table.profiles.count) distinct profiles")
        // The evaluation starts from the profiles on their fixed fields, and the cross-checks and the coverage,
        // which read nothing else, count them instead of every profile.
        let started = Date()
        let fixed = FixedFieldProfiles(table)
        timings?.detail(
            String(
                format: "evaluation: profiles projected onto their fixed fields, %.3f s",
                Date().timeIntervalSince(started)))
        let tallies = Auditor.audit(
            configs, profiles: table, context: context, fixedFields: fixed, misses: misses,
            verification: verification, timings: timings?.detail)
        timings?.phaseEnded("evaluation")
        misses.absorb(table.store.misses)
        return (table, summary, fixed, tallies)
    }

    /// `engine.pathsDisagree`: configs whose speed hints changed a sampled profile's answer (the verification
    /// mode counted them on the straight path instead, so the numbers stand).
    static func pathsDisagree(_ verification: PathVerification) -> Diagnostic? {
        let found = verification.disagreements
        guard !found.isEmpty else { return nil }
        let listed = found.prefix(5).map { "\($0.config): \($0.profiles) sampled profiles, e.g. \($0.example)" }
        return Diagnostic(
            "engine.pathsDisagree", .warning,
            "the engine's path decided some profiles otherwise than each device on its own (\(listed.joined(separator: "; "))\(found.count > 5 ? " and \(found.count - 5) more configs" : "")): "
                + "those configs were counted on the straight path, so the numbers stand; a format's speed hint (an attribute class or an evaluator) is wrong"
        )
    }

    /// `engine.undeclaredRead`: the reads a format made of fields its configs did not declare (the numbers
    /// were worked out again where the fields are held).
    static func undeclaredReads(_ misses: ReadMisses) -> Diagnostic? {
        guard misses.any else { return nil }
        return Diagnostic(
            "engine.undeclaredRead", .warning,
            "a format read fields its configs did not declare (\(misses.fields.joined(separator: "; "))): "
                + "those configs were evaluated again on profiles that hold them, so the numbers stand; the format's needs are wrong"
        )
    }

    /// `--package`: the named packages' profiles only. A name no device has stops the run (its numbers would be
    /// zeros that look like "nothing to do"), naming the packages the inventory has.
    static func keepPackages(_ names: [String], _ table: ProfileTable, _ summary: InventorySummary)
        throws(AuditFailure) -> (ProfileTable, InventorySummary)
    {
        let (kept, leftOut) = table.keeping(packages: Set(names))
        var found: [String: Int64] = leftOut
        for p in kept.profiles.indices { found[kept.profiles[p].packageName ?? "", default: 0] += kept.devices[p] }
        let missing = names.filter { (found[$0] ?? 0) == 0 }
        guard missing.isEmpty else {
            let packages = found.filter { !$0.key.isEmpty && $0.value > 0 }.sorted { $0.key < $1.key }
                .map { "\($0.key) (\($0.value.groupedDigits))" }
            throw .input(
                "--package \(missing.joined(separator: ", ")): no device of the inventory has "
                    + (missing.count == 1 ? "it" : "them") + "; packages found: "
                    + (packages.isEmpty
                        ? "none (no package_name column, or an empty one: map it with --column package_name=HEADER)"
                        : packages.joined(separator: ", ")))
        }
        var summary = summary
        summary.packagesKept = names
        summary.devicesLeftOut = leftOut
        summary.devices -= leftOut.values.reduce(0, +)
        return (kept, summary)
    }

    /// Each config's diagnostics of the fleet as a whole, the fleet's values counted once per question.
    /// A question about an attribute no config declared is answered on the inventory read again keeping it
    /// (`FleetValueCounts.reread`), and counted in `misses` (`engine.undeclaredRead`).
    static func fleetDiagnostics(
        _ configs: [LoadedConfig], _ table: ProfileTable, fixedFields: FixedFieldProfiles,
        rereading: (request: AuditRequest, needs: ProfileNeeds, headers: [String])? = nil, misses: ReadMisses? = nil
    ) -> [[Diagnostic]] {
        let fleet = FleetValueCounts(
            table, fixedFields: fixedFields, configNames: configs.map { ConfigLoader.fileName($0.source) })
        if let rereading {
            fleet.inventoryAttributes = Set(
                (rereading.headers + Array(rereading.request.columnOverrides.keys)).map(AttributeName.normalize))
            if !InventoryOpener.isStandardInputOrStream(rereading.request.inventoryPath) {
                fleet.reread = { attributes in
                    var needs = rereading.needs
                    needs.formUnion(ProfileNeeds(attributes: attributes))
                    return try? readInventory(rereading.request, needs: needs).0
                }
            }
        }
        let diagnostics = configs.map { $0.config.fleetDiagnostics(fleet) }
        misses?.absorb(fleet.misses)
        return diagnostics
    }

    public static func run(
        _ request: AuditRequest, generatedAt: Date = Timestamps.generationTime(),
        onProgress: (@Sendable (Int64, (done: Int, total: Int)) -> Void)? = nil,
        timings: RunTimings? = nil
    ) throws(AuditFailure) -> AuditReport {
        if request.historyPath == nil, let gate = request.gates.first(where: \.subject.isChange) {
            throw .usage("--fail-on \(gate.text): a change gate compares with an earlier run: add --history FILE")
        }
        let (configs, failed) = try loadConfigs(request)
        let releases = try loadReleases(request.releasesPath)
        let needs = ProfileNeeds.forRun(configs, releases: releases, reading: ConfigTally.reads)
        let asOf = request.asOf ?? generatedAt
        // Read before the inventory: a file that is not a history stops the run before any work, untouched.
        var history: HistoryComparison?
        if let path = request.historyPath {
            do {
                history = try HistoryStore.comparison(
                    path, request.baseline, asOf: asOf, trendRuns: request.trendRuns,
                    busyTimeout: request.busyTimeout)
            } catch {
                throw AuditFailure(error)
            }
        }

        let context = EvaluationContext(
            releases: releases, asOf: asOf, asOfIsExplicit: request.asOf != nil,
            options: request.formatOptions)
        let misses = ReadMisses()
        let verification = PathVerification.isOnByDefault ? PathVerification() : nil
        let (table, summary, fixed, tallies) = try evaluateFleet(
            request, configs, needs: needs, context: context, misses: misses, verification: verification,
            onProgress: onProgress, timings: timings)
        var report = AuditReport(
            asOf: asOf, generatedAt: generatedAt, inventory: summary, releases: releases,
            options: request.reportedOptions, configs: configs, tallies: tallies,
            fleetDiagnostics: Self.fleetDiagnostics(
                configs, table, fixedFields: fixed,
                rereading: (request, needs.union(misses.needs), summary.headers), misses: misses),
            failedConfigs: failed)
        report.diagnostics += InventoryCrossChecks.diagnostics(
            fixed.table, headers: summary.headers, configs: configs,
            releases: releases, columnOverrides: request.columnOverrides, leftOut: summary.devicesLeftOut)
        report.coverage = FleetCoverage(fixed.table)
        if let undeclared = undeclaredReads(misses) { report.diagnostics.append(undeclared) }
        if let disagreeing = verification.flatMap(pathsDisagree) { report.diagnostics.append(disagreeing) }
        if let alias = InventoryCrossChecks.columnAliases(summary) { report.diagnostics.append(alias) }
        if let readOnly = InventoryCrossChecks.readOnlyWAL(summary) { report.diagnostics.append(readOnly) }
        if let repeated = DuplicateDevices.diagnostic(request, grouped: summary.grouped) {
            report.diagnostics.append(repeated)
        }
        if let kept = InventoryCrossChecks.packagesKept(summary) { report.diagnostics.append(kept) }
        timings?.phaseEnded("inventory cross-checks and coverage")
        report.allowsEmpty = request.allowEmpty
        report.history = history
        if let empty = report.emptiness, !request.allowEmpty {
            report.diagnostics.append(Diagnostic("run.empty", .error, empty))
        }
        let gates = request.gates + (request.allowErrors ? [] : Gate.defaults(besides: request.gates))
        report.gates = gates.flatMap { $0.check(report) }
        // (A default gate that holds has no result by design: only the user's gates can go unchecked.) A gate is
        // unchecked when no result of it compared a number: every config it names not loaded, or no baseline.
        report.uncheckedGates = request.gates.filter { !$0.check(report).contains(where: \.checked) }.map(\.text)
        return report
    }
}
