/// `validate`: load every config as `audit` would and collect what a client would make of each, with no
/// inventory. The result is a `ValidationReport`; its renderers make the text and CI outputs.
public enum ValidateRun {
    public static func run(_ request: AuditRequest) throws(AuditFailure) -> ValidationReport {
        var request = request
        // A config that does not load is what validate is for: it is reported (at its syntax error), not fatal.
        request.keepGoing = true
        // In the order the configs were given (folders expanded, sorted), loaded or not.
        return ValidationReport(
            entries: try AuditRun.loadConfigsInOrder(request).map { result in
                switch result {
                case .loaded(let c):
                    return ValidationReport.Entry(source: c.source, format: c.format, diagnostics: c.locatedDiagnostics)
                case .failed(let f):
                    return ValidationReport.Entry(source: f.source, format: nil, diagnostics: [f.diagnostic])
                }
            })
    }
}
