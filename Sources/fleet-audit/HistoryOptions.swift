import ArgumentParser
import FleetAudit
import Foundation

/// `--history FILE`, `--history-keep N`, `--baseline …`: the audit's history across runs.
struct HistoryOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Compare with an earlier run kept in this SQLite file, and append this run to it after the reports (created when missing; never the inventory).",
            valueName: "file"))
    var history: String?

    @Option(
        name: .customLong("history-keep"),
        help: ArgumentHelp("Runs the history keeps: older ones are pruned when a run is appended.", valueName: "n"))
    var historyKeep: Int = 365

    @Option(
        name: .customLong("history-trend"),
        help: ArgumentHelp("Earlier runs the HTML report's trend lines show.", valueName: "n"))
    var historyTrend: Int = 30

    @Option(
        help: ArgumentHelp(
            "The run to compare with: previous (the latest at or before --as-of), run:ID or date:ISO8601.",
            valueName: "run"))
    var baseline: String = "previous"

    func validate() throws {
        if historyKeep < 1 { throw ValidationError("--history-keep must be at least 1") }
        if historyTrend < 0 { throw ValidationError("--history-trend must be 0 or more") }
        if history == nil && baseline != "previous" { throw ValidationError("--baseline needs --history FILE") }
    }

    func apply(to request: inout AuditRequest) throws {
        request.historyPath = history
        request.trendRuns = historyTrend
        do { request.baseline = try BaselineSelector(parsing: baseline) } catch { throw Exit.fail(error) }
    }

    /// Appends the run; a history that cannot be written exits 74 (75 when locked), the reports staying.
    /// Appends the run; on failure, why and the exit code (74, or 75 for a history locked too long), for the
    /// run's own reports to say before they are written.
    func append(_ report: AuditReport, request: AuditRequest, quiet: Bool) -> (message: String, exitCode: Int32)? {
        guard let path = history else { return nil }
        do {
            let id = try HistoryStore.append(
                HistoryRun(report), to: path, keep: historyKeep, busyTimeout: request.busyTimeout)
            if !quiet { Console.info("history: run \(id) appended to \(path)") }
            return nil
        } catch {
            return (error.description + " (the reports were written)", error.exitCode)
        }
    }
}
