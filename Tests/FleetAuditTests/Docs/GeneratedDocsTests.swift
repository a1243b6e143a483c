import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// The reference pages are generated from the code (`ReferencePages`) and checked in; each test fails when the
/// checked-in page is not what the code generates now. `FLEET_AUDIT_RECORD_DOCS=1` rewrites the pages and fails,
/// so a rewrite is never silently green: read the diff, then run the tests again.
final class GeneratedDocsTests: XCTestCase {
    private var recording: Bool { ProcessInfo.processInfo.environment[ReferencePages.recordVariable] != nil }

    private func check(_ text: String, page: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let name = page.path.replacingOccurrences(of: TestPaths.repoRoot.path + "/", with: "")
        if recording {
            try FileManager.default.createDirectory(
                at: page.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: page, atomically: true, encoding: .utf8)
            XCTFail(
                "recorded \(name): read the diff, then run the tests without \(ReferencePages.recordVariable)",
                file: file, line: line)
            return
        }
        let checkedIn = (try? String(contentsOf: page, encoding: .utf8)) ?? ""
        XCTAssertTrue(
            checkedIn == text,
            "\(name) is stale: regenerate it with \(ReferencePages.recordVariable)=1 swift test --filter GeneratedDocsTests, then read the diff"
                + "\n" + Self.firstDifference(checkedIn, text), file: file, line: line)
    }

    /// The first line that differs, to say in the failure what went stale.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let x = a.components(separatedBy: "\n")
        let y = b.components(separatedBy: "\n")
        for i in 0..<max(x.count, y.count) where (i < x.count ? x[i] : nil) != (i < y.count ? y[i] : nil) {
            return
                "line \(i + 1):\n  checked in: \(i < x.count ? x[i] : "(none)")\n  generated:  \(i < y.count ? y[i] : "(none)")"
        }
        return ""
    }

    func testTheDiagnosticsPageIsFresh() throws {
        try check(ReferencePages.diagnostics(), page: ReferencePages.reference.appendingPathComponent("diagnostics.md"))
    }

    func testTheOutcomesPageIsFresh() throws {
        try check(ReferencePages.outcomes(), page: ReferencePages.reference.appendingPathComponent("outcomes.md"))
    }

    func testTheExitCodesPageIsFresh() throws {
        try check(ReferencePages.exitCodes(), page: ReferencePages.reference.appendingPathComponent("exit-codes.md"))
    }

    /// The help of the built binary, as a terminal 100 columns wide shows it.
    func testTheCLIReferenceIsFresh() throws {
        let page = try ReferencePages.cli { command in
            let result = try CommandLineTests.run(
                command.map { ["help", $0] } ?? ["--help"], environment: ["COLUMNS": "100", "LINES": "50"])
            XCTAssertEqual(result.status, 0, result.stderr)
            return result.stdout
        }
        XCTAssertTrue(
            page.contains("## `fleet-audit audit`") && page.contains("## `fleet-audit validate`"),
            "the subcommands were found in the help")
        try check(page, page: ReferencePages.reference.appendingPathComponent("cli.md"))
    }

    /// Tables embedded in other pages (the README's outcomes, cron-and-ci's exit codes).
    func testTheGeneratedTablesInOtherPagesAreFresh() throws {
        let marker = try NSRegularExpression(
            pattern: #"(<!-- generated: ([a-z-]+)[^\n]*-->\n)(.*?)(<!-- end of generated \2 -->)"#,
            options: [.dotMatchesLineSeparators])
        var seen: Set<String> = []
        for page in ReferencePages.pages() {
            let text = try String(contentsOf: page, encoding: .utf8)
            var regenerated = text
            for m in marker.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
                let name = String(text[Range(m.range(at: 2), in: text)!])
                guard let block = ReferencePages.block(name) else {
                    XCTFail("\(page.lastPathComponent): no generated table is named \(name)")
                    continue
                }
                seen.insert(name)
                regenerated.replaceSubrange(Range(m.range(at: 3), in: regenerated)!, with: block + "\n")
            }
            if regenerated != text { try check(regenerated, page: page) }
        }
        XCTAssertEqual(seen, ["outcomes", "exit-codes"], "the README's outcomes and cron-and-ci's exit codes")
    }

    /// Every exit code the CLI's sources can end with is in `ExitCodes` (64 is also ArgumentParser's own for a
    /// validation error).
    func testEveryExitCodeOfTheSourcesIsListed() throws {
        let sources = TestPaths.repoRoot.appendingPathComponent("Sources")
        let cli = FileManager.default.enumerator(
            at: sources.appendingPathComponent("fleet-audit"), includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        // The CLI's `ExitCode(n)` and `exit(n)`; the library's codes of a failed history and of a report's status.
        let scans =
            cli.map { ($0, #"(?:ExitCode|exit)\((\d+)\)"#) } + [
                (sources.appendingPathComponent("FleetAudit/History/HistoryStore.swift"), #"case \.\w+: return (\d+)"#),
                (
                    sources.appendingPathComponent("FleetAuditReports/AuditReport.swift"),
                    #"\("(?:failed|gateCrossed|completed)", (\d+)"#
                ),
                (
                    sources.appendingPathComponent("FleetAuditReports/Plan/PlanReport.swift"),
                    #"\("(?:failed|gateCrossed|changes|completed)", (\d+)\)"#
                ),
            ]
        var used: Set<Int32> = [0, 64]
        for (file, pattern) in scans {
            let regex = try NSRegularExpression(pattern: pattern)
            let text = try String(contentsOf: file, encoding: .utf8)
            for m in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                used.insert(Int32(text[Range(m.range(at: 1), in: text)!])!)
            }
        }
        let listed = Set(ExitCodes.entries.map(\.code))
        XCTAssertTrue(used.isSuperset(of: [1, 2, 65, 74, 75]), "the scan finds the codes: \(used.sorted())")
        XCTAssertEqual(
            used.subtracting(listed).sorted(), [], "exit codes used in the sources but not in ExitCodes.entries")
        XCTAssertEqual(ExitCodes.entries.map(\.code), ExitCodes.entries.map(\.code).sorted(), "in ascending order")
    }
}
