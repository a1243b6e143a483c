import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditValues

/// Issue 65 item 2: a fleet question about an attribute no config declared was answered "absent", and the answer
/// depended on the other configs of the run (another config declaring `region` made it right). Now the engine
/// reads the inventory again keeping the attribute, whatever else the run holds, and says so.
final class UndeclaredFleetQuestionTests: XCTestCase {
    /// A scratch format's document: it declares nothing, and its fleet question asks about `region`.
    struct RegionQuestion: EvaluableConfig {
        let platforms: [Platform] = [.android]
        let rules: [RuleInfo] = []
        let diagnostics: [Diagnostic] = []
        func evaluate(_ profile: any Device, context: EvaluationContext) -> Decision { .notTargeted("scratch") }
        func fleetDiagnostics(_ fleet: any FleetValues) -> [Diagnostic] {
            let england = fleet.devices(on: .android, by: [.attribute("region")]).filter { $0.values[0] == "GB-ENG" }
            var d = Diagnostic("inventory.duplicateDevices", .warning, "scratch")
            d.devices = england.reduce(0) { $0 + $1.devices }
            return [d]
        }
    }

    private func answer(beside others: [String]) throws -> (devices: Int64?, misses: [String]) {
        var request = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        request.configs = others
        let loaded = others.isEmpty ? [] : try AuditRun.loadConfigs(request).0
        let scratch = LoadedConfig(id: "scratch", source: "", sha256: "", format: "scratch", config: RegionQuestion())
        let configs = [scratch] + loaded
        let needs = ProfileNeeds.forRun(configs, releases: nil)
        let (table, summary) = try AuditRun.readInventory(request, needs: needs)
        let misses = ReadMisses()
        let said = AuditRun.fleetDiagnostics(
            configs, table, fixedFields: FixedFieldProfiles(table), rereading: (request, needs, summary.headers),
            misses: misses)
        return (said[0].first?.devices, misses.fields)
    }

    func testTheAnswerIsTheInventorysAloneAndBesideAConfigThatDeclaresIt() throws {
        // The straight path: the inventory read with region kept, every profile counted (no fixed fields).
        var request = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        request.configs = []
        let (withRegion, summary) = try AuditRun.readInventory(request, needs: ProfileNeeds(attributes: ["region"]))
        let expected = FleetValueCounts(withRegion).devices(on: .android, by: [.attribute("region")])
            .filter { $0.values[0] == "GB-ENG" }.reduce(Int64(0)) { $0 + $1.devices }
        // And outside FleetAudit: Python's csv module, over the rows the audit did not reject.
        let counted = try Python.run(
            """
            import csv, sys
            rows = csv.DictReader(open(sys.argv[1], newline=""))
            print(sum(1 for r in rows if r["platform"] == "android" and r["region"] == "GB-ENG"))
            """, arguments: [TestPaths.sample("inventory.csv")])
        let all = try XCTUnwrap(Int64(counted.trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertTrue((all - summary.rowsRejected)...all ~= expected, "\(expected) of \(all) rows")
        let alone = try answer(beside: [])
        XCTAssertEqual(alone.devices, expected, "read again keeping region")
        XCTAssertEqual(alone.misses, ["region in a question about the fleet"])
        let beside = try answer(beside: [TestPaths.sample("configs/princeofversions/fleet-rollout.json")])
        XCTAssertEqual(beside.devices, expected, "the same answer when another config declares region")
        XCTAssertEqual(beside.misses, [], "declared by the run: nothing was missed")
    }
}
