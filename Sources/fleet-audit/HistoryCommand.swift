import ArgumentParser
import FleetAudit
import Foundation

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract:
            "List the runs an audit --history file keeps: per config its totals and the change since the run before.",
        discussion: """
            Exit codes: 0 listed (also when there are no runs), 64 usage, 65 not a FleetAudit history or no such file, 75 locked.
            Example:
              fleet-audit history --history /var/lib/fleet-audit/history.sqlite --config availability-ios.json --format csv
            """
    )

    @Option(help: ArgumentHelp("The history file audit --history wrote.", valueName: "file"))
    var history: String

    @Option(help: ArgumentHelp("Only this config (its id, as in the reports).", valueName: "id"))
    var config: String?

    @Option(help: ArgumentHelp("Only runs at or after this time (ISO 8601).", valueName: "time"))
    var since: String?

    @Option(
        help: ArgumentHelp("table (for a person, the default), csv (for a spreadsheet) or json.", valueName: "format"),
        transform: ArgumentCase.parse)
    var format: HistoryListing.Format = .table

    func run() throws {
        var sinceDate: Date?
        if let since {
            guard let date = Timestamps.parse(since) else {
                throw Exit.fail(.usage("--since \(since): expected ISO 8601, e.g. 2026-11-01 or 2026-11-01T02:00:00Z"))
            }
            sinceDate = date
        }
        guard FileManager.default.fileExists(atPath: history) else {
            throw Exit.fail(.input("--history \(history): no such file (audit --history creates it)"))
        }
        do {
            let runs = try HistoryStore.runs(history, since: sinceDate)
            FileHandle.standardOutput.write(
                Data(HistoryListing(file: history, runs: runs, config: config).render(format).utf8))
        } catch {
            Console.error(error.description)
            throw ExitCode(error.exitCode)
        }
    }
}
