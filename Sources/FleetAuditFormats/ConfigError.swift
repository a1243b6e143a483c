/// A config that cannot be audited at all (exit code 65, or an input error in the reports with
/// `--keep-going`). What a client would do with a readable document is a `Diagnostic` instead.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    package enum Kind: Error, Equatable, Sendable {
        case notFound
        case unreadable(String)
        case syntax(line: Int, column: Int, message: String)
        /// An XML document that is not well-formed, or that the reader refuses (docs/security.md).
        case xmlSyntax(line: Int, column: Int, message: String)
        case notAnObject(found: String)
        case unrecognised(keys: [String])
        /// An XML document whose root element no format reads.
        case unrecognisedXML(root: String)
        case unknownFormat(String, known: [String])
        /// A URL that could not be fetched; `temporary` when it may work later (down, refusing, slow, 5xx).
        case fetch(String, temporary: Bool = false)
    }

    package let source: String
    package let kind: Kind

    package init(source: String, kind: Kind) {
        self.source = source
        self.kind = kind
    }

    /// Whether trying again later may succeed (exit 75 rather than 65).
    package var isTemporary: Bool {
        if case .fetch(_, let temporary) = kind { return temporary }
        return false
    }

    public var description: String { VisibleText.escape(text) }

    private var text: String {
        let source = Redaction.source(self.source)
        switch kind {
        case .notFound: return "\(source): config not found"
        case .unreadable(let reason): return "\(source): cannot read config: \(reason)"
        case .syntax(let line, let column, let message): return "\(source):\(line):\(column): invalid JSON: \(message)"
        case .xmlSyntax(let line, let column, let message):
            return "\(source):\(line):\(column): invalid XML: \(message)"
        case .unrecognisedXML(let root) where root.lowercased() == "html":
            return "\(source): an HTML page (root element <\(root)>), not a config: check the URL or file"
        case .unrecognisedXML(let root):
            return "\(source): no known config format reads an XML document whose root element is <\(root)>"
        case .notAnObject(let found): return "\(source): a config must be a JSON object, found \(found)"
        case .unrecognised(let keys):
            return
                "\(source): no known config format has these top-level keys: \(keys.isEmpty ? "(none)" : keys.joined(separator: ", "))"
        case .unknownFormat(let name, let known):
            return "\(source): unknown format \(name); known formats: \(known.joined(separator: ", "))"
        case .fetch(let reason, _): return "\(source): \(reason)"
        }
    }
}
