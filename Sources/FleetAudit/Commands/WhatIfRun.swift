import Foundation

/// What `whatif` needs: an inventory read as `audit` reads it, the platform (and package), the candidates
/// of each axis and the bounds that choose among them.
public struct WhatIfRequest: Sendable {
    /// Inventory, delimiter, columns, table or query, busy timeout and `--releases`.
    package var audit: AuditRequest
    package var platform: Platform
    public var package: String?
    public var app: MinimumSweep.Candidates = .none
    public var os: MinimumSweep.Candidates = .none
    public var bounds = MinimumBounds()
    /// `--from CONFIG`: the published config whose minimum the reports show beside the candidates.
    public var liveFrom: String?

    public init(audit: AuditRequest, platform: Platform) {
        self.audit = audit
        self.platform = platform
    }
}

/// `whatif`: the inventory read once into distinct profiles (only the fields a minimum reads), then every
/// candidate counted by `MinimumSweep`, and the highest candidate within the bounds chosen.
public enum WhatIfRun {
    public static func run(
        _ request: WhatIfRequest, generatedAt: Date = Timestamps.generationTime(),
        timings: RunTimings? = nil
    ) throws(AuditFailure) -> WhatIfReport {
        if request.app == .none && request.os == .none {
            throw .usage("whatif needs candidates: --min-app V or --sweep-app, and/or --min-os V or --sweep-os")
        }
        let loader = ConfigLoader(timeout: request.audit.timeout)
        // The published config first: a --from that cannot be read stops the run before the inventory is.
        if let source = request.liveFrom,
            let published = try EvaluatedMinimumSweep.published(source, platform: request.platform, loader: loader)
        {
            return try evaluated(request, published, loader: loader, generatedAt: generatedAt, timings: timings)
        }
        let releases = try AuditRun.loadReleases(request.audit.releasesPath)
        let live = try request.liveFrom.map { (source) throws(AuditFailure) -> LiveMinimum in
            try MinimumDraft.live(source: source, platform: request.platform, loader: loader)
        }
        let needsPackage = request.package != nil || releases?.all.contains { $0.package != nil } == true
        let (table, summary) = try AuditRun.readInventory(
            request.audit, needs: ProfileNeeds(packageName: needsPackage), timings: timings)
        timings?.phaseEnded("ingest: \(summary.rowsRead) rows, \(table.profiles.count) distinct profiles")
        let sweep: MinimumSweep
        do {
            sweep = try MinimumSweep.run(
                table, platform: request.platform, package: request.package, releases: releases,
                app: request.app, os: request.os)
        } catch {
            switch error {
            case .unreadableMinimum(let axis, let text, let kind):
                throw .usage(
                    "\(axis) \(text): not a \(kind) a \(request.platform.name) client can read"
                        + (kind == "version" ? " (1 to 3 integer components, e.g. 4.2 or 16.4.1)" : " (an integer)"))
            }
        }
        timings?.phaseEnded("sweep: \(sweep.candidates.count) candidates")
        try requireDevices(request, sweep, table, summary)
        return WhatIfReport(
            generatedAt: generatedAt, inventory: summary, releases: releases, package: request.package,
            sweep: sweep, bounds: request.bounds, choice: request.bounds.choose(sweep), live: live)
    }

    /// `--from` an appcast: each candidate counted by the format's own decision on the document with it written
    /// in (docs/commands/whatif.md). The items are the releases and the minimum is the app's.
    private static func evaluated(
        _ request: WhatIfRequest, _ published: EvaluatedMinimumSweep.Published, loader: ConfigLoader,
        generatedAt: Date, timings: RunTimings?
    ) throws(AuditFailure) -> WhatIfReport {
        let name = published.format.displayName
        if request.os != .none {
            throw .usage(
                "--min-os/--sweep-os: a \(name)'s minimum OS is per item and is not swept; give --min-app V or --sweep-app (the critical version of \(published.place.description))"
            )
        }
        if request.audit.releasesPath != nil {
            throw .usage(
                "--releases: a \(name)'s items are its releases; leave --releases out with --from \(published.source)")
        }
        var audit = request.audit
        if let package = request.package { audit.packages = [package] }
        let config = loader.loaded(
            published.bytes, published.document, published.format, source: published.source, id: "published")
        let needs = ProfileNeeds.forRun([config], releases: nil, reading: ConfigTally.reads)
        let (table, summary) = try AuditRun.readInventory(audit, needs: needs, timings: timings)
        timings?.phaseEnded("ingest: \(summary.rowsRead) rows, \(table.profiles.count) distinct profiles")
        let context = EvaluationContext(
            asOf: request.audit.asOf ?? generatedAt, asOfIsExplicit: request.audit.asOf != nil,
            options: request.audit.formatOptions)
        let sweep = try EvaluatedMinimumSweep.run(
            published, table: table, app: request.app, context: context, loader: loader)
        timings?.phaseEnded("sweep: \(sweep.candidates.count) candidates, each audited")
        try requireDevices(request, sweep, table, summary)
        return WhatIfReport(
            generatedAt: generatedAt, inventory: summary, releases: nil, package: request.package, sweep: sweep,
            bounds: request.bounds, choice: request.bounds.choose(sweep), live: published.live,
            countedFrom: "\(published.live.source), \(published.place.description)")
    }

    /// A sweep over no device of the platform (or package) stops the run, naming what the inventory has.
    private static func requireDevices(
        _ request: WhatIfRequest, _ sweep: MinimumSweep, _ table: ProfileTable, _ summary: InventorySummary
    ) throws(AuditFailure) {
        guard sweep.devices > 0 else {
            // Profiles here hold only platform, versions and package: few enough to list what there is.
            let platforms = Set(table.profiles.map(\.platform.name)).sorted()
            if let package = request.package, platforms.contains(request.platform.name) {
                let packages = Set(table.profiles.filter { $0.platform == request.platform }.compactMap(\.packageName))
                    .sorted()
                throw .input(
                    "\(summary.source): no \(request.platform.name) device of package \(package); packages found: \(packages.isEmpty ? "none (no package column)" : packages.joined(separator: ", "))"
                )
            }
            throw .input(
                "\(summary.source): no \(request.platform.name) device; platforms found: \(platforms.isEmpty ? "none" : platforms.joined(separator: ", "))"
            )
        }
    }
}
