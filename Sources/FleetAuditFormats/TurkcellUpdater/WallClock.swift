import Foundation

/// A date and time without a zone, as Turkcell message dates are written (`yyyy-MM-dd` or
/// `yyyy-MM-dd HH:mm`); each SDK places it in its own zone. Parsed once per document, not per device.
struct WallClock: Sendable {
    /// Seconds since 1970 if the wall-clock time were UTC.
    let utcSeconds: Int64

    init?(_ text: String) {
        let t = text.trimmedWhitespace
        let parts = t.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-", omittingEmptySubsequences: false).compactMap { Int($0) }
        guard date.count == 3, parts[0].count == 10 else { return nil }
        var hour = 0
        var minute = 0
        if parts.count == 2 {
            let time = parts[1].split(separator: ":", omittingEmptySubsequences: false).compactMap { Int($0) }
            guard time.count == 2, parts[1].count == 5, (0..<24).contains(time[0]), (0..<60).contains(time[1]) else {
                return nil
            }
            (hour, minute) = (time[0], time[1])
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let components = DateComponents(year: date[0], month: date[1], day: date[2], hour: hour, minute: minute)
        guard components.isValidDate(in: calendar), let d = calendar.date(from: components) else { return nil }
        utcSeconds = Int64(d.timeIntervalSince1970)
    }

    /// The instant this wall-clock time names in a zone (the zone's offset at that moment).
    func instant(in zone: TimeZone) -> Date {
        let guess = Date(timeIntervalSince1970: Double(utcSeconds))
        let offset = zone.secondsFromGMT(for: guess.addingTimeInterval(-Double(zone.secondsFromGMT(for: guess))))
        return guess.addingTimeInterval(-Double(offset))
    }
}
