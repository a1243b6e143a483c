import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// A command's accumulator declares the inventory columns it reads (`DecisionAccumulator.reads`), and gets them
/// with every value intact: a column no config reads (`observed_outcome`, what the devices were seen doing), and
/// a column a config reads but tells only a few values of apart (`region`, which the audit's projection writes
/// as one value per class for the config's sake).
final class AccumulatorReadsTests: XCTestCase {
    /// Devices by (observed outcome, region, decided outcome).
    private struct ObservedTally: DecisionAccumulator {
        static let reads = ProfileNeeds(attributes: ["observed_outcome", "region"])
        var cells: [String: Int64] = [:]
        mutating func record(_ decisions: [Decision], for visit: ProfileVisit) {
            let observed = visit.profile.attribute("observed_outcome") ?? "-"
            let region = visit.profile.attribute("region") ?? "-"
            cells["\(observed) \(region) \(decisions[0].outcome)", default: 0] += visit.devices
        }
        mutating func merge(_ other: ObservedTally) { cells.merge(other.cells, uniquingKeysWith: +) }
    }

    func testAnAccumulatorReadsTheColumnsItDeclaresWithEveryValue() throws {
        let config = try ConfigLoader().load(TestPaths.sample("configs/princeofversions/fleet-rollout.json"), id: "c")
        XCTAssertFalse(config.config.needs.attributes.contains("observedoutcome"), "no config reads the column")
        var rows = "platform,os_version,app_version,app_build,region,observed_outcome,count\n"
        let observed = ["forced", "recommended", "upToDate"]
        for i in 0..<1500 {
            rows += "ios,17.\(i % 5),6.\(i % 7),\(i % 3),R-\(i % 40),\(observed[i % 3]),\(1 + i % 4)\n"
        }
        let needs = ProfileNeeds.forRun([config], releases: nil, reading: ObservedTally.reads)
        let table = try InventoryLoader(needs: needs).load(CSVInventorySource(bytes: Array(rows.utf8))).0
        let context = EvaluationContext()
        let engine = EvaluationCore.run(
            [EvaluationUnit([config])], profiles: table, context: context, accumulating: ObservedTally.self)[0]

        // The straight path: each profile alone, its own values.
        var straight: [String: Int64] = [:]
        for (i, profile) in table.profiles.enumerated() where table.devices[i] > 0 {
            let decision = config.config.evaluate(profile, context: context)
            let key =
                "\(profile.attribute("observed_outcome") ?? "-") \(profile.attribute("region") ?? "-") \(decision.outcome)"
            straight[key, default: 0] += table.devices[i]
        }
        XCTAssertEqual(engine.cells, straight)
        XCTAssertEqual(Set(engine.cells.keys.map { $0.split(separator: " ")[1] }).count, 40, "every region, unmerged")
        XCTAssertEqual(Set(engine.cells.keys.map { String($0.split(separator: " ")[0]) }), Set(observed))
    }
}
