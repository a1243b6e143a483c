import ArgumentParser
import FleetAudit
import Foundation

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Evaluate one device against each config and say which rule decided its outcome, and why.",
        discussion: """
            On a terminal, per config the outcome, the deciding rule and the client's reason, then notices and
            diagnostics; piped (or with --output json), a JSON array, one object per config: schema (fleet-audit-explain/1), config, outcome, rule,
            reason, notices, diagnostics (codes), diagnosticLocations (code, path, line and column in the config of
            those that have a place), meta.
            Example:
              fleet-audit explain --config SampleData/configs/nhs/availability-ios.json \\
                --device platform=ios,os_version=16.4,app_version=4.29
            """
    )

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var evaluation: EvaluationOptions

    @Option(
        help: ArgumentHelp(
            "The device: inventory columns as key=value pairs, comma-separated; quote a value with \" to hold a comma.",
            valueName: "key=value,..."))
    var device: String?

    @Option(
        help: ArgumentHelp(
            "Take the device from this inventory (CSV or SQLite), with --row or --device-id.", valueName: "path"))
    var inventory: String?

    @Option(
        help: ArgumentHelp(
            "With --inventory: the row at this line (CSV) or rowid (SQLite), as reports locate rows.", valueName: "n"))
    var row: Int?

    @Option(
        name: .customLong("device-id"),
        help: ArgumentHelp("With --inventory: the row whose device_id is this.", valueName: "id"))
    var deviceID: String?

    @OptionGroup var reading: InventoryReadOptions

    @Option(
        help: ArgumentHelp(
            "text (for a person), json (for scripts), or auto: text when standard output is a terminal, else json.",
            valueName: "auto|text|json"))
    var output: ExplainOutput = .auto

    enum ExplainOutput: String, ExpressibleByArgument, CaseIterable { case auto, text, json }

    func validate() throws {
        let fromInventory = inventory != nil
        if fromInventory == (device != nil) {
            throw ValidationError("give --device key=value,…, or --inventory FILE with --row N or --device-id ID")
        }
        if fromInventory && (row == nil) == (deviceID == nil) {
            throw ValidationError("with --inventory give one of --row N and --device-id ID")
        }
        if !fromInventory && (row != nil || deviceID != nil) {
            throw ValidationError("--row and --device-id need --inventory FILE")
        }
    }

    @Option(
        help: ArgumentHelp(
            "With --draft instead of --config: what is live (repeatable); shows both decisions, paired as plan pairs configs.",
            valueName: "path|url|dir"))
    var published: [String] = []

    @Option(help: ArgumentHelp("With --published: what would replace it (repeatable).", valueName: "path|url|dir"))
    var draft: [String] = []

    func run() throws {
        var request = AuditRequest(inventoryPath: "")
        configOptions.apply(to: &request)
        try evaluation.apply(to: &request)
        let lookup = try inventory.map { try reading.request(inventory: $0) }
        do {
            let pairs: [(key: String, value: String)]
            if let lookup {
                pairs = try InventoryRowLookup.pairs(lookup, key: row.map { .row($0) } ?? .deviceID(deviceID!))
            } else {
                pairs = try ExplainRun.parseDevice(device!)
            }
            let planned = !published.isEmpty || !draft.isEmpty
            let result =
                planned
                ? try ExplainRun.runPlan(request, published: published, draft: draft, pairs: pairs)
                : try ExplainRun.run(request, pairs: pairs)
            let asText = output == .text || (output == .auto && Console.stdoutIsTerminal)
            let printed = asText ? ExplainText.render(result) : JSONWriter.write(result)
            FileHandle.standardOutput.write(Data(printed.utf8))
        } catch {
            throw Exit.fail(error)
        }
    }
}
