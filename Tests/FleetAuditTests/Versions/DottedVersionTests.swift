import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Every row of the NHS iOS app's own Version tests (conformance/cases/nhs-ios-version.csv).
final class DottedVersionTests: XCTestCase {
    func testNHSIOSVersionConformanceTable() throws {
        let text = try String(contentsOfFile: TestPaths.fixture("nhs/nhs-ios-version.csv"), encoding: .utf8)
        var checked = 0
        for line in text.split(separator: "\n").dropFirst() {
            let name = String(line.prefix(while: { $0 != "," }))
            let rest = line.dropFirst(name.count + 1)
            let expected = String(rest[rest.index(after: rest.lastIndex(of: ",")!)...])
            let input = String(rest[..<rest.lastIndex(of: ",")!])
            let quoted = input.split(separator: "\"", omittingEmptySubsequences: false)
            switch expected {
            case "parses":
                XCTAssertNotNil(DottedVersion(String(quoted[1])), name)
            case "throws":
                XCTAssertNil(DottedVersion(String(quoted[1])), name)
            case "equal":
                XCTAssertEqual(DottedVersion(String(quoted[1])), DottedVersion(String(quoted[3])), name)
            case "not < and not >":
                let a = try XCTUnwrap(DottedVersion(String(quoted[1])))
                let b = try XCTUnwrap(DottedVersion(String(quoted[3])))
                XCTAssertFalse(a < b, name)
                XCTAssertFalse(b < a, name)
            case "true":
                XCTAssertTrue(quoted[2].contains("<"), name)
                let a = try XCTUnwrap(DottedVersion(String(quoted[1])))
                let b = try XCTUnwrap(DottedVersion(String(quoted[3])))
                XCTAssertLessThan(a, b, name)
                XCTAssertFalse(b < a, name)
            default:
                XCTFail("unknown expectation \(expected) in \(name)")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 20)
    }

    func testComponentsAndLenientReleaseVersions() {
        XCTAssertEqual(DottedVersion("6.00"), DottedVersion(major: 6))
        XCTAssertNil(DottedVersion("1.0.0-beta"))
        XCTAssertEqual(DottedVersion(lenient: "6.0.1 (1234)"), DottedVersion(major: 6, minor: 0, patch: 1))
        XCTAssertLessThan(LenientVersion("13.5")!, LenientVersion("13.5.1")!)
        XCTAssertEqual(LenientVersion("14")!, LenientVersion("14.0.0")!)
        XCTAssertNil(LenientVersion("beta"))
    }

    /// The byte-level reading against the definition it implements (1 to 3 parts split on `.`, each read by
    /// `Int(_:)`), on random texts of the characters that matter.
    func testReadsAsTheSplitDefinitionSays() {
        func reference(_ text: String) -> [Int]? {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...3).contains(parts.count) else { return nil }
            var numbers: [Int] = []
            for part in parts {
                guard let n = Int(part) else { return nil }
                numbers.append(n)
            }
            while numbers.count < 3 { numbers.append(0) }
            return numbers
        }
        var rng = SeededGenerator(seed: 3)
        let alphabet = Array("0129...+-x ")
        var texts = ["", ".", "1.", ".1", "1.2.3", "1.2.3.4", "+1.-2.3", "9223372036854775808", "١"]
        for _ in 0..<5_000 {
            texts.append(
                String((0..<Int(rng.next() % 9)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }))
        }
        var valid = 0
        for text in texts {
            XCTAssertEqual(
                DottedVersion(text).map { [$0.major, $0.minor, $0.patch] }, reference(text), text.debugDescription)
            if reference(text) != nil { valid += 1 }
        }
        XCTAssertGreaterThan(valid, 200)
    }

    func testColumnNamesNormalizeTheSameOnTheASCIIPath() {
        for name in ["last_notified_version", "Is-Tablet", "OS Version", "osVersion", "free_memory", "Région_X", "ÅPP"]
        {
            XCTAssertEqual(
                InventoryColumn.normalize(name),
                String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != " " }), name)
        }
    }

    /// `LenientVersion.plain` on bytes against its definition (trimmed; digits separated by single dots; then
    /// the general reading).
    func testPlainLenientVersionsReadAsDefined() {
        func reference(_ text: String) -> LenientVersion? {
            let t = text.trimmedWhitespace
            guard !t.isEmpty,
                t.split(separator: ".", omittingEmptySubsequences: false)
                    .allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } })
            else { return nil }
            return LenientVersion(t)
        }
        var rng = SeededGenerator(seed: 9)
        let alphabet = Array("0019...x ")
        var texts = [
            "", "1", "1.0", "1.0.0", "01.2", " 5.0 ", "1..2", ".1", "1.", "99999999999999999999.1",
            "1.99999999999999999999",
        ]
        for _ in 0..<5_000 {
            texts.append(
                String((0..<Int(rng.next() % 8)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }))
        }
        var valid = 0
        for text in texts {
            XCTAssertEqual(LenientVersion.plain(text), reference(text), text.debugDescription)
            if reference(text) != nil { valid += 1 }
        }
        XCTAssertGreaterThan(valid, 200)
    }
}
