import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

final class AndroidReleasesTests: XCTestCase {
    /// The byte-level reading against the definition it implements (trim, `12L`, split on `.`, `Int(_:)` for
    /// major and minor, then the table), on random texts of the characters that matter.
    func testReadsReleasesAsTheSplitDefinitionSays() {
        let table = [
            "4.4": 19, "5.0": 21, "5.1": 22, "6.0": 23, "7.0": 24, "7.1": 25, "8.0": 26, "8.1": 27,
            "9.0": 28, "10.0": 29, "11.0": 30, "12.0": 31, "13.0": 33, "14.0": 34, "15.0": 35, "16.0": 36,
        ]
        func reference(_ release: String) -> Int? {
            let trimmed = release.trimmedWhitespace
            if trimmed.uppercased() == "12L" { return 32 }
            let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
            guard let first = parts.first, let major = Int(first) else { return nil }
            var minor = 0
            if parts.count > 1 {
                guard let m = Int(parts[1]) else { return nil }
                minor = m
            }
            return table["\(major).\(minor)"]
        }
        var rng = SeededGenerator(seed: 5)
        let alphabet = Array("0124569..+-lL ")
        var texts = ["12L", "12l", " 12L ", "12", "6.0.1", "9", "+9", "09.0", "4.4.4", "1L", "12.L", "", "١٢"]
        for _ in 0..<5_000 {
            texts.append(
                String((0..<Int(rng.next() % 7)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }))
        }
        var found = 0
        for text in texts {
            XCTAssertEqual(AndroidReleases.apiLevel(forRelease: text), reference(text), text.debugDescription)
            if reference(text) != nil { found += 1 }
        }
        XCTAssertGreaterThan(found, 100, "the random texts reach the table")
    }
}
