import Foundation
import XCTest

@testable import FleetAuditFormats
@testable import FleetAuditValues

/// Java's readings of a config's values, as the Android clients make them (`JavaText`). The expected texts are
/// Java 17's (`Double.toString`, `Integer.parseInt`, `Double.parseDouble`, `String.trim`), checked there.
final class JavaTextTests: XCTestCase {
    func testDoubleToStringAsJavaWritesIt() {
        let cases: [(Double, String)] = [
            (8.1, "8.1"), (8.10, "8.1"), (100, "100.0"), (21, "21.0"), (0.0001, "1.0E-4"), (0.001, "0.001"),
            (1e7, "1.0E7"), (9_999_999, "9999999.0"), (1e10, "1.0E10"), (123_456_789.5, "1.234567895E8"),
            (-1.5, "-1.5"), (0, "0.0"), (-0.0, "-0.0"), (.infinity, "Infinity"), (-.infinity, "-Infinity"),
            (.nan, "NaN"), (0.1 + 0.2, "0.30000000000000004"), (1.5e-7, "1.5E-7"), (6.02e23, "6.02E23"),
        ]
        for (value, java) in cases { XCTAssertEqual(JavaText.javaDouble(value), java, "\(value)") }
        XCTAssertEqual(JavaText.valueOf(.number(JSONNumber(literal: "8.10"))), "8.1")
    }

    func testParseIntReadsUnicodeDigitsAndNothingElse() {
        XCTAssertEqual(JavaText.parseInt("30"), 30)
        XCTAssertEqual(JavaText.parseInt("３０"), 30, "fullwidth digits")
        XCTAssertEqual(JavaText.parseInt("٣٣"), 33, "Arabic-Indic digits")
        XCTAssertEqual(JavaText.parseInt("-2147483648"), Int32.min)
        XCTAssertEqual(JavaText.parseInt("+7"), 7)
        for bad in ["", "-", "2147483648", " 1", "1 ", "1.0", "½", "x1", "30\u{1}", "𝟑𝟎"] {
            XCTAssertNil(JavaText.parseInt(bad), bad)
        }
        XCTAssertEqual(JavaText.trim("\u{1}\u{0} 30\u{1B}\u{8}"), "30")
        XCTAssertEqual(JavaText.trim("\u{1}\u{0}"), "")
    }

    func testParseDoubleReadsHexadecimalFloats() {
        XCTAssertEqual(JavaText.parseDouble("0x1p9"), 512)
        XCTAssertEqual(JavaText.parseDouble("0X1.9P8"), 400)
        XCTAssertEqual(JavaText.parseDouble("-0x1p4d"), -16)
        XCTAssertEqual(JavaText.getInt(.string("0x1p9")), 512)
        for bad in ["0x", "0xfd", "0x1.2.3p1", "0xp1", "0x1p"] { XCTAssertNil(JavaText.parseDouble(bad), bad) }
        XCTAssertEqual(JavaText.parseDouble(" 12.5f "), 12.5)
    }
}
