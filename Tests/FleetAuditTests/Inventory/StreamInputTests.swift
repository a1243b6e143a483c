import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// A named pipe is read as a stream — sniffed without losing its first bytes, never seeked — and gives
/// exactly what the same bytes give as a file, including hostile input: an unterminated quote in the middle
/// (the file reader seeks back to the next line, the stream reader carries on in its buffer) and a last row
/// cut short by an early end of the stream.
final class StreamInputTests: XCTestCase {
    private func viaPipe(_ text: String, chunk: Int) throws -> (ProfileTable, InventorySummary) {
        let dir = TestPaths.temporaryDirectory()
        let fifo = dir.appendingPathComponent("inventory.pipe").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let bytes = Array(text.utf8)
        // The writer sends small pieces, so the reader's sniff and its reads see partial data.
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            var offset = 0
            while offset < bytes.count {
                let n = min(chunk, bytes.count - offset)
                _ = bytes[offset..<(offset + n)].withUnsafeBytes { write(fd, $0.baseAddress!, n) }
                offset += n
            }
            close(fd)
        }
        writer.start()
        XCTAssertTrue(InventoryOpener.isStream(fifo))
        let source = try InventoryOpener.open(path: fifo)
        return try InventoryLoader(needs: ProfileNeeds(packageName: true, attributes: ["model"])).load(source)
    }

    private func viaFile(_ text: String) throws -> (ProfileTable, InventorySummary) {
        let path = TestPaths.write(text, named: "inventory.csv", in: TestPaths.temporaryDirectory())
        return try InventoryLoader(needs: ProfileNeeds(packageName: true, attributes: ["model"])).load(
            try InventoryOpener.open(path: path))
    }

    private func assertSame(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = try viaFile(text)
        for chunk in [1, 7, 4096] {
            let got = try viaPipe(text, chunk: chunk)
            XCTAssertEqual(got.1.rowsRead, expected.1.rowsRead, "chunk \(chunk)", file: file, line: line)
            XCTAssertEqual(got.1.rowsRejected, expected.1.rowsRejected, "chunk \(chunk)", file: file, line: line)
            XCTAssertEqual(got.1.devices, expected.1.devices, "chunk \(chunk)", file: file, line: line)
            XCTAssertEqual(got.1.rejections, expected.1.rejections, "chunk \(chunk)", file: file, line: line)
            XCTAssertEqual(
                Dictionary(zip(got.0.profiles, got.0.devices), uniquingKeysWith: +),
                Dictionary(zip(expected.0.profiles, expected.0.devices), uniquingKeysWith: +), "chunk \(chunk)",
                file: file, line: line)
        }
    }

    func testTheSampleInventoryThroughAPipe() throws {
        try assertSame(try String(contentsOfFile: TestPaths.sample("inventory.csv"), encoding: .utf8))
    }

    func testAnUnterminatedQuoteMidStreamAndAnEarlyEnd() throws {
        let text =
            "platform,os_version,app_version,app_build,package_name,model\n"
            + "android,13,5.0,358,p,\"Pixel 7\"\n"
            + "android,13,5.0,358,p,\"never closed\n"
            + "ios,17.1,6.0,,p,iPhone\n"
            + "android,12,5.1,362,p,Galaxy S10\n"
            + "android,12,5.1"  // cut short: no newline, too few fields
        let (_, summary) = try viaFile(text)
        XCTAssertGreaterThan(summary.rowsRejected, 0)
        try assertSame(text)
    }

    func testSQLiteBytesOnAStreamAreRefusedByName() throws {
        let dir = TestPaths.temporaryDirectory()
        let fifo = dir.appendingPathComponent("db.pipe").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.sample("inventory.sqlite")))
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            _ = data.prefix(4096).withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
            close(fd)
        }
        writer.start()
        XCTAssertThrowsError(try InventoryOpener.open(path: fifo)) { error in
            XCTAssertTrue("\(error)".contains("cannot be read from a stream"), "\(error)")
        }
    }
}
