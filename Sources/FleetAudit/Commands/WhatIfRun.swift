import Foundation

/// What `whatif` needs: an inventory read as `audit` reads it, the platform (and package), the candidates
/// of each axis and the bounds that choose among them.
public struct WhatIfRequest: Sendable {
    /// Inventory, delimiter, columns, table or query, busy timeout and `--releases`.
    public var audit: AuditRequest
    public var platform: Platform
    public var package: String?
    public var app: MinimumSweep.Candidates = .none
    public var os: MinimumSweep.Candidates = .none
    public var bounds = MinimumBounds()

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
            sweep: sweep, bounds: request.bounds, choice: request.bounds.choose(sweep))
    }
}

/// The model of `whatif`'s reports: the sweep, the bounds and the candidate they choose. Renderers read only this.
public struct WhatIfReport: Sendable {
    public let generatedAt: Date
    public let inventory: InventorySummary
    public let releases: Releases?
    public let package: String?
    public let sweep: MinimumSweep
    public let bounds: MinimumBounds
    /// The index of the chosen candidate; nil without bounds or when none is within them.
    public let choice: Int?

    public var chosen: MinimumSweep.Candidate? { choice.map { sweep.candidates[$0] } }

    /// Whether bounds were given and no candidate keeps within them (exit 1).
    public var noCandidateWithinBounds: Bool { !bounds.isEmpty && choice == nil }

    /// What the counts assume about the stores, in one sentence.
    public var releasesNote: String {
        releases.map { "releases from \($0.source)" }
            ?? "no --releases: every minimum is assumed installable (forced, never blocked)"
    }

    /// The bounds in words (`--target-coverage 90%, --max-stranded 1%`).
    public var boundsText: String {
        var parts: [String] = []
        if let t = bounds.targetCoverage { parts.append("--target-coverage \(t.text)") }
        if let m = bounds.maxStranded { parts.append("--max-stranded \(m)") }
        return parts.joined(separator: ", ")
    }

    /// `minimum app 352, minimum OS 26`.
    public static func describe(_ c: MinimumSweep.Candidate) -> String {
        [c.minimumApp.map { "minimum app \($0)" }, c.minimumOS.map { "minimum OS \($0)" }].compactMap { $0 }.joined(
            separator: ", ")
    }

    /// The chosen candidate in a sentence, or why there is none (nil without bounds).
    public var choiceSentence: String? {
        guard !bounds.isEmpty else { return nil }
        guard let c = chosen else { return "no candidate keeps within \(boundsText)" }
        let n = sweep.devices
        return
            "highest within \(boundsText): \(Self.describe(c)) — \(c.counts.affected.groupedDigits) of \(n.groupedDigits) devices affected (\(Self.percent(c.counts.affected, of: n))), \(c.counts.stranded.groupedDigits) stranded (\(Self.percent(c.counts.stranded, of: n)))"
    }

    static func percent(_ part: Int64, of whole: Int64) -> String {
        whole > 0 ? String(format: "%.2f%%", Double(part) * 100 / Double(whole)) : "0.00%"
    }
}
