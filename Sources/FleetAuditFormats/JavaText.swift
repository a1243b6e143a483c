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
    /// `d`/`f` suffix, decimal and exponent forms, `NaN` and `Infinity`. Hexadecimal floats are not read (nil).
    static func parseDouble(_ text: String) -> Double? {
        var t = Substring(text)
        while let c = t.first, c.unicodeScalars.first!.value <= 0x20 { t = t.dropFirst() }
        while let c = t.last, c.unicodeScalars.first!.value <= 0x20 { t = t.dropLast() }
        var body = t
        if let sign = body.first, sign == "+" || sign == "-" { body = body.dropFirst() }
        if body == "NaN" || body == "Infinity" {
            return Double(t.first == "-" ? "-inf" : body == "NaN" ? "nan" : "inf")
        }
        if let last = t.last, "dDfF".contains(last) { t = t.dropLast() }
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

    /// The text without any character `isWhitespace` (the Turkcell SDK's `Utilities.removeWhiteSpaces`).
    static func removingWhitespace(_ text: String) -> String {
        // Package names and URLs are ASCII without blanks: nothing to remove, and no per-scalar property look-up.
        if text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter { !isWhitespace($0) })
        return String(scalars)
    }

    /// Whether `new java.net.URL(spec)` accepts the text on Android: a scheme of its handlers (http, https,
    /// ftp, file, jar), a jar URL with its `!/`, and an IPv6 host that is closed. Any other scheme (`market:`,
    /// `javascript:`) is "unknown protocol".
    static func urlAccepts(_ spec: String) -> Bool {
        guard let colon = spec.firstIndex(of: ":") else { return false }
        let scheme = spec[..<colon].lowercased()
        guard ["http", "https", "ftp", "file", "jar"].contains(scheme) else { return false }
        if scheme == "jar" { return spec.contains("!/") }
        let rest = spec[spec.index(after: colon)...]
        if rest.hasPrefix("//") {
            let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            if authority.contains("[") && !authority.contains("]") { return false }
        }
        return true
    }

    /// `Integer.parseInt`: an optional sign and decimal digits, nothing else (no spaces), within 32 bits.
    static func parseInt(_ text: String) -> Int32? {
        var digits = Substring(text)
        if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int32(text.first == "+" ? String(text.dropFirst()) : text)
    }

    /// `Double.toString` for the values a config holds: `21.0`, `1.5`, and scientific notation outside
    /// 10^-3 ..< 10^7 (`1.0E10`). Only whether `parseInt` reads it matters, and it never reads a Double's text.
    private static func javaDouble(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d == d.rounded(), abs(d) < 1e7 { return String(format: "%.1f", d) }
        return String(d)
    }
}
