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

    func run() throws {
        var request = AuditRequest(inventoryPath: "")
        configOptions.apply(to: &request)
        try evaluation.apply(to: &request)
        do {
            let result = try ExplainRun.run(request, device: device)
            FileHandle.standardOutput.write(Data(JSONWriter.write(result).utf8))
        } catch {
            throw Exit.fail(error)
        }
    }
}
