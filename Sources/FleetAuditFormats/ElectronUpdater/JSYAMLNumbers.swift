import Foundation

/// js-yaml 4's implicit integer, float and timestamp types (`lib/type/int.js`, `float.js`, `timestamp.js`), and
/// JavaScript's `parseInt(text, 10)`: what electron-updater's feed values become.
enum JSYAMLNumbers {
    /// `int.js`: an optional sign, then `0b…`, `0x…`, `0o…` or decimal digits, `_` allowed between digits (not
    /// first, not last). `010` is ten (YAML 1.2 has no bare octal).
    static func integer(_ text: String) -> Double? {
        var chars = Array(text.utf8)
        guard !chars.isEmpty else { return nil }
        var sign = 1.0
        if chars[0] == UInt8(ascii: "-") || chars[0] == UInt8(ascii: "+") {
            if chars[0] == UInt8(ascii: "-") { sign = -1 }
            chars.removeFirst()
        }
        guard !chars.isEmpty else { return nil }
        if chars == [UInt8(ascii: "0")] { return 0 }
        if chars[0] == UInt8(ascii: "0"), chars.count > 1 {
            let radix: Int? =
                switch chars[1] {
                case UInt8(ascii: "b"): 2
                case UInt8(ascii: "x"): 16
                case UInt8(ascii: "o"): 8
                default: nil
                }
            if let radix { return prefixed(Array(chars.dropFirst(2)), radix: radix).map { sign * $0 } }
        }
        guard chars[0] != UInt8(ascii: "_"), chars.last != UInt8(ascii: "_") else { return nil }
        let digits = chars.filter { $0 != UInt8(ascii: "_") }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Double(String(decoding: digits, as: UTF8.self)).map { sign * $0 }
    }

    private static func prefixed(_ chars: [UInt8], radix: Int) -> Double? {
        let digits = chars.filter { $0 != UInt8(ascii: "_") }
        guard !digits.isEmpty, chars.last != UInt8(ascii: "_") else { return nil }
        var value = 0.0
        for c in digits {
            guard let d = Int(String(UnicodeScalar(c)), radix: radix) else { return nil }
            value = value * Double(radix) + Double(d)
        }
        return value
    }

    /// `float.js`: `[-+]?[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)?`, `\.[0-9_]+([eE][-+]?[0-9]+)?`,
    /// `[-+]?\.(inf|Inf|INF)`, `\.(nan|NaN|NAN)`; not ending in `_`.
    static func float(_ text: String) -> Double? {
        guard !text.isEmpty, text.last != "_" else { return nil }
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        let pattern = #"^(?:[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+(?:[eE][-+]?[0-9]+)?)$"#
        guard text.range(of: pattern, options: .regularExpression) != nil else { return nil }
        return Double(text.replacingOccurrences(of: "_", with: ""))
    }

    /// `timestamp.js`: `YYYY-MM-DD`, or with a time (`T` or blanks between), fraction and zone.
    static func isTimestamp(_ text: String) -> Bool {
        let date = #"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"#
        let dateTime =
            #"^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?$"#
        return text.range(of: date, options: .regularExpression) != nil
            || text.range(of: dateTime, options: .regularExpression) != nil
    }

    /// `parseInt(text, 10)`: leading white space skipped, an optional sign, the longest run of decimal digits;
    /// NaN (nil) when there is none.
    static func parseInt(_ text: String) -> Double? {
        var scalars = Substring(text).unicodeScalars.drop { isJavaScriptSpace($0) }
        var sign = 1.0
        if let first = scalars.first, first == "-" || first == "+" {
            if first == "-" { sign = -1 }
            scalars = scalars.dropFirst()
        }
        let digits = scalars.prefix { $0.value >= 0x30 && $0.value <= 0x39 }
        guard !digits.isEmpty, let value = Double(String(String.UnicodeScalarView(digits))) else { return nil }
        return sign * value
    }

    /// `StrWhiteSpaceChar`: white space and line terminators, the byte-order mark among them.
    static func isJavaScriptSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0xFEFF, 0x2028, 0x2029: return true
        default: return s.properties.generalCategory == .spaceSeparator
        }
    }
}
