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
        let releases = try AuditRun.loadReleases(request.audit.releasesPath)
        // The published config first: a --from that cannot be read stops the run before the inventory is.
        let live = try request.liveFrom.map { (source) throws(AuditFailure) -> LiveMinimum in
            try MinimumDraft.live(
                source: source, platform: request.platform, loader: ConfigLoader(timeout: request.audit.timeout))
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
        return WhatIfReport(
            generatedAt: generatedAt, inventory: summary, releases: releases, package: request.package,
            sweep: sweep, bounds: request.bounds, choice: request.bounds.choose(sweep), live: live)
    }
}
