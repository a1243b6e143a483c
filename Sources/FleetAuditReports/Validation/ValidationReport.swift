import Foundation

/// What `validate` found: per config, in the order given, its diagnostics (each with its line and column
/// when it has a place). Renderers for people (text) and for CI (SARIF, GitHub annotations, GitLab Code
/// Quality) are pure functions of this model and a `ValidationContext`.
public struct ValidationReport: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// The path or URL as given.
        public let source: String
        /// The detected format; nil when the config could not be loaded.
        package let format: String?
        public let diagnostics: [Diagnostic]

        package init(source: String, format: String?, diagnostics: [Diagnostic]) {
            self.source = source
            self.format = format
            self.diagnostics = diagnostics
        }
    }

    public let entries: [Entry]

    package init(entries: [Entry]) { self.entries = entries }

    /// `validate` exits 1 when this holds: an error anywhere, or with `strict` a warning.
    public func failing(strict: Bool) -> Bool {
        entries.contains { $0.diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) } }
    }

    /// Every diagnostic with the config it belongs to, in report order.
    var results: [(source: String, diagnostic: Diagnostic)] {
        entries.flatMap { e in e.diagnostics.map { (e.source, $0) } }
    }
}

/// The outputs of `validate --output`.
public enum ValidationOutput: String, CaseIterable, Sendable {
    case text, sarif, github, codequality

    public func render(_ report: ValidationReport, _ context: ValidationContext) -> String {
        switch self {
        case .text: return ValidationText.render(report, style: context.style)
        case .sarif: return SARIFReport.render(report, context)
        case .github: return GitHubAnnotations.render(report, context)
        case .codequality: return CodeQualityReport.render(report, context)
        }
    }
}

/// What a validation output depends on besides the findings.
public struct ValidationContext: Sendable {
    /// The folder CI outputs make paths relative to: the repository's root (by default the working directory,
    /// where CI runs). SARIF, annotations and Code Quality all want repository-relative paths.
    package var baseDirectory: String
    /// Where relative config paths were given from (the working directory of the run).
    package var workingDirectory: String
    package var style: TextStyle

    public init(
        baseDirectory: String, workingDirectory: String = FileManager.default.currentDirectoryPath,
        style: TextStyle = .plain
    ) {
        self.baseDirectory = baseDirectory
        self.workingDirectory = workingDirectory
        self.style = style
    }

    /// `source` (relative to the working directory, as given) as a path relative to `baseDirectory` when it
    /// lies below it (`./a/b.json` → `a/b.json`); other paths are made absolute; URLs stay URLs.
    package func relativePath(_ source: String) -> String {
        if ConfigSource.isURL(source) { return source }
        let base = URL(
            fileURLWithPath: baseDirectory, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true)
        )
        .standardizedFileURL.path
        let absolute = URL(
            fileURLWithPath: source, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true)
        )
        .standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }
}
