import XCTest

/// `ulimit -n 5` made a run fail with "permission denied or I/O error" for a config it could read, or crash
/// inside libdispatch (SIGILL) in two of three runs (issue 68). A run raises a low soft limit itself; a hard limit
/// too low for any run stops it at once, with what to change (exit 71).
final class OpenFileLimitTests: XCTestCase {
    private func audit(underLimit limit: String) throws -> (status: Int32, stderr: String) {
        let json = TestPaths.temporaryDirectory().appendingPathComponent("report.json").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "ulimit \(limit) && exec \"$0\" \"$@\"", CommandLineTests.binary.path, "audit",
            "--inventory", "SampleData/inventory.csv", "--config-dir", "SampleData/configs",
            "--releases", "SampleData/releases.csv", "--json", json, "--quiet",
        ]
        process.currentDirectoryURL = TestPaths.repoRoot
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "no signal: \(stderr)")
        return (process.terminationStatus, stderr)
    }

    func testALowSoftLimitIsRaisedAndTheRunCompletes() throws {
        let run = try audit(underLimit: "-Sn 5")
        XCTAssertEqual(run.status, 0, run.stderr)
    }

    func testAHardLimitTooLowForAnyRunStopsItSayingSo() throws {
        for _ in 0..<3 {
            let run = try audit(underLimit: "-n 5")
            XCTAssertEqual(run.status, 71, run.stderr)
            XCTAssertTrue(run.stderr.contains("the open-file limit is 5 (hard limit 5)"), run.stderr)
            XCTAssertTrue(run.stderr.contains("ulimit -n 64"), run.stderr)
        }
    }
}
