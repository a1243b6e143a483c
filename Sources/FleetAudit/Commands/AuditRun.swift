import Foundation

/// The whole pipeline: configs → inventory → profiles → evaluation → one `AuditReport`.
public enum AuditRun {
    /// Loads every config; a failure stops the run unless `keepGoing`, which keeps it for the reports.
    public static func loadConfigs(_ request: AuditRequest) throws(AuditFailure) -> (loaded: [LoadedConfig], failed: [FailedConfig]) {
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
            throw .usage("unknown --format \(format); known formats: \(FormatRegistry.allNames.joined(separator: ", "))")
        }
        let loader = ConfigLoader(forcedFormat: request.format, timeout: request.timeout)
        var loaded: [LoadedConfig] = []
        var failed: [FailedConfig] = []
        for (source, id) in zip(sources, ids) {
            do {
                loaded.append(try loader.load(source, id: id))
            } catch {
                guard request.keepGoing else { throw .input(error.description) }
                failed.append(FailedConfig(id: id, source: source, error: error))
            }
        }
        return (loaded, failed)
    }

    public static func loadReleases(_ path: String?) throws(AuditFailure) -> Releases? {
        guard let path else { return nil }
        do { return try ReleasesLoader.load(path: path) } catch { throw .input(error.description) }
    }

    /// Opens and reads the inventory as the request says, into distinct profiles. A database another
    /// connection kept locked past `--busy-timeout` is `.temporary` (exit 75), any other failure `.input`.
    static func readInventory(_ request: AuditRequest, needs: ProfileNeeds,
                              onProgress: (@Sendable (Int64, (done: Int, total: Int)) -> Void)? = nil,
                              timings: RunTimings? = nil) throws(AuditFailure) -> (ProfileTable, InventorySummary) {
        do {
            let source = try InventoryOpener.open(path: request.inventoryPath, delimiter: request.delimiter,
                                                  table: request.table, query: request.query, busyTimeout: request.busyTimeout)
            timings?.phaseEnded("configs and releases")
            var loader = InventoryLoader(columnOverrides: request.columnOverrides, needs: needs)
            loader.onProgress = onProgress
            return try loader.load(source)
        } catch {
            if case .locked = error { throw .temporary(error.description) }
            throw .input(error.description)
        }
    }

    /// Inventory platform values no loaded config targets and FleetAudit does not know (`Andriod`): those
    /// devices are notTargeted by every config, which must not pass unnoticed.
    static func unreadPlatforms(_ table: ProfileTable, configs: [LoadedConfig]) -> [Diagnostic] {
        var devices: [Platform: Int64] = [:]
        for (i, profile) in table.profiles.enumerated() { devices[profile.platform, default: 0] += table.devices[i] }
        let known = Set([Platform.ios, .macos, .android] + configs.flatMap(\.config.platforms))
        return devices.keys.filter { !known.contains($0) }.sorted().map { platform in
            let hint = NearMiss.closest(to: platform.name, among: ["android", "ios", "macos", "ipados"]).map { "; did you mean \($0)?" } ?? ""
            return Diagnostic("inventory.unknownPlatform", .warning,
                              "platform \"\(platform.name)\" (\(devices[platform]!.groupedDigits) devices) is no platform a loaded config targets, "
                              + "so every config leaves those devices notTargeted\(hint)")
        }
    }

    /// Configs for a package no device of the inventory has: they decide nothing, which looks like "no device
    /// affected" unless said. Only when the inventory names packages at all.
    static func unmatchedPackages(_ table: ProfileTable, configs: [LoadedConfig]) -> [Diagnostic] {
        guard configs.contains(where: { !$0.config.packageNames.isEmpty }) else { return [] }
        var devices: [String: Int64] = [:]
        for (i, profile) in table.profiles.enumerated() {
            if let package = profile.packageName { devices[package, default: 0] += table.devices[i] }
        }
        guard !devices.isEmpty else { return [] }
        let found = devices.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let listed = found.prefix(5).map { "\($0.key) (\($0.value.groupedDigits))" }.joined(separator: ", ") + (found.count > 5 ? ", …" : "")
        return configs.compactMap { loaded in
            let names = loaded.config.packageNames
            guard !names.isEmpty, !names.contains(where: { devices[$0] != nil }) else { return nil }
            let hint = names.lazy.compactMap { NearMiss.closest(to: $0, among: Array(devices.keys)) }.first.map { "; did you mean \($0)?" } ?? ""
            return Diagnostic("inventory.packageNotFound", .warning,
                              "\(loaded.id) is for package \(names.joined(separator: ", ")), which no device of the inventory has, so it decides "
                              + "no device (packages found, with devices: \(listed))\(hint)")
        }
    }

    /// Attributes a config reads (a PrinceOfVersions requirement, a Turkcell filter, an OSAM counter) that no
    /// inventory column provides: every device reads them as absent, which decides outcomes without a word.
    static func missingAttributes(_ configs: [LoadedConfig], headers: [String], overrides: [String: String]) -> [Diagnostic] {
        guard !headers.isEmpty else { return [] }
        // Per-device history whose absence has a meaning the SDKs define (a message never shown, no version
        // ever notified): an inventory without it is the common case, not a mistake.
        let history: Set<String> = ["messagedisplaycount", "messagelastshown", "lastnotifiedversion"]
        let provided = Set(headers.map(InventoryColumn.normalize) + overrides.keys.map(InventoryColumn.normalize)).union(history)
        return configs.compactMap { loaded in
            let missing = loaded.config.needs.attributes.subtracting(provided).sorted()
            guard !missing.isEmpty else { return nil }
            let hints = missing.compactMap { name in NearMiss.closest(to: name, among: headers).map { "\(name) → \($0)?" } }
            return Diagnostic("inventory.missingColumn", .warning,
                              "\(loaded.id) reads \(missing.joined(separator: ", ")), which no inventory column provides: every device reads "
                              + "\(missing.count == 1 ? "it" : "them") as absent (map a column with --column NAME=HEADER"
                              + (hints.isEmpty ? ")" : "; near misses: \(hints.joined(separator: ", ")))"))
        }
    }

    /// Inventory packages (per platform) the releases file has no release for: any config that forces those
    /// devices counts them blocked, and the reason is the file's gap, not the store's — say which.
    static func packagesWithoutReleases(_ table: ProfileTable, releases: Releases?) -> [Diagnostic] {
        guard let releases, !releases.all.isEmpty else { return [] }
        var devices: [String: (platform: Platform, package: String?, count: Int64)] = [:]
        for (i, p) in table.profiles.enumerated() {
            let key = "\(p.platform.name)|\(p.packageName ?? "")"
            devices[key, default: (p.platform, p.packageName, 0)].count += table.devices[i]
        }
        return devices.values.filter { group in
            !releases.all.contains { $0.platform == group.platform && ($0.package == nil || group.package == nil || $0.package == group.package) }
        }.sorted { ($0.platform.name, $0.package ?? "") < ($1.platform.name, $1.package ?? "") }.map { group in
            Diagnostic("releases.noReleaseForPackage", .warning,
                       "\(releases.source) has no \(group.platform.name) release" + (group.package.map { " of \($0)" } ?? "")
                       + " (\(group.count.groupedDigits) devices): a config that forces them counts them blocked")
        }
    }

    public static func run(_ request: AuditRequest, generatedAt: Date = Timestamps.generationTime(),
                           onProgress: (@Sendable (Int64, (done: Int, total: Int)) -> Void)? = nil,
                           timings: RunTimings? = nil) throws(AuditFailure) -> AuditReport {
        let (configs, failed) = try loadConfigs(request)
        let releases = try loadReleases(request.releasesPath)
        let needs = ProfileNeeds.forRun(configs, releases: releases)

        let (table, summary) = try readInventory(request, needs: needs, onProgress: onProgress, timings: timings)
        timings?.phaseEnded("ingest: \(summary.rowsRead) rows, \(table.profiles.count) distinct profiles")
        let asOf = request.asOf ?? generatedAt
        let context = EvaluationContext(releases: releases, asOf: asOf, asOfIsExplicit: request.asOf != nil,
                                        options: request.formatOptions)
        let tallies = Auditor.audit(configs, profiles: table, context: context, timings: timings?.detail)
        timings?.phaseEnded("evaluation")
        var report = AuditReport(asOf: asOf, generatedAt: generatedAt, inventory: summary, releases: releases,
                                 options: request.reportedOptions, configs: configs, tallies: tallies, failedConfigs: failed)
        report.diagnostics += unreadPlatforms(table, configs: configs) + unmatchedPackages(table, configs: configs)
            + missingAttributes(configs, headers: summary.headers, overrides: request.columnOverrides)
            + packagesWithoutReleases(table, releases: releases)
        report.allowsEmpty = request.allowEmpty
        if let empty = report.emptiness, !request.allowEmpty { report.diagnostics.append(Diagnostic("run.empty", .error, empty)) }
        report.gates = request.gates.flatMap { $0.check(report) }
        return report
    }
}
