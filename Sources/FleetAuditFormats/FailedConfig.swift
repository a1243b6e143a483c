/// One config as loading left it, in the order the configs were given.
package enum ConfigLoadResult: Sendable {
    case loaded(LoadedConfig)
    case failed(FailedConfig)
}

/// A config that could not be loaded, kept for the reports when `--keep-going` is set.
public struct FailedConfig: Sendable, Equatable {
    public let id: String
    package let source: String
    public let error: ConfigError

    package init(id: String, source: String, error: ConfigError) {
        self.id = id
        self.source = Redaction.source(source)
        self.error = error
    }

    /// How every report and `validate` list it: `config.unavailable`, at the syntax error when there is one.
    package var diagnostic: Diagnostic {
        var d = Diagnostic("config.unavailable", .error, error.description)
        if case .syntax(let line, let column, _) = error.kind {
            d.location = SourceLocation(line: line, column: column)
        }
        return d
    }
}
