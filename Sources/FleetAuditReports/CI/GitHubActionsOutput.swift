import Foundation

/// An audit as GitHub Actions shows it: a Markdown step summary (appended to `$GITHUB_STEP_SUMMARY`) and workflow
/// commands that annotate the run — one per crossed gate, one per error in a config at the line and column of
/// its value. Pure functions of the report; the CLI decides when to use them (`--ci`).
public enum GitHubActionsOutput {
    /// Where a config path is shown from: annotations need paths relative to the repository
    /// (`$GITHUB_WORKSPACE`), as `validate --output github` writes them.
    public struct Context: Sendable {
        package var paths: ValidationContext
        public init(baseDirectory: String) { paths = ValidationContext(baseDirectory: baseDirectory) }
    }

    /// The step summary: how the run ended, the fleet, each config's devices by outcome, crossed gates, errors.
    public static func summary(_ report: AuditReport) -> String {
        let status = report.status
        var out = "## FleetAudit audit: "
        switch status.state {
        case "completed": out += "passed\n\n"
        case "gateCrossed": out += "gate crossed (exit 1)\n\n"
        case "gateUnchecked": out += "gate not checked (exit 1)\n\n"
        default: out += "failed (exit \(status.exitCode))\n\n"
        }
        if let message = status.message { out += "> \(cell(message))\n\n" }
        let inventory = report.inventory
        out +=
            "\(inventory.devices.groupedDigits) devices from \(cell(inventory.source)) (\(inventory.rowsRead.groupedDigits) rows read, \(inventory.rowsRejected.groupedDigits) rejected), as of \(Timestamps.iso8601(report.asOf)).\n\n"
        if !report.configs.isEmpty {
            out += "| config | " + Outcome.allCases.map(\.rawValue).joined(separator: " | ") + " |\n"
            out += "|---|" + String(repeating: "---:|", count: Outcome.allCases.count) + "\n"
            for config in report.configs {
                out +=
                    "| \(cell(config.id)) | "
                    + Outcome.allCases.map { config.totals[$0].groupedDigits }.joined(separator: " | ") + " |\n"
            }
            out += "\n"
        }
        out += section(
            "Configs not loaded", report.failedConfigs.map { "\(cell($0.id)): \(cell($0.error.description))" })
        out += section("Gates crossed", report.crossedGates.map { cell($0.sentence) })
        out += section(
            "Errors",
            errorDiagnostics(report).map { config, d in
                (config.map { "\(cell($0.id)): " } ?? "") + "`\(d.code)` \(cell(d.message))"
            })
        return out
    }

    /// Workflow commands: `::error` per crossed gate, and per error diagnostic of a config at its value.
    public static func annotations(_ report: AuditReport, _ context: Context) -> String {
        report.crossedGates.map { gateAnnotation("fleet-audit gate crossed", $0.sentence) }.joined()
            + errorDiagnostics(report).map { diagnosticAnnotation($1, source: $0?.source, context) }.joined()
    }

    /// Error-severity diagnostics: each config's (with its config), then the run's.
    private static func errorDiagnostics(_ report: AuditReport) -> [(AuditReport.ConfigReport?, Diagnostic)] {
        var out: [(AuditReport.ConfigReport?, Diagnostic)] = []
        for config in report.configs {
            for d in config.diagnostics where d.diagnostic.severity == .error { out.append((config, d.diagnostic)) }
        }
        for d in report.diagnostics where d.severity == .error { out.append((nil, d)) }
        return out
    }

    /// A Markdown section of list items (nothing when there are none).
    static func section(_ title: String, _ items: [String]) -> String {
        items.isEmpty ? "" : "### \(title)\n\n" + items.map { "- \($0)\n" }.joined() + "\n"
    }

    /// `::error` for a crossed gate (it has no place in a file).
    static func gateAnnotation(_ title: String, _ sentence: String) -> String {
        "::error title=\(GitHubAnnotations.escapeProperty(title))::\(GitHubAnnotations.escapeData(sentence))\n"
    }

    /// `::error` for a diagnostic, in `source` (when known) at the diagnostic's line and column.
    static func diagnosticAnnotation(_ d: Diagnostic, source: String?, _ context: Context) -> String {
        var properties: [(String, String)] = []
        if let source { properties.append(("file", context.paths.relativePath(source))) }
        if let at = d.location { properties += [("line", String(at.line)), ("col", String(at.column))] }
        properties.append(("title", "fleet-audit [\(d.code)]"))
        let props = properties.map { "\($0)=\(GitHubAnnotations.escapeProperty($1))" }.joined(separator: ",")
        return "::error \(props)::\(GitHubAnnotations.escapeData(d.message))\n"
    }

    /// Text from a config, an inventory or a message for one Markdown table cell or list item, inert: a code span
    /// (no link, image, HTML or emphasis is rendered in one) fenced by more backticks than the text holds in a row,
    /// on one line, its `|` escaped for tables.
    static func cell(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "|", with: "\\|")
        var longest = 0
        var run = 0
        for c in flat {
            run = c == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = flat.hasPrefix("`") || flat.hasSuffix("`") ? " " : ""
        return fence + pad + flat + pad + fence
    }
}
