import ArgumentParser
import FleetAudit
import Foundation

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Evaluate one device against each config and say which rule decided its outcome, and why.",
        discussion: """
        Prints a JSON array, one object per config: config, outcome, rule, reason, notices, diagnostics.
        Example:
          fleet-audit explain --config SampleData/configs/nhs/availability-ios.json \\
            --device platform=ios,os_version=16.4,app_version=4.29
        """
    )

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var evaluation: EvaluationOptions

    @Option(help: ArgumentHelp("The device: inventory columns as key=value pairs, comma-separated; quote a value with \" to hold a comma.", valueName: "key=value,..."))
    var device: String

    @Option(help: ArgumentHelp("With --draft instead of --config: what is live (repeatable); shows both decisions, paired as plan pairs configs.", valueName: "path|url|dir"))
    var published: [String] = []

    @Option(help: ArgumentHelp("With --published: what would replace it (repeatable).", valueName: "path|url|dir"))
    var draft: [String] = []

    func run() throws {
        var request = AuditRequest(inventoryPath: "")
        configOptions.apply(to: &request)
        try evaluation.apply(to: &request)
        do {
            let planned = !published.isEmpty || !draft.isEmpty
            let result = planned ? try ExplainRun.runPlan(request, published: published, draft: draft, device: device)
                                 : try ExplainRun.run(request, device: device)
            FileHandle.standardOutput.write(Data(JSONWriter.write(result).utf8))
        } catch {
            throw Exit.fail(error)
        }
    }
}
