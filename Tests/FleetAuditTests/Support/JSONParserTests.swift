import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

final class JSONParserTests: XCTestCase {
    func testParsesNestedDocumentKeepingKeyOrderAndNumberLiterals() throws {
        let value = try JSONParser.parse(
            #"{"b": [1, 2.0, -3e2], "a": {"x": null, "y": true}, "s": "\u00e9\n\ud83d\ude00"}"#)
        let object = try XCTUnwrap(value.objectValue)
        XCTAssertEqual(object.keys, ["b", "a", "s"])
        let numbers = try XCTUnwrap(object["b"]?.arrayValue).compactMap(\.numberValue)
        XCTAssertEqual(numbers.map(\.isInteger), [true, false, false])
        XCTAssertEqual(numbers[1].integralValue, 2)
        XCTAssertEqual(numbers[2].integralValue, -300)
        XCTAssertEqual(object["s"], .string("é\n😀"))
    }

    func testAcceptsTrailingCommasLikeTheClients() throws {
        let value = try JSONParser.parse("{\"a\": [1, 2,], \"b\": {\"c\": 1,},}")
        XCTAssertEqual(value.objectValue?["a"]?.arrayValue?.count, 2)
    }

    func testReportsLineAndColumnOfSyntaxErrors() {
        XCTAssertThrowsError(try JSONParser.parse("{\n  \"a\": 1\n  \"b\": 2\n}")) { error in
            let e = error as! JSONSyntaxError
            XCTAssertEqual(e.line, 3)
            XCTAssertEqual(e.column, 3)
            XCTAssertTrue(e.message.contains("expected ',' or '}'"), e.message)
        }
        XCTAssertThrowsError(try JSONParser.parse("[1, 2")) { error in
            XCTAssertEqual((error as! JSONSyntaxError).line, 1)
        }
        XCTAssertThrowsError(try JSONParser.parse("{,}"))
        XCTAssertThrowsError(try JSONParser.parse("[,]"))
        XCTAssertThrowsError(try JSONParser.parse("01"))
        XCTAssertThrowsError(try JSONParser.parse(""))
    }

    func testRejectsInvalidUTF8AndDeepNesting() {
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xFF, 0x22]))
        XCTAssertThrowsError(try JSONParser.parse(String(repeating: "[", count: 10_000)))
    }

    func testWriterRoundTripsAndEscapes() throws {
        let value: JSONValue = .obj([
            ("k\"", .string("<tag>\u{1}\n")), ("n", .int(12)), ("a", .array([.null, .bool(false)])),
        ])
        let text = JSONWriter.write(value)
        XCTAssertEqual(try JSONParser.parse(text), value)
        XCTAssertTrue(text.contains(#""k\"": "<tag>\u0001\n""#), text)
    }
}

final class TrimmingTests: XCTestCase {
    func testTrimsWhatFoundationTrims() {
        for s in ["", " ", "a", " a ", "\ta b\t", "\u{00A0}x\u{2003}", " é ", "x\n", "\n x", "ab"] {
            XCTAssertEqual(s.trimmedWhitespace, s.trimmingCharacters(in: .whitespaces), s.debugDescription)
        }
    }
}
