import ArgumentParser
import FleetAudit
import Foundation

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "What publishing the draft configs instead of the published ones does to every device.",
        discussion: """
        Configs pair by id (one config on each side pairs whatever the names); a draft with no published \
        counterpart is added, a published one with no draft is removed. Per pair: devices by published outcome \
        and draft outcome. Exit codes: 0 nothing changes (or no --detailed-exitcode); 1 a --fail-on gate was \
        crossed (reports still written); 2 with --detailed-exitcode when any device changes outcome and no gate \
        is crossed; 64 usage; 65 bad input; 74 a report could not be written.

          fleet-audit plan --inventory SampleData/inventory.csv \\
            --published SampleData/configs/nhs/previous-availability-ios.2023-01-19.json \\
            --draft SampleData/configs/nhs/availability-ios.json --releases SampleData/releases.csv
        """
    )

    @Option(help: ArgumentHelp("The device inventory: a CSV file, a SQLite database, or - for CSV on standard input.", valueName: "path"))
    var inventory: String

    @Option(help: ArgumentHelp("What is live: a config file, folder or URL (repeatable).", valueName: "path|url|dir"))
    var published: [String] = []

    @Option(help: ArgumentHelp("What would replace it: a config file, folder or URL (repeatable).", valueName: "path|url|dir"))
    var draft: [String] = []

    @OptionGroup var evaluation: EvaluationOptions

    @Option(help: ArgumentHelp("Write the plan's JSON report to this file, or - for standard output.", valueName: "file|-"))
    var json: String?

    @Option(help: ArgumentHelp("Write the plan's XML report to this file, or - for standard output.", valueName: "file|-"))
    var xml: String?

    @Option(help: ArgumentHelp("Write plan.json and plan.xml into this folder (created if missing).", valueName: "dir"))
    var out: String?

    func validate() throws {
        if json == "-" && xml == "-" { throw ValidationError("only one of --json, --xml can be - (standard output)") }
    }

    @Option(name: .customLong("fail-on"), help: ArgumentHelp("Exit 1 (reports still written) when a pair crosses this: [CONFIG_ID:]FROM->TO>N|P% (* for any outcome) or [CONFIG_ID:]worse>N|P%, e.g. '*->blocked>0' (repeatable; quote it).", valueName: "gate"))
    var failOn: [String] = []

    @Flag(name: .customLong("detailed-exitcode"), help: "Exit 2 when any device changes outcome and no gate is crossed (0 when none does).")
    var detailedExitcode = false

    @Flag(help: "Print nothing but errors (for cron).")
    var quiet = false

    func run() throws {
        var audit = AuditRequest(inventoryPath: inventory)
        try evaluation.apply(to: &audit)
        var request = PlanRequest(audit: audit)
        request.published = published
        request.draft = draft
        do {
            request.gates = try failOn.map { (text) throws(AuditFailure) -> PlanGate in try PlanGate(parsing: text) }
        } catch {
            throw Exit.fail(error)
        }
        let timings = PhaseTimings()
        let report: PlanReport
        do {
            report = try PlanRun.run(request, timings: timings.runTimings)
        } catch {
            throw Exit.fail(error)
        }
        let text = PlanJSONReport.render(report)
        let xmlText = PlanXMLReport.render(report)
        var files: [(path: String, text: String)] = []
        if let out {
            do { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) } catch {
                Console.error("cannot create output folder \(out): \(error.localizedDescription)")
                throw ExitCode(74)
            }
            files.append((URL(fileURLWithPath: out).appendingPathComponent("plan.json").path, text))
            files.append((URL(fileURLWithPath: out).appendingPathComponent("plan.xml").path, xmlText))
        }
        if let json, json != "-" { files.append((json, text)) }
        if let xml, xml != "-" { files.append((xml, xmlText)) }
        for (path, text) in files {
            do { try AtomicFile.write(text, to: path) } catch {
                Console.error(error.description)
                throw ExitCode(74)
            }
            if !quiet { Console.info("wrote \(path)") }
        }
        if json == "-" {
            FileHandle.standardOutput.write(Data(text.utf8))
        } else if xml == "-" {
            FileHandle.standardOutput.write(Data(xmlText.utf8))
        } else if !quiet {
            FileHandle.standardOutput.write(Data(PlanJSONReport.text(report).utf8))
        }
        for g in report.crossedGates { FileHandle.standardError.write(Data("fleet-audit: gate crossed: \(g.sentence)\n".utf8)) }
        if !report.crossedGates.isEmpty { throw ExitCode(1) }
        if detailedExitcode && report.changedDevices { throw ExitCode(2) }
    }
}
