/// A syntax error in a JSON document, with the 1-based line and column where it was found.
package struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    package let line: Int
    package let column: Int
    package let message: String
    package var description: String { "\(line):\(column): \(message)" }
}

/// A strict RFC 8259 parser with one leniency the config clients share: a trailing comma before `]` or `}`.
package struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    private static let maxDepth = 512
    /// Whether the array just parsed ended with a comma before `]`, for the object holding it.
    private var arrayEndedWithComma = false
    /// Whether strings may hold what Moshi reads and strict JSON does not (`parse(_:lenientStrings:)`).
    private var lenientStrings = false
    /// The first such place, when `lenientStrings`.
    private var firstLenientString: JSONSyntaxError?

    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes, lenientStrings: false)
    }

    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Parses as `parse` does, but strings may hold what Moshi (the NHS Android app's parser) reads and strict JSON
    /// forbids: raw control characters, unpaired surrogate escapes and bytes that are not UTF-8 (each of the last
    /// two read as U+FFFD, as okio decodes them). The root object, when it is one, keeps the first such place
    /// (`JSONObject.strictJSONRefusal`); a document without any parses as `parse` would.
    package static func parse(_ bytes: [UInt8], lenientStrings: Bool) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.lenientStrings = lenientStrings
        var value = try parser.parseDocument()
        let byteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        if parser.firstLenientString != nil || byteOrderMark, case .object(var object) = value {
            object.strictJSONRefusal = parser.firstLenientString
            object.byteOrderMark = byteOrderMark
            value = .object(object)
        }
        return value
    }

    /// Notes where strict JSON refuses a string, or throws when strings are read strictly.
    private mutating func lenientString(_ message: String) throws(JSONSyntaxError) {
        guard lenientStrings else { throw error(message) }
        if firstLenientString == nil { firstLenientString = error(message) }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
        skipWhitespace()
        guard index < bytes.count else { throw error("the document is empty") }
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected \(describeCurrent()) after the top-level value") }
        return value
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column(of: index), message: message)
    }

    /// Columns count characters, not bytes, so an editor's cursor lands on the spot.
    private func column(of position: Int) -> Int { column(of: position, lineStart: lineStart) }

    private func column(of position: Int, lineStart: Int) -> Int {
        var column = 1
        var i = lineStart
        while i < position && i < bytes.count {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return column
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let b = bytes[index]
        if b >= 0x20 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw error("unexpected \(describeCurrent()), expected a value")
        }
        index += w.count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var object = JSONObject()
        var comma: (index: Int, line: Int, lineStart: Int)?
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object, expected '}'") }
            if bytes[index] == UInt8(ascii: "}") && !object.pairs.isEmpty {
                if let comma {
                    object.trailingComma = JSONSyntaxError(
                        line: comma.line, column: column(of: comma.index, lineStart: comma.lineStart),
                        message: "a comma before '}'")
                }
                index += 1
                return .object(object)
            }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a key in double quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count && bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()), expected ':' after key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            arrayEndedWithComma = false
            let value = try parseValue()
            if arrayEndedWithComma, case .array = value { object.arraysWithTrailingComma.insert(key) }
            object.append(key, value)
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object, expected '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                // Only where it is: its column is counted if the object ends here (counting every comma's
                // column made a one-line document of 200,000 entries quadratic).
                comma = (index, line, lineStart)
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(object)
            }
            throw error("unexpected \(describeCurrent()), expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var array: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(array)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array, expected ']'") }
            if bytes[index] == UInt8(ascii: "]") && !array.isEmpty {
                index += 1
                arrayEndedWithComma = true
                return .array(array)
            }
            array.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array, expected ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                arrayEndedWithComma = false
                return .array(array)
            }
            throw error("unexpected \(describeCurrent()), expected ',' or ']'")
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("invalid number: leading zero") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("invalid number: expected a digit after '.'")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("invalid number: expected an exponent")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return JSONNumber(literal: String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validating: out, as: UTF8.self) else {
                    try lenientString("the string before this point is not valid UTF-8")
                    return String(decoding: out, as: UTF8.self)
                }
                return string
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("unterminated string") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        if let low = lowSurrogateEscape() {
                            index += 6
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            try lenientString("unpaired surrogate in \\u escape")
                            scalar = 0xFFFD
                        }
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        try lenientString("unpaired surrogate in \\u escape")
                        scalar = 0xFFFD
                    }
                    out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
                default:
                    index -= 1
                    throw error("invalid escape \\\(describeCurrent())")
                }
            case 0x00..<0x20:
                try lenientString("control character in string (escape it)")
                out.append(b)
                index += 1
            default:
                out.append(b)
                index += 1
            }
        }
    }

    /// The low surrogate of a `\\uDC00`…`\\uDFFF` escape at the current position, without moving.
    private func lowSurrogateEscape() -> UInt32? {
        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
            let text = String(validating: bytes[(index + 2)..<(index + 6)], as: UTF8.self),
            text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }),
            let low = UInt32(text, radix: 16), (0xDC00...0xDFFF).contains(low)
        else { return nil }
        return low
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case 0x30...0x39: digit = UInt32(b - 0x30)
            case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}
