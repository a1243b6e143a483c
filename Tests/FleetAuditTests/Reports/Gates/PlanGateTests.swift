import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

final class PlanGateTests: XCTestCase {
    private static let report: PlanReport = {
        var audit = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        audit.releasesPath = TestPaths.sample("releases.csv")
        audit.asOf = Date(timeIntervalSince1970: 1_795_000_000)
        var r = PlanRequest(audit: audit)
        r.published = [TestPaths.sample("configs/nhs/previous-availability-ios.2023-01-19.json")]
        r.draft = [TestPaths.sample("configs/nhs/availability-ios.json")]
        return try! PlanRun.run(r)
    }()

    /// Issue 40: "the draft forces more than N in total" in one plan run. `OUTCOME>N` counts the draft's devices
    /// with that outcome, moved or not — the same number `audit` gives for the draft alone.
    func testADraftTotalGateCountsWhatAuditCountsOnTheDraft() throws {
        var audit = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        audit.releasesPath = TestPaths.sample("releases.csv")
        audit.asOf = Date(timeIntervalSince1970: 1_795_000_000)
        audit.configs = [TestPaths.sample("configs/nhs/availability-ios.json")]
        let draftAudit = try AuditRun.run(audit)
        for outcome in Outcome.allCases {
            let expected = draftAudit.configs[0].totals[outcome]
            let held = try PlanGate(parsing: "\(outcome.rawValue)>\(expected)").check(Self.report)
            XCTAssertEqual(held.map(\.devices), [expected], outcome.rawValue)
            XCTAssertEqual(held.map(\.crossed), [false], "strictly greater: \(outcome.rawValue)")
            if expected > 0 {
                let crossed = try PlanGate(parsing: "\(outcome.rawValue)>\(expected - 1)").check(Self.report)
                XCTAssertEqual(crossed.map(\.crossed), [true], outcome.rawValue)
                XCTAssertTrue(crossed[0].sentence.contains("the draft leaves"), crossed[0].sentence)
            }
        }
        XCTAssertGreaterThan(draftAudit.configs[0].totals[.forced], 0)
    }

    func testEveryFormParsesAndCountsItsDevices() throws {
        let pair = Self.report.pairs[0]
        let toForced =
            pair.tally.count(from: .upToDate, to: .forced) + pair.tally.count(from: .recommended, to: .forced)
        let cases: [(String, Int64)] = [
            ("*->forced>0", toForced),
            ("upToDate->forced>0", pair.tally.count(from: .upToDate, to: .forced)),
            ("*->blocked>0", pair.newlyBlocked),
            ("*->*>0", pair.moves.map(\.devices).reduce(0, +)),  // the diagonal never counts
            ("forced->*>0", 0),
            ("worse>0", pair.worse),
            ("WORSE > 0", pair.worse),
            ("\(pair.id):worse>0", pair.worse),
        ]
        for (text, expected) in cases {
            let results = try PlanGate(parsing: text).check(Self.report)
            XCTAssertEqual(results.count, 1, text)
            XCTAssertEqual(results[0].devices, expected, text)
            XCTAssertEqual(results[0].crossed, expected > 0, text)
        }
        XCTAssertGreaterThan(toForced, 0)
    }

    func testThresholdsAtTheirBoundaries() throws {
        let pair = Self.report.pairs[0]
        let devices = Self.report.inventory.devices
        XCTAssertFalse(
            try PlanGate(parsing: "worse>\(pair.worse)").check(Self.report)[0].crossed, "strictly more than N")
        XCTAssertTrue(try PlanGate(parsing: "worse>\(pair.worse - 1)").check(Self.report)[0].crossed)
        let share = Double(pair.worse) * 100 / Double(devices)
        XCTAssertFalse(try PlanGate(parsing: "worse>\(share)%").check(Self.report)[0].crossed)
        XCTAssertTrue(try PlanGate(parsing: "worse>\(share - 0.01)%").check(Self.report)[0].crossed)
    }

    func testBadGatesSayWhatIsExpected() {
        for bad in ["forcd>1", "up->forced>1", "a->b->c>1", "worse>", "worse>x", "*->blocked"] {
            XCTAssertThrowsError(try PlanGate(parsing: bad), bad) { error in
                guard case .option(let message) = error as? ReportError else { return XCTFail("\(bad): \(error)") }
                XCTAssertTrue(message.contains(bad), message)
            }
        }
        // A URL id keeps its own colons.
        XCTAssertEqual(
            try PlanGate(parsing: "https://example.org/a.json:*->forced>0").config, "https://example.org/a.json")
    }
}
