import CLibXML2

/// A thin Swift face on libxml2's `xmlTextWriter`: elements, attributes and text, escaped by libxml2.
/// Characters XML 1.0 cannot carry (control characters from a hostile config or inventory) become U+FFFD,
/// so the document always parses.
package final class XMLWriter {
    private let buffer: xmlBufferPtr
    private let writer: xmlTextWriterPtr

    package init() {
        xmlInitParser()
        buffer = xmlBufferCreate()
        writer = xmlNewTextWriterMemory(buffer, 0)
        xmlTextWriterSetIndent(writer, 1)
        Self.with("  ") { _ = xmlTextWriterSetIndentString(writer, $0) }
        xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)
    }

    deinit {
        xmlFreeTextWriter(writer)
        xmlBufferFree(buffer)
    }

    static func with<T>(_ s: String, _ body: (UnsafePointer<xmlChar>) -> T) -> T {
        let clean = sanitized(s)
        return clean.withCString { $0.withMemoryRebound(to: xmlChar.self, capacity: clean.utf8.count + 1, body) }
    }

    /// Replaces what XML 1.0 forbids (C0 controls but tab, LF, CR; U+FFFE, U+FFFF) with U+FFFD.
    package static func sanitized(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: forbidden) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars { out.append(forbidden(u) ? "\u{FFFD}" : u) }
        return String(out)
    }

    private static func forbidden(_ u: Unicode.Scalar) -> Bool {
        (u.value < 0x20 && u.value != 0x09 && u.value != 0x0A && u.value != 0x0D) || u.value == 0xFFFE
            || u.value == 0xFFFF
    }

    package func start(_ name: String, namespace: String? = nil) {
        Self.with(name) { n in
            if let namespace {
                Self.with(namespace) { ns in _ = xmlTextWriterStartElementNS(writer, nil, n, ns) }
            } else {
                _ = xmlTextWriterStartElement(writer, n)
            }
        }
    }

    package func attribute(_ name: String, _ value: String) {
        Self.with(name) { n in Self.with(value) { v in _ = xmlTextWriterWriteAttribute(writer, n, v) } }
    }

    package func attribute(_ name: String, _ value: Int64) { attribute(name, String(value)) }

    package func text(_ value: String) {
        Self.with(value) { _ = xmlTextWriterWriteString(writer, $0) }
    }

    package func end() { xmlTextWriterEndElement(writer) }

    /// An element with attributes and optional text.
    package func element(_ name: String, _ attributes: [(String, String)] = [], text: String? = nil) {
        start(name)
        for (k, v) in attributes { attribute(k, v) }
        if let text { self.text(text) }
        end()
    }

    package func finish() -> String {
        xmlTextWriterEndDocument(writer)
        xmlTextWriterFlush(writer)
        return String(cString: xmlBufferContent(buffer))
    }
}
