/// What a renderer may consult besides the report model: the HTML templates (`--templates`, else the ones
/// compiled in). Generation time and tool version are in the model.
public struct ReportContext: Sendable {
    public var templates: ReportTemplates
    public init(templates: ReportTemplates = .embedded) { self.templates = templates }
}

/// The report formats, each a pure function of a model and its context. A new output is a new case here:
/// the switch is exhaustive, so nothing can forget it.
public enum ReportFormat: String, CaseIterable, Sendable {
    case json, xml, html

    /// The file name a format gets in `--out DIR`.
    public var fileName: String { "report.\(rawValue)" }

    public func render(_ report: AuditReport, context: ReportContext) throws(AuditFailure) -> String {
        switch self {
        case .json: return JSONReport.render(report)
        case .xml: return XMLReport.render(report)
        case .html: return try HTMLReport.render(report, templates: context.templates)
        }
    }
}
