import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditReports

/// One list of outputs per command (issue 33 #5): the writer, `--out DIR`, the refusal of an option a command
/// does not write and the CLI's flags all follow from `RenderableReport.outputs`.
final class ReportOutputsTests: XCTestCase {
    /// Each report command with arguments that get it past parsing, and its outputs.
    private static let commands: [(name: String, arguments: [String], outputs: [String])] = [
        (
            "audit",
            ["--inventory", TestPaths.sample("inventory.csv"), "--config-dir", TestPaths.sample("configs")],
            AuditReport.outputs.map(\.option)
        ),
        (
            "plan",
            [
                "--inventory", TestPaths.sample("inventory.csv"),
                "--published", TestPaths.sample("configs/nhs/availability-android.json"),
                "--draft", TestPaths.sample("drafts/nhs/availability-android.json"),
            ],
            PlanReport.outputs.map(\.option)
        ),
        (
            "whatif",
            ["--inventory", TestPaths.sample("inventory.csv"), "--platform", "android", "--min-app", "100"],
            WhatIfReport.outputs.map(\.option)
        ),
    ]

    /// The long option names a command declares, from ArgumentParser's own description of it.
    private func declaredOptions(_ command: String) throws -> Set<String> {
        let help = try CommandLineTests.run([command, "--experimental-dump-help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(help.stdout.utf8)) as? [String: Any])
        let description = try XCTUnwrap(root["command"] as? [String: Any])
        var names = Set<String>()
        for argument in description["arguments"] as? [[String: Any]] ?? [] {
            for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                if let text = name["name"] as? String { names.insert(text) }
            }
        }
        return names
    }

    func testEveryOutputOfEveryReportIsAFlagOfItsCommand() throws {
        for command in Self.commands {
            let declared = try declaredOptions(command.name)
            for option in command.outputs + ["out", "templates"] {
                XCTAssertTrue(declared.contains(option), "\(command.name) lists --\(option) but does not declare it")
            }
        }
    }

    /// A flag the shared report options declare for another command's output is refused before anything is
    /// read, naming the command's own outputs — never accepted and silently not written.
    func testAnOutputOfAnotherCommandIsRefused() throws {
        let everyOutput = Set(Self.commands.flatMap(\.outputs))
        var refusals = 0
        for command in Self.commands {
            for option in everyOutput.subtracting(command.outputs).sorted() {
                let path = TestPaths.temporaryDirectory().path + "/out"
                let run = try CommandLineTests.run([command.name] + command.arguments + ["--\(option)", path])
                XCTAssertEqual(run.status, 64, "\(command.name) --\(option): \(run.stderr)")
                // Refused naming what the command writes, or (audit's own outputs, issue 67) not an option of it.
                XCTAssertTrue(
                    run.stderr.contains("--\(option) is not written by \(command.name)")
                        || run.stderr.contains("Unknown option '--\(option)'"), run.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: path))
                refusals += 1
            }
        }
        XCTAssertGreaterThan(refusals, 0, "no command lacks an output another has: nothing was tried")
    }

    /// The writer writes exactly what a list names: each option's file with its renderer's text, and the
    /// `--out` folder's files from the outputs that have an extension (not JUnit, not the metrics).
    func testTheWriterFollowsTheList() throws {
        let report = try HandBuiltReportTests.model()
        let dir = TestPaths.temporaryDirectory().path
        var targets = ReportTargets()
        targets.directory = dir + "/out"
        for output in AuditReport.outputs { targets.files[output.option] = dir + "/file." + output.option }
        let written = try ReportWriter.write(report, to: targets).written

        let folder = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted()
        XCTAssertEqual(AuditReport.directoryOutputs.map(\.fileName).sorted(), folder)
        XCTAssertTrue(folder.contains("report.json") && !folder.contains("report.junit"), "\(folder)")
        for output in AuditReport.outputs where !output.readsPrevious {
            let text = try String(contentsOfFile: dir + "/file." + output.option, encoding: .utf8)
            XCTAssertEqual(text, try output.render(report, ReportContext()), output.option)
        }
        XCTAssertEqual(written.count, folder.count + AuditReport.outputs.count)
    }

    func testAnOptionNoOutputHasIsRefusedByTheWriter() throws {
        var targets = ReportTargets()
        targets.files["no-such-output"] = TestPaths.temporaryDirectory().path + "/report.txt"
        XCTAssertThrowsError(try ReportWriter.write(try HandBuiltReportTests.model(), to: targets)) { error in
            guard case .render(.option(let message)) = error as? ReportWriter.Failure else {
                return XCTFail("\(error)")
            }
            let outputs = AuditReport.outputs.map(\.flag).joined(separator: ", ")
            XCTAssertEqual(message, "--no-such-output is not written by audit; its outputs are --out, \(outputs)")
        }
    }

    func testStandardOutputTwiceOrForAFileOnlyOutputIsRefused() {
        var twice = ReportTargets()
        twice.files = ["json": "-", "xml": "-"]
        let toStandardOutput = AuditReport.outputs.filter(\.allowsStandardOutput).map(\.flag)
        XCTAssertTrue(toStandardOutput.contains("--json") && !toStandardOutput.contains("--metrics"))
        XCTAssertEqual(
            twice.refusal(for: AuditReport.self),
            .option("only one of \(toStandardOutput.joined(separator: ", ")) can be - (standard output)"))
        var metrics = ReportTargets()
        metrics.files = ["metrics": "-"]
        XCTAssertEqual(metrics.refusal(for: AuditReport.self), .option("--metrics takes a file, not -"))
    }
}
