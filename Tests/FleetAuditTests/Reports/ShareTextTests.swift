import XCTest

@testable import FleetAuditReports

/// Shares to one decimal, half up on the integers (the new-user trial found 0.25% shown as 0.2% and 0.45% as
/// 0.5%, and 19,999 of 20,000 shown as 100.0%).
final class ShareTextTests: XCTestCase {
    func testHalvesRoundUpAndTheEndsAreNeverRoundedAway() {
        let cases: [(Int64, Int64, String)] = [
            (1, 2000, "0.1%"), (3, 2000, "0.2%"), (5, 2000, "0.3%"), (7, 2000, "0.4%"), (9, 2000, "0.5%"),
            (25, 2000, "1.3%"), (1, 3, "33.3%"), (2, 3, "66.7%"), (0, 5, "0.0%"), (5, 5, "100.0%"),
            (1, 20000, "<0.1%"), (19999, 20000, ">99.9%"), (7, 0, "0.0%"),
            (Int64.max / 2, Int64.max, "50.0%"), (Int64.max - 1, Int64.max, ">99.9%"), (1 << 53, 1 << 53, "100.0%"),
            ((1 << 53) - 1, 1 << 53, ">99.9%"), (Int64.max, 1, "100000000000000.0%"),
        ]
        for (part, whole, expected) in cases {
            XCTAssertEqual(ShareText.percent(part, of: whole), expected, "\(part) of \(whole)")
        }
    }
}
