import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// A config group's projection started from the profiles on their fixed fields (`FixedFieldProfiles`,
/// direct indexes instead of a hashed key per profile) must be the projection hashed from every profile:
/// the same profiles, ids and devices, in the same order — the reports are written in that order.
final class ProfileFieldIDsTests: XCTestCase {
    private let regions = (0..<30).map { "R-\($0)" } + ["GB-ENG", "gb-eng"]
    private let languages = (0..<12).map { "l\($0)" } + ["tr", "en", "TR"]

    /// Profiles on three platforms whose attributes are drawn independently (some rows without devices).
    private func fleet(_ count: Int) -> ProfileTable {
        drawnProfiles(count) { next in
            [
                "region": regions[next(regions.count)], "language": languages[next(languages.count)],
                "istablet": next(4) == 0 ? "true" : "false", "model": "M-\(next(300))",
                "lastnotifiedversion": "\(4 + next(3)).\(next(3))",
            ].filter { _ in next(12) != 0 }
        }
    }

    private func assertSame(
        _ hashed: ProfileTable, _ direct: ProfileTable, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(hashed.store.attributeNames, direct.store.attributeNames, message, file: file, line: line)
        XCTAssertEqual(hashed.store.count, direct.store.count, message, file: file, line: line)
        XCTAssertEqual(hashed.store.ids, direct.store.ids, message, file: file, line: line)
        XCTAssertEqual(hashed.devices, direct.devices, message, file: file, line: line)
    }

    func testEachSampleConfigsProjectionFromTheFixedFieldsIsTheHashedOne() throws {
        let table = fleet(20_000)
        let fixed = FixedFieldProfiles(table)
        XCTAssertEqual(fixed.table.store.attributeNames, [])
        XCTAssertEqual(fixed.table.totalDevices, table.totalDevices)
        XCTAssertLessThan(fixed.table.profiles.count, table.profiles.count / 2, "the fixed fields repeat")
        let fields = ProfileFieldIDs(table)
        var request = AuditRequest(inventoryPath: "unused.csv")
        request.configDirectories = [TestPaths.sample("configs")]
        let (configs, _) = try AuditRun.loadConfigs(request)
        var direct = 0
        for loaded in configs {
            for packageName in [false, true] {
                var needs = ProfileNeeds(packageName: packageName)
                needs.formUnion(loaded.config.needs)
                let classes = AttributeClasses([loaded.config], options: FormatOptions())
                let hashed = fields.project(table, onto: needs, classes: classes)
                let plan = ProfileFieldIDs.ColumnPlan(table.store, needs: needs, classes: classes)
                if let projected = fields.projectFromFixed(table, fixed, plan: plan, needs: needs) {
                    direct += 1
                    assertSame(hashed, projected, loaded.id)
                }
                assertSame(hashed, fields.project(table, onto: needs, classes: classes, fixed: fixed), loaded.id)
            }
        }
        XCTAssertEqual(direct, configs.count * 2, "every sample config's classes index directly")
        // The inventory checks read only the fixed fields: counted on them, they say the same.
        XCTAssertEqual(FleetCoverage(fixed.table), FleetCoverage(table))
        let headers = ["platform", "os_version", "app_version", "app_build", "package_name", "region"]
        XCTAssertEqual(
            InventoryCrossChecks.diagnostics(
                fixed.table, headers: headers, configs: configs, releases: nil, columnOverrides: [:]),
            InventoryCrossChecks.diagnostics(
                table, headers: headers, configs: configs, releases: nil, columnOverrides: [:]))
    }

    func testAnAttributeReadAsWrittenIsIndexedDirectlyOrHashedPastTheLimit() {
        let table = fleet(5_000)
        let fixed = FixedFieldProfiles(table)
        let fields = ProfileFieldIDs(table)
        let needs = ProfileNeeds(appBuildOffAndroid: true, attributes: ["model", "istablet"])
        let plan = ProfileFieldIDs.ColumnPlan(table.store, needs: needs, classes: nil)
        let hashed = fields.project(table, onto: needs)
        XCTAssertGreaterThan(hashed.profiles.count, fixed.table.profiles.count, "every model apart")
        assertSame(
            hashed, fields.projectFromFixed(table, fixed, plan: plan, needs: needs, directCells: 1 << 26)!, "direct")
        XCTAssertNil(
            fields.projectFromFixed(table, fixed, plan: plan, needs: needs, directCells: 1000),
            "300 models × 2 × the fixed profiles is past 1,000 cells")
        assertSame(hashed, fields.project(table, onto: needs, fixed: fixed), "hashed past the limit")
    }

    func testNoAttributeAGroupCanTellApartMakesTheFixedProfilesMerged() {
        let table = fleet(5_000)
        let fixed = FixedFieldProfiles(table)
        let fields = ProfileFieldIDs(table)
        // Read by no platform: every value is absent in the projection.
        let needs = ProfileNeeds(attributes: ["region"], attributesByPlatform: [Platform("watchos"): ["region"]])
        let plan = ProfileFieldIDs.ColumnPlan(table.store, needs: needs, classes: nil)
        let direct = fields.projectFromFixed(table, fixed, plan: plan, needs: needs, directCells: 1)
        XCTAssertNotNil(direct, "no cells are indexed when nothing differs")
        assertSame(fields.project(table, onto: needs), direct!, "merged")
    }
}
