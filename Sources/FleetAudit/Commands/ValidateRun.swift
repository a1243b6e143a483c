/// `validate`: load every config as `audit` would and collect what a client would make of each, with no
/// inventory. The result is a `ValidationReport`; its renderers make the text and CI outputs.
public enum ValidateRun {
    public static func run(_ request: AuditRequest) throws(AuditFailure) -> ValidationReport {
        var request = request
        // A config that does not load is what validate is for: it is reported (at its syntax error), not fatal.
        request.keepGoing = true
        let (loaded, failed) = try AuditRun.loadConfigs(request)
        var entries: [(id: String, entry: ValidationReport.Entry)] = loaded.map {
            ($0.id, ValidationReport.Entry(source: $0.source, format: $0.format, diagnostics: $0.locatedDiagnostics))
        }
        entries += failed.map { ($0.id, ValidationReport.Entry(source: $0.source, format: nil, diagnostics: [$0.diagnostic])) }
        // In the order the configs were given (folders expanded, sorted), loaded or not.
        let sources = (try? ConfigLoader.sources(configs: request.configs, directories: request.configDirectories)) ?? []
        let position = Dictionary(ConfigLoader.ids(for: sources).enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        entries.sort { (position[$0.id] ?? .max) < (position[$1.id] ?? .max) }
        return ValidationReport(entries: entries.map(\.entry))
    }
}
