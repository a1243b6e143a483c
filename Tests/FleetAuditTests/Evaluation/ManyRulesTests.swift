import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Configs with a rule per model or region must load, evaluate and report in O(N log N) of their rules.
/// This is not a timing test (Benchmarks/many-rules.sh measures): it checks that 200,000 entries finish
/// through the real run and that the answers are the ones a scan in array order gives.
final class ManyRulesTests: XCTestCase {
    private let entries = 200_000

    func testPrinceOfVersionsWithTwoHundredThousandEntries() throws {
        let dir = TestPaths.temporaryDirectory()
        // Entry i holds for devices of model "M-i"; the last one for every device.
        var doc = "{\"android2\": ["
        for i in 0..<entries {
            doc += "{\"required_version\": \(1000 + i % 7), \"requirements\": {\"model\": \"M-\(i)\"}},"
        }
        doc += "{\"required_version\": 1}]}"
        let config = TestPaths.write(doc, named: "many.json", in: dir)
        var csv = "platform,os_version,app_version,app_build,model\n"
        let models = [0, 1, 77_777, entries - 1, entries, entries + 5]
        for m in models { csv += "android,13,1.0,500,M-\(m)\n" }
        var request = AuditRequest(inventoryPath: TestPaths.write(csv, named: "inv.csv", in: dir))
        request.configs = [config]
        let report = try AuditRun.run(request, generatedAt: Date(timeIntervalSince1970: 0))
        let c = report.configs[0]
        XCTAssertEqual(c.rules.count, entries + 1)
        for m in models.prefix(4) {
            XCTAssertEqual(c.rules[m].counts[.forced], 1, "M-\(m) is forced by android2[\(m)]")
        }
        XCTAssertEqual(c.rules[entries].counts[.upToDate], 2, "models no entry names fall through to the last entry")
        XCTAssertEqual(c.totals.total, Int64(models.count))
    }

    func testTurkcellWithOneHundredThousandUpdates() throws {
        // 100,000 entries: 200,000 of them made a 23 MB document, past the 16 MB a config may be (docs/security.md).
        let entries = 100_000
        let dir = TestPaths.temporaryDirectory()
        var doc = "{\"packageName\": \"p\", \"updates\": ["
        for i in 0..<entries {
            doc +=
                "{\"filters\": {\"deviceModel\": \"M-\(i)\"}, \"targetVersionCode\": 600, \"targetGooglePlay\": true, \"forceUpdate\": true},"
        }
        doc += "{\"filters\": {\"deviceModel\": \"x*\"}, \"targetVersionCode\": 600, \"targetGooglePlay\": true}]}"
        let config = TestPaths.write(doc, named: "many.json", in: dir)
        let csv =
            "platform,os_version,app_version,app_build,model\nandroid,13,1.0,500,M-99999\nandroid,13,1.0,500,X-1\nandroid,13,1.0,500,Y\n"
        var request = AuditRequest(inventoryPath: TestPaths.write(csv, named: "inv.csv", in: dir))
        request.configs = [config]
        let c = try AuditRun.run(request, generatedAt: Date(timeIntervalSince1970: 0)).configs[0]
        XCTAssertEqual(c.rules[entries - 1].counts[.forced], 1)
        XCTAssertEqual(c.rules[entries].counts[.recommended], 1, "the wildcard entry, after 100,000 that do not hold")
        XCTAssertEqual(c.unattributed[.upToDate], 1)
    }
}
