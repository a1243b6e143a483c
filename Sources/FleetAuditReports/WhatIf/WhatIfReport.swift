import Foundation

/// The model of `whatif`'s reports: the sweep, the bounds and the candidate they choose. Renderers read only this.
public struct WhatIfReport: Sendable {
    package let generatedAt: Date
    package let inventory: InventorySummary
    package let releases: Releases?
    package let package: String?
    public let sweep: MinimumSweep
    package let bounds: MinimumBounds
    /// The index of the chosen candidate; nil without bounds or when none is within them.
    package let choice: Int?
    /// `--from CONFIG`: the minimum that config sets today, beside the candidates.
    package let live: LiveMinimum?

    public var chosen: MinimumSweep.Candidate? { choice.map { sweep.candidates[$0] } }

    /// Whether bounds were given and no candidate keeps within them (exit 1).
    public var noCandidateWithinBounds: Bool { !bounds.isEmpty && choice == nil }

    /// What the counts assume about the stores, in one sentence.
    package var releasesNote: String {
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

    /// Whether a candidate is the live minimum (each axis it sets equal to one the config sets, as numbers).
    package func isLive(_ c: MinimumSweep.Candidate) -> Bool {
        guard let live else { return false }
        func same(_ candidate: String?, _ values: [String]) -> Bool {
            guard let candidate else { return true }
            return values.contains { MinimumScaleText.equal($0, candidate) }
        }
        guard c.minimumApp != nil || c.minimumOS != nil else { return false }
        return same(c.minimumApp, live.app) && same(c.minimumOS, live.os)
    }

    /// `live in availability-android.json: minimum app 358 (5.0)`, or nil without `--from`.
    package var liveSentence: String? {
        guard let live else { return nil }
        var parts: [String] = []
        if !live.app.isEmpty {
            parts.append(
                "minimum app "
                    + live.app.map { v in
                        let names = sweep.names(ofApp: v)
                        return names.isEmpty ? v : "\(v) (\(names.joined(separator: ", ")))"
                    }.joined(separator: ", "))
        }
        if !live.os.isEmpty { parts.append("minimum OS " + live.os.joined(separator: ", ")) }
        return "live in \(live.source): "
            + (parts.isEmpty ? "no minimum for \(sweep.platform.name)" : parts.joined(separator: "; "))
    }

    static func percent(_ part: Int64, of whole: Int64) -> String {
        whole > 0 ? String(format: "%.2f%%", Double(part) * 100 / Double(whole)) : "0.00%"
    }

    package init(
        generatedAt: Date, inventory: InventorySummary, releases: Releases?, package: String?, sweep: MinimumSweep,
        bounds: MinimumBounds, choice: Int?, live: LiveMinimum? = nil
    ) {
        self.live = live
        self.generatedAt = generatedAt
        self.inventory = inventory
        self.releases = releases
        self.package = package
        self.sweep = sweep
        self.bounds = bounds
        self.choice = choice
    }
}
