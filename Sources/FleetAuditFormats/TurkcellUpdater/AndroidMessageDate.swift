import Foundation

/// A message date as the Android SDK reads it (`Utilities.parseIsoDate`, `Utilities.java` L415-432): seven
/// `SimpleDateFormat` patterns tried in order, each lenient, as Java's are by default. A pattern matches a
/// prefix of the text (the rest is ignored: `2026-11-19T10:00:00Z` is read as 2026-11-19 by the last pattern),
/// numbers take any count of digits (`2020-1-5`), spaces and tabs before a number are skipped, and values past
/// their range roll over (`2026-11-31` is 1 December). As current Android's libcore reads them (its
/// `SimpleDateFormat` changed from Java's): `SSS` is a fraction of a second whatever its digits (`.5` is 500 ms,
/// `.999999` 999 ms); `Z` takes a numeric offset — a sign, one or two hour digits, an optional `:`, exactly two
/// minute digits (`+0300`, `+3:00`; not `+3` or `+300`) — after an optional `GMT`, or the zone name `UTC`
/// (offset 0, what follows it ignored); without one the date is in the device's zone, and a wall time the zone
/// shows twice (the hour clocks go back) is the later instant, in standard time, as the lenient
/// `GregorianCalendar` computes it. Written by hand: Foundation's `DateFormatter` is not lenient in these ways,
/// and no library reproduces `SimpleDateFormat`.
struct AndroidMessageDate: Sendable, Equatable {
    /// Year, month, day, hour, minute, second, millisecond as written (not yet rolled over).
    let fields: [Int]
    /// The offset the text gives, in seconds east of UTC; nil: the device's zone.
    let offset: Int?

    private enum Token { case number, literal(Character), zone }

    private static let patterns: [[Token]] = {
        let date: [Token] = [.number, .literal("-"), .number, .literal("-"), .number]
        let hm: [Token] = [.number, .literal(":"), .number]
        let s: [Token] = [.literal(":"), .number]
        let ms: [Token] = [.literal("."), .number]
        return [
            date + [.literal("T")] + hm + s + ms + [.zone],  // yyyy-MM-dd'T'HH:mm:ss.SSSZ
            date + [.literal(" ")] + hm + s + ms + [.zone],  // yyyy-MM-dd HH:mm:ss.SSSZ
            date + [.literal(" ")] + hm + s + [.zone],  // yyyy-MM-dd HH:mm:ssZ
            date + [.literal(" ")] + hm + s,  // yyyy-MM-dd HH:mm:ss
            date + [.literal(" ")] + hm + [.zone],  // yyyy-MM-dd HH:mmZ
            date + [.literal(" ")] + hm,  // yyyy-MM-dd HH:mm
            date,  // yyyy-MM-dd
        ]
    }()

    init?(_ text: String) {
        for pattern in Self.patterns {
            if let parsed = Self.parse(Array(text.unicodeScalars), pattern) {
                self = parsed
                return
            }
        }
        return nil
    }

    private init(fields: [Int], offset: Int?) {
        self.fields = fields
        self.offset = offset
    }

    private static func parse(_ text: [Unicode.Scalar], _ pattern: [Token]) -> AndroidMessageDate? {
        var i = 0
        var numbers: [Int] = []
        var offset: Int?
        func skipBlanks() { while i < text.count, text[i] == " " || text[i] == "\t" { i += 1 } }
        func digits(max: Int = Int.max) -> Int? {
            let start = i
            var value = 0
            while i < text.count, i - start < max,
                let d = text[i].properties.numericType == .decimal ? Int(String(text[i])) : nil
            {
                value = value &* 10 &+ d
                i += 1
            }
            return i > start ? value : nil
        }
        for token in pattern {
            switch token {
            case .literal(let c):
                guard i < text.count, Character(text[i]) == c else { return nil }
                i += 1
            case .number:
                skipBlanks()
                let start = i
                guard let n = digits(), n <= 9_999_999 else { return nil }
                if numbers.count == 6 {
                    // The seventh number is `SSS`: the digits are a fraction of a second, truncated to milliseconds.
                    numbers.append(Int(Double(n) / pow(10, Double(i - start)) * 1000))
                } else {
                    numbers.append(n)
                }
            case .zone:
                skipBlanks()
                let name = text.count - i >= 3 ? String(String.UnicodeScalarView(text[i..<i + 3])) : ""
                if name == "UTC" {
                    // A zone name: its offset, and nothing after it is read.
                    offset = 0
                    i += 3
                    continue
                }
                let rest = name == "GMT" ? i + 3 : i
                guard rest < text.count, text[rest] == "+" || text[rest] == "-" else {
                    if rest > i {
                        offset = 0
                        i = rest
                        continue
                    }
                    return nil
                }
                let sign = text[rest] == "-" ? -1 : 1
                i = rest + 1
                guard let hours = digits(max: 2) else { return nil }
                if i < text.count, text[i] == ":" { i += 1 }
                let minutesStart = i
                guard let minutes = digits(max: 2), i - minutesStart == 2, hours <= 23, minutes <= 59 else {
                    return nil
                }
                offset = sign * (hours * 3600 + minutes * 60)
            }
        }
        while numbers.count < 7 { numbers.append(0) }
        return AndroidMessageDate(fields: numbers, offset: offset)
    }

    /// The instant, with fields rolled over as a lenient `GregorianCalendar` does, in the text's offset or `zone`.
    func instant(in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? zone
        let c = DateComponents(
            year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4],
            second: fields[5], nanosecond: 0)
        guard let first = calendar.date(from: c) else { return nil }
        return Self.standardTimeReading(first, in: calendar.timeZone).addingTimeInterval(Double(fields[6]) / 1000)
    }

    /// Of a wall time the zone shows twice, the later instant (Foundation gives the earlier); any other instant
    /// as it is. The zone's offsets a day either side are the two the wall time can be read with.
    private static func standardTimeReading(_ instant: Date, in zone: TimeZone) -> Date {
        let offset = zone.secondsFromGMT(for: instant)
        let wall = instant.addingTimeInterval(Double(offset))
        var later = instant
        for other in [zone.secondsFromGMT(for: instant - 86_400), zone.secondsFromGMT(for: instant + 86_400)]
        where other != offset {
            let candidate = wall.addingTimeInterval(-Double(other))
            if zone.secondsFromGMT(for: candidate) == other, candidate > later { later = candidate }
        }
        return later
    }
}
