/// A format whose documents hold one minimum app version (and perhaps a minimum OS) a release manager can
/// set: `whatif --emit` writes a published document with that minimum replaced. A format opts in by
/// conforming in its own folder; `MinimumDraft` finds it by a cast, with no list of formats anywhere else.
package protocol MinimumEditable: ConfigFormat {
    /// The JSON paths to rewrite, and their new values, for a minimum on `platform` (either may be nil:
    /// left as it is), or why this document cannot take it.
    static func minimumEdits(_ root: JSONValue, platform: Platform, minimumApp: String?, minimumOS: String?)
        -> Result<[MinimumEdit], MinimumEditRefusal>
}

/// One value to write at a JSON path of the document (`minimumAppVersion.value` = `"4.40.0"`).
package struct MinimumEdit: Equatable, Sendable {
    package let path: String
    package let value: JSONValue

    package init(path: String, value: JSONValue) {
        self.path = path
        self.value = value
    }

    /// The new minimum at `path`, written as the value already there is: a string stays a string, an
    /// integer an integer (an NHS Android client accepts a quoted integer; keep what the document chose).
    package static func replacing(_ path: String, in root: JSONValue, with text: String) -> Result<
        MinimumEdit, MinimumEditRefusal
    > {
        switch root.value(at: path) {
        case .string?: return .success(MinimumEdit(path: path, value: .string(text)))
        case .number?:
            guard let n = Int64(text) else {
                return .failure(MinimumEditRefusal("\(path) is a number but the minimum \(text) is not an integer"))
            }
            return .success(MinimumEdit(path: path, value: .int64(n)))
        case let other?:
            return .failure(MinimumEditRefusal("\(path) is \(other.kindDescription), not a version to replace"))
        case nil: return .failure(MinimumEditRefusal("the document has no \(path) to replace"))
        }
    }
}

/// Why a document cannot take a new minimum (Turkcell has no single one; OSAM has no minimum OS; …).
package struct MinimumEditRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

extension JSONValue {
    /// The value at a path of the form diagnostics use (`ios2[0].requirements.required_os_version`).
    package func value(at path: String) -> JSONValue? {
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
