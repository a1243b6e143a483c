import FleetAuditTestSupport
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// `plan` with a draft appcast that adds a phased item: the draft's reach day by day, each point the audit of
/// the draft at that instant.
final class AppcastPlanTests: XCTestCase {
    private static func feed(phased: Bool) -> String {
        let item = """
                <item>
                  <sparkle:version>2.0</sparkle:version>
                  <pubDate>Sun, 22 Nov 2026 12:00:00 +0000</pubDate>
                  <sparkle:phasedRolloutInterval>86400</sparkle:phasedRolloutInterval>
                  <enclosure url="https://example.com/App_2.0.zip" length="1"/>
                </item>
            """
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0" xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle">
              <channel>
                <item>
                  <sparkle:version>1.0</sparkle:version>
                  <enclosure url="https://example.com/App_1.0.zip" length="1"/>
                </item>
            \(phased ? item : "")
              </channel>
            </rss>
            """
    }

    func testADraftsPhasedRolloutIsShownDayByDay() throws {
        let folder = TestPaths.temporaryDirectory()
        let published = TestPaths.write(Self.feed(phased: false), named: "published.xml", in: folder)
        let draft = TestPaths.write(Self.feed(phased: true), named: "draft.xml", in: folder)
        // 70 Macs without an update group: 10 in each of the 7 groups.
        let inventory = TestPaths.write(
            "platform,os_version,app_version,app_build,count\nmacos,14.6,1.0,1.0,70\nios,17.0,1.0,1,5\n",
            named: "inventory.csv", in: folder)
        var audit = AuditRequest(inventoryPath: inventory)
        audit.asOf = Timestamps.parse("2026-11-24T00:00:00Z")
        var request = PlanRequest(audit: audit)
        (request.published, request.draft) = ([published], [draft])
        let report = try PlanRun.run(request, generatedAt: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(report.pairs.count, 1)
        let pair = report.pairs[0]
        // As of 24 Nov 00:00 (1.5 days in), groups 0 and 1 are due: 20 Macs are offered 2.0.
        XCTAssertEqual(pair.tally.count(from: .upToDate, to: .recommended), 20)
        // Then group 2 at 24 Nov 12:00, … group 6 at 28 Nov 12:00.
        XCTAssertEqual(
            pair.reach.map { Timestamps.iso8601($0.at) },
            (24...28).map { "2026-11-\($0)T12:00:00Z" })
        XCTAssertEqual(pair.reach.map { $0.draft[.recommended] }, [30, 40, 50, 60, 70])
        XCTAssertEqual(pair.reach.map { $0.published[.recommended] }, [0, 0, 0, 0, 0])
        XCTAssertTrue(pair.reach.allSatisfy { $0.draft.total == 75 && $0.draft[.notTargeted] == 5 })
        // Each point is the audit of the draft at that instant.
        for point in pair.reach {
            var at = AuditRequest(inventoryPath: inventory)
            at.configs = [draft]
            at.asOf = point.at
            let audited = try AuditRun.run(at, generatedAt: Date(timeIntervalSince1970: 0))
            XCTAssertEqual(audited.configs[0].totals, point.draft, Timestamps.iso8601(point.at))
        }
        let xml = PlanXMLReport.render(report)
        XCTAssertTrue(xml.contains("<point at=\"2026-11-24T12:00:00Z\">"), xml)
        let schema = try String(
            contentsOf: TestPaths.repoRoot.appendingPathComponent("Templates/\(PlanXMLReport.schemaFile)"),
            encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: schema), [])
        XCTAssertTrue(try PlanHTMLReport.render(report).contains("<td><code>2026-11-25T12:00:00Z</code></td>"))
        let json = PlanJSONReport.render(report)
        XCTAssertTrue(json.contains("\"at\": \"2026-11-28T12:00:00Z\""), json)
        XCTAssertTrue(
            PlanJSONReport.text(report).contains(
                "  at 2026-11-24T12:00:00Z the draft: 30 recommended (published: none offered)"))
        // A hostile interval (Int.max seconds) reaches no later group within the year shown: no point, no crash.
        let hostile = TestPaths.write(
            Self.feed(phased: true).replacingOccurrences(of: ">86400<", with: ">9223372036854775807<"),
            named: "hostile.xml", in: folder)
        var hostileRequest = request
        hostileRequest.draft = [hostile]
        let hostilePlan = try PlanRun.run(hostileRequest, generatedAt: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(hostilePlan.pairs[0].reach.count, 0)
        XCTAssertFalse(PlanJSONReport.text(hostilePlan).isEmpty)
        // A user's check ignores the phases: no reach.
        request.audit.formatOptions.sparkleCheck = .user
        XCTAssertEqual(try PlanRun.run(request, generatedAt: Date(timeIntervalSince1970: 0)).pairs[0].reach.count, 0)
    }
}
