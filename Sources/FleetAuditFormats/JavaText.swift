import Foundation

/// How the Android clients, which parse with org.json and read with Java, see a JSON value: as text
/// (`String.valueOf`, `optString`), as an `int` (`Integer.parseInt`, `getInt`/`optInt`), whitespace as
/// `Character.isWhitespace` says, and URLs as `new java.net.URL` accepts them. Shared by the formats whose
/// Android client is written in Java (PrinceOfVersions, Turkcell Updater); written by hand because no Swift
/// library reproduces Java's coercions.
enum JavaText {
    /// `String.valueOf` of what org.json parsed: an integer literal that fits 32 or 64 bits keeps its digits;
    /// any other number is a `Double` (`21.0`, `1.0E10`); booleans are `true`/`false`.
    static func valueOf(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .number(let n):
            if let i = n.int64 { return String(i) }
            return javaDouble(n.double)
        case .null: return "null"
        case .array, .object: return JSONWriter.compact(value)
        }
    }

    /// org.json's `getInt` (Android's `JSON.toInteger`): an Integer as is, another number by `intValue()`
    /// (a Long wraps to 32 bits, a Double truncates and saturates), a text by `(int) Double.parseDouble`;
    /// nil (the client throws) for null, booleans, objects and texts that are no number.
    static func getInt(_ value: JSONValue) -> Int32? {
        switch value {
        case .number(let n):
            if let i = n.int64 { return Int32(truncatingIfNeeded: i) }
            return saturatingInt(n.double)
        case .string(let s):
            return parseDouble(s).map(saturatingInt)
        default:
            return nil
        }
    }

    /// Java's `(int) d`: toward zero, NaN is 0, out of range saturates.
    private static func saturatingInt(_ d: Double) -> Int32 {
        if d.isNaN { return 0 }
        if d >= Double(Int32.max) { return Int32.max }
        if d <= Double(Int32.min) { return Int32.min }
        return Int32(d.rounded(.towardZero))
    }

    /// `Double.parseDouble` for the texts a config holds: surrounding whitespace (≤ U+0020) trimmed, an optional
    /// `d`/`f` suffix, decimal and exponent forms, `NaN` and `Infinity`, and hexadecimal floats with their binary
    /// exponent (`0x1p9` is 512: Android's `JSON.toInteger` reads a text `targetVersionCode` through it).
    static func parseDouble(_ text: String) -> Double? {
        var t = Substring(trim(text))
        var body = t
        if let sign = body.first, sign == "+" || sign == "-" { body = body.dropFirst() }
        if body == "NaN" || body == "Infinity" {
            return Double(t.first == "-" ? "-inf" : body == "NaN" ? "nan" : "inf")
        }
        if let last = t.last, "dDfF".contains(last) { t = t.dropLast() }
        if body.hasPrefix("0x") || body.hasPrefix("0X") {
            // Java's HexFloatingPointLiteral: hex digits with at most one point, then `p` and a decimal exponent.
            let hex = body.dropFirst(2).prefix { $0 != "p" && $0 != "P" }
            guard hex.count < body.count - 2, hex.contains(where: \.isHexDigit),
                hex.allSatisfy({ $0.isHexDigit || $0 == "." }), hex.filter({ $0 == "." }).count <= 1,
                let value = Double(
                    String(t).replacingOccurrences(of: "X", with: "x").replacingOccurrences(of: "P", with: "p"))
            else { return nil }
            return value
        }
        guard !t.isEmpty, t.allSatisfy({ "0123456789+-.eE".contains($0) }),
            t.contains(where: { $0.isNumber })
        else { return nil }
        return Double(t)
    }

    /// `Character.isWhitespace`: the Unicode space, line and paragraph separators except the non-breaking
    /// ones (U+00A0, U+2007, U+202F), and U+0009–U+000D, U+001C–U+001F.
    static func isWhitespace(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x09...0x0D, 0x1C...0x1F: return true
        case 0xA0, 0x2007, 0x202F: return false
        default:
            switch u.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }

    /// `toLowerCase(Locale.ENGLISH)`: the full lower-case mapping, which Swift's `lowercased()` applies too, and
    /// the one contextual rule Java (and ICU, which Android's `String` uses) adds: a capital sigma that ends a word —
    /// a cased letter before it and none after, case-ignorable characters skipped — is `ς`, not `σ` (Unicode's
    /// Final_Sigma; `ΝΕΟΣ` is `νεος`).
    static func lowercased(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains("\u{03A3}") else { return text.lowercased() }
        func casedLetter(from start: Int, step: Int) -> Bool {
            var i = start
            while i >= 0 && i < scalars.count {
                let p = scalars[i].properties
                if p.isCased { return true }
                if !p.isCaseIgnorable { return false }
                i += step
            }
            return false
        }
        var out = ""
        for (i, scalar) in scalars.enumerated() {
            if scalar == "\u{03A3}" && casedLetter(from: i - 1, step: -1) && !casedLetter(from: i + 1, step: 1) {
                out.unicodeScalars.append("\u{03C2}")
            } else {
                out += String(scalar).lowercased()
            }
        }
        return out
    }

    /// The text without any character `isWhitespace` (the Turkcell SDK's `Utilities.removeWhiteSpaces`).
    static func removingWhitespace(_ text: String) -> String {
        // Package names and URLs are ASCII without blanks: nothing to remove, and no per-scalar property look-up.
        if text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter { !isWhitespace($0) })
        return String(scalars)
    }

    /// Whether `new java.net.URL(spec)` accepts the text on Android: a leading `url:` skipped (any case), a
    /// scheme of its handlers (http, https, ftp, file, jar), a jar URL whose inner URL (before its last `!/`) is
    /// itself accepted, an IPv6 host that is closed, and a port `Integer.parseInt` reads that is not below -1
    /// (`:abc`, `:-2`, `:99999999999`, `:80:80` throw). Any other scheme (`market:`, `javascript:`) is
    /// "unknown protocol".
    static func urlAccepts(_ text: String) -> Bool {
        var spec = Substring(text)
        if spec.prefix(4).lowercased() == "url:" { spec = spec.dropFirst(4) }
        guard let colon = spec.firstIndex(of: ":") else { return false }
        let scheme = spec[..<colon].lowercased()
        guard ["http", "https", "ftp", "file", "jar"].contains(scheme) else { return false }
        let rest = spec[spec.index(after: colon)...]
        if scheme == "jar" {
            guard let bang = rest.range(of: "!/", options: .backwards) else { return false }
            return urlAccepts(String(rest[..<bang.lowerBound]))
        }
        guard rest.hasPrefix("//") else { return true }
        let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        var port: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let after = host[host.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { return false }
                port = after.dropFirst()
            }
        } else if let c = host.firstIndex(of: ":") {
            port = host[host.index(after: c)...]
        }
        if let port, !port.isEmpty {
            guard let number = parseInt(String(port)), number >= -1 else { return false }
        }
        return true
    }

    /// `Integer.parseInt`: an optional sign and decimal digits — any Unicode decimal digit of the Basic
    /// Multilingual Plane, as `Character.digit(char)` reads them one UTF-16 unit at a time (`３０` and `٣٣` are 30
    /// and 33; `𝟑𝟎`, two surrogate pairs, is no number) — nothing else (no spaces), within 32 bits.
    static func parseInt(_ text: String) -> Int32? {
        var digits = Substring.UnicodeScalarView(text.unicodeScalars)
        let negative = digits.first == "-"
        if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for u in digits {
            guard u.value <= 0xFFFF, u.properties.numericType == .decimal, let digit = u.properties.numericValue
            else { return nil }
            value = value * 10 + Int64(digit)
            if value > Int64(Int32.max) + 1 { return nil }
        }
        return Int32(exactly: negative ? -value : value)
    }

    /// `Long.parseLong(text, radix)`: an optional sign, then digits as `Character.digit(char, radix)` reads them one
    /// UTF-16 unit at a time (any Unicode decimal digit, ASCII and fullwidth Latin letters for 10-35), within 64 bits.
    static func parseLong(_ text: String, radix: Int) -> Int64? {
        var units = Substring(text).utf16[...]
        let negative = units.first == 0x2D
        if units.first == 0x2B || units.first == 0x2D { units = units.dropFirst() }
        guard !units.isEmpty else { return nil }
        // Accumulated negative, as Java does, so that Long.MIN_VALUE reads.
        var value: Int64 = 0
        for unit in units {
            guard let digit = digit(unit, radix: radix) else { return nil }
            let (shifted, o1) = value.multipliedReportingOverflow(by: Int64(radix))
            let (next, o2) = shifted.subtractingReportingOverflow(Int64(digit))
            guard !o1, !o2 else { return nil }
            value = next
        }
        if negative { return value }
        return value == Int64.min ? nil : -value
    }

    /// `Character.digit(char, radix)`.
    private static func digit(_ unit: UInt16, radix: Int) -> Int? {
        let value: Int
        switch unit {
        case 0x30...0x39: value = Int(unit) - 0x30
        case 0x41...0x5A: value = Int(unit) - 0x41 + 10
        case 0x61...0x7A: value = Int(unit) - 0x61 + 10
        case 0xFF21...0xFF3A: value = Int(unit) - 0xFF21 + 10
        case 0xFF41...0xFF5A: value = Int(unit) - 0xFF41 + 10
        default:
            guard let scalar = Unicode.Scalar(unit), scalar.properties.numericType == .decimal,
                let v = scalar.properties.numericValue
            else { return nil }
            value = Int(v)
        }
        return value < radix ? value : nil
    }

    /// `String.trim`: every character up to U+0020 removed from both ends (control characters too).
    static func trim(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0.value > 0x20 }),
            let last = scalars.lastIndex(where: { $0.value > 0x20 })
        else { return "" }
        return String(scalars[first...last])
    }

    /// `Double.toString`: `21.0`, `8.1`, and outside 10^-3 ..< 10^7 computerized scientific notation (`1.0E10`,
    /// `1.0E-4`), with the shortest digits that read back as the same double (as Java 19+ prints them).
    static func javaDouble(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
        if d == 0 { return d.sign == .minus ? "-0.0" : "0.0" }
        // Swift's description is the shortest round-trip form: take its digits and decimal exponent.
        let text = "\(abs(d))"
        let parts = text.split(separator: "e")
        let mantissa = parts[0]
        var exponent = parts.count > 1 ? Int(parts[1])! : 0
        let point = mantissa.firstIndex(of: ".") ?? mantissa.endIndex
        var digits = String(mantissa[..<point]) + mantissa[point...].dropFirst()
        exponent += mantissa.distance(from: mantissa.startIndex, to: point) - 1
        let leadingZeros = digits.prefix { $0 == "0" }.count
        digits.removeFirst(leadingZeros)
        exponent -= leadingZeros
        while digits.count > 1 && digits.hasSuffix("0") { digits.removeLast() }
        let sign = d < 0 ? "-" : ""
        let magnitude = abs(d)
        if magnitude >= 1e-3 && magnitude < 1e7 {
            if exponent >= 0 {
                let whole =
                    digits.count > exponent + 1
                    ? String(digits.prefix(exponent + 1))
                    : digits + String(repeating: "0", count: exponent + 1 - digits.count)
                let fraction = digits.count > exponent + 1 ? String(digits.dropFirst(exponent + 1)) : "0"
                return sign + whole + "." + fraction
            }
            return sign + "0." + String(repeating: "0", count: -exponent - 1) + digits
        }
        let fraction = digits.count > 1 ? String(digits.dropFirst()) : "0"
        return sign + String(digits.prefix(1)) + "." + fraction + "E" + String(exponent)
    }
}
