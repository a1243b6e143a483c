/// A format whose documents hold one minimum app version (and perhaps a minimum OS) a release manager can
/// set: `whatif --emit` writes a published document with that minimum replaced. A format opts in by
/// conforming in its own folder; `MinimumDraft` finds it by a cast, with no list of formats anywhere else.
public protocol MinimumEditable: ConfigFormat {
    /// The JSON paths to rewrite, and their new values, for a minimum on `platform` (either may be nil:
    /// left as it is), or why this document cannot take it.
    static func minimumEdits(_ root: JSONValue, platform: Platform, minimumApp: String?, minimumOS: String?)
        -> Result<[MinimumEdit], MinimumEditRefusal>
}

/// One value to write at a JSON path of the document (`minimumAppVersion.value` = `"4.40.0"`).
public struct MinimumEdit: Equatable, Sendable {
    public let path: String
    public let value: JSONValue

    public init(path: String, value: JSONValue) {
        self.path = path
        self.value = value
    }

    /// The new minimum at `path`, written as the value already there is: a string stays a string, an
    /// integer an integer (an NHS Android client accepts a quoted integer; keep what the document chose).
    public static func replacing(_ path: String, in root: JSONValue, with text: String) -> Result<MinimumEdit, MinimumEditRefusal> {
        switch root.value(at: path) {
        case .string?: return .success(MinimumEdit(path: path, value: .string(text)))
        case .number?:
            guard let n = Int64(text) else {
                return .failure(MinimumEditRefusal("\(path) is a number but the minimum \(text) is not an integer"))
            }
            return .success(MinimumEdit(path: path, value: .int64(n)))
        case let other?: return .failure(MinimumEditRefusal("\(path) is \(other.kindDescription), not a version to replace"))
        case nil: return .failure(MinimumEditRefusal("the document has no \(path) to replace"))
        }
    }
}

/// Why a document cannot take a new minimum (Turkcell has no single one; OSAM has no minimum OS; …).
public struct MinimumEditRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

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
    public static func emit(source: String, formatName: String, platform: Platform, minimumApp: String?, minimumOS: String?,
                            allowLowering: Bool = false, loader: ConfigLoader = ConfigLoader()) throws(AuditFailure) -> Draft {
        let document: (bytes: [UInt8], root: JSONValue, format: any ConfigFormat.Type)
        do { document = try loader.document(source) } catch { throw .input(error.description) }
        guard FormatRegistry.formats.contains(where: { $0.name == formatName }) else {
            throw .usage("--emit \(formatName): not a format; formats: \(FormatRegistry.allNames.joined(separator: ", "))")
        }
        guard document.format.name == formatName else {
            throw .usage("--emit \(formatName): \(source) is a \(document.format.displayName) document (\(document.format.name))")
        }
        guard let editable = document.format as? any MinimumEditable.Type else {
            throw .input("--emit \(formatName): \(document.format.displayName) documents have no single minimum version to replace: each entry targets its own devices; edit \(source) by hand")
        }
        var edits: [MinimumEdit]
        switch editable.minimumEdits(document.root, platform: platform, minimumApp: minimumApp, minimumOS: minimumOS) {
        case .success(let e): edits = e
        case .failure(let refusal): throw .input("--emit \(formatName) --from \(source): \(refusal.description)")
        }
        var kept: [String] = []
        if !allowLowering {
            edits = edits.filter { edit in
                guard let live = document.root.value(at: edit.path), isHigher(live, than: edit.value) else { return true }
                kept.append("\(edit.path): \(JSONWriter.compact(live)) kept (above \(JSONWriter.compact(edit.value)); --allow-lowering replaces it)")
                return false
            }
        }
        let ranges = JSONPositions.valueRanges(Set(edits.map(\.path)), in: document.bytes)
        var bytes = document.bytes
        // From the end, so earlier ranges keep their offsets.
        for edit in edits.sorted(by: { (ranges[$0.path]?.lowerBound ?? 0) > (ranges[$1.path]?.lowerBound ?? 0) }) {
            guard let range = ranges[edit.path] else { throw .input("--emit: \(edit.path) was not found in the text of \(source)") }
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

extension JSONValue {
    /// The value at a path of the form diagnostics use (`ios2[0].requirements.required_os_version`).
    func value(at path: String) -> JSONValue? {
        guard let components = JSONPositions.components(of: path) else { return nil }
        var current: JSONValue? = self
        for c in components {
            switch c {
            case .member(let key): current = current?.objectValue?[key]
            case .element(let i): current = current?.arrayValue.flatMap { i < $0.count ? $0[i] : nil }
            }
        }
        return current
    }
}
