/// How Android's org.json — the AOSP `JSONTokener` and `JSONObject` the PrinceOfVersions 4.x and Turkcell Updater
/// 1.2.4 Android clients parse with (`new JSONObject(text)`) — reads a document that is not JSON: comments (`//`,
/// `/* */`, `#`), single-quoted and unquoted strings and keys, octal (`010` is 8) and hexadecimal (`0x1F`)
/// integers, `=`, `=>` and `;` as separators, a separator without a value as null in an array, any escaped
/// character as itself (`\q` is `q`), raw control characters in strings, anything after the root object. Checked
/// against Debian's build of Android's org.json (`com.android.json`) on random documents.
///
/// The result is the tree org.json builds (each key once, at its first place, with its last value), with the
/// place strict JSON stopped at kept on the root (`JSONObject.strictJSONRefusal`): every iOS and macOS client
/// parses with Foundation, which refuses the document. Nil when org.json throws too. Written by hand: no Swift
/// library parses as org.json does.
enum OrgJSONReader {
    /// The document as org.json reads it; nil when org.json throws too, or when it is JSON (the strict parser reads it).
    static func read(_ bytes: [UInt8]) -> JSONValue? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return read(bytes, refusedAt: error)
        }
    }

    /// The document strict JSON refused at `refusal`, as org.json reads it.
    static func read(_ bytes: [UInt8], refusedAt refusal: JSONSyntaxError) -> JSONValue? {
        // The clients decode the body as UTF-8 (what is not becomes U+FFFD) and index Java chars: UTF-16 units.
        var tokener = Tokener(Array(String(decoding: bytes, as: UTF8.self).utf16))
        guard case .object(let root)? = try? tokener.nextValue() else { return nil }
        return .object(root.refusedByStrictJSON(at: refusal))
    }

    /// The ASCII characters org.json tests for, as the UTF-16 units it reads.
    private enum ASCII {
        static let apostrophe: UInt16 = 0x27
        static let backslash: UInt16 = 0x5C
        static let closeBrace: UInt16 = 0x7D
        static let closeBracket: UInt16 = 0x5D
        static let colon: UInt16 = 0x3A
        static let comma: UInt16 = 0x2C
        static let equals: UInt16 = 0x3D
        static let greater: UInt16 = 0x3E
        static let hash: UInt16 = 0x23
        static let letterB: UInt16 = 0x62
        static let letterF: UInt16 = 0x66
        static let letterN: UInt16 = 0x6E
        static let letterR: UInt16 = 0x72
        static let letterT: UInt16 = 0x74
        static let letterU: UInt16 = 0x75
        static let openBrace: UInt16 = 0x7B
        static let openBracket: UInt16 = 0x5B
        static let quote: UInt16 = 0x22
        static let semicolon: UInt16 = 0x3B
        static let slash: UInt16 = 0x2F
        static let star: UInt16 = 0x2A
    }

    private struct Thrown: Error {}

    private struct Tokener {
        let text: [UInt16]
        var pos = 0
        /// Whether the value `nextValue` just read is a double that is not finite (`JSONObject.put` refuses it).
        private var valueNotFinite = false
        /// Containers open around the value being read. org.json recurses without a bound (deep enough, the client
        /// dies of a StackOverflowError); FleetAudit stops where its JSON parser does rather than exhaust its stack.
        private var depth = 0
        private static let maxDepth = 512

        init(_ text: [UInt16]) {
            // `JSONTokener(String)` drops a leading byte-order mark.
            self.text = text.first == 0xFEFF ? Array(text.dropFirst()) : text
        }

        /// `nextCleanInternal`: the next character after whitespace and comments, or nil at the end.
        mutating func nextClean() throws(Thrown) -> UInt16? {
            while pos < text.count {
                let c = text[pos]
                pos += 1
                switch c {
                case 0x09, 0x0A, 0x0D, 0x20: continue
                case ASCII.slash:
                    guard pos < text.count else { return c }
                    if text[pos] == ASCII.star {
                        pos += 1
                        var end = pos
                        while end + 1 < text.count, !(text[end] == ASCII.star && text[end + 1] == ASCII.slash) {
                            end += 1
                        }
                        guard end + 1 < text.count else { throw Thrown() }  // "Unterminated comment"
                        pos = end + 2
                    } else if text[pos] == ASCII.slash {
                        pos += 1
                        skipToEndOfLine()
                    } else {
                        return c
                    }
                case ASCII.hash: skipToEndOfLine()
                default: return c
                }
            }
            return nil
        }

        private mutating func skipToEndOfLine() {
            while pos < text.count {
                let c = text[pos]
                pos += 1
                if c == 0x0D || c == 0x0A { return }
            }
        }

        mutating func nextValue() throws(Thrown) -> JSONValue {
            guard let c = try nextClean() else { throw Thrown() }  // "End of input"
            let value: JSONValue
            switch c {
            case ASCII.openBrace, ASCII.openBracket:
                guard depth < Self.maxDepth else { throw Thrown() }
                depth += 1
                defer { depth -= 1 }
                value = c == ASCII.openBrace ? .object(try readObject()) : .array(try readArray())
            case ASCII.quote, ASCII.apostrophe: value = .string(try nextString(quote: c))
            default:
                pos -= 1
                let (literal, notFinite) = try readLiteral()
                valueNotFinite = notFinite
                return literal
            }
            valueNotFinite = false
            return value
        }

        private mutating func nextString(quote: UInt16) throws(Thrown) -> String {
            var out: [UInt16] = []
            while pos < text.count {
                let c = text[pos]
                pos += 1
                if c == quote { return String(decoding: out, as: UTF16.self) }
                guard c == ASCII.backslash else {
                    out.append(c)
                    continue
                }
                guard pos < text.count else { throw Thrown() }  // "Unterminated escape sequence"
                let escaped = text[pos]
                pos += 1
                switch escaped {
                case ASCII.letterU:
                    guard pos + 4 <= text.count,
                        let value = JavaText.parseLong(
                            String(decoding: text[pos..<(pos + 4)], as: UTF16.self), radix: 16)
                    else { throw Thrown() }
                    out.append(UInt16(truncatingIfNeeded: value))  // `(char) Integer.parseInt(hex, 16)`
                    pos += 4
                case ASCII.letterT: out.append(0x09)
                case ASCII.letterB: out.append(0x08)
                case ASCII.letterN: out.append(0x0A)
                case ASCII.letterR: out.append(0x0D)
                case ASCII.letterF: out.append(0x0C)
                default: out.append(escaped)
                }
            }
            throw Thrown()  // "Unterminated string"
        }

        /// `nextToInternal("{}[]/\\:,=;# \t\f")`, which stops at a line break too.
        private static func endsLiteral(_ c: UInt16) -> Bool {
            switch c {
            case 0x7B, 0x7D, 0x5B, 0x5D, 0x2F, 0x5C, 0x3A, 0x2C, 0x3D, 0x3B, 0x23, 0x20, 0x09, 0x0C, 0x0D, 0x0A:
                return true
            default: return false
            }
        }

        /// `readLiteral`: the text up to a delimiter, as null, a boolean (any case), an `int` or `long` (decimal,
        /// `0x` hexadecimal, `0` octal), a `double` (`Double.valueOf`), or else the text itself.
        private mutating func readLiteral() throws(Thrown) -> (JSONValue, notFinite: Bool) {
            let start = pos
            while pos < text.count, !Self.endsLiteral(text[pos]) { pos += 1 }
            let literal = String(decoding: text[start..<pos], as: UTF16.self)
            guard !literal.isEmpty else { throw Thrown() }  // "Expected literal value"
            if literal.utf16.count <= 5 {
                switch literal.lowercased() {
                case "null": return (.null, false)
                case "true": return (.bool(true), false)
                case "false": return (.bool(false), false)
                default: break
                }
            }
            if !literal.contains(".") {
                var number = Substring(literal)
                var radix = 10
                if number.hasPrefix("0x") || number.hasPrefix("0X") {
                    number = number.dropFirst(2)
                    radix = 16
                } else if number.hasPrefix("0") && number.count > 1 {
                    number = number.dropFirst()
                    radix = 8
                }
                if let value = JavaText.parseLong(String(number), radix: radix) {
                    return (.number(JSONNumber(literal: String(value))), false)
                }
            }
            if let value = JavaText.parseDouble(literal) {
                // A double, never an integer (`String.valueOf` writes `8.0`): Swift writes every finite double with a
                // point or an exponent. Only an array holds one that is not finite (`readObject` refuses it), kept in
                // a form a report can write as JSON: ±Infinity as a literal too large for a double, NaN as its text
                // (which `getInt`, `optString` and `getJSONObject` read as they read the double).
                if value.isNaN { return (.string("NaN"), true) }
                if value.isInfinite { return (.number(JSONNumber(literal: value < 0 ? "-1e400" : "1e400")), true) }
                return (.number(JSONNumber(literal: "\(value)")), false)
            }
            return (.string(literal), false)
        }

        /// `readObject`, with `JSONObject.put`: a name is a string (quoted or not), then `:`, `=` or `=>`; `,` or `;`
        /// between members; a number that is not finite is refused; a repeated name keeps its first place and
        /// takes the last value.
        private mutating func readObject() throws(Thrown) -> JSONObject {
            var keys: [String] = []
            var values: [String: JSONValue] = [:]
            func object() -> JSONObject { JSONObject(keys.map { ($0, values[$0]!) }) }
            let first = try nextClean()
            if first == ASCII.closeBrace { return object() }
            if first != nil { pos -= 1 }
            while true {
                guard case .string(let name) = try nextValue() else { throw Thrown() }  // "Names must be strings"
                let separator = try nextClean()
                guard separator == ASCII.colon || separator == ASCII.equals else { throw Thrown() }
                if pos < text.count, text[pos] == ASCII.greater { pos += 1 }
                let value = try nextValue()
                if valueNotFinite { throw Thrown() }  // "Forbidden numeric value"
                if values.updateValue(value, forKey: name) == nil { keys.append(name) }
                switch try nextClean() {
                case ASCII.closeBrace: return object()
                case ASCII.comma, ASCII.semicolon: continue
                default: throw Thrown()  // "Unterminated object"
                }
            }
        }

        /// `readArray`: a separator without a value before it is a null element, and so is one before `]`.
        private mutating func readArray() throws(Thrown) -> [JSONValue] {
            var out: [JSONValue] = []
            var trailingSeparator = false
            while true {
                switch try nextClean() {
                case nil: throw Thrown()  // "Unterminated array"
                case ASCII.closeBracket:
                    if trailingSeparator { out.append(.null) }
                    return out
                case ASCII.comma, ASCII.semicolon:
                    out.append(.null)
                    trailingSeparator = true
                    continue
                default: pos -= 1
                }
                out.append(try nextValue())
                switch try nextClean() {
                case ASCII.closeBracket: return out
                case ASCII.comma, ASCII.semicolon: trailingSeparator = true
                default: throw Thrown()  // "Unterminated array"
                }
            }
        }
    }
}
