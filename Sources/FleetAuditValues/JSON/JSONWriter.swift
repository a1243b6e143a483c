/// Writes `JSONValue`s as indented, deterministic text: keys in the order they were added, integers as plain
/// digits, non-ASCII text as UTF-8. The report's bytes depend only on its content.
public enum JSONWriter {
    public static func write(_ value: JSONValue, indent: Int = 2) -> String {
        var out = ""
        out.reserveCapacity(4096)
        write(value, level: 0, indent: indent, into: &out)
        out.append("\n")
        return out
    }

    /// One line, no spaces: for `explain` piping and for tests.
    package static func compact(_ value: JSONValue) -> String {
        var out = ""
        write(value, level: 0, indent: 0, into: &out)
        return out
    }

    private static func write(_ value: JSONValue, level: Int, indent: Int, into out: inout String) {
        let newline = indent > 0 ? "\n" : ""
        // Only containers need their padding; building it for every scalar was a tenth of a large report.
        var pad: String { String(repeating: " ", count: indent * (level + 1)) }
        var closePad: String { String(repeating: " ", count: indent * level) }
        switch value {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .number(let n): out.append(n.literal)
        case .string(let s): appendQuoted(s, into: &out)
        case .array(let items):
            if items.isEmpty {
                out.append("[]")
                return
            }
            out.append("[" + newline)
            let pad = pad
            for (i, item) in items.enumerated() {
                out.append(pad)
                write(item, level: level + 1, indent: indent, into: &out)
                out.append(i + 1 < items.count ? "," + newline : newline)
            }
            out.append(closePad + "]")
        case .object(let object):
            if object.pairs.isEmpty {
                out.append("{}")
                return
            }
            out.append("{" + newline)
            let pad = pad
            for (i, pair) in object.pairs.enumerated() {
                out.append(pad)
                appendQuoted(pair.key, into: &out)
                out.append(indent > 0 ? ": " : ":")
                write(pair.value, level: level + 1, indent: indent, into: &out)
                out.append(i + 1 < object.pairs.count ? "," + newline : newline)
            }
            out.append(closePad + "}")
        }
    }

    static func appendQuoted(_ s: String, into out: inout String) {
        out.append("\"")
        // Most texts need no escape: append them whole (scalar by scalar was most of a large report's time).
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
            out.append(s)
            out.append("\"")
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case "\u{2028}": out.append("\\u2028")
            case "\u{2029}": out.append("\\u2029")
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append("\"")
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
