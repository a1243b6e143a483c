/// How the 3.x OSAM clients read a document's text, for the documents strict JSON refuses: kotlinx.serialization
/// 1.7's `StringJsonLexer` and `StreamingJsonDecoder` with `ignoreUnknownKeys` only (`HttpClientFactory.kt`
/// L44-48), decoding `VersionResponseDto` or `RatingResponseDto` (`DtoModels.kt` L8-51). That decoder reads
/// more than JSON: entries need no comma between them (`decodeObjectIndex`, StreamingJsonDecoder.kt L222-249),
/// the value of a key it does not know is skipped by matching brackets only (`skipElement`, AbstractJsonLexer.kt
/// L526-564: `{:::}`, `hello`, `NaN`), strings may hold raw control characters (`consumeKeyString` looks for
/// the closing quote only), booleans are `true`/`false` in any case, quoted or not, numbers may be quoted.
///
/// The result is the document as the clients decoded it — `{"data": {…}}` with each field they read, the last
/// copy of a repeated key — or nil when they reject it (then so does the audit). Written by hand: no Swift
/// library parses as kotlinx does; `OSAMClientFidelityTests` holds it to the client's answers.
enum OSAMClientReader {
    /// What a field of the models is (`OSAMDecoding.Kind`, plus the nullable `Long?` and the `TextDto` object).
    private enum Field {
        case int, long, optionalLong, string, boolean, text
        case name([String])
    }

    private static let version: [(String, Field)] = [
        ("id", .int), ("appId", .int), ("packageName", .string), ("versionCode", .long), ("versionName", .string),
        ("platform", .name(["ANDROID", "IOS"])), ("comparisonMode", .name(["FORCE", "LAZY", "INFO", "NONE"])),
        ("startDate", .optionalLong), ("endDate", .optionalLong), ("serverDate", .long), ("title", .text),
        ("message", .text), ("ok", .text), ("cancel", .text), ("url", .string), ("checkBoxDontShowAgain", .boolean),
        ("dialogDisplayDuration", .long),
    ]
    private static let rating: [(String, Field)] = [
        ("id", .int), ("appId", .int), ("packageName", .string), ("platform", .name(["ANDROID", "IOS"])),
        ("minutes", .int), ("numAperture", .int), ("message", .text),
    ]
    private static let text: [(String, Field)] = [("es", .string), ("en", .string), ("ca", .string)]

    /// The document as the clients decode it: as a version-control document when they can, else as a rating one.
    static func read(_ bytes: [UInt8]) -> JSONValue? {
        // Ktor hands kotlinx the body decoded as UTF-8; text that is not UTF-8 the audit refuses as it is.
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        for model in [version, rating] {
            var lexer = Lexer(bytes: bytes)
            if let data = try? lexer.document(model) { return .object(JSONObject([("data", data)])) }
        }
        return nil
    }

    private struct Rejected: Error {}

    /// The lexer and decoder, on the UTF-8 bytes: every character kotlinx treats specially is ASCII, and every byte
    /// of a multi-byte character is, like the character, an "other" token (`charToTokenClass`).
    private struct Lexer {
        let bytes: [UInt8]
        var position = 0

        private static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

        /// `TC_OTHER`: anything but whitespace, control characters, `" \ , : { } [ ]`.
        private static func isOther(_ c: UInt8) -> Bool {
            guard c > 0x20 else { return false }
            return !"\"\\,:{}[]".utf8.contains(c)
        }

        private mutating func skipWhitespace() {
            while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        }

        private mutating func peek() -> UInt8? {
            skipWhitespace()
            return position < bytes.count ? bytes[position] : nil
        }

        private mutating func expect(_ c: UInt8) throws(Rejected) {
            guard peek() == c else { throw Rejected() }
            position += 1
        }

        private mutating func tryConsumeComma() -> Bool {
            guard peek() == UInt8(ascii: ",") else { return false }
            position += 1
            return true
        }

        /// `canConsumeValue`: a next character that can start a value (not `} ] : ,`, not the end).
        private mutating func canConsumeValue() -> Bool {
            guard let c = peek() else { return false }
            return !"}]:,".utf8.contains(c)
        }

