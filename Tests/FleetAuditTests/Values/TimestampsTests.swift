import Foundation
import XCTest

@testable import FleetAuditValues

/// `Timestamps.iso8601` is total (issue 39): it agrees with the C library's `gmtime_r` on every date a report
/// normally holds, and writes the dates a hostile document can make (a phased rollout of `Int.max` seconds,
/// infinity) instead of trapping.
final class TimestampsTests: XCTestCase {
    private func libc(_ seconds: Int) -> String {
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    func testItAgreesWithTheCLibraryFrom1970To9999() {
        var generator = SystemRandomNumberGenerator()
        let edges = [0, 59, 86_399, 86_400, 951_782_400, 1_795_000_000, 253_402_300_799, -1, -86_401]
        for seconds in edges
            + (0..<20_000).map({ _ in Int.random(in: -2_000_000_000...253_402_300_799, using: &generator) })
        {
            XCTAssertEqual(
                Timestamps.iso8601(Date(timeIntervalSince1970: Double(seconds))), libc(seconds), "\(seconds)")
        }
        XCTAssertEqual(Timestamps.iso8601(Date(timeIntervalSince1970: 1_795_000_000.9)), "2026-11-18T11:06:40Z")
    }

    func testFarDatesAreWrittenNotTrapped() {
        XCTAssertEqual(Timestamps.iso8601(Date(timeIntervalSince1970: 253_402_300_800)), "10000-01-01T00:00:00Z")
        for far in [Double(Int.max), .infinity, -.infinity, .nan, 1e300] {
            let text = Timestamps.iso8601(Date(timeIntervalSince1970: far))
            XCTAssertTrue(text.hasSuffix("Z") && text.count >= 20, "\(far): \(text)")
        }
        XCTAssertEqual(Timestamps.iso8601(Date(timeIntervalSince1970: .nan)), "1970-01-01T00:00:00Z")
    }
}
