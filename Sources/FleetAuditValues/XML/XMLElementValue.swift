/// An XML element as a value: what a format reads of an XML document (an appcast), made by the project's
/// libxml2 boundary (`FleetAuditXML.XMLDocumentReader`) so that formats never touch libxml2 or its pointers.
package struct XMLElementValue: Sendable, Equatable {
    /// The element's name without its prefix (`version` for `sparkle:version`).
    package let localName: String
    /// The prefix as written (`sparkle`), nil when none.
    package let prefix: String?
    /// The namespace URI the element's prefix (or the default namespace) is bound to, nil when none.
    package let namespaceURI: String?
    package let attributes: [XMLAttributeValue]
    /// Text and child elements in document order (entity references already replaced).
    package let content: [XMLContent]
    /// The line the element starts on (1-based), 0 when libxml2 did not say.
    package let line: Int

    package init(
        localName: String, prefix: String?, namespaceURI: String?, attributes: [XMLAttributeValue],
        content: [XMLContent], line: Int
    ) {
        self.localName = localName
        self.prefix = prefix
        self.namespaceURI = namespaceURI
        self.attributes = attributes
        self.content = content
        self.line = line
    }

    /// The name as written in the document (`sparkle:version`).
    package var qualifiedName: String { prefix.map { "\($0):\(localName)" } ?? localName }

    /// The child elements, in document order.
    package var children: [XMLElementValue] {
        content.compactMap { if case .element(let e) = $0 { e } else { nil } }
    }

    /// Every text below the element, concatenated in document order (DOM `textContent`, Foundation
    /// `stringValue`).
    package var text: String {
        var out = ""
        appendText(to: &out)
        return out
    }

    private func appendText(to out: inout String) {
        for piece in content {
            switch piece {
            case .text(let s): out += s
            case .element(let e): e.appendText(to: &out)
            }
        }
    }
}

/// A piece of an element's content.
package indirect enum XMLContent: Sendable, Equatable {
    case text(String)
    case element(XMLElementValue)
}

/// An attribute with its namespace, as `XMLElementValue` keeps it.
package struct XMLAttributeValue: Sendable, Equatable {
    package let localName: String
    package let prefix: String?
    package let namespaceURI: String?
    package let value: String

    package init(localName: String, prefix: String?, namespaceURI: String?, value: String) {
        self.localName = localName
        self.prefix = prefix
        self.namespaceURI = namespaceURI
        self.value = value
    }

    package var qualifiedName: String { prefix.map { "\($0):\(localName)" } ?? localName }
}
