import Foundation

/// ISO 8601 UTC timestamps (`2026-11-22T08:00:00Z`), and the generation time honouring `SOURCE_DATE_EPOCH`.
public enum Timestamps {
    public static func iso8601(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ n: Int32, _ width: Int = 2) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))T\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec))Z"
    }

    /// Parses `--as-of`: `2026-11-22`, `2026-11-22T08:00:00Z`, with fractional seconds or an offset.
    public static func parse(_ text: String) -> Date? {
        let full = ISO8601DateFormatter()
        full.formatOptions = [.withInternetDateTime]
        if let d = full.date(from: text) { return d }
        full.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = full.date(from: text) { return d }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        return day.date(from: text)
    }

    /// `SOURCE_DATE_EPOCH` when set (reproducible builds' convention), else now.
    public static func generationTime(environment: [String: String] = ProcessInfo.processInfo.environment) -> Date {
        if let epoch = environment["SOURCE_DATE_EPOCH"].flatMap({ Int64($0.trimmedWhitespace) }) {
            return Date(timeIntervalSince1970: TimeInterval(epoch))
        }
        return Date()
    }
}
