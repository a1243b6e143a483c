/// Writes `JSONValue`s as indented, deterministic text: keys in the order they were added, integers as plain
/// digits, non-ASCII text as UTF-8. The report's bytes depend only on its content.
public enum JSONWriter {
    public static func write(_ value: JSONValue, indent: Int = 2) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(value, level: 0, indent: indent, into: &out)
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }

    /// One line, no spaces: for `explain` piping and for tests.
    package static func compact(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        write(value, level: 0, indent: 0, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    // Written as UTF-8 bytes, made a `String` once at the end: appending to a `String` piece by piece checked
    // and grew it at every step, and was most of writing a report of a thousand configs.
    private static func write(_ value: JSONValue, level: Int, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): out.append(contentsOf: n.literal.utf8)
        case .string(let s): appendQuoted(s, into: &out)
        case .array(let items):
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(level + 1, indent, into: &out)
                write(item, level: level + 1, indent: indent, into: &out)
            }
            newline(level, indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.pairs.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            for (i, pair) in object.pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(level + 1, indent, into: &out)
                appendQuoted(pair.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if indent > 0 { out.append(UInt8(ascii: " ")) }
                write(pair.value, level: level + 1, indent: indent, into: &out)
            }
            newline(level, indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A line break and the padding of `level` (nothing when not indenting).
    private static func newline(_ level: Int, _ indent: Int, into out: inout [UInt8]) {
        guard indent > 0 else { return }
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }

    static func appendQuoted(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most texts need no escape: append them whole (scalar by scalar was most of a large report's time).
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
            out.append(contentsOf: s.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: "\\\"".utf8)
            case "\\": out.append(contentsOf: "\\\\".utf8)
            case "\n": out.append(contentsOf: "\\n".utf8)
            case "\r": out.append(contentsOf: "\\r".utf8)
            case "\t": out.append(contentsOf: "\\t".utf8)
            case "\u{2028}": out.append(contentsOf: "\\u2028".utf8)
            case "\u{2029}": out.append(contentsOf: "\\u2029".utf8)
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                } else {
                    out.append(contentsOf: String(scalar).utf8)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// Small builders so report code reads as the shape it writes.
extension JSONValue {
    package static func int(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
    package static func int64(_ value: Int64) -> JSONValue { .number(JSONNumber(literal: String(value))) }
    package static func obj(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(pairs.map { (key: $0.0, value: $0.1) }))
    }
    package static func optionalString(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
}
