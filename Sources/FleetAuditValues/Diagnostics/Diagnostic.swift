/// How serious a diagnostic is. `error` means a client would reject or crash on the document:
/// `validate` exits non-zero on it.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case error, warning, info

    private var rank: Int { self == .error ? 0 : self == .warning ? 1 : 2 }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A problem found in a config, with a stable dotted code (`nhs.rejected`) that scripts can match on.
/// Diagnostics are collected as values and shown in every report; they never stop a run.
public struct Diagnostic: Equatable, Hashable, Sendable, Error {
    package let code: String
    public let severity: Severity
    package let message: String
    /// Where in the document, as a JSON path (`minimumAppVersion.value`), when known.
    package let path: String?
    /// The line and column of that path in the document's text, once the loader has located it.
    package var location: SourceLocation?
    /// The devices a diagnostic of the fleet as a whole is about (`EvaluableConfig.fleetDiagnostics`), shown as
    /// its device count beside those a decision raised; nil when it counts none.
    package var devices: Int64?

    package init(_ code: String, _ severity: Severity, _ message: String, path: String? = nil) {
        // One code, one meaning: every code is in the catalog with this severity (checked in debug builds).
        assert(
            DiagnosticCatalog.entry(code)?.severity == severity,
            "diagnostic \(code) (\(severity)) is not in DiagnosticCatalog with that severity")
        self.code = code
        self.severity = severity
        self.message = VisibleText.escape(message)
        self.path = path
    }
}
