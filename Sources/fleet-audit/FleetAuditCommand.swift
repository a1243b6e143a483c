import ArgumentParser
import FleetAudit

@main
struct FleetAuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet-audit",
        abstract: "Count how many real devices each published update config forces, blocks or leaves behind.",
        discussion: """
        Exit codes: 0 reports written; 1 a --fail-on gate was crossed or validate found errors; \
        64 usage error; 65 bad input (inventory, config or releases unreadable, missing column); \
        74 a report could not be written.
        """,
        version: FleetAuditVersion.current,
        subcommands: [AuditCommand.self, PlanCommand.self, ExplainCommand.self, ValidateCommand.self]
    )
}
