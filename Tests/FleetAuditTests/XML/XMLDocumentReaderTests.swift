import Foundation
import XCTest

@testable import FleetAuditValues
@testable import FleetAuditXML

/// An appcast is untrusted input (docs/security.md): the reader loads no DTD or external entity, fetches
/// nothing, stops a billion-laughs document at once, and no size or depth takes the process's memory.
final class XMLDocumentReaderTests: XCTestCase {
    private func parse(_ text: String) throws(XMLDocumentReader.Failure) -> XMLElementValue {
        try XMLDocumentReader.parse(Array(text.utf8))
    }

    func testNamespacesTextAndLines() throws {
        let root = try parse(
            """
            <?xml version="1.0"?>
            <rss xmlns:s="http://www.andymatuschak.org/xml-namespaces/sparkle">
              <item><s:version> 2.0 </s:version><title>A &amp; B<![CDATA[ <c> ]]></title></item>
            </rss>
            """)
        XCTAssertEqual(root.qualifiedName, "rss")
        let item = root.children[0]
        XCTAssertEqual(item.line, 3)
        XCTAssertEqual(item.children[0].localName, "version")
        XCTAssertEqual(item.children[0].prefix, "s")
        XCTAssertEqual(item.children[0].namespaceURI, "http://www.andymatuschak.org/xml-namespaces/sparkle")
        XCTAssertEqual(item.children[0].text, " 2.0 ")
        XCTAssertEqual(item.children[1].text, "A & B <c> ")
    }

    func testAnInternalEntityIsReplaced() throws {
        let root = try parse(
            #"<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY v "2.0">]><rss a="&v;"><item>&v;</item></rss>"#)
        XCTAssertEqual(root.children[0].text, "2.0")
        XCTAssertEqual(root.attributes[0].value, "2.0")
    }

    func testABillionLaughsFailsAtOnce() {
        var entities = #"<!ENTITY lol0 "lol">"#
        for n in 1...9 {
            entities += "<!ENTITY lol\(n) \"" + String(repeating: "&lol\(n - 1);", count: 10) + "\">"
        }
        let text = "<?xml version=\"1.0\"?><!DOCTYPE rss [\(entities)]><rss><item>&lol9;</item></rss>"
        // Refused, not expanded (the expansion is a billion bytes): the message says it was the entity.
        XCTAssertThrowsError(try parse(text)) { error in
            let failure = error as! XMLDocumentReader.Failure
            XCTAssertTrue(failure.message.contains("entity"), failure.message)
        }
    }

    func testAnExternalEntityIsNeverRead() throws {
        let secret = TestPaths.write("SECRET-CONTENT", named: "secret.txt", in: TestPaths.temporaryDirectory())
        let text = """
            <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x SYSTEM "file://\(secret)">]><rss><item>&x;</item></rss>
            """
        do {
            let root = try parse(text)
            XCTAssertFalse(root.text.contains("SECRET"), "the external entity was read")
            XCTFail("an external entity reference is refused")
        } catch {
            XCTAssertTrue(error.message.contains("external"), error.message)
        }
    }

    func testNoDTDOrEntityIsFetched() throws {
        let server = try LocalHTTPServer(routes: [
            "/x.dtd": .respond(status: 200, contentType: "application/xml-dtd", body: Array("<!ENTITY e 'x'>".utf8))
        ])
        defer { server.stop() }
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE rss SYSTEM "\(server.url("/x.dtd"))">
            <rss><channel><item><title>t</title></item></channel></rss>
            """
        let root = try parse(text)
        XCTAssertEqual(root.children[0].children[0].text, "t")
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertEqual(server.received, [], "nothing is fetched")
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let depth = 100_000
        let text = "<rss>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</rss>"
        XCTAssertThrowsError(try parse(text)) { error in
            XCTAssertTrue((error as! XMLDocumentReader.Failure).message.lowercased().contains("depth"), "\(error)")
        }
    }

    func testADocumentPastTheLimitIsRefusedBeforeParsing() {
        let bytes =
            Array("<rss>".utf8) + Array(repeating: UInt8(ascii: " "), count: XMLDocumentReader.maximumBytes)
            + Array("</rss>".utf8)
        XCTAssertThrowsError(try XMLDocumentReader.parse(bytes)) { error in
            XCTAssertTrue((error as! XMLDocumentReader.Failure).message.contains("at most"), "\(error)")
        }
    }

    func testAMalformedDocumentNamesLineAndColumn() {
        XCTAssertThrowsError(try parse("<rss>\n  <item>\n  </itme>\n</rss>")) { error in
            let failure = error as! XMLDocumentReader.Failure
            XCTAssertEqual(failure.line, 3)
            XCTAssertGreaterThan(failure.column, 1)
        }
    }
}
