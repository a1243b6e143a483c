import Foundation

/// An audit as Prometheus text exposition (format 0.0.4), for node-exporter's textfile collector (`--metrics
/// FILE`): written with the reports, through a temporary file and a rename, so the collector never reads half a
/// file. Every number is the report's; the renderer is a pure function of the model and of the last success
/// time an earlier file at that path recorded (kept across a failed run, as alerting on staleness needs).
package enum PrometheusMetrics {
    /// The metric that carries the last success over a failed run.
    static let lastSuccess = "fleet_audit_last_success_timestamp_seconds"

    package static func render(_ report: AuditReport, previousLastSuccess: Double?) -> String {
        var out = ""
        func family(_ name: String, _ help: String, _ samples: [(labels: [(String, String)], value: String)]) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) gauge\n"
            for sample in samples {
                let labels =
                    sample.labels.isEmpty
                    ? "" : "{" + sample.labels.map { "\($0.0)=\"\(escape($0.1))\"" }.joined(separator: ",") + "}"
                out += "\(name)\(labels) \(sample.value)\n"
            }
        }
        let status = report.status
        family(
            "fleet_audit_run_exit_code", "Exit code of the last audit (0 ok, 1 a gate crossed, 65/66/74/75 failed).",
            [([], String(status.exitCode))])
        family(
            "fleet_audit_run_failed", "1 when the last audit failed before its numbers could be stood behind.",
            [([], status.state == "failed" ? "1" : "0")])
        family(
            "fleet_audit_run_timestamp_seconds", "When the last audit ran (its generation time).",
            [([], seconds(report.generatedAt))])
        if let seconds = report.runSeconds {
            family(
                "fleet_audit_run_duration_seconds", "Wall time of the last audit, up to its reports.",
                [([], String(format: "%.3f", seconds))])
        }
        let success = status.state == "failed" ? previousLastSuccess : report.generatedAt.timeIntervalSince1970
        if let success {
            family(
                lastSuccess, "When an audit last completed (a failed run keeps the earlier value).",
                [([], number(success))])
        }
        guard status.state != "failed" else { return out }
        family(
            "fleet_audit_inventory_rows", "Inventory rows read, evaluated and rejected.",
            [
                ([("state", "read")], String(report.inventory.rowsRead)),
                ([("state", "evaluated")], String(report.inventory.rowsEvaluated)),
                ([("state", "rejected")], String(report.inventory.rowsRejected)),
            ])
        family(
            "fleet_audit_inventory_devices", "Devices evaluated (rows times their count column).",
            [([], String(report.inventory.devices))])
        family(
            "fleet_audit_configs_not_loaded", "Configs that could not be loaded.",
            [([], String(report.failedConfigs.count))])
        var devices: [(labels: [(String, String)], value: String)] = []
        var diagnostics: [(labels: [(String, String)], value: String)] = []
        for config in report.configs {
            for outcome in Outcome.allCases {
                devices.append(
                    ([("config", config.id), ("outcome", outcome.rawValue)], String(config.totals[outcome])))
            }
            for severity in [Severity.error, .warning, .info] {
                diagnostics.append(
                    (
                        [("config", config.id), ("severity", severity.rawValue)],
                        String(config.diagnostics.filter { $0.diagnostic.severity == severity }.count)
                    ))
            }
        }
        family("fleet_audit_devices", "Devices per config and outcome.", devices)
        family("fleet_audit_diagnostics", "Diagnostics per config and severity.", diagnostics)
        if !report.gates.isEmpty {
            family(
                "fleet_audit_gate_crossed", "1 when a --fail-on gate is crossed.",
                report.gates.map { ([("gate", $0.gate.description), ("config", $0.config)], $0.crossed ? "1" : "0") })
        }
        return out
    }

    /// The last success an earlier metrics file recorded.
    package static func lastSuccess(in text: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(lastSuccess + " ") {
            return Double(line.dropFirst(lastSuccess.count + 1))
        }
        return nil
    }

    /// A label value: backslash, double quote and line feed escaped (the exposition format's three).
    static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }

    private static func seconds(_ date: Date) -> String { number(date.timeIntervalSince1970) }
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