        /// The root object, its `data` decoded with `model`, then nothing but whitespace (`expectEof`).
        mutating func document(_ model: [(String, Field)]) throws(Rejected) -> JSONValue {
            let root = try object([("data", .text)]) { lexer, _ throws(Rejected) in
                .object(try lexer.object(model) { lexer, field throws(Rejected) in try lexer.value(field) })
            }
            guard peek() == nil, let data = root["data"] else { throw Rejected() }
            return data
        }

        /// An object of `model`'s fields (`beginStructure`, `decodeObjectIndex`, `endStructure`): every copy of a
        /// known key decoded (a bad copy rejects, the last one counts), unknown keys skipped, every field but the
        /// optional ones required.
        private mutating func object(
            _ model: [(String, Field)], decode: (inout Lexer, Field) throws(Rejected) -> JSONValue
        ) throws(Rejected) -> JSONObject {
            try expect(UInt8(ascii: "{"))
            if peek() == UInt8(ascii: ",") { throw Rejected() }  // "Unexpected leading comma"
            var values: [String: JSONValue] = [:]
            while true {
                var hasComma = tryConsumeComma()
                var known: (key: String, field: Field)?
                while canConsumeValue() {
                    hasComma = false
                    let key = try string()
                    try expect(UInt8(ascii: ":"))
                    if let field = model.first(where: { $0.0 == key })?.1 {
                        known = (key, field)
                        break
                    }
                    try skipElement()
                    hasComma = tryConsumeComma()
                }
                guard let known else {
                    if hasComma { throw Rejected() }  // "Trailing comma before the end of JSON object"
                    break
                }
                values[known.key] = try decode(&self, known.field)
            }
            if tryConsumeComma() { throw Rejected() }
            try expect(UInt8(ascii: "}"))
            var pairs: [(key: String, value: JSONValue)] = []
            for (key, field) in model {
                if let value = values[key] {
                    pairs.append((key, value))
                } else if case .optionalLong = field {
                    continue
                } else {
                    throw Rejected()  // MissingFieldException
                }
            }
            return JSONObject(pairs)
        }

        private mutating func value(_ field: Field) throws(Rejected) -> JSONValue {
            switch field {
            case .int:
                let n = try number()
                guard Int32(exactly: n) != nil else { throw Rejected() }
                return .number(JSONNumber(literal: String(n)))
            case .long: return .number(JSONNumber(literal: String(try number())))
            case .optionalLong:
                if tryConsumeNull() { return .null }
                return .number(JSONNumber(literal: String(try number())))
            case .string: return .string(try string())
            case .boolean: return .bool(try boolean())
            case .name(let names):
                let name = try string()
                guard names.contains(name) else { throw Rejected() }
                return .string(name)
            case .text:
                return .object(
                    try object(OSAMClientReader.text) { lexer, field throws(Rejected) in try lexer.value(field) })
            }
        }

        /// `tryConsumeNull`: `null` not followed by another "other" character.
        private mutating func tryConsumeNull() -> Bool {
            skipWhitespace()
            guard bytes[position...].starts(with: "null".utf8) else { return false }
            if position + 4 < bytes.count, Self.isOther(bytes[position + 4]) { return false }
            position += 4
            return true
        }

