import Foundation
import XCTest

/// The transcripts of the README and of every page under docs/ run as written: every fenced block whose first
/// line starts with `$ fleet-audit` or `$ swift run fleet-audit` is run by /bin/sh from the repository's root
/// (with the built binary first on PATH), and what it prints is what the page shows. Output lines are compared
/// as a multiset, since a transcript shows stderr and stdout in one listing and their interleaving depends on
/// buffering. Each page gets its own scratch folder for the reports (and histories) its commands write, shared
/// by its blocks in order; a `$ fleet-audit` line outside such a block fails the test, so every one runs.
final class ReadmeExamplesTests: XCTestCase {
    struct Transcript {
        let commands: [String]
        let output: [String]
    }

    static func transcripts(in readme: String) -> [Transcript] {
        var out: [Transcript] = []
        var block: [String]?
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if let lines = block {
                    if let t = transcript(lines) { out.append(t) }
                    block = nil
                } else {
                    block = []
                }
                continue
            }
            block?.append(line)
        }
        return out
    }

    /// A block's commands (continuation lines joined) and its output, when it is a fleet-audit transcript.
    static func transcript(_ lines: [String]) -> Transcript? {
        guard let first = lines.first, first.hasPrefix("$ fleet-audit") || first.hasPrefix("$ swift run fleet-audit")
        else { return nil }
        var commands: [String] = []
        var output: [String] = []
        var continuing = false
        for line in lines {
            if continuing {
                commands[commands.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            } else if line.hasPrefix("$ ") {
                commands.append(String(line.dropFirst(2)))
            } else {
                output.append(line)
            }
            continuing = commands.last?.hasSuffix("\\") == true && (continuing || line.hasPrefix("$ "))
            if continuing { commands[commands.count - 1].removeLast() }
        }
        return Transcript(
            commands: commands.map { $0.replacingOccurrences(of: "swift run fleet-audit", with: "fleet-audit") },
            output: output)
    }

    /// Lines that show a fleet-audit command to run (`$ fleet-audit …`, `$ swift run fleet-audit …`).
    static func commandLines(in page: String) -> Int {
        page.components(separatedBy: "\n").filter {
            let line = $0.trimmingCharacters(in: .whitespaces)
            return line.hasPrefix("$ fleet-audit") || line.hasPrefix("$ swift run fleet-audit")
        }.count
    }

    func testEveryTranscriptInTheREADMEAndTheDocsRunsAsShown() throws {
        var total = 0
        for page in ReferencePages.pages() {
            let text = try String(contentsOf: page, encoding: .utf8)
            let transcripts = Self.transcripts(in: text)
            let name = page.path.replacingOccurrences(of: TestPaths.repoRoot.path + "/", with: "")
            XCTAssertEqual(
                transcripts.flatMap(\.commands).filter { $0.hasPrefix("fleet-audit") }.count,
                Self.commandLines(in: text),
                "\(name): a $ fleet-audit line outside a transcript block (a block's first line must be the command, its fence at the line start)"
            )
            total += transcripts.count
            // Issue 67 item 14: a transcript shows the instant it was recorded at, so a reader's run prints the
            // same lines on another day (the sample's phased rollout moves on).
            for command in transcripts.flatMap(\.commands) where Self.dependsOnTheInstant(command) {
                XCTAssertTrue(command.contains("--as-of "), "\(name): \(command) does not show its --as-of")
            }
            try run(transcripts, of: name)
        }
        XCTAssertGreaterThanOrEqual(total, 12, "the transcripts of the command pages, inventory.md and validate.md")
    }

    /// The commands whose output depends on the audit instant (`--as-of`, else `SOURCE_DATE_EPOCH`, else now).
    static func dependsOnTheInstant(_ command: String) -> Bool {
        ["audit", "plan", "whatif", "explain"].contains { command.hasPrefix("fleet-audit \($0) ") }
    }

    private func run(_ transcripts: [Transcript], of name: String) throws {
        let work = TestPaths.temporaryDirectory()
        for t in transcripts {
            // Reports (and histories) the commands write go to a scratch folder, not the repository's reports/.
            let script =
                "cd '\(TestPaths.repoRoot.path)' && "
                + t.commands.map {
                    $0.replacingOccurrences(of: "--out reports", with: "--out '\(work.path)/reports'")
                        .replacingOccurrences(of: " reports/", with: " '\(work.path)/reports/'")
                }.joined(separator: "\n")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            var env = ProcessInfo.processInfo.environment
            env["PATH"] = CommandLineTests.binary.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "")
            env["SOURCE_DATE_EPOCH"] = "1795000000"
            process.environment = env
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let printed = (stdout + stderr).replacingOccurrences(of: work.path + "/", with: "")
                .components(separatedBy: "\n").filter { !$0.isEmpty }
            // A run's last line shows its wall time where a reader runs it; here (SOURCE_DATE_EPOCH) it has none.
            let shown = t.output.filter { !$0.isEmpty }.map {
                $0.replacingOccurrences(
                    of: #"^(fleet-audit: (audit|plan) \w+ \(exit \d+\)) in \d+\.\d+ s"#, with: "$1",
                    options: .regularExpression)
            }
            XCTAssertEqual(
                printed.sorted(), shown.sorted(),
                "\(name): transcript of: \(t.commands.joined(separator: "; "))")
        }
    }
}
