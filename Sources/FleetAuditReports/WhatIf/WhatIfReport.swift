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
    /// Where each candidate was written and audited (`appcast.xml, item[2] (…)`): a sweep counted by a format.
    package let countedFrom: String?

    public var chosen: MinimumSweep.Candidate? { choice.map { sweep.candidates[$0] } }

    /// Whether bounds were given and no candidate keeps within them (exit 1).
    public var noCandidateWithinBounds: Bool { !bounds.isEmpty && choice == nil }

    /// What the counts assume about the stores, in one sentence.
    package var releasesNote: String {
        if let format = sweep.countedBy, let place = countedFrom {
            return
                "each candidate written at \(place) and counted by the \(format) decision itself (the document offers the releases)"
        }
        return releases.map { "releases from \($0.source)" }
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

    /// Whether a candidate is the live minimum: on each axis the config sets a minimum, the candidate sets an equal
    /// one (as numbers), and none where it sets none. A candidate without the live OS minimum counts other
    /// devices than the config does, so it is not the live one (the trial's `130` forced 12,376 where the live
    /// config, with its minimum OS 26, forces 10,132 and leaves 6,399 unsupportedOS).
    package func isLive(_ c: MinimumSweep.Candidate) -> Bool {
        guard let live else { return false }
        func same(_ candidate: String?, _ values: [String]) -> Bool {
            guard let candidate else { return values.isEmpty }
            return values.contains { MinimumScaleText.equal($0, candidate) }
        }
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
        var sentence =
            "live in \(live.source): "
            + (parts.isEmpty ? "no minimum for \(sweep.platform.name)" : parts.joined(separator: "; "))
        if !parts.isEmpty && !sweep.candidates.contains(where: isLive) {
            // Say how to count it: a candidate reproduces the live config only on both of its axes.
            var add: [String] = []
            if let app = live.app.first, sweep.candidates.first?.minimumApp == nil { add.append("--min-app \(app)") }
            if let os = live.os.first, sweep.candidates.first?.minimumOS == nil { add.append("--min-os \(os)") }
            sentence +=
                " (no candidate is the live minimum"
                + (add.isEmpty ? ")" : ": add \(add.joined(separator: " ")) to count it)")
        }
        return sentence
    }

    static func percent(_ part: Int64, of whole: Int64) -> String {
        whole > 0 ? String(format: "%.2f%%", Double(part) * 100 / Double(whole)) : "0.00%"
    }

    package init(
        generatedAt: Date, inventory: InventorySummary, releases: Releases?, package: String?, sweep: MinimumSweep,
        bounds: MinimumBounds, choice: Int?, live: LiveMinimum? = nil, countedFrom: String? = nil
    ) {
        self.live = live
        self.countedFrom = countedFrom
        self.generatedAt = generatedAt
        self.inventory = inventory
        self.releases = releases
        self.package = package
        self.sweep = sweep
        self.bounds = bounds
        self.choice = choice
    }
}
