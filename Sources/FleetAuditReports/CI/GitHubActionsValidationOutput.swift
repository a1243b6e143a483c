extension GitHubActionsOutput {
    /// `validate`'s step summary: how it ended, the configs checked, and every error and warning as a table with
    /// the config, its line and column, the code and the message (infos left out: a step summary is read for what
    /// to fix).
    public static func summary(_ report: ValidationReport, strict: Bool, _ context: ValidationContext) -> String {
        let failing = report.failing(strict: strict)
        let errors = report.results.filter { $0.diagnostic.severity == .error }.count
        let warnings = report.results.filter { $0.diagnostic.severity == .warning }.count
        var out = "## FleetAudit validate: " + (failing ? "failed (exit 1)" : "passed") + "\n\n"
        out +=
            "\(report.entries.count) config\(report.entries.count == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), "
            + "\(warnings) warning\(warnings == 1 ? "" : "s")\(strict ? " (--strict: warnings fail too)" : "").\n\n"
        // Errors first, then warnings, each in report order.
        let rows =
            report.results.filter { $0.diagnostic.severity == .error }
            + report.results.filter { $0.diagnostic.severity == .warning }
        guard !rows.isEmpty else { return out }
        out += "| severity | config | line:col | code | message |\n|---|---|---|---|---|\n"
        for (source, d) in rows {
            let at = d.location.map { "\($0.line):\($0.column)" } ?? ""
            out +=
                "| \(d.severity.rawValue) | \(cell(context.relativePath(source))) | \(at) | `\(d.code)` | \(cell(d.message)) |\n"
        }
        return out + "\n"
    }
}
