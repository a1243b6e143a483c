import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// The evaluation core feeds any accumulator: here a two-config unit counting (first outcome, second
/// outcome) pairs, the shape of a plan's transition matrix.
final class EvaluationCoreTests: XCTestCase {
    private struct PairTally: DecisionAccumulator {
        var cells: [String: Int64] = [:]
        mutating func record(_ decisions: [Decision], for visit: ProfileVisit) {
            cells["\(decisions[0].outcome)->\(decisions[1].outcome)", default: 0] += visit.devices
        }
        mutating func merge(_ other: PairTally) { cells.merge(other.cells, uniquingKeysWith: +) }
    }

    func testAUnitOfTwoConfigsSeesBothDecisionsOfEachProfile() throws {
        var request = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        request.configs = [
            TestPaths.sample("configs/nhs/previous-availability-ios.2023-01-19.json"),
            TestPaths.sample("configs/nhs/availability-ios.json"),
        ]
        let (configs, _) = try AuditRun.loadConfigs(request)
        let releases = try AuditRun.loadReleases(TestPaths.sample("releases.csv"))
        let source = try InventoryOpener.open(
            path: request.inventoryPath, delimiter: UInt8(ascii: ","), table: nil, query: nil)
        let (table, summary) = try InventoryLoader(needs: ProfileNeeds.forRun(configs, releases: releases)).load(source)
        let context = EvaluationContext(
            releases: releases, asOf: Date(timeIntervalSince1970: 1_795_000_000), asOfIsExplicit: true)

        let tallies = Auditor.audit(configs, profiles: table, context: context)
        let one = EvaluationCore.run(
            [EvaluationUnit(configs)], profiles: table, context: context, accumulating: PairTally.self, workers: 1)[0]
        let split = EvaluationCore.run(
            [EvaluationUnit(configs)], profiles: table, context: context, accumulating: PairTally.self,
            workers: 5, profilesPerWorker: 7)[0]
        XCTAssertEqual(one.cells, split.cells, "the split between workers changes nothing")
        XCTAssertEqual(one.cells.values.reduce(0, +), summary.devices)
        // Row sums are the first config's audit totals, column sums the second's.
        for outcome in Outcome.allCases {
            XCTAssertEqual(
                one.cells.filter { $0.key.hasPrefix("\(outcome)->") }.values.reduce(0, +), tallies[0].totals[outcome],
                "\(outcome)")
            XCTAssertEqual(
                one.cells.filter { $0.key.hasSuffix("->\(outcome)") }.values.reduce(0, +), tallies[1].totals[outcome],
                "\(outcome)")
        }
        XCTAssertTrue(
            one.cells.keys.contains {
                $0.components(separatedBy: "->").count == 2
                    && $0.components(separatedBy: "->")[0] != $0.components(separatedBy: "->")[1]
            },
            "the two documents decide differently for some devices")
    }

    /// The same document given under several names is evaluated once and its counts copied: every copy's tally
    /// equals the straight path's, where each is evaluated on its own.
    func testIdenticalDocumentsAreEvaluatedOnceAndCountedAlike() throws {
        let dir = TestPaths.temporaryDirectory()
        let text = try String(
            contentsOfFile: TestPaths.sample("configs/princeofversions/fleet-rollout.json"), encoding: .utf8)
        var request = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        request.configs = [
            TestPaths.write(text, named: "a.json", in: dir), TestPaths.sample("configs/nhs/availability-ios.json"),
            TestPaths.write(text, named: "b.json", in: dir), TestPaths.write(text, named: "c.json", in: dir),
        ]
        let (configs, _) = try AuditRun.loadConfigs(request)
        let releases = try AuditRun.loadReleases(TestPaths.sample("releases.csv"))
        let source = try InventoryOpener.open(
            path: request.inventoryPath, delimiter: UInt8(ascii: ","), table: nil, query: nil)
        let (table, _) = try InventoryLoader(needs: ProfileNeeds.forRun(configs, releases: releases)).load(source)
        let context = EvaluationContext(
            releases: releases, asOf: Date(timeIntervalSince1970: 1_795_000_000), asOfIsExplicit: true)
        let lines = LockedLines()
        let shared = Auditor.audit(configs, profiles: table, context: context, timings: { lines.add($0) })
        let straight = Auditor.audit(configs, profiles: table, context: context, sharingIdenticalDocuments: false)
        XCTAssertTrue(lines.all.contains("evaluation: 4 units, 2 distinct documents"), "\(lines.all)")
        for k in configs.indices {
            XCTAssertEqual(shared[k].totals, straight[k].totals, configs[k].id)
            XCTAssertEqual(shared[k].rules.mapValues(\.counts), straight[k].rules.mapValues(\.counts), configs[k].id)
        }
        XCTAssertEqual(shared[0].totals, shared[3].totals)
        XCTAssertNotEqual(shared[0].totals, shared[1].totals, "the other document counts its own")
    }
}
