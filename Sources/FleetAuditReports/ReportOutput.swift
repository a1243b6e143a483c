import Foundation

/// What a renderer may consult besides the report model: the HTML templates (`--templates`, else the ones
/// compiled in) and, for an output that keeps something across runs, the text its file held before this run.
/// Generation time and tool version are in the model.
public struct ReportContext: Sendable {
    public var templates: ReportTemplates
    /// The file's text before this run, for an output that asks for it (`ReportOutput.readsPrevious`).
    public var previous: String?
    /// What CI outputs make paths relative to (`ReportTargets.baseDirectory`).
    public var baseDirectory: String

    public init(
        templates: ReportTemplates = .embedded, previous: String? = nil,
        baseDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        self.templates = templates
        self.previous = previous
        self.baseDirectory = baseDirectory
    }
}

/// One file a command's report can be written as: `--json FILE`, the HTML in `--out DIR`, the gates as JUnit,
/// the Prometheus metrics. Each report model lists its outputs once (`RenderableReport.outputs`); the writer,
/// what `--out DIR` holds, the overwrite guard, the refusal of an option a command does not write and (held by
/// a test) the CLI's flags all follow from that list.
public struct ReportOutput<Report: Sendable>: Sendable {
    /// The option that names its file, without dashes: `json` for `--json FILE`.
    public let option: String
    /// The extension it gets in `--out DIR` (`report.json`); nil: written only where its option says.
    public let directoryExtension: String?
    /// Whether `-` (standard output) may be given.
    public let allowsStandardOutput: Bool
    /// Whether the renderer is given the file's earlier text (`ReportContext.previous`).
    public let readsPrevious: Bool
    /// A pure function of the model and its context.
    public let render: @Sendable (Report, ReportContext) throws(ReportError) -> String

    public init(
        option: String, directoryExtension: String?, allowsStandardOutput: Bool = true, readsPrevious: Bool = false,
        render: @escaping @Sendable (Report, ReportContext) throws(ReportError) -> String
    ) {
        self.option = option
        self.directoryExtension = directoryExtension
        self.allowsStandardOutput = allowsStandardOutput
        self.readsPrevious = readsPrevious
        self.render = render
    }

    /// The flag as typed: `--json`.
    public var flag: String { "--\(option)" }

    /// The report as JSON: `--json`, and `STEM.json` in `--out DIR`.
    public static func json(_ render: @escaping @Sendable (Report) -> String) -> Self {
        Self(option: "json", directoryExtension: "json") { report, _ in render(report) }
    }

    /// The report as XML (valid against its XSD): `--xml`, and `STEM.xml` in `--out DIR`.
    public static func xml(_ render: @escaping @Sendable (Report) -> String) -> Self {
        Self(option: "xml", directoryExtension: "xml") { report, _ in render(report) }
    }

    /// The report as HTML from the templates: `--html`, and `STEM.html` in `--out DIR`.
    public static func html(
        _ render: @escaping @Sendable (Report, ReportTemplates) throws(ReportError) -> String
    ) -> Self {
        Self(option: "html", directoryExtension: "html") { (report, context) throws(ReportError) in
            try render(report, context.templates)
        }
    }

    /// The `--fail-on` gates as a JUnit test report: a view of the gates for CI, not a report, so not in `--out`.
    public static func junit(_ render: @escaping @Sendable (Report) -> String) -> Self {
        Self(option: "junit", directoryExtension: nil) { report, _ in render(report) }
    }
}

/// A report model the `ReportWriter` can write.
public protocol RenderableReport: Sendable {
    /// The command that writes it (`audit`), as messages name it.
    static var command: String { get }
    /// The file name's stem in `--out DIR` (`report`, `plan`).
    static var fileStem: String { get }
    /// Every output of the command's report, in the order they are written: the one list to add an output to.
    static var outputs: [ReportOutput<Self>] { get }
}

extension RenderableReport {
    /// The output an option names (`json`), if this report has it.
    public static func output(_ option: String) -> ReportOutput<Self>? { outputs.first { $0.option == option } }

    /// The outputs `--out DIR` writes, with their file names (`report.json`, …).
    public static var directoryOutputs: [(output: ReportOutput<Self>, fileName: String)] {
        outputs.compactMap { output in output.directoryExtension.map { (output, "\(fileStem).\($0)") } }
    }
}

extension AuditReport: RenderableReport {
    public static let command = "audit"
    public static let fileStem = "report"

    public static let outputs: [ReportOutput<AuditReport>] = [
        .json(JSONReport.render),
        .xml(XMLReport.render),
        .html { (report, templates) throws(ReportError) in try HTMLReport.render(report, templates: templates) },
        .junit { JUnitReport.audit($0).render() },
        // The configs' diagnostics, fleet-dependent ones included, as code scanning and GitLab read them.
        ReportOutput(option: "sarif", directoryExtension: nil) { report, context in
            SARIFReport.render(
                ValidationReport(findingsOf: report), ValidationContext(baseDirectory: context.baseDirectory))
        },
        ReportOutput(option: "codequality", directoryExtension: nil) { report, context in
            CodeQualityReport.render(
                ValidationReport(findingsOf: report), ValidationContext(baseDirectory: context.baseDirectory))
        },
        // A failed run keeps the last success the earlier file recorded.
        ReportOutput(option: "metrics", directoryExtension: nil, allowsStandardOutput: false, readsPrevious: true) {
            report, context in
            PrometheusMetrics.render(
                report, previousLastSuccess: context.previous.flatMap(PrometheusMetrics.lastSuccess(in:)))
        },
    ]
}

extension PlanReport: RenderableReport {
    public static let command = "plan"
    public static let fileStem = "plan"

    public static let outputs: [ReportOutput<PlanReport>] = [
        .json(PlanJSONReport.render),
        .xml(PlanXMLReport.render),
        .html { (report, templates) throws(ReportError) in try PlanHTMLReport.render(report, templates: templates) },
        .junit { JUnitReport.plan($0).render() },
    ]
}

extension WhatIfReport: RenderableReport {
    public static let command = "whatif"
    public static let fileStem = "whatif"

    public static let outputs: [ReportOutput<WhatIfReport>] = [
        .json(WhatIfJSONReport.render),
        .xml(WhatIfXMLReport.render),
        .html { (report, templates) throws(ReportError) in try WhatIfHTMLReport.render(report, templates: templates) },
        .junit { JUnitReport.whatIf($0).render() },
    ]
}