        /// `consumeKeyString`: a quoted string whose escapes are JSON's; any other character, raw control
        /// characters included, stands for itself.
        private mutating func string() throws(Rejected) -> String {
            try expect(UInt8(ascii: "\""))
            var units: [UInt16] = []
            var run = position
            func flush(_ end: Int) { units += String(decoding: bytes[run..<end], as: UTF8.self).utf16 }
            while true {
                guard position < bytes.count else { throw Rejected() }
                let c = bytes[position]
                if c == UInt8(ascii: "\"") { break }
                guard c == UInt8(ascii: "\\") else {
                    position += 1
                    continue
                }
                flush(position)
                position += 1
                guard position < bytes.count else { throw Rejected() }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "u"):
                    // `appendHex` wants the four digits and at least one more character.
                    guard position + 4 < bytes.count else { throw Rejected() }
                    var unit: UInt16 = 0
                    for k in 0..<4 {
                        guard let digit = Self.hexDigit(bytes[position + k]) else { throw Rejected() }
                        unit = unit << 4 | digit
                    }
                    units.append(unit)
                    position += 4
                case UInt8(ascii: "b"): units.append(0x08)
                case UInt8(ascii: "t"): units.append(0x09)
                case UInt8(ascii: "n"): units.append(0x0A)
                case UInt8(ascii: "f"): units.append(0x0C)
                case UInt8(ascii: "r"): units.append(0x0D)
                case UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "\\"): units.append(UInt16(escape))
                default: throw Rejected()  // "Invalid escaped char"
                }
                run = position
            }
            flush(position)
            position += 1
            return String(decoding: units, as: UTF16.self)
        }

        private static func hexDigit(_ c: UInt8) -> UInt16? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt16(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt16(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt16(c - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }

        /// `consumeNumericLiteral`: the run of "other" characters, in quotes or not, read as `OSAMDecoding.long`
        /// reads a number's text (the same rules, applied by kotlinx as it goes).
        private mutating func number() throws(Rejected) -> Int64 {
            skipWhitespace()
            guard position < bytes.count else { throw Rejected() }
            let quoted = bytes[position] == UInt8(ascii: "\"")
            if quoted { position += 1 }
            let start = position
            while position < bytes.count, Self.isOther(bytes[position]) { position += 1 }
            guard let value = OSAMDecoding.long(String(decoding: bytes[start..<position], as: UTF8.self)) else {
                throw Rejected()
            }
            if quoted {
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw Rejected() }
                position += 1
            }
            return value
        }

        /// `consumeBooleanLenient`: `true` or `false` in any case, in quotes or not; what follows an unquoted one
        /// is not looked at here.
        private mutating func boolean() throws(Rejected) -> Bool {
            skipWhitespace()
            guard position < bytes.count else { throw Rejected() }
            let quoted = bytes[position] == UInt8(ascii: "\"")
            if quoted { position += 1 }
            let result: Bool
            if matchesIgnoringCase("true") {
                result = true
            } else if matchesIgnoringCase("false") {
                result = false
            } else {
                throw Rejected()
            }
            if quoted {
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw Rejected() }
                position += 1
            }
            return result
        }

        /// Whether the next characters are `word` with the ASCII case bit set (`consumeBooleanLiteral`), taking them.
        private mutating func matchesIgnoringCase(_ word: String) -> Bool {
            let letters = Array(word.utf8)
            guard position + letters.count <= bytes.count else { return false }
            for (k, letter) in letters.enumerated() where bytes[position + k] | 0x20 != letter { return false }
            position += letters.count
            return true
        }

        /// `skipElement(false)`: a string, a run of "other" characters, or a container whose brackets match —
        /// the tokens inside are not checked.
        private mutating func skipElement() throws(Rejected) {
            guard let first = peek() else { throw Rejected() }
            guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
                if first == UInt8(ascii: "\"") {
                    _ = try string()
                    return
                }
                guard Self.isOther(first) else { throw Rejected() }  // "Expected beginning of the string"
                while position < bytes.count, Self.isOther(bytes[position]) { position += 1 }
                return
            }
            var open: [UInt8] = []
            while true {
                guard let c = peek() else { throw Rejected() }  // "Unexpected end of input"
                if c == UInt8(ascii: "\"") {
                    _ = try string()
                    continue
                }
                switch c {
                case UInt8(ascii: "{"), UInt8(ascii: "["): open.append(c)
                case UInt8(ascii: "}"):
                    guard open.last == UInt8(ascii: "{") else { throw Rejected() }
                    open.removeLast()
                case UInt8(ascii: "]"):
                    guard open.last == UInt8(ascii: "[") else { throw Rejected() }
                    open.removeLast()
                default: break
                }
                position += 1
                if open.isEmpty { return }
            }
        }
    }
}
