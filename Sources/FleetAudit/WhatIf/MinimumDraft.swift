/// `whatif --emit`: a published document with its minimum replaced, its text otherwise kept byte for byte.
public enum MinimumDraft {
    /// A draft's text, and the live minimums it left as they were because they are above the new one.
    public struct Draft: Sendable {
        public let text: String
        /// `android2[0].required_version: 5000 kept (above 4091)`, one per value left.
        public let kept: [String]
        /// The source as it may be printed (a URL's secrets hidden).
        public var shownSource: String = ""
    }

    /// The draft of `source` with the minimum replaced. `formatName` must be the document's own format (it says
    /// what the user expects).
    /// - Parameter allowLowering: replace a live minimum even when it is higher than the new one. By default
    ///   such a value is kept: a document with OS tiers (5000 from API 28, 4090 from API 26) keeps its higher
    ///   tier, and no live minimum is lowered without being asked.
    public static func emit(
        source: String, formatName: String, platform: Platform, minimumApp: String?, minimumOS: String?,
        allowLowering: Bool = false, loader: ConfigLoader = ConfigLoader()
    ) throws(AuditFailure) -> Draft {
        let document: (bytes: [UInt8], root: ConfigDocument, format: any ConfigFormat.Type, notStrict: Diagnostic?)
        do { document = try loader.document(source) } catch { throw .input(error.description) }
        guard FormatRegistry.formats.contains(where: { $0.name == formatName }) else {
            throw .usage(
                "--emit \(formatName): not a format; formats: \(FormatRegistry.allNames.joined(separator: ", "))")
        }
        guard document.format.name == formatName else {
            throw .usage(
                "--emit \(formatName): \(Redaction.source(source)) is a \(document.format.displayName) document (\(document.format.name))"
            )
        }
        if document.format is any MinimumRewritable.Type {
            return try rewritten(
                source: source, platform: platform, minimumApp: minimumApp, minimumOS: minimumOS,
                allowLowering: allowLowering, loader: loader)
        }
        guard let editable = document.format as? any MinimumEditable.Type else {
            throw .input(
                "--emit \(formatName): \(document.format.displayName) documents have no single minimum version to replace: each entry targets its own devices; edit \(Redaction.source(source)) by hand"
            )
        }
        var edits: [MinimumEdit]
        switch editable.minimumEdits(
            document.root.json, platform: platform, minimumApp: minimumApp, minimumOS: minimumOS)
        {
        case .success(let e): edits = e
        case .failure(let refusal):
            throw .input("--emit \(formatName) --from \(Redaction.source(source)): \(refusal.description)")
        }
        var kept: [String] = []
        if !allowLowering {
            edits = edits.filter { edit in
                guard let live = document.root.json.value(at: edit.path), isHigher(live, than: edit.value) else {
                    return true
                }
                kept.append(
                    "\(edit.path): \(JSONWriter.compact(live)) kept (above \(JSONWriter.compact(edit.value)); --allow-lowering replaces it)"
                )
                return false
            }
        }
        let ranges = JSONPositions.valueRanges(Set(edits.map(\.path)), in: document.bytes)
        var bytes = document.bytes
        // From the end, so earlier ranges keep their offsets.
        for edit in edits.sorted(by: { (ranges[$0.path]?.lowerBound ?? 0) > (ranges[$1.path]?.lowerBound ?? 0) }) {
            guard let range = ranges[edit.path] else {
                throw .input("--emit: \(edit.path) was not found in the text of \(Redaction.source(source))")
            }
            bytes.replaceSubrange(range, with: Array(JSONWriter.compact(edit.value).utf8))
        }
        return Draft(text: String(decoding: bytes, as: UTF8.self), kept: kept, shownSource: Redaction.source(source))
    }

    /// The draft of a document whose format writes its own minimum (an appcast's critical version), read back
    /// before it is returned (`EvaluatedMinimumSweep.draft`).
    private static func rewritten(
        source: String, platform: Platform, minimumApp: String?, minimumOS: String?, allowLowering: Bool,
        loader: ConfigLoader
    ) throws(AuditFailure) -> Draft {
        guard let published = try EvaluatedMinimumSweep.published(source, platform: platform, loader: loader) else {
            throw .input("--emit: \(Redaction.source(source)) does not take a minimum")
        }
        let name = published.format.displayName
        if minimumOS != nil {
            throw .usage("--emit: a \(name)'s minimum OS is per item; edit \(Redaction.source(source)) by hand")
        }
        guard let minimumApp else { throw .usage("--emit: a \(name) takes a minimum app (--min-app or --sweep-app)") }
        if !allowLowering, let live = published.place.live, published.format.isOlder(minimumApp, than: live) {
            return Draft(
                text: String(decoding: published.bytes, as: UTF8.self),
                kept: [
                    "\(published.place.description): \(live) kept (above \(minimumApp); --allow-lowering replaces it)"
                ])
        }
        let written = try EvaluatedMinimumSweep.draft(published, minimumApp: minimumApp, loader: loader)
        return Draft(
            text: String(decoding: written.bytes, as: UTF8.self), kept: [], shownSource: Redaction.source(source))
    }

    /// The minimum `source` sets today for `platform`: the values at the places `--emit` would rewrite, read
    /// through the same format code, so what is shown as live is what a draft replaces. An axis the document
    /// cannot take a minimum on (OSAM's OS) is empty; a document with no minimum at all is refused.
    public static func live(source: String, platform: Platform, loader: ConfigLoader = ConfigLoader())
        throws(AuditFailure) -> LiveMinimum
    {
        let document: (bytes: [UInt8], root: ConfigDocument, format: any ConfigFormat.Type, notStrict: Diagnostic?)
        do { document = try loader.document(source) } catch { throw .input(error.description) }
        guard let editable = document.format as? any MinimumEditable.Type else {
            throw .input(
                "--from \(Redaction.source(source)): \(document.format.displayName) documents have no single minimum version to compare with"
            )
        }
        func values(app: String?, os: String?) -> Result<[String], MinimumEditRefusal> {
            editable.minimumEdits(document.root.json, platform: platform, minimumApp: app, minimumOS: os).map { edits in
                edits.compactMap { edit in
                    document.root.json.value(at: edit.path).flatMap { $0.stringValue ?? $0.numberValue?.literal }
                }
            }
        }
        // A placeholder minimum: only the places it would go are read.
        let app = values(app: "1", os: nil)
        let os = values(app: nil, os: "1")
        switch (app, os) {
        case (.failure(let refusal), .failure):
            throw .input("--from \(Redaction.source(source)): \(refusal.description)")
        default:
            func unique(_ r: Result<[String], MinimumEditRefusal>) -> [String] {
                var seen = Set<String>()
                return ((try? r.get()) ?? []).filter { seen.insert($0).inserted }
            }
            // The source as every report shows one: a URL's password and query values redacted.
            return LiveMinimum(source: Redaction.source(source), app: unique(app), os: unique(os))
        }
    }

    /// Whether a live minimum is above the new one: as integers when both are (versionCodes, API levels), else
    /// as dotted numbers. Unreadable values are replaced.
    static func isHigher(_ live: JSONValue, than new: JSONValue) -> Bool {
        func text(_ v: JSONValue) -> String? { v.stringValue ?? v.numberValue?.literal }
        guard let a = text(live)?.trimmedWhitespace, let b = text(new)?.trimmedWhitespace else { return false }
        if let x = Int64(a), let y = Int64(b) { return x > y }
        guard let x = LenientVersion(a), let y = LenientVersion(b) else { return false }
        return x > y
    }
}
