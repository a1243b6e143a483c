import Foundation
import XCTest

/// Golden files in `Snapshots/`. `FLEET_AUDIT_RECORD=1 swift test` rewrites them and fails, so a re-record is
/// never silently green: read the diff (and any HTML in a browser), then run the tests again.
enum GoldenFile {
    static func check(_ text: String, against name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let golden = TestPaths.snapshots.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["FLEET_AUDIT_RECORD"] != nil {
            try text.write(to: golden, atomically: true, encoding: .utf8)
            XCTFail(
                "recorded \(name): read the diff, then run the tests without FLEET_AUDIT_RECORD", file: file, line: line
            )
            return
        }
        XCTAssertEqual(
            text, try String(contentsOf: golden, encoding: .utf8),
            "\(name) changed: re-record with FLEET_AUDIT_RECORD=1 swift test, then read the diff", file: file,
            line: line)
    }
}
