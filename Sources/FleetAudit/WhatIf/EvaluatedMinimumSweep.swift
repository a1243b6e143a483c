import FleetAuditEngine
import FleetAuditReports
import Foundation

/// `whatif --from` a document whose format counts its own minimum (`MinimumRewritable`: an appcast). Every
/// candidate is written into the document's text, each draft is read back to check the minimum landed where it
/// was meant to, and the engine audits all the drafts together: a candidate's counts are what `audit` of its
/// draft reports for the platform's devices.
enum EvaluatedMinimumSweep {
    /// The published document and where its minimum goes.
    struct Published {
        let source: String
        let bytes: [UInt8]
        let document: ConfigDocument
        let format: any MinimumRewritable.Type
        let platform: Platform
        let place: MinimumPlace

        /// The live minimum as the reports show it.
        var live: LiveMinimum {
            LiveMinimum(source: Redaction.source(source), app: place.live.map { [$0] } ?? [], os: [])
        }
    }

    /// The document at `source` when its format counts its own minimum; nil for any other format.
    static func published(_ source: String, platform: Platform, loader: ConfigLoader) throws(AuditFailure)
        -> Published?
    {
        let document: (bytes: [UInt8], root: ConfigDocument, format: any ConfigFormat.Type, notStrict: Diagnostic?)
        do { document = try loader.document(source) } catch { throw .input(error.description) }
        guard let format = document.format as? any MinimumRewritable.Type else { return nil }
        switch format.minimumPlace(document.root, platform: platform) {
        case .success(let place):
            return Published(
                source: source, bytes: document.bytes, document: document.root, format: format, platform: platform,
                place: place)
        case .failure(let refusal):
            throw .input("--from \(source): \(refusal.description)")
        }
    }

    /// The document with `minimumApp` written at its place, read back: the place must now hold exactly it, and
    /// nothing else may differ. The draft's text and the document it parsed to (audited as it is: parsed once).
    static func draft(_ published: Published, minimumApp: String, loader: ConfigLoader) throws(AuditFailure)
        -> (bytes: [UInt8], document: ConfigDocument)
    {
        let p = published
        let bytes: [UInt8]
        switch p.format.rewrite(p.bytes, document: p.document, place: p.place, minimumApp: minimumApp) {
        case .success(let rewritten): bytes = rewritten
        case .failure(let refusal): throw .input("--from \(p.source): \(refusal.description)")
        }
        let reread: ConfigDocument
        do { reread = try loader.document(bytes: bytes, source: p.source).root } catch {
            throw .input(
                "--from \(p.source): the draft with \(minimumApp) at \(p.place.description) does not read back (\(error.description)); edit the document by hand"
            )
        }
        guard case .success(let place) = p.format.minimumPlace(reread, platform: p.platform),
            place.index == p.place.index, place.written == minimumApp,
            p.format.differsOnlyAtMinimum(p.document, reread, place: p.place)
        else {
            throw .input(
                "--from \(p.source): \(p.place.description) does not read back as \(minimumApp) in the draft; edit the document by hand"
            )
        }
        return (bytes, reread)
    }

    /// Every candidate counted by auditing its draft. `table` must have been read with the document's needs.
    static func run(
        _ published: Published, table: ProfileTable, app: MinimumSweep.Candidates, context: EvaluationContext,
        loader: ConfigLoader
    ) throws(AuditFailure) -> MinimumSweep {
        let format = published.format
        let platform = published.platform
        var texts: [String] = []
        switch app {
        case .none:
            throw .usage("whatif --from \(published.source) needs app candidates: --min-app V or --sweep-app")
        case .given(let given):
            texts = given.map(\.trimmedWhitespace)
            if let empty = given.first(where: { $0.trimmedWhitespace.isEmpty }) {
                throw .usage("--min-app '\(empty)': an empty version")
            }
        case .sweep:
            for c in table.devices(by: [.platform, .appBuild, .appVersion]) where c.values[0] == platform.name {
                if let v = format.comparedAppVersion(appBuild: c.values[1], appVersion: c.values[2]), !v.isEmpty {
                    texts.append(v)
                }
            }
            // The live minimum too, so the sweep shows what is in force (`← live`).
            texts += published.place.documentVersions + (published.place.live.map { [$0] } ?? [])
            if let ceiling = published.place.ceiling {
                // Above the item's own version nothing newer is offered: those candidates all count as it does.
                texts = texts.filter { !format.isOlder(ceiling, than: $0) }
            }
        }
        let candidates = distinct(texts, format)
        guard candidates.count <= maximumCandidates else {
            throw .usage(
                "--sweep-app: \(Int64(candidates.count).groupedDigits) candidates (the fleet's builds and the feed's versions), each a whole draft to audit; more than \(Int64(maximumCandidates).groupedDigits) is not a sweep anyone reads: give the ones to compare with --min-app V"
            )
        }
        // Drafts audited a batch at a time: memory holds a batch of parsed documents, never all of them.
        let perBatch = max(1, min(256, draftBytesPerBatch / max(published.bytes.count, 1)))
        var tallies: [ConfigTally] = []
        for start in stride(from: 0, to: candidates.count, by: perBatch) {
            var configs: [LoadedConfig] = []
            for (i, text) in candidates[start..<min(start + perBatch, candidates.count)].enumerated() {
                let written = try draft(published, minimumApp: text, loader: loader)
                configs.append(
                    loader.loaded(
                        written.bytes, written.document, published.format,
                        source: "\(published.source) (minimum \(text))", id: "candidate\(start + i)"))
            }
            tallies += Auditor.audit(configs, profiles: table, context: context)
        }
        var devices: Int64 = 0
        var out: [MinimumSweep.Candidate] = []
        for (text, tally) in zip(candidates, tallies) {
            let o = tally.byPlatform[platform] ?? OutcomeCounts()
            var counts = MinimumSweep.Counts()
            counts.upToDate = o[.upToDate]
            counts.recommended = o[.recommended]
            counts.forced = o[.forced]
            counts.blocked = o[.blocked]
            counts.unsupportedOS = o[.unsupportedOS]
            counts.notTargeted = o[.notTargeted]
            devices = counts.total
            out.append(MinimumSweep.Candidate(minimumApp: text, minimumOS: nil, counts: counts))
        }
        if candidates.isEmpty {
            devices = table.devices(by: [.platform]).filter { $0.values[0] == platform.name }.map(\.devices)
                .reduce(0, +)
        }
        return MinimumSweep(
            platform: platform, scale: .client(appKind: format.appKind), devices: devices, unreadable: 0,
            candidates: out, countedBy: format.name)
    }

    /// A sweep's most candidates: each is a whole document parsed and audited.
    static let maximumCandidates = 5_000
    /// About how many bytes of drafts one batch parses (a small feed: 256 drafts a batch).
    static let draftBytesPerBatch = 64 << 20

    /// Ascending by the client's comparator; of versions it holds equal (`2.0`, `2.0.0`) the shortest spelling.
    static func distinct(_ texts: [String], _ format: any MinimumRewritable.Type) -> [String] {
        let sorted = Set(texts).sorted { a, b in
            if format.isOlder(a, than: b) { return true }
            if format.isOlder(b, than: a) { return false }
            return (a.count, a) < (b.count, b)
        }
        var out: [String] = []
        for t in sorted {
            if let last = out.last, !format.isOlder(last, than: t) && !format.isOlder(t, than: last) { continue }
            out.append(t)
        }
        return out
    }
}
