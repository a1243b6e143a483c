import Foundation

/// The usual form of an appcast's `pubDate` — `Sun, 15 Nov 2026 09:00:00 +0000`, two-digit day, English
/// names as written, a numeric zone — read on bytes. A thousand feeds' dates through `DateFormatter` (ICU)
/// cost more than the rest of their reading; anything else, and any date this reading is not sure of (a day
/// name that does not match the date, a day the month lacks), is left to the formatter
/// (`SparkleAppcastReading.formatterDate`), which `RFC822DateTests` holds this to.
enum RFC822Date {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date, or nil when the text is not exactly of the usual form.
    static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        // "Sun, 15 Nov 2026 09:00:00 +0000"
        guard b.count == 31, b[3] == 0x2C, b[4] == 0x20, b[7] == 0x20, b[11] == 0x20, b[16] == 0x20,
            b[19] == 0x3A, b[22] == 0x3A, b[25] == 0x20, b[26] == 0x2B || b[26] == 0x2D
        else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var v = 0
            for i in from..<(from + count) {
                guard b[i] >= 0x30 && b[i] <= 0x39 else { return nil }
                v = v * 10 + Int(b[i] - 0x30)
            }
            return v
        }
        func name(_ from: Int) -> String { String(decoding: b[from..<(from + 3)], as: UTF8.self) }
        guard let weekday = days.firstIndex(of: name(0)), let month = months.firstIndex(of: name(8)).map({ $0 + 1 }),
            let day = number(5, 2), let year = number(12, 4), let hour = number(17, 2), let minute = number(20, 2),
            let second = number(23, 2), let zoneHours = number(27, 2), let zoneMinutes = number(29, 2),
            year >= 1971, day >= 1, day <= daysIn(month, of: year), hour < 24, minute < 60, second < 60,
            zoneHours < 24, zoneMinutes < 60
        else { return nil }
        let dayNumber = daysSinceEpoch(year: year, month: month, day: day)
        // 1970-01-01 was a Thursday.
        guard (dayNumber + 4) % 7 == weekday else { return nil }
        let offset = (zoneHours * 3600 + zoneMinutes * 60) * (b[26] == 0x2D ? -1 : 1)
        let seconds = dayNumber * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (years from 1971 here).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        // Counted from March, so that a leap day ends its year.
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
