extension Int64 {
    /// Plain digits grouped by three with commas (`12,345`), never locale-dependent (docs/reports.md).
    package var groupedDigits: String {
        let digits = String(magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return self < 0 ? "-" + out : out
    }
}

/// `Int(text)` on ASCII bytes: an optional `+` or `-`, then one or more decimal digits; nil on anything else
/// or on overflow. For the per-profile paths (ingest validation, version parsing) where making a `String` or
/// `Substring` for `Int(_:)` cost more than the parse. Generic over the bytes (ingest's buffers, a string's
/// UTF-8 view) and inlinable, so each caller gets it specialized, across modules too.
@inlinable
package func swiftInt<Bytes: Collection>(_ text: Bytes) -> Int? where Bytes.Element == UInt8 {
    var i = text.startIndex
    var negative = false
    if i < text.endIndex && (text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-")) {
        negative = text[i] == UInt8(ascii: "-")
        i = text.index(after: i)
    }
    guard i < text.endIndex else { return nil }
    var value = 0
    while i < text.endIndex {
        let digit = Int(text[i]) - 0x30
        guard digit >= 0 && digit <= 9 else { return nil }
        let (times10, o1) = value.multipliedReportingOverflow(by: 10)
        // Accumulated on the negative side when negative, so Int.min reads.
        let (next, o2) = negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
        if o1 || o2 { return nil }
        value = next
        i = text.index(after: i)
    }
    return value
}
