import Foundation

/// A message date as the Android SDK reads it (`Utilities.parseIsoDate`, `Utilities.java` L415-432): seven
/// `SimpleDateFormat` patterns tried in order, each lenient, as Java's are by default. A pattern matches a
/// prefix of the text (the rest is ignored: `2026-11-19T10:00:00Z` is read as 2026-11-19 by the last pattern),
/// numbers take any count of digits (`2020-1-5`), spaces and tabs before a number are skipped, and values past
/// their range roll over (`2026-11-31` is 1 December). `Z` takes an RFC 822 offset (`+0300`, `+03:00`) or
/// `GMT±H[H][:MM]`; without one the date is in the device's zone. Written by hand: Foundation's
/// `DateFormatter` is not lenient in these ways, and no library reproduces `SimpleDateFormat`.
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
                guard let n = digits(), n <= 9_999_999 else { return nil }
                numbers.append(n)
            case .zone:
                skipBlanks()
                var rest = i
                if text.count - i >= 3, ["GMT", "UTC"].contains(String(String.UnicodeScalarView(text[i..<i + 3]))) {
                    rest = i + 3
                }
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
                let start = i
                guard let first = digits(max: 4) else { return nil }
                let count = i - start
                var hours = first
                var minutes = 0
                if count > 2 {
                    hours = first / 100
                    minutes = first % 100
                } else if i < text.count, text[i] == ":" {
                    i += 1
                    guard let m = digits(max: 2) else { return nil }
                    minutes = m
                }
                guard hours <= 23, minutes <= 59 else { return nil }
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
        return calendar.date(from: c)?.addingTimeInterval(Double(fields[6]) / 1000)
    }
}
