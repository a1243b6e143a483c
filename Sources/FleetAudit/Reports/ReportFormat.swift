/// What a renderer may consult besides the report model: the HTML templates (`--templates`, else the ones
/// compiled in). Generation time and tool version are in the model.
public struct ReportContext: Sendable {
    public var templates: ReportTemplates
    public init(templates: ReportTemplates = .embedded) { self.templates = templates }
}

/// The report formats. Every report model (the audit's, the plan's) renders each of them as a pure function
/// of the model and its context: a new output is a new case here, and the exhaustive switches in the models'
/// `render` make sure none forgets it.
public enum ReportFormat: String, CaseIterable, Sendable {
    case json, xml, html
    /// The gates as a JUnit test report (`--junit FILE`); not written by `--out DIR`, which holds the reports.
    case junit

    /// What `--out DIR` writes.
    public static let directoryFormats: [ReportFormat] = [.json, .xml, .html]

    /// The file name a format gets in `--out DIR`: `report.json`, `plan.html`, ….
    public func fileName(stem: String) -> String { "\(stem).\(rawValue)" }

    /// The audit report's file name (`report.json`, …).
    public var fileName: String { fileName(stem: AuditReport.fileStem) }

    public func render<Report: RenderableReport>(_ report: Report, context: ReportContext) throws(AuditFailure)
        -> String
    {
        try report.render(self, context: context)
    }
}

/// A report model the `ReportWriter` can write: one rendering per `ReportFormat`.
public protocol RenderableReport: Sendable {
    /// The file name's stem in `--out DIR` (`report`, `plan`).
    static var fileStem: String { get }
    func render(_ format: ReportFormat, context: ReportContext) throws(AuditFailure) -> String
}

extension AuditReport: RenderableReport {
    public static let fileStem = "report"

    public func render(_ format: ReportFormat, context: ReportContext) throws(AuditFailure) -> String {
        switch format {
        case .json: return JSONReport.render(self)
        case .xml: return XMLReport.render(self)
        case .html: return try HTMLReport.render(self, templates: context.templates)
        case .junit: return JUnitReport.audit(self).render()
        }
    }
}

extension PlanReport: RenderableReport {
    public static let fileStem = "plan"

    public func render(_ format: ReportFormat, context: ReportContext) throws(AuditFailure) -> String {
        switch format {
        case .json: return PlanJSONReport.render(self)
        case .xml: return PlanXMLReport.render(self)
        case .html: return try PlanHTMLReport.render(self, templates: context.templates)
        case .junit: return JUnitReport.plan(self).render()
        }
    }
}

extension WhatIfReport: RenderableReport {
    public static let fileStem = "whatif"

    public func render(_ format: ReportFormat, context: ReportContext) throws(AuditFailure) -> String {
        switch format {
        case .json: return WhatIfJSONReport.render(self)
        case .xml: return WhatIfXMLReport.render(self)
        case .html: return try WhatIfHTMLReport.render(self, templates: context.templates)
        case .junit: return JUnitReport.whatIf(self).render()
        }
    }
}
