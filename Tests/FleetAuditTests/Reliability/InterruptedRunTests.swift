import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// kill -9 at random points of an audit never leaves a partial report at a target path: each report is
/// either the previous run's or a complete new one (issue 8).
final class InterruptedRunTests: XCTestCase {
    func testKillNineNeverLeavesAPartialReport() throws {
        let dir = TestPaths.temporaryDirectory()
        // A larger inventory: the sample's rows 60 times (240,000 rows), so the kill lands in every phase.
        let sample = try String(contentsOfFile: TestPaths.sample("inventory.csv"), encoding: .utf8)
        let lines = sample.split(separator: "\n", omittingEmptySubsequences: false)
        var big = String(lines[0]) + "\n"
        let body = lines.dropFirst().joined(separator: "\n")
        for _ in 0..<60 { big += body }
        let inventory = TestPaths.write(big, named: "inventory.csv", in: dir)
        let out = dir.appendingPathComponent("reports")
        let arguments = [
            "audit", "--inventory", inventory, "--config-dir", TestPaths.sample("configs"),
            "--releases", TestPaths.sample("releases.csv"), "--out", out.path, "--quiet",
        ]

        // A first complete run: the "previous" reports.
        let first = Process()
        first.executableURL = CommandLineTests.binary
        first.arguments = arguments
        try first.run()
        first.waitUntilExit()
        XCTAssertEqual(first.terminationStatus, 0)
        let previous = try ["report.json", "report.xml", "report.html"].map {
            try Data(contentsOf: out.appendingPathComponent($0))
        }

        var generator = SystemRandomNumberGenerator()
        for round in 0..<6 {
            let process = Process()
            process.executableURL = CommandLineTests.binary
            process.arguments = arguments
            process.environment = ["SOURCE_DATE_EPOCH": String(1_795_000_000 + round)]
            try process.run()
            usleep(UInt32.random(in: 50_000...2_500_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            for (i, name) in ["report.json", "report.xml", "report.html"].enumerated() {
                let data = try Data(contentsOf: out.appendingPathComponent(name))
                if data == previous[i] { continue }
                let text = String(decoding: data, as: UTF8.self)
                switch name {
                case "report.json": XCTAssertNoThrow(try JSONParser.parse(text), "round \(round): \(name) is complete")
                case "report.xml": XCTAssertTrue(text.hasSuffix("</report>\n"), "round \(round): \(name) is complete")
                default: XCTAssertTrue(text.hasSuffix("</html>\n"), "round \(round): \(name) is complete")
                }
            }
        }
        // A run that completes clears what the killed ones left beside the reports.
        let last = Process()
        last.executableURL = CommandLineTests.binary
        last.arguments = arguments
        try last.run()
        last.waitUntilExit()
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(),
            ["report.html", "report.json", "report.xml"])
    }
}
