import FleetAuditTestSupport
import Foundation
import XCTest

@testable import FleetAuditEngine
@testable import FleetAuditReports

/// Issue 40 (polish): errors in one style, each naming its cause. The parser's usage errors said `Error: …` while
/// every other error says `fleet-audit: error: …`; a folder that could not be made said Foundation's "The operation
/// could not be completed" instead of the system's reason.
final class ErrorStyleTests: XCTestCase {
    func testUsageErrorsOfTheParserHaveTheToolsStyle() throws {
        for arguments in [
            ["whatif", "--inventory", "x.csv", "--platform", "android"],
            ["audit", "--config-dir", "SampleData/configs"],
            ["plan", "--inventory", "x.csv", "--bogus"],
        ] {
            let result = try CommandLineTests.run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("fleet-audit: error: "), "\(arguments): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("Error: "), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--help' for more information"), "the usage hint stays")
        }
        // Help and --version are not errors.
        XCTAssertEqual(try CommandLineTests.run(["audit", "--help"]).status, 0)
        XCTAssertEqual(try CommandLineTests.run(["--version"]).status, 0)
    }

    /// Issue 40 #6: `--help` says which columns `--column` maps (every known column of the engine), the gate
    /// grammar, and where the man page and completions are.
    func testHelpListsTheColumnsAndTheGates() throws {
        let help = try CommandLineTests.run(["audit", "--help"]).stdout
        // The --column option's own paragraph: from its flag to the next option.
        let start = try XCTUnwrap(help.range(of: "--column <canonical=header>"))
        let rest = help[start.upperBound...]
        let paragraph = String(rest[..<(rest.range(of: "\n  --")?.lowerBound ?? rest.endIndex)])
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for column in InventoryColumn.allCases {
            XCTAssertTrue(paragraph.contains(column.rawValue), "\(column.rawValue) in: \(paragraph)")
        }
        let root = try CommandLineTests.run(["--help"]).stdout
        for text in ["Gates (--fail-on)", "notLoaded>N", "man fleet-audit", "--generate-completion-script"] {
            XCTAssertTrue(root.contains(text), text)
        }
    }

    func testAFolderThatCannotBeMadeSaysTheSystemsReason() throws {
        let result = try CommandLineTests.run([
            "audit", "--inventory", "SampleData/inventory.csv", "--config-dir", "SampleData/configs", "--quiet",
            "--out", "/proc/fleet-audit-cannot-be-here",
        ])
        XCTAssertEqual(result.status, 74, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "cannot create output folder /proc/fleet-audit-cannot-be-here: No such file or directory"),
            result.stderr)
        XCTAssertFalse(result.stderr.contains("could not be completed"), result.stderr)
        XCTAssertEqual(SystemErrorText.describe(CocoaError(.fileWriteNoPermission)), "Permission denied")
        XCTAssertEqual(SystemErrorText.describe(CocoaError(.fileWriteOutOfSpace)), "No space left on device")
        XCTAssertFalse(SystemErrorText.describe(CocoaError(.fileWriteUnknown)).contains("512"))
    }
}
