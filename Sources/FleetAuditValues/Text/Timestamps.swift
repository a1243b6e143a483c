import Foundation

/// ISO 8601 UTC timestamps (`2026-11-22T08:00:00Z`), and the generation time honouring `SOURCE_DATE_EPOCH`.
public enum Timestamps {
    /// A date as ISO 8601 UTC, whole seconds. Total: a date no calendar function takes (a phased rollout of
    /// `Int.max` seconds, infinity) is written clamped to ±2^53 seconds — a year past 285 million, still a valid
    /// `xs:dateTime` — instead of trapping in a conversion; years past 9999 get their digits, as XML Schema allows.
    /// Computed here (Howard Hinnant's civil_from_days) rather than by `gmtime_r`, whose `time_t` conversion traps.
    package static func iso8601(_ date: Date) -> String {
        let limit = 9_007_199_254_740_992.0
        let raw = date.timeIntervalSince1970
        let seconds = Int64(raw.isNaN ? 0 : min(max(raw.rounded(.down), -limit), limit))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = seconds - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ n: Int64, _ width: Int = 2) -> String {
            let s = String(abs(n))
            return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return
            "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(inDay / 3600)):\(pad(inDay / 60 % 60)):\(pad(inDay % 60))Z"
    }

    /// Parses `--as-of` (and `--since`, and the times an inventory records): `2026-11-22`,
    /// `2026-11-22T08:00:00Z`, with fractional seconds, or an offset `+02:00` instead of `Z`. Strict: a time
    /// that does not exist (`T25:00`, `T23:61`, `T23:59:60`, `2026-02-30`, an offset past ±14:00) is nil, not
    /// carried into the next day as Foundation's parser does; years 1970 to 9999.
    /// Written by hand because `ISO8601DateFormatter` accepts every one of those.
    public static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= b.count else { return nil }
            var n = 0
            for i in from..<(from + count) {
                guard b[i] >= 0x30 && b[i] <= 0x39 else { return nil }
                n = n * 10 + Int(b[i] - 0x30)
            }
            return n
        }
        func at(_ i: Int, _ c: Character) -> Bool { i < b.count && b[i] == c.asciiValue! }
        guard let year = number(0, 4), at(4, "-"), let month = number(5, 2), at(7, "-"), let day = number(8, 2),
            (1970...9999).contains(year), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        if b.count == 10 { return Date(timeIntervalSince1970: TimeInterval(days * 86_400)) }
        guard at(10, "T") || at(10, "t"), let hour = number(11, 2), at(13, ":"), let minute = number(14, 2),
            at(16, ":"),
            let second = number(17, 2), hour < 24, minute < 60, second < 60
        else { return nil }
        var i = 19
        var fraction = 0.0
        if at(i, ".") {
            var scale = 0.1
            i += 1
            let start = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
                fraction += Double(b[i] - 0x30) * scale
                scale /= 10
                i += 1
            }
            guard i > start, i - start <= 9 else { return nil }
        }
        var offset = 0
        if at(i, "Z") || at(i, "z") {
            i += 1
        } else if at(i, "+") || at(i, "-") {
            guard let h = number(i + 1, 2), at(i + 3, ":"), let m = number(i + 4, 2), h * 60 + m <= 14 * 60, m < 60
            else { return nil }
            offset = (h * 3600 + m * 60) * (at(i, "-") ? -1 : 1)
            i += 6
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        // The instant itself within 1970 to 9999 (UTC): 9999-12-31T23:59:59-14:00 is in the year 10000.
        guard seconds >= 0, seconds < 253_402_300_800 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Why `SOURCE_DATE_EPOCH` cannot be used, when it is set and is not whole seconds since 1970 up to 9999.
    public static func sourceDateEpochProblem(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String?
    {
        guard let text = environment["SOURCE_DATE_EPOCH"] else { return nil }
        if let epoch = Int64(text.trimmedWhitespace), epoch >= 0, epoch < 253_402_300_800 { return nil }
        return
            "SOURCE_DATE_EPOCH=\(text) is not a number of seconds since 1970-01-01 (e.g. 1795000000): unset it or fix it"
    }

    /// Seconds since `start`, for a run's duration in its JUnit and metrics files; nil under `SOURCE_DATE_EPOCH`,
    /// whose promise is output that does not depend on when (or how fast) it was made.
    public static func runSeconds(
        since start: Date, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Double? {
        environment["SOURCE_DATE_EPOCH"] == nil ? max(Date().timeIntervalSince(start), 0) : nil
    }

    /// `SOURCE_DATE_EPOCH` when set (reproducible builds' convention), else now.
    public static func generationTime(environment: [String: String] = ProcessInfo.processInfo.environment) -> Date {
        if sourceDateEpochProblem(environment: environment) == nil,
            let epoch = environment["SOURCE_DATE_EPOCH"].flatMap({ Int64($0.trimmedWhitespace) })
        {
            return Date(timeIntervalSince1970: TimeInterval(epoch))
        }
        return Date()
    }
}
