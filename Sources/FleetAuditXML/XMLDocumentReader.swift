import CLibXML2
import FleetAuditValues
import Foundation

/// Reads an untrusted XML document (an appcast fetched from anywhere) into an `XMLElementValue` with libxml2,
/// namespace-aware, and with what a hostile document could use against the reader shut off:
/// - no DTD is loaded and no external entity is read (no `XML_PARSE_DTDLOAD`, no `XML_PARSE_NOENT`; an
///   external entity reference is an error) and nothing is fetched (`XML_PARSE_NONET`);
/// - libxml2's own limits stay on (no `XML_PARSE_HUGE`): nesting past 256 elements, and an entity that
///   expands out of proportion to the document (a billion-laughs feed), stop the parse with an error;
/// - the document is at most `maximumBytes`, and the text made from it (internal entities replaced) at most
///   `maximumTextBytes`, so no feed can take the process's memory.
package enum XMLDocumentReader {
    /// The largest document read: the size a config URL's body may have (docs/security.md).
    package static let maximumBytes = 16 << 20
    /// The most text the reader makes, entity replacements included.
    package static let maximumTextBytes = 64 << 20

    /// Why a document could not be read: libxml2's first error, or the reader's own limit.
    package struct Failure: Error, Equatable, Sendable {
        package let line: Int
        package let column: Int
        package let message: String
    }

    /// Initializes libxml2 on the calling thread, before documents are parsed on several (`xmlInitParser` is
    /// to be called once before a program parses on more than one thread).
    package static func prepareForThreads() { xmlInitParser() }

    package static func parse(_ bytes: [UInt8]) throws(Failure) -> XMLElementValue {
        guard bytes.count <= maximumBytes else {
            throw Failure(
                line: 1, column: 1,
                message:
                    "the document is \(bytes.count) bytes; FleetAudit reads XML documents of at most \(maximumBytes) bytes"
            )
        }
        xmlInitParser()
        let parsed = bytes.withUnsafeBufferPointer { buffer -> (OpaquePointer?, Failure?) in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let context = xmlCreateMemoryParserCtxt(chars.baseAddress, Int32(chars.count)) else {
                    return (nil, Failure(line: 1, column: 1, message: "libxml2 could not start a parser"))
                }
                defer { xmlFreeParserCtxt(context) }
                let errors = FirstError()
                let box = Unmanaged.passRetained(errors)
                defer { box.release() }
                context.pointee._private = box.toOpaque()
                context.pointee.sax.pointee.serror = { _, error in
                    guard let error, let parser = error.pointee.ctxt else { return }
                    let context = parser.assumingMemoryBound(to: xmlParserCtxt.self)
                    guard let owner = context.pointee._private else { return }
                    Unmanaged<FirstError>.fromOpaque(owner).takeUnretainedValue().record(error.pointee)
                }
                xmlCtxtUseOptions(
                    context,
                    Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
                xmlParseDocument(context)
                let document = context.pointee.myDoc
                context.pointee.myDoc = nil
                if context.pointee.wellFormed == 0 || errors.first != nil {
                    if let document { xmlFreeDoc(document) }
                    return (nil, errors.first ?? Failure(line: 1, column: 1, message: "not well-formed XML"))
                }
                return (document.map { OpaquePointer($0) }, nil)
            }
        }
        if let failure = parsed.1 { throw failure }
        guard let opaque = parsed.0 else { throw Failure(line: 1, column: 1, message: "no document") }
        let document = UnsafeMutablePointer<xmlDoc>(opaque)
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else {
            throw Failure(line: 1, column: 1, message: "the document has no root element")
        }
        var builder = TreeBuilder(document: document)
        return try builder.element(root, depth: 0)
    }

    /// The first error libxml2 reports: later ones are mostly its consequences.
    private final class FirstError {
        var first: Failure?

        func record(_ error: xmlError) {
            guard first == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let message = error.message.map { String(cString: $0) } ?? "XML error \(error.code)"
            first = Failure(
                line: Int(error.line), column: Int(max(error.int2, 1)),
                message: message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Copies libxml2's tree into values, replacing internal entity references by their content.
    private struct TreeBuilder {
        let document: UnsafeMutablePointer<xmlDoc>
        var textBytes = 0
        /// libxml2 stops nesting at 256; entity content nests inside that. A guard, not a limit users meet.
        static let maximumDepth = 1024
        /// Elements in one document: a real appcast has a few thousand (ten per item); 100,000 keeps a hostile one
        /// (a million empty items in 7 MB took 2.2 GB and wrote half a gigabyte of reports) from the run.
        static let maximumElements = 100_000
        var elements = 0

        init(document: UnsafeMutablePointer<xmlDoc>) { self.document = document }

        mutating func element(_ node: UnsafeMutablePointer<xmlNode>, depth: Int) throws(Failure) -> XMLElementValue {
            guard depth < Self.maximumDepth else {
                throw Failure(line: Int(xmlGetLineNo(node)), column: 1, message: "elements nest too deep")
            }
            elements += 1
            guard elements <= Self.maximumElements else {
                throw Failure(
                    line: Int(xmlGetLineNo(node)), column: 1,
                    message: "more than \(Self.maximumElements) elements, more than any feed has (docs/security.md)")
            }
            var attributes: [XMLAttributeValue] = []
            var attribute = node.pointee.properties
            while let a = attribute {
                var pieces: [XMLContent] = []
                try append(children: a.pointee.children, to: &pieces, depth: depth)
                let text = XMLElementValue(
                    localName: "", prefix: nil, namespaceURI: nil, attributes: [], content: pieces, line: 0
                ).text
                attributes.append(
                    XMLAttributeValue(
                        localName: Self.string(a.pointee.name),
                        prefix: a.pointee.ns.flatMap { Self.optional($0.pointee.prefix) },
                        namespaceURI: a.pointee.ns.flatMap { Self.optional($0.pointee.href) }, value: text))
                attribute = a.pointee.next
            }
            var content: [XMLContent] = []
            try append(children: node.pointee.children, to: &content, depth: depth)
            return XMLElementValue(
                localName: Self.string(node.pointee.name),
                prefix: node.pointee.ns.flatMap { Self.optional($0.pointee.prefix) },
                namespaceURI: node.pointee.ns.flatMap { Self.optional($0.pointee.href) }, attributes: attributes,
                content: content, line: Int(xmlGetLineNo(node)))
        }

        mutating func append(
            children first: UnsafeMutablePointer<xmlNode>?, to content: inout [XMLContent], depth: Int
        ) throws(Failure) {
            var child = first
            while let c = child {
                switch c.pointee.type {
                case XML_ELEMENT_NODE:
                    content.append(.element(try element(c, depth: depth + 1)))
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    let text = Self.string(c.pointee.content)
                    try count(text, line: c)
                    content.append(.text(text))
                case XML_ENTITY_REF_NODE:
                    try entity(c, to: &content, depth: depth)
                default:
                    break  // comments, processing instructions
                }
                child = c.pointee.next
            }
        }

        /// An entity reference: a predefined or internal entity's content, in place; an external one is refused.
        mutating func entity(
            _ reference: UnsafeMutablePointer<xmlNode>, to content: inout [XMLContent], depth: Int
        ) throws(Failure) {
            let name = Self.string(reference.pointee.name)
            guard let declared = xmlGetDocEntity(document, reference.pointee.name) else {
                throw Failure(
                    line: Int(xmlGetLineNo(reference)), column: 1, message: "entity &\(name); is not declared")
            }
            guard
                declared.pointee.etype == XML_INTERNAL_GENERAL_ENTITY
                    || declared.pointee.etype == XML_INTERNAL_PREDEFINED_ENTITY
            else {
                throw Failure(
                    line: Int(xmlGetLineNo(reference)), column: 1,
                    message: "entity &\(name); is external: FleetAudit never reads an external entity")
            }
            guard depth < Self.maximumDepth else {
                throw Failure(line: Int(xmlGetLineNo(reference)), column: 1, message: "entities nest too deep")
            }
            if let parsed = declared.pointee.children {
                try append(children: parsed, to: &content, depth: depth + 1)
            } else {
                let text = Self.string(declared.pointee.content)
                try count(text, line: reference)
                content.append(.text(text))
            }
        }

        mutating func count(_ text: String, line node: UnsafeMutablePointer<xmlNode>) throws(Failure) {
            textBytes += text.utf8.count
            guard textBytes <= XMLDocumentReader.maximumTextBytes else {
                throw Failure(
                    line: Int(xmlGetLineNo(node)), column: 1,
                    message:
                        "the document's text, entities replaced, passes \(XMLDocumentReader.maximumTextBytes) bytes")
            }
        }

        static func string(_ p: UnsafePointer<xmlChar>?) -> String {
            p.map { String(cString: $0) } ?? ""
        }

        static func string(_ p: UnsafeMutablePointer<xmlChar>?) -> String {
            p.map { String(cString: $0) } ?? ""
        }

        static func optional(_ p: UnsafePointer<xmlChar>?) -> String? { p.map { String(cString: $0) } }
    }
}
