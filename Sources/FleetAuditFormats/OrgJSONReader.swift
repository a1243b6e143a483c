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

        private static func unit(_ c: Character) -> UInt16 { c.utf16.first! }

        /// `nextCleanInternal`: the next character after whitespace and comments, or nil at the end.
        mutating func nextClean() throws(Thrown) -> UInt16? {
            while pos < text.count {
                let c = text[pos]
                pos += 1
                switch c {
                case 0x09, 0x0A, 0x0D, 0x20: continue
                case Self.unit("/"):
                    guard pos < text.count else { return c }
                    if text[pos] == Self.unit("*") {
                        pos += 1
                        var end = pos
                        while end + 1 < text.count, !(text[end] == Self.unit("*") && text[end + 1] == Self.unit("/")) {
                            end += 1
                        }
                        guard end + 1 < text.count else { throw Thrown() }  // "Unterminated comment"
                        pos = end + 2
                    } else if text[pos] == Self.unit("/") {
                        pos += 1
                        skipToEndOfLine()
                    } else {
                        return c
                    }
                case Self.unit("#"): skipToEndOfLine()
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
            case Self.unit("{"), Self.unit("["):
                guard depth < Self.maxDepth else { throw Thrown() }
                depth += 1
                defer { depth -= 1 }
                value = c == Self.unit("{") ? .object(try readObject()) : .array(try readArray())
            case Self.unit("\""), Self.unit("'"): value = .string(try nextString(quote: c))
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
                guard c == Self.unit("\\") else {
                    out.append(c)
                    continue
                }
                guard pos < text.count else { throw Thrown() }  // "Unterminated escape sequence"
                let escaped = text[pos]
                pos += 1
                switch escaped {
                case Self.unit("u"):
                    guard pos + 4 <= text.count,
                        let value = JavaText.parseLong(
                            String(decoding: text[pos..<(pos + 4)], as: UTF16.self), radix: 16)
                    else { throw Thrown() }
                    out.append(UInt16(truncatingIfNeeded: value))  // `(char) Integer.parseInt(hex, 16)`
                    pos += 4
                case Self.unit("t"): out.append(0x09)
                case Self.unit("b"): out.append(0x08)
                case Self.unit("n"): out.append(0x0A)
                case Self.unit("r"): out.append(0x0D)
                case Self.unit("f"): out.append(0x0C)
                default: out.append(escaped)
                }
            }
            throw Thrown()  // "Unterminated string"
        }

        /// `readLiteral`: the text up to a delimiter, as null, a boolean (any case), an `int` or `long` (decimal,
        /// `0x` hexadecimal, `0` octal), a `double` (`Double.valueOf`), or else the text itself.
        private mutating func readLiteral() throws(Thrown) -> (JSONValue, notFinite: Bool) {
            let start = pos
            let delimiters = "{}[]/\\:,=;# \t\u{0C}\r\n".utf16
            while pos < text.count, !delimiters.contains(text[pos]) { pos += 1 }
            let literal = String(decoding: text[start..<pos], as: UTF16.self)
            guard !literal.isEmpty else { throw Thrown() }  // "Expected literal value"
            switch literal.lowercased() {
            case "null": return (.null, false)
            case "true": return (.bool(true), false)
            case "false": return (.bool(false), false)
            default: break
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
            if first == Self.unit("}") { return object() }
            if first != nil { pos -= 1 }
            while true {
                guard case .string(let name) = try nextValue() else { throw Thrown() }  // "Names must be strings"
                let separator = try nextClean()
                guard separator == Self.unit(":") || separator == Self.unit("=") else { throw Thrown() }
                if pos < text.count, text[pos] == Self.unit(">") { pos += 1 }
                let value = try nextValue()
                if valueNotFinite { throw Thrown() }  // "Forbidden numeric value"
                if values.updateValue(value, forKey: name) == nil { keys.append(name) }
                switch try nextClean() {
                case Self.unit("}"): return object()
                case Self.unit(","), Self.unit(";"): continue
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
                case Self.unit("]"):
                    if trailingSeparator { out.append(.null) }
                    return out
                case Self.unit(","), Self.unit(";"):
                    out.append(.null)
                    trailingSeparator = true
                    continue
                default: pos -= 1
                }
                out.append(try nextValue())
                switch try nextClean() {
                case Self.unit("]"): return out
                case Self.unit(","), Self.unit(";"): trailingSeparator = true
                default: throw Thrown()  // "Unterminated array"
                }
            }
        }
    }
}
