import CLibXML2
import Foundation

/// Validates an XML document against an XSD with libxml2 (`xmlSchemaValidateDoc`). Used by the tests on
/// every XML report they produce (a user checks a report with `xmllint --schema`, as `.ci/run` does).
public enum XMLSchemaCheck {
    /// The problems found; empty when the document is valid.
    public static func problems(xml: String, schema: String) -> [String] {
        xmlInitParser()
        let collector = Collector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        let handler: xmlStructuredErrorFunc = { userData, error in
            guard let userData, let error else { return }
            let c = Unmanaged<Collector>.fromOpaque(userData).takeUnretainedValue()
            let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
            c.messages.append("line \(error.pointee.line): " + message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        // The parser context reads the buffer during xmlSchemaParse, so both happen while it is alive.
        let parsedSchema: xmlSchemaPtr? = schema.withCString { text in
            guard let parser = xmlSchemaNewMemParserCtxt(text, Int32(strlen(text))) else { return nil }
            defer { xmlSchemaFreeParserCtxt(parser) }
            xmlSchemaSetParserStructuredErrors(parser, handler, context)
            return xmlSchemaParse(parser)
        }
        guard let parsedSchema else { return ["the schema is invalid"] + collector.messages }
        defer { xmlSchemaFree(parsedSchema) }
        let document = xml.withCString { text in
            xmlReadMemory(
                text, Int32(strlen(text)), "report.xml", "UTF-8",
                Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
        }
        guard let document else {
            let detail = xmlGetLastError().map {
                String(cString: $0.pointee.message).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return ["the XML is not well-formed" + (detail.map { ": " + $0 } ?? "")]
        }
        defer { xmlFreeDoc(document) }
        guard let validator = xmlSchemaNewValidCtxt(parsedSchema) else { return ["cannot create a schema validator"] }
        defer { xmlSchemaFreeValidCtxt(validator) }
        xmlSchemaSetValidStructuredErrors(validator, handler, context)
        let result = xmlSchemaValidateDoc(validator, document)
        if result != 0 && collector.messages.isEmpty { return ["invalid (libxml2 code \(result))"] }
        return collector.messages
    }

    private final class Collector {
        var messages: [String] = []
    }
}
