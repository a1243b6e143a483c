extension String {
    /// The text without leading and trailing spaces and tabs (what `CharacterSet.whitespaces` holds: tab and
    /// the Unicode space separators). Foundation's `trimmingCharacters(in:)` goes through NSString and was a
    /// third of ingest time; this returns the string itself when its ends are visible ASCII.
    package var trimmedWhitespace: String {
        let u = utf8
        guard let f = u.first, let l = u.last else { return "" }
        if f > 0x20 && f < 0x80 && l > 0x20 && l < 0x80 { return self }
        let scalars = unicodeScalars
        func blank(_ s: Unicode.Scalar) -> Bool { s == "\t" || s.properties.generalCategory == .spaceSeparator }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end && blank(scalars[start]) { start = scalars.index(after: start) }
        while end > start && blank(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(scalars[start..<end])
    }
}

extension Substring {
    package var trimmedWhitespace: String { String(self).trimmedWhitespace }
}
