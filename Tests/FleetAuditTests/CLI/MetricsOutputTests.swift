import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// `audit --metrics FILE` (issue 40): Prometheus text exposition that the Prometheus client library's own parser
/// reads, with the report's numbers, and a last success time a failed run keeps.
final class MetricsOutputTests: XCTestCase {
    /// Parses with `prometheus_client.parser` and prints `name{labels} value` per sample, sorted.
    private func parsed(_ path: String) throws -> [String: Double] {
        let out = try Python.run(
            """
            import sys
            from prometheus_client.parser import text_string_to_metric_families
            for family in text_string_to_metric_families(open(sys.argv[1]).read()):
                for s in family.samples:
                    labels = ",".join(f"{k}={v}" for k, v in sorted(s.labels.items()))
                    print(f"{s.name}{{{labels}}}\\t{s.value!r}")
            """, arguments: [path])
        var samples: [String: Double] = [:]
        for line in out.split(separator: "\n") {
            let parts = line.split(separator: "\t")
            samples[String(parts[0])] = Double(parts[1])
        }
        return samples
    }

    func testTheMetricsParseAndCarryTheReportsNumbers() throws {
        let dir = TestPaths.temporaryDirectory().path
        let metrics = dir + "/fleet.prom"
        let ok = try CommandLineTests.run([
            "audit", "--inventory", TestPaths.sample("inventory.csv"),
            "--config-dir", TestPaths.sample("configs"), "--releases", TestPaths.sample("releases.csv"),
            "--json", dir + "/report.json", "--metrics", metrics, "--fail-on", "blocked>0.5%", "--quiet",
        ])
        XCTAssertEqual(ok.status, 1, ok.stderr)
        let samples = try parsed(metrics)
        let report =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/report.json")))
            as! [String: Any]
        let configs = report["configs"] as! [[String: Any]]
        XCTAssertEqual(configs.count, 11)
        for config in configs {
            let id = config["id"] as! String
            let totals = config["totals"] as! [String: Any]
            for outcome in Outcome.allCases {
                XCTAssertEqual(
                    samples["fleet_audit_devices{config=\(id),outcome=\(outcome.rawValue)}"],
                    (totals[outcome.rawValue] as! NSNumber).doubleValue, "\(id) \(outcome)")
            }
        }
        XCTAssertEqual(samples["fleet_audit_run_exit_code{}"], 1)
        XCTAssertEqual(samples["fleet_audit_inventory_rows{state=rejected}"], 5)
        XCTAssertEqual(samples["fleet_audit_gate_crossed{config=availability-ios.json,gate=blocked>0.5%}"], 1)
        let success = try XCTUnwrap(samples["fleet_audit_last_success_timestamp_seconds{}"])
        let seconds = try XCTUnwrap(samples["fleet_audit_run_duration_seconds{}"], "the run's wall time")
        XCTAssertTrue(seconds > 0 && seconds < 600, "\(seconds)")

        // A run that fails (the inventory is gone) says so, and keeps the last success for staleness alerts.
        let failed = try CommandLineTests.run([
            "audit", "--inventory", dir + "/missing.csv", "--config-dir", TestPaths.sample("configs"),
            "--metrics", metrics, "--quiet",
        ])
        XCTAssertEqual(failed.status, 65, failed.stderr)
        let after = try parsed(metrics)
        XCTAssertEqual(after["fleet_audit_run_failed{}"], 1)
        XCTAssertEqual(after["fleet_audit_run_exit_code{}"], 65)
        XCTAssertEqual(after["fleet_audit_last_success_timestamp_seconds{}"], success)
        XCTAssertNil(
            after["fleet_audit_devices{config=availability-ios.json,outcome=forced}"], "no numbers from a failed run")
    }

    func testLabelValuesAreEscapedAsTheFormatSays() {
        XCTAssertEqual(PrometheusMetrics.escape(#"a"b\c"# + "\nd"), #"a\"b\\c\nd"#)
    }

    func testMetricsAreRefusedWhereTheyWouldNotBeWritten() throws {
        let stdout = try CommandLineTests.run([
            "audit", "--inventory", TestPaths.sample("inventory.csv"), "--config-dir", TestPaths.sample("configs"),
            "--metrics", "-",
        ])
        XCTAssertEqual(stdout.status, 64)
        XCTAssertTrue(stdout.stderr.contains("--metrics takes a file, not -"), stdout.stderr)
        let plan = try CommandLineTests.run([
            "plan", "--inventory", TestPaths.sample("inventory.csv"), "--published", TestPaths.sample("configs"),
            "--draft", TestPaths.sample("drafts"), "--metrics", TestPaths.temporaryDirectory().path + "/m.prom",
        ])
        XCTAssertEqual(plan.status, 64)
        // Issue 67: plan has no such option, and its help does not list it (nor --sarif, --codequality).
        XCTAssertTrue(plan.stderr.contains("Unknown option '--metrics'"), plan.stderr)
        for command in ["plan", "whatif"] {
            let help = try CommandLineTests.run([command, "--help"])
            for option in ["--metrics", "--sarif", "--codequality"] {
                XCTAssertFalse(help.stdout.contains(option), "\(command) --help lists \(option)")
            }
        }
        let audit = try CommandLineTests.run(["audit", "--help"])
        for listed in ["--metrics", "--sarif", "--codequality", "forced+>100", "notLoaded>N"] {
            XCTAssertTrue(audit.stdout.contains(listed), "audit --help lists \(listed)")
        }
    }
}
