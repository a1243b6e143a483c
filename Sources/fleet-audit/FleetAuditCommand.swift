import ArgumentParser
import FleetAudit
import Foundation

@main
struct FleetAuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet-audit",
        abstract: "Count how many real devices each published update config forces, blocks or leaves behind.",
        discussion: """
            Exit codes: 0 reports written; 1 a --fail-on gate was crossed, a config clients reject or crash on \
            (audit, unless --allow-errors) or validate found errors; 64 usage error; 65 bad input (inventory, config \
            or releases unreadable, missing column) or nothing evaluated; 71 the open-file limit (ulimit -n) is below 16; \
            74 a report could not be written; 75 a \
            SQLite inventory stayed locked or a config URL is down (try again later).

            Gates (--fail-on): OUTCOME>N|P%, OUTCOME+>N (since --history), error, warning, rejected>N, notLoaded>N; \
            plan: FROM->TO>N, worse>N, undecided>N, OUTCOME>N (the draft's total). `make install` also installs the \
            man page (man fleet-audit) and shell completions (fleet-audit --generate-completion-script bash|zsh|fish).
            """,
        version: "\(FleetAuditVersion.current) (commit \(BuildInfo.commit.prefix(12)), \(BuildInfo.date))",
        subcommands: [
            AuditCommand.self, PlanCommand.self, WhatIfCommand.self, QueryCommand.self, ExplainCommand.self,
            ValidateCommand.self, HistoryCommand.self,
        ]
    )

    /// An unknown command (`audti`, `help foo`) is a usage error with a suggestion, not top-level help and exit 0.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let names = configuration.subcommands.map { $0.configuration.commandName ?? "" } + ["help"]
        if let first = arguments.first, !first.hasPrefix("-") {
            let asked = first == "help" ? arguments.dropFirst().first : first
            if let asked, !asked.hasPrefix("-"), !names.contains(asked) {
                let hint = NearMiss.closest(to: asked, among: names).map { "; did you mean '\($0)'?" } ?? "."
                Console.error(
                    "unknown command '\(asked)'\(hint) Commands: \(names.dropLast().joined(separator: ", ")).")
                Foundation.exit(64)
            }
        }
        if let refusal = OpenFileLimit.ensure() {
            Console.error(refusal)
            Foundation.exit(71)  // EX_OSERR
        }
        // Usage errors the parser finds say so in the style of every other error (`fleet-audit: error: …`), not
        // ArgumentParser's `Error: …`; help, --version and the commands' own exits are as the parser makes them.
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let text = fullMessage(for: error)
            guard code == .validationFailure, text.hasPrefix("Error: ") else { exit(withError: error) }
            FileHandle.standardError.write(Data(("fleet-audit: error: " + text.dropFirst(7) + "\n").utf8))
            Foundation.exit(code.rawValue)
        }
    }
}
