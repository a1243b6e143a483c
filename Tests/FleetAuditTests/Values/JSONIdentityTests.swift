import Foundation
import XCTest

@testable import FleetAuditValues

/// `JSONValue.isIdentical`, which decides whether two documents are one to the engine (`TreeIdentity`):
/// texts compare byte for byte, so canonically equivalent texts that `String`'s `==` takes as equal — and that a
/// client comparing bytes (a package name, a version text) tells apart — are different trees.
final class JSONIdentityTests: XCTestCase {
    private func tree(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    func testTextsCompareByteForByte() throws {
        let precomposed = try tree(#"{"packageName": "caf\u00e9", "v": ["1.0", ""]}"#)
        let decomposed = try tree(#"{"packageName": "cafe\u0301", "v": ["1.0", ""]}"#)
        XCTAssertEqual(precomposed, decomposed, "String's == takes canonical equivalents as equal")
        XCTAssertFalse(precomposed.isIdentical(to: decomposed))
        XCTAssertTrue(precomposed.isIdentical(to: try tree(#"{"packageName": "caf\u00e9", "v": ["1.0", ""]}"#)))
        // Same length, one byte apart, at the end of a long text.
        let long = String(repeating: "x", count: 200)
        XCTAssertFalse(try tree(#"{"a": "\#(long)a"}"#).isIdentical(to: try tree(#"{"a": "\#(long)b"}"#)))
        XCTAssertFalse(try tree(#"{"a": ""}"#).isIdentical(to: try tree(#"{"a": "b"}"#)))
        XCTAssertFalse(try tree(#"{"ab": 1}"#).isIdentical(to: try tree(#"{"ac": 1}"#)))
    }
}
