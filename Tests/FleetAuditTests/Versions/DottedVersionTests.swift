import Foundation
import XCTest
@testable import FleetAudit

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
                let a = try XCTUnwrap(DottedVersion(String(quoted[1]))), b = try XCTUnwrap(DottedVersion(String(quoted[3])))
                XCTAssertFalse(a < b, name)
                XCTAssertFalse(b < a, name)
            case "true":
                XCTAssertTrue(quoted[2].contains("<"), name)
                let a = try XCTUnwrap(DottedVersion(String(quoted[1]))), b = try XCTUnwrap(DottedVersion(String(quoted[3])))
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
}
