/// The elements of an XML document's text with the byte ranges of their tags: what a draft needs to change one
/// attribute or add one element while every other byte stays as the author wrote it. Scanned by hand because
/// libxml2 gives an element its line only, and writing its tree back would lose the author's formatting,
/// comments and entity spellings. Only a document libxml2 has already read is scanned, and every edit made with
/// it is checked by reading the result again (`MinimumRewritable`'s callers re-read the draft).
struct XMLTagScan {
    struct Element {
        /// The name as written (`sparkle:criticalUpdate`).
        let name: String
        /// `<name …>` or `<name …/>`.
        let startTag: Range<Int>
        /// Just after the name in the start tag: where an attribute can be added.
        let nameEnd: Int
        /// `</name>`; nil for an empty-element tag.
        fileprivate(set) var endTag: Range<Int>?
        /// Child elements, as indexes into `elements`, in document order.
        fileprivate(set) var children: [Int] = []
        /// Attributes in the order written, namespace declarations left out (libxml2 keeps them apart too).
        let attributes: [Attribute]
    }

    struct Attribute {
        let name: String
        /// The value between its quotes.
        let value: Range<Int>
    }

    /// Every element, in the order of their start tags (the document order of a tree walk).
    private(set) var elements: [Element] = []

    /// Nil when the text is not shaped as the scan expects (a tag left open, an entity's markup): the caller
    /// then refuses to edit rather than guess.
    init?(_ bytes: [UInt8]) {
        var i = 0
        let n = bytes.count
        var open: [Int] = []
        func starts(_ at: Int, _ text: String) -> Bool {
            let t = Array(text.utf8)
            return at + t.count <= n && bytes[at..<at + t.count].elementsEqual(t)
        }
        func end(of text: String, from: Int) -> Int? {
            let t = Array(text.utf8)
            var j = from
            while j + t.count <= n {
                if bytes[j] == t[0] && bytes[j..<j + t.count].elementsEqual(t) { return j + t.count }
                j += 1
            }
            return nil
        }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        func nameStop(from: Int) -> Int {
            var j = from
            while j < n, !isSpace(bytes[j]),
                ![UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "=")].contains(bytes[j])
            {
                j += 1
            }
            return j
        }
        func text(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }

        while i < n {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if starts(i, "<!--") {
                guard let e = end(of: "-->", from: i + 4) else { return nil }
                i = e
            } else if starts(i, "<![CDATA[") {
                guard let e = end(of: "]]>", from: i + 9) else { return nil }
                i = e
            } else if starts(i, "<?") {
                guard let e = end(of: "?>", from: i + 2) else { return nil }
                i = e
            } else if starts(i, "<!") {
                // A document type declaration: its internal subset in brackets, where comments, processing
                // instructions and quoted texts may hold any character.
                var j = i + 2
                var depth = 0
                var quote: UInt8?
                var closed = false
                while j < n {
                    let c = bytes[j]
                    if let q = quote {
                        if c == q { quote = nil }
                    } else if depth > 0 && starts(j, "<!--") {
                        guard let e = end(of: "-->", from: j + 4) else { return nil }
                        j = e
                        continue
                    } else if depth > 0 && starts(j, "<?") {
                        guard let e = end(of: "?>", from: j + 2) else { return nil }
                        j = e
                        continue
                    } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                        quote = c
                    } else if c == UInt8(ascii: "[") {
                        depth += 1
                    } else if c == UInt8(ascii: "]") {
                        depth -= 1
                    } else if c == UInt8(ascii: ">") && depth == 0 {
                        closed = true
                        break
                    }
                    j += 1
                }
                guard closed else { return nil }
                i = j + 1
            } else if starts(i, "</") {
                let nameEnd = nameStop(from: i + 2)
                guard let close = end(of: ">", from: nameEnd), let top = open.popLast(),
                    elements[top].name == text(i + 2..<nameEnd)
                else { return nil }
                elements[top].endTag = i..<close
                i = close
            } else {
                let nameEnd = nameStop(from: i + 1)
                guard nameEnd > i + 1 else { return nil }
                var j = nameEnd
                var attributes: [Attribute] = []
                var empty = false
                while true {
                    while j < n, isSpace(bytes[j]) { j += 1 }
                    guard j < n else { return nil }
                    if bytes[j] == UInt8(ascii: ">") {
                        j += 1
                        break
                    }
                    if bytes[j] == UInt8(ascii: "/") {
                        guard j + 1 < n, bytes[j + 1] == UInt8(ascii: ">") else { return nil }
                        empty = true
                        j += 2
                        break
                    }
                    let attributeNameEnd = Self.attributeNameEnd(bytes, from: j)
                    guard attributeNameEnd > j else { return nil }
                    let name = text(j..<attributeNameEnd)
                    j = attributeNameEnd
                    while j < n, isSpace(bytes[j]) { j += 1 }
                    guard j < n, bytes[j] == UInt8(ascii: "=") else { return nil }
                    j += 1
                    while j < n, isSpace(bytes[j]) { j += 1 }
                    guard j < n, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { return nil }
                    let quote = bytes[j]
                    guard let close = bytes[(j + 1)...].firstIndex(of: quote) else { return nil }
                    if name != "xmlns" && !name.hasPrefix("xmlns:") {
                        attributes.append(Attribute(name: name, value: j + 1..<close))
                    }
                    j = close + 1
                }
                let index = elements.count
                elements.append(
                    Element(
                        name: text(i + 1..<nameEnd), startTag: i..<j, nameEnd: nameEnd, endTag: nil,
                        attributes: attributes))
                if let parent = open.last { elements[parent].children.append(index) }
                if !empty { open.append(index) }
                i = j
            }
        }
        guard open.isEmpty else { return nil }
    }

    private static func attributeNameEnd(_ bytes: [UInt8], from: Int) -> Int {
        var j = from
        while j < bytes.count {
            let b = bytes[j]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == UInt8(ascii: "=") || b == UInt8(ascii: ">")
                || b == UInt8(ascii: "/")
            {
                break
            }
            j += 1
        }
        return j
    }

    /// The indentation of the line `offset` is on, when only blanks precede it there (nil otherwise).
    static func indentation(_ bytes: [UInt8], at offset: Int) -> [UInt8]? {
        var j = offset
        while j > 0, bytes[j - 1] == 0x20 || bytes[j - 1] == 0x09 { j -= 1 }
        guard j == 0 || bytes[j - 1] == 0x0A else { return nil }
        return Array(bytes[j..<offset])
    }

    /// A value as an attribute's text between double quotes.
    static func escapedAttribute(_ value: String) -> String {
        var out = ""
        for c in value.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
