import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditReports

/// `audit` under GitHub Actions (issue 40): the README's sample audit with a gate, run as a workflow step would
/// be (`GITHUB_ACTIONS=true`, a `GITHUB_STEP_SUMMARY` file, `GITHUB_WORKSPACE`), appends a step summary and
/// annotates each crossed gate and each config error at its value; outside Actions it writes neither.
final class GitHubActionsOutputTests: XCTestCase {
    private func sampleAudit(_ extra: [String], environment: [String: String]) throws -> CommandLineTests.Result {
        try CommandLineTests.run(
            [
                "audit", "--inventory", "SampleData/inventory.csv", "--config-dir", "SampleData/configs", "--releases",
                "SampleData/releases.csv", "--as-of", "2026-11-20T00:00:00Z", "--fail-on", "forced>0", "--quiet",
            ] + extra, environment: environment)
    }

    func testUnderGitHubActionsAnAuditWritesAStepSummaryAndAnnotatesGatesAndErrors() throws {
        let dir = TestPaths.temporaryDirectory()
        let summary = dir.appendingPathComponent("summary.md")
        try "earlier step\n".write(to: summary, atomically: true, encoding: .utf8)
        // An updater whose empty message array crashes the iOS SDK on every iOS device: an error raised while
        // evaluating, which depends on the fleet.
        let crashing = TestPaths.write(
            #"{"packageName": "uk.nhs.covid19.production", "messages": []}"#, named: "crashing-updater.json", in: dir)
        // The sample plus a README example whose trailing comma Android's org.json rejects: an error at a value.
        let result = try sampleAudit(
            [
                "--config", "docs/examples/configs/turkcell/readme-ios-end-of-support.json", "--config", crashing,
                "--json", dir.appendingPathComponent("report.json").path,
            ],
            environment: [
                "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path,
                "GITHUB_WORKSPACE": TestPaths.repoRoot.path,
            ])
        XCTAssertEqual(result.status, 1, result.stderr)
        let report =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: dir.appendingPathComponent("report.json"))) as! [String: Any]
        let configs = report["configs"] as! [[String: Any]]
        let gates = (report["gates"] as! [[String: Any]]).filter { $0["crossed"] as? Bool == true }

