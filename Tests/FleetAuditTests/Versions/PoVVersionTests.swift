import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

final class PoVVersionTests: XCTestCase {
    func testPoVIOSVersionParsing() {
        XCTAssertEqual(PoVIOSVersion("1.2.3-4").map { [$0.major, $0.minor, $0.patch, $0.build] }, [1, 2, 3, 4])
        XCTAssertEqual(PoVIOSVersion("2").map { [$0.major, $0.minor, $0.patch, $0.build] }, [2, 0, 0, 0])
        XCTAssertEqual(PoVIOSVersion("1.x.3-b").map { [$0.major, $0.minor, $0.patch, $0.build] }, [1, 0, 3, 0])
        XCTAssertEqual(PoVIOSVersion("1.2.3.4"), PoVIOSVersion("1.2.3"))
        XCTAssertNil(PoVIOSVersion("v1.2"))
        XCTAssertNil(PoVIOSVersion(""))
        XCTAssertLessThan(PoVIOSVersion("1.2.3-5")!, PoVIOSVersion("1.2.3-6")!)
        XCTAssertLessThan(PoVIOSVersion("1.2.3-99")!, PoVIOSVersion("1.2.4")!)
        XCTAssertEqual(PoVIOSVersion(appVersion: "1.2", appBuild: "7"), PoVIOSVersion("1.2.0-7"))
    }

    /// The byte-level parser against the definition it implements (`Version.swift` L41-60: split on every `-`,
    /// the first piece on `.`, each piece read by `Int(_:)`, the build the second piece), on random texts of
    /// the characters that matter.
    func testPoVIOSVersionReadsAsTheSplitDefinitionSays() {
        func reference(_ text: String) -> [Int]? {
            let pieces = text.components(separatedBy: "-")
            let numbers = pieces[0].split(separator: ".", omittingEmptySubsequences: false)
            guard let major = Int(numbers[0]) else { return nil }
            return [
                major, numbers.count > 1 ? Int(numbers[1]) ?? 0 : 0, numbers.count > 2 ? Int(numbers[2]) ?? 0 : 0,
                pieces.count > 1 ? Int(pieces[1]) ?? 0 : 0,
            ]
        }
        var rng = SeededGenerator(seed: 11)
        let alphabet = Array("0123456789..--+x ")
        var texts = [
            "9223372036854775807", "9223372036854775808", "1--9223372036854775808", "1-+5", "+", "-", ".", "1.", "١",
        ]
        for _ in 0..<5_000 {
            texts.append(
                String((0..<Int(rng.next() % 12)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }))
        }
        for text in texts {
            XCTAssertEqual(PoVIOSVersion(text).map { [$0.major, $0.minor, $0.patch, $0.build] }, reference(text), text)
            let cut = text.firstIndex(of: "-")
            if let cut {
                let (version, build) = (String(text[..<cut]), String(text[text.index(after: cut)...]))
                XCTAssertEqual(PoVIOSVersion(appVersion: version, appBuild: build), PoVIOSVersion(text), text)
            }
            XCTAssertEqual(
                PoVIOSVersion(appVersion: text, appBuild: "42").map { [$0.major, $0.minor, $0.patch, $0.build] },
                reference(text + "-42"), text + "-42")
        }
    }

    func testSemanticVersionPrecedence() {
        let ordered = [
            "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
            "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.0.1", "1.10.0", "2.0.0",
        ]
        let parsed = ordered.map { SemanticVersion($0)! }
        for i in 1..<parsed.count { XCTAssertLessThan(parsed[i - 1], parsed[i], "\(ordered[i - 1]) < \(ordered[i])") }
        XCTAssertEqual(SemanticVersion("1.0.0+build.5"), SemanticVersion("1.0.0"))
        for bad in ["1.2", "1.2.3.4", "01.2.3", "1.2.3-", "1.2.3-01", "v1.2.3", "1.2.3-a..b", ""] {
            XCTAssertNil(SemanticVersion(bad), bad)
        }
    }
}
