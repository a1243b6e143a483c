import Foundation

/// How the current (3.x) OSAM clients decode a document: kotlinx.serialization 1.7 with `Json {
/// ignoreUnknownKeys = true }` and nothing else lenient (`HttpClientFactory.kt` L44-48), into the models of
/// `DtoModels.kt` L12-51. Written by hand: no Swift library reads numbers and enums as kotlinx does.
enum OSAMDecoding {
    /// What a field of the models is.
    enum Kind {
        case int, long, string, boolean
        /// An enum, decoded by its exact name (`JsonNamesMap.kt` L83-95: `force` is not `FORCE`).
        case name([String])
    }

    /// A number as kotlinx reads it into a `Long` (`AbstractJsonLexer.consumeNumericLiteral`, L583-672): a JSON
    /// number or the same text in quotes; an optional leading `-`, ASCII digits, an optional exponent (`e`/`E`,
    /// sign, digits) whose value must be whole and within 64 bits; no fraction, no spaces (`352`, `"352"`,
    /// `352e0` are 352; `352.0`, `" 352"` are errors). (kotlinx reads the source text, so an escape inside a
    /// quoted number fails there; FleetAudit sees the decoded text and reads it.)
    static func long(_ value: JSONValue?) -> Int64? {
        switch value {
        case .number(let n)?: return long(n.literal)
        case .string(let s)?: return long(s)
        default: return nil
        }
    }

    /// An `Int` field: the `Long` reading, then within 32 bits (`StreamingJsonDecoder.kt` L296-301).
    static func int(_ value: JSONValue?) -> Int64? {
        long(value).flatMap { Int32(exactly: $0) != nil ? $0 : nil }
    }

    static func long(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        // Accumulated negative, as kotlinx does, so that Long.MIN_VALUE reads.
        var accumulator: Int64 = 0
        var exponent: Int64 = 0
        var negative = false
        var hasExponent = false
        var exponentPositive = false
        for (i, c) in bytes.enumerated() {
            switch c {
            case UInt8(ascii: "e") where !hasExponent, UInt8(ascii: "E") where !hasExponent:
                guard i > 0 else { return nil }
                hasExponent = true
                exponentPositive = true
            case UInt8(ascii: "-") where hasExponent: exponentPositive = false
            case UInt8(ascii: "+") where hasExponent: exponentPositive = true
            case UInt8(ascii: "-"):
                guard i == 0 else { return nil }
                negative = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int64(c - UInt8(ascii: "0"))
                if hasExponent {
                    exponent = exponent &* 10 &+ digit
                } else {
                    accumulator = accumulator &* 10 &- digit
                    if accumulator > 0 { return nil }  // "Numeric value overflow"
                }
            default: return nil
            }
        }
        guard !bytes.isEmpty, !(negative && bytes.count == 1) else { return nil }
        if hasExponent {
            let d = Double(accumulator) * pow(10, Double(exponentPositive ? exponent : -exponent))
            // ±2^63, written exactly: Long.MAX_VALUE as a double rounds up to 2^63.
            let bound = 0x1p63
            guard d <= bound, d >= -bound, d.rounded(.down) == d else { return nil }
            // Kotlin's toLong() saturates; the bound above lets 2^63 through as Long.MAX_VALUE.
            accumulator = d >= bound ? Int64.max : Int64(d)
        }
        if negative { return accumulator }
        return accumulator == Int64.min ? nil : -accumulator
    }

    /// What the 3.x clients refuse in `data`: a required field missing or null, a field of the wrong kind, a
    /// translated text without `es`, `en` or `ca`; and a comma before `}` in an object they decode (the
    /// document's, `data`, the texts: `StreamingJsonDecoder.kt` L246; the value of a key they do not know is
    /// skipped unread); a byte-order mark (`document`: the whole document's object). Empty when they read it.
    static func currentClientProblems(
        _ data: JSONObject, required: [(String, Kind)], optional: [(String, Kind)], texts: [String],
        document: JSONObject
    ) -> [String] {
        var missing: [String] = []
        var wrong: [String] = []
        func check(_ field: String, _ kind: Kind, _ value: JSONValue) {
            let fits: Bool
            switch kind {
            case .int: fits = int(value) != nil
            case .long: fits = long(value) != nil
            case .string: fits = value.stringValue != nil
            case .boolean:
                // `decodeBoolean` is `consumeBooleanLenient` (StreamingJsonDecoder.kt L278, AbstractJsonLexer.kt
                // L679-696): `true`/`false` in any case, quoted or not.
                switch value {
                case .bool: fits = true
                case .string(let text): fits = ["true", "false"].contains(text.lowercased())
                default: fits = false
                }
            case .name(let names): fits = value.stringValue.map(names.contains) ?? false
            }
            if !fits { wrong.append("data.\(field) is \(JSONWriter.compact(value)), not \(describe(kind))") }
        }
        // Every copy of a key is decoded (`StreamingJsonDecoder.decodeElementIndex`, L176): a bad one rejects the
        // document even when a later copy is good.
        func copies(_ field: String) -> [JSONValue] { data.pairs.filter { $0.key == field }.map(\.value) }
        for (field, kind) in required {
            let values = copies(field)
            if values.allSatisfy(\.isNull) {
                missing.append(field)
                continue
            }
            for value in values {
                if value.isNull {
                    wrong.append("data.\(field) is null in one of its copies")
                } else {
                    check(field, kind, value)
                }
            }
        }
        for (field, kind) in optional {
            for value in copies(field) where !value.isNull { check(field, kind, value) }
        }
        for field in texts {
            let values = copies(field)
            if values.isEmpty { missing.append(field) }
            for value in values {
                guard let text = value.objectValue else {
                    missing.append(field)
                    continue
                }
                missing += OSAMTarget.languages.filter { text[$0]?.stringValue == nil }.map { "\(field).\($0)" }
            }
        }
        missing = missing.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        var problems: [String] = []
        if !missing.isEmpty { problems.append("it lacks " + missing.joined(separator: ", ")) }
        problems += wrong
        let decoded = [document.trailingComma, data.trailingComma] + texts.map { data[$0]?.objectValue?.trailingComma }
        if let comma = decoded.compactMap({ $0 }).first {
            problems.append("a comma before } at line \(comma.line), column \(comma.column)")
        }
        if document.byteOrderMark {
            // Ktor decodes the body as UTF-8 and hands kotlinx the text, whose first character is then U+FEFF,
            // not `{` (`StreamingJsonDecoder.beginStructure`: "Expected start of the object").
            problems.append("a byte-order mark before the first {, which kotlinx reads as a character")
        }
        return problems
    }

    private static func describe(_ kind: Kind) -> String {
        switch kind {
        case .int: return "an Int (32-bit, no fraction)"
        case .long: return "a Long (no fraction)"
        case .string: return "a JSON string"
        case .boolean: return "true or false"
        case .name(let names): return "one of " + names.joined(separator: ", ") + " as written"
        }
    }

    static func rejectedByCurrentClients(_ problems: [String]) -> Diagnostic {
        Diagnostic(
            "osam.rejectedByCurrentClients", .error,
            "OSAM clients 3.x reject this document and show nothing: " + problems.joined(separator: "; ")
                + " (older clients read it, and the audit evaluates it as written)", path: "")
    }
}
