import Foundation

/// The one line a run ends with on stderr, for a cron log or a CI job's last line: how it ended, its exit code,
/// and the few numbers that say whether it can be stood behind. Grep-able by its fixed start
/// (`audit completed`, `plan gateCrossed`, …); the wall time is left out under `SOURCE_DATE_EPOCH`.
public enum RunLine {
    public static func audit(_ report: AuditReport) -> String {
        let status = report.status
        var parts: [String] = []
        if report.failure == nil {
            let inv = report.inventory
            // A grouped export's rows are groups, as the inventory line says them.
            parts.append(
                "\(inv.devices.groupedDigits) devices from \(plural(inv.rowsRead, inv.grouped ? "group" : "row"))")
            if inv.rowsRejected > 0 { parts.append("\(inv.rowsRejected.groupedDigits) rejected") }
            parts.append(
                plural(Int64(report.configs.count), "config")
                    + (report.failedConfigs.isEmpty ? "" : " (\(report.failedConfigs.count) not loaded)"))
            let errors =
                report.configs.flatMap(\.diagnostics).filter { $0.diagnostic.severity == .error }.count
                + report.diagnostics.filter { $0.severity == .error }.count
            if errors > 0 { parts.append(plural(Int64(errors), "error diagnostic")) }
            // Results with nothing to compare (no baseline) are no checks: the unchecked gates say them.
            parts += gateParts(
                crossed: report.crossedGates.count, of: report.gates.filter(\.checked).count,
                unchecked: report.uncheckedGates)
        }
        return line("audit", status.state, status.exitCode, report.runSeconds, parts)
    }

    public static func plan(_ report: PlanReport) -> String {
        let status = report.status ?? ("completed", 0)
        var parts: [String] = []
        if report.failure == nil {
            parts.append("\(report.inventory.devices.groupedDigits) devices")
            parts.append(
                plural(Int64(report.pairs.count), "pair")
                    + (report.failed.isEmpty ? "" : " (\(report.failed.count) not planned)"))
            parts.append("\(report.worse.groupedDigits) worse, \(report.better.groupedDigits) better")
            if report.newErrorCount > 0 { parts.append(plural(Int64(report.newErrorCount), "new error diagnostic")) }
            parts += gateParts(
                crossed: report.crossedGates.count, of: report.gates.count, unchecked: report.uncheckedGates)
        }
        return line("plan", status.state, status.exitCode, report.runSeconds, parts)
    }

    private static func gateParts(crossed: Int, of total: Int, unchecked: [String]) -> [String] {
        var parts: [String] = []
        if total > 0 { parts.append("\(crossed) of \(total) gate checks crossed") }
        if !unchecked.isEmpty { parts.append("\(unchecked.count) gate\(unchecked.count == 1 ? "" : "s") not checked") }
        return parts
    }

    private static func line(
        _ command: String, _ state: String, _ exitCode: Int32, _ seconds: Double?, _ parts: [String]
    ) -> String {
        let time = seconds.map { String(format: " in %.2f s", $0) } ?? ""
        return "\(command) \(state) (exit \(exitCode))\(time)"
            + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
    }

    private static func plural(_ n: Int64, _ word: String) -> String {
        "\(n.groupedDigits) \(word)\(n == 1 ? "" : "s")"
    }
}
