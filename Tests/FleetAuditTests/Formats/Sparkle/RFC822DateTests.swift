import XCTest

@testable import FleetAuditFormats

/// `RFC822Date`, the byte reading of an appcast's usual `pubDate`, against the formatter it stands in for
/// (`SparkleAppcastReading.formatterDate`): the same date whenever it answers, and no answer — the formatter
/// decides — for anything it is not sure of.
final class RFC822DateTests: XCTestCase {
    private let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    func testTheUsualFormReadsAsTheFormatterReadsIt() {
        var rng = SeededGenerator(seed: 822)
        let utc = { () -> Calendar in
            var c = Calendar(identifier: .gregorian)
            c.timeZone = TimeZone(identifier: "UTC")!
            return c
        }()
        var answered = 0
        for _ in 0..<5_000 {
            // A real instant, written with its own weekday in a random zone.
            let instant = Date(timeIntervalSince1970: TimeInterval(40_000_000 + Int(rng.next() % 4_000_000_000)))
            let zoneMinutes = Int(rng.next() % 24) * 60 * (rng.next() % 2 == 0 ? 1 : -1) + Int(rng.next() % 2) * 30
            let local = instant.addingTimeInterval(TimeInterval(zoneMinutes * 60))
            let c = utc.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: local)
            let zone = String(
                format: "%@%02d%02d", zoneMinutes < 0 ? "-" : "+", abs(zoneMinutes) / 60, abs(zoneMinutes) % 60)
            let text = String(
                format: "%@, %02d %@ %04d %02d:%02d:%02d %@", days[c.weekday! - 1], c.day!, months[c.month! - 1],
                c.year!,
                c.hour!, c.minute!, c.second!, zone)
            let fast = RFC822Date.parse(text)
            XCTAssertNotNil(fast, text)
            XCTAssertEqual(fast, SparkleAppcastReading.formatterDate(text), text)
            XCTAssertEqual(fast, instant, text)
            if fast != nil { answered += 1 }
        }
        XCTAssertEqual(answered, 5_000)
    }

    func testAnythingElseIsLeftToTheFormatter() {
        for text in [
            "Sun, 5 Nov 2026 09:00:00 +0000",  // one-digit day
            "sun, 15 Nov 2026 09:00:00 +0000",  // lower case
            "Sun, 15 nov 2026 09:00:00 +0000",
            "Sun, 15 Nov 2026 09:00:00 GMT",  // a zone name
            "Mon, 15 Nov 2026 09:00:00 +0000",  // the 15th is a Sunday
            "Sun, 31 Nov 2026 09:00:00 +0000",  // November has 30 days
            "Sun, 15 Nov 2026 24:00:00 +0000",
            "Sun, 15 Nov 2026 09:60:00 +0000",
            "Sun 15 Nov 2026 09:00:00 +00000",
            "2026-11-15T09:00:00Z",
            "",
        ] {
            XCTAssertNil(RFC822Date.parse(text), text)
            // Whatever the formatter makes of it is the answer.
            XCTAssertEqual(SparkleAppcastReading.parseDate(text), SparkleAppcastReading.formatterDate(text), text)
        }
    }

    func testLeapDaysAndTheEpochArithmetic() {
        XCTAssertEqual(RFC822Date.daysSinceEpoch(year: 1970, month: 1, day: 1), 0)
        XCTAssertEqual(RFC822Date.daysSinceEpoch(year: 2000, month: 3, day: 1), 11_017)
        XCTAssertNotNil(RFC822Date.parse("Tue, 29 Feb 2028 12:00:00 +0000"))
        XCTAssertNil(RFC822Date.parse("Thu, 29 Feb 2100 12:00:00 +0000"), "2100 is not a leap year")
        XCTAssertEqual(
            RFC822Date.parse("Tue, 29 Feb 2028 12:00:00 +0130"),
            SparkleAppcastReading.formatterDate("Tue, 29 Feb 2028 12:00:00 +0130"))
    }
}