        // The summary is appended after what earlier steps wrote, and holds every config's forced count.
        let text = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("earlier step\n## FleetAudit audit: gate crossed (exit 1)"), text)
        for config in configs {
            let forced = ((config["totals"] as! [String: Any])["forced"] as! Int)
            let row = text.split(separator: "\n").first { $0.hasPrefix("| `\(config["id"]!)` |") }
            XCTAssertNotNil(row, "\(config["id"]!)")
            XCTAssertEqual(
                row.map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }[1] },
                Int64(forced).groupedDigits, "\(config["id"]!)")
        }
        XCTAssertTrue(text.contains("### Gates crossed"), text)

        // One annotation per crossed gate, and config errors at the value's line and column, repo-relative.
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.hasPrefix("::error title=fleet-audit gate crossed::") }.count, gates.count)
        XCTAssertGreaterThan(gates.count, 0)
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix(
                    "::error file=docs/examples/configs/turkcell/readme-ios-end-of-support.json,line=14,col=23,title=fleet-audit [turkcell.android.jsonRejected]::"
                )
            }, result.stdout)
        // An error that depends on the fleet names its config file.
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix("::error file=\(crashing),title=fleet-audit [turkcell.ios.noMessageMatches]::")
            }, result.stdout)
    }

    /// Issue 40: `validate` under Actions writes a step summary (errors first, with config, line and column) and,
    /// beside its text output, an annotation per diagnostic with paths relative to the checkout; a SARIF file on
    /// stdout stays whole.
    func testUnderGitHubActionsValidateWritesAStepSummary() throws {
        let dir = TestPaths.temporaryDirectory()
        let summary = dir.appendingPathComponent("summary.md")
        let environment = [
            "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path, "GITHUB_WORKSPACE": TestPaths.repoRoot.path,
        ]
        let result = try CommandLineTests.run(
            ["validate", TestPaths.repoRoot.path + "/docs/examples/configs/osam"], environment: environment)
        XCTAssertEqual(result.status, 1, result.stderr)
        let text = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("## FleetAudit validate: failed (exit 1)"), text)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| error |") || $0.hasPrefix("| warning |") }
        XCTAssertTrue(rows.first?.hasPrefix("| error |") == true, "errors first: \(text)")
        XCTAssertTrue(
            rows.contains {
                $0.contains(
                    "`docs/examples/configs/osam/version-control.README-2.1.3.json` | 1:1 | `osam.rejectedByCurrentClients`"
                )
            }, text)
        XCTAssertTrue(
            result.stdout.contains(
                "::error file=docs/examples/configs/osam/version-control.README-2.1.3.json,line=1,col=1,title=fleet-audit [osam.rejectedByCurrentClients]::"
            ), result.stdout)
        let sarif = try CommandLineTests.run(
            ["validate", "docs/examples/configs/osam", "--output", "sarif"], environment: environment)
        XCTAssertFalse(sarif.stdout.contains("::error"), "the SARIF file stays whole")
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)))
    }

    /// Issue 40 #4: errors only the fleet shows (a config whose empty message array crashes the iOS SDK on every
    /// iOS device) reach code scanning and GitLab too: `audit --sarif` (valid against SARIF 2.1.0) and
    /// `--codequality` hold them with their devices, at paths relative to the checkout; `plan` has no such output.
    func testAuditWritesItsFindingsAsSARIFAndCodeQuality() throws {
        let workspace = TestPaths.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: workspace.appendingPathComponent("configs"), withIntermediateDirectories: true)
        let crashing = TestPaths.write(
            #"{"packageName": "uk.nhs.covid19.production", "messages": []}"#, named: "configs/crashing-updater.json",
            in: workspace)
        let sarif = workspace.appendingPathComponent("audit.sarif").path
        let codeQuality = workspace.appendingPathComponent("gl-code-quality.json").path
        let result = try sampleAudit(
            ["--config", crashing, "--sarif", sarif, "--codequality", codeQuality],
            environment: ["GITHUB_WORKSPACE": workspace.path])
        XCTAssertEqual(result.status, 1, result.stderr)
        let check = try Python.run(
            """
            import json, sys, jsonschema
            jsonschema.Draft4Validator(json.load(open(sys.argv[1]))).validate(json.load(open(sys.argv[2])))
            print("valid")
            """, arguments: [TestPaths.fixture("schemas/sarif-schema-2.1.0.json"), sarif])
        XCTAssertEqual(check, "valid\n")
        let run = try XCTUnwrap(
            ((JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sarif))) as? [String: Any])?[
                "runs"] as? [[String: Any]])?.first)
        let crash = try XCTUnwrap(
            (run["results"] as? [[String: Any]])?.first { $0["ruleId"] as? String == "turkcell.ios.noMessageMatches" })
        let uri =
            (((crash["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
                "artifactLocation"] as? [String: Any])?["uri"] as? String
        XCTAssertEqual(uri, "configs/crashing-updater.json")
        XCTAssertTrue(
            ((crash["message"] as? [String: Any])?["text"] as? String)?.contains("devices)") == true, "\(crash)")
        let issues = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: codeQuality))) as? [[String: Any]])
        XCTAssertTrue(
            issues.contains {
                $0["check_name"] as? String == "turkcell.ios.noMessageMatches"
                    && ($0["location"] as? [String: Any])?["path"] as? String == "configs/crashing-updater.json"
            }, "\(issues)")
        let plan = try CommandLineTests.run([
            "plan", "--inventory", "SampleData/inventory.csv", "--published", crashing, "--draft", crashing, "--sarif",
            sarif,
        ])
        XCTAssertEqual(plan.status, 64, plan.stderr)
    }

    func testOutsideGitHubActionsOrWithCINoneNothingIsWritten() throws {
        let dir = TestPaths.temporaryDirectory()
        let summary = dir.appendingPathComponent("summary.md")
        for (environment, extra) in [
            (["GITHUB_STEP_SUMMARY": summary.path], [String]()),
            (["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path], ["--ci", "none"]),
        ] {
            let result = try sampleAudit(extra, environment: environment)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertFalse(result.stdout.contains("::error"), result.stdout)
            XCTAssertFalse(FileManager.default.fileExists(atPath: summary.path))
        }
    }

    /// A run that fails before evaluating still says so in the summary.
    func testAFailedRunWritesItsReasonToTheSummary() throws {
        let dir = TestPaths.temporaryDirectory()
        let summary = dir.appendingPathComponent("summary.md")
        let result = try CommandLineTests.run(
            [
                "audit", "--inventory", dir.appendingPathComponent("missing.csv").path, "--config-dir",
                "SampleData/configs",
            ],
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path])
        XCTAssertNotEqual(result.status, 0)
        let text = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("## FleetAudit audit: failed (exit \(result.status))"), text)
        XCTAssertTrue(text.contains("missing.csv"), text)
    }

    /// The README's plan as a pull-request step: the summary holds each pair's worse count; a crossed gate is
    /// annotated.
    func testUnderGitHubActionsAPlanWritesItsSummaryAndAnnotatesCrossedGates() throws {
        let dir = TestPaths.temporaryDirectory()
        let summary = dir.appendingPathComponent("summary.md")
        func plan(_ extra: [String]) throws -> CommandLineTests.Result {
            try CommandLineTests.run(
                [
                    "plan", "--inventory", "SampleData/inventory.csv", "--releases", "SampleData/releases.csv",
                    "--published", "SampleData/configs/nhs/availability-android.json",
                    "--published", "SampleData/configs/princeofversions/fleet-rollout.json",
                    "--draft", "SampleData/drafts", "--as-of", "2026-11-20T00:00:00Z", "--quiet",
                    "--json", dir.appendingPathComponent("plan.json").path,
                ] + extra,
                environment: [
                    "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path,
                    "GITHUB_WORKSPACE": TestPaths.repoRoot.path,
                ])
        }
        let changed = try plan(["--detailed-exitcode"])
        XCTAssertEqual(changed.status, 2, changed.stderr)
        XCTAssertFalse(changed.stdout.contains("::error"), changed.stdout)
        let text = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("## FleetAudit plan: devices change outcome (exit 2)"), text)
        let report =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: dir.appendingPathComponent("plan.json"))) as! [String: Any]
        let pairs = report["pairs"] as! [[String: Any]]
        XCTAssertFalse(pairs.isEmpty)
        for pair in pairs {
            let row = text.split(separator: "\n").first { $0.hasPrefix("| `\(pair["id"]!)` |") }
            XCTAssertNotNil(row, "\(pair["id"]!)")
            let worse = (pair["worse"] as? Int).map { Int64($0).groupedDigits }
            XCTAssertEqual(
                row.map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }[2] }, worse)
        }

        let gated = try plan(["--fail-on", "worse>0"])
        XCTAssertEqual(gated.status, 1, gated.stderr)
        let gates = gated.stdout.split(separator: "\n").filter {
            $0.hasPrefix("::error title=fleet-audit plan gate crossed::")
        }
        XCTAssertGreaterThan(gates.count, 0, gated.stdout)
        let after = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertTrue(after.contains("## FleetAudit plan: gate crossed (exit 1)"), after)
    }
}
