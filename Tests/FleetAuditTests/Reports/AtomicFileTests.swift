import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Reports are written through a temporary file and a rename — except to what is not a regular file: a
/// rename over a named pipe or a device would put a file in its place (as root, `--json /dev/null` replaced
/// /dev/null itself, which is how this was found).
final class AtomicFileTests: XCTestCase {
    func testANamedPipeIsWrittenNotReplaced() throws {
        let dir = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("report.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        // The reader: what a `--json /path/to/fifo | consumer` pipeline reads.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let out = Pipe()
        reader.standardOutput = out
        try reader.run()
        let result = try CommandLineTests.run([
            "audit", "--inventory", "SampleData/inventory.csv", "--config",
            "SampleData/configs/nhs/availability-android.json", "--json", fifo, "--quiet",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        // A report renamed over the pipe would leave the reader waiting for a writer forever: give up after 10 s.
        let done = DispatchSemaphore(value: 0)
        reader.terminationHandler = { _ in done.signal() }
        if reader.isRunning && done.wait(timeout: .now() + 10) == .timedOut {
            reader.terminate()
            return XCTFail("nothing was written into the named pipe")
        }
        let json = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(json.hasPrefix("{\n  \"schema\": \"fleet-audit/1\""), String(json.prefix(80)))
        var info = stat()
        XCTAssertEqual(stat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a named pipe")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: dir.path), ["report.fifo"], "no temporary file left")
    }

    func testDevNullStaysADevice() throws {
        let result = try CommandLineTests.run([
            "audit", "--inventory", "SampleData/inventory.csv", "--config",
            "SampleData/configs/nhs/availability-android.json", "--json", "/dev/null", "--quiet",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        var info = stat()
        XCTAssertEqual(stat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "/dev/null is still a character device")
    }
}
