/// `whatif --emit`: a published document with its minimum replaced, its text otherwise kept byte for byte.
public enum MinimumDraft {
    /// A draft's text, and the live minimums it left as they were because they are above the new one.
    public struct Draft: Sendable {
        public let text: String
        /// `android2[0].required_version: 5000 kept (above 4091)`, one per value left.
        public let kept: [String]
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
        let document: (bytes: [UInt8], root: JSONValue, format: any ConfigFormat.Type)
        do { document = try loader.document(source) } catch { throw .input(error.description) }
        guard FormatRegistry.formats.contains(where: { $0.name == formatName }) else {
            throw .usage(
                "--emit \(formatName): not a format; formats: \(FormatRegistry.allNames.joined(separator: ", "))")
        }
        guard document.format.name == formatName else {
            throw .usage(
                "--emit \(formatName): \(source) is a \(document.format.displayName) document (\(document.format.name))"
            )
        }
        guard let editable = document.format as? any MinimumEditable.Type else {
            throw .input(
                "--emit \(formatName): \(document.format.displayName) documents have no single minimum version to replace: each entry targets its own devices; edit \(source) by hand"
            )
        }
        var edits: [MinimumEdit]
        switch editable.minimumEdits(document.root, platform: platform, minimumApp: minimumApp, minimumOS: minimumOS) {
        case .success(let e): edits = e
        case .failure(let refusal): throw .input("--emit \(formatName) --from \(source): \(refusal.description)")
        }
        var kept: [String] = []
        if !allowLowering {
            edits = edits.filter { edit in
                guard let live = document.root.value(at: edit.path), isHigher(live, than: edit.value) else {
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
                throw .input("--emit: \(edit.path) was not found in the text of \(source)")
            }
            bytes.replaceSubrange(range, with: Array(JSONWriter.compact(edit.value).utf8))
        }
        return Draft(text: String(decoding: bytes, as: UTF8.self), kept: kept)
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
