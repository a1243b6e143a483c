import FleetAuditTestSupport
import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Each renderer on a small model built by hand, so a renderer's golden changes only when the renderer
/// does (the sample audit's goldens also change with evaluation). Every field a renderer shows is set:
/// two configs (one with rules, notices, meta, diagnostics with and without devices, top versions; one that
/// decides nothing), rejections, a failed config, a crossed gate, and text that needs escaping.
final class HandBuiltReportTests: XCTestCase {
    static func model() throws -> AuditReport {
        func counts(_ pairs: [(Outcome, Int64)]) -> OutcomeCounts {
            var c = OutcomeCounts()
            for (o, n) in pairs { c[o] = n }
            return c
        }
        var inventory = InventorySummary(source: "fleet.csv", locationKind: "line")
        inventory.headers = ["platform", "os_version", "app_version", "app_build"]
        inventory.rowsRead = 1_204
        inventory.rowsEvaluated = 1_202
        inventory.rowsRejected = 2
        inventory.devices = 1_202
        inventory.rejections = [
            Rejection(
                line: 7, column: "app_build", reason: .invalidAppBuild,
                message: "app_build \"x\" is not an integer versionCode"),
            Rejection(line: 90, column: nil, reason: .fieldCount, message: "expected 4 fields, found 3"),
        ]
        inventory.rejectionsByReason = [.invalidAppBuild: 1, .fieldCount: 1]
        let forced = counts([(.forced, 300), (.upToDate, 500), (.notTargeted, 402)])
        let rules = [
            AuditReport.RuleReport(
                id: "android2[0]", summary: "model = \"<Pixel & Co>\": required 358, latest 362 (ONCE)",
                meta: .obj([("key", .string("v"))]), counts: counts([(.forced, 300), (.upToDate, 200)]),
                byPlatform: [(.android, counts([(.forced, 300), (.upToDate, 200)]))]),
            AuditReport.RuleReport(
                id: "android2[1]", summary: "every device: required 300, no latest version", meta: nil,
                counts: counts([(.upToDate, 300)]), byPlatform: [(.android, counts([(.upToDate, 300)]))]),
        ]
        let first = AuditReport.ConfigReport(
            id: "rollout.json", source: "configs/rollout.json", sha256: String(repeating: "ab", count: 32),
            format: "princeofversions",
            platforms: [.android], totals: forced,
            byPlatform: [
                (.android, counts([(.forced, 300), (.upToDate, 500)])), (.ios, counts([(.notTargeted, 402)])),
            ],
            rules: rules, unattributed: counts([(.notTargeted, 402)]),
            notices: [(NoticeInfo(id: "messages[0]", kind: "message"), 12)],
            diagnostics: [
                AuditReport.DiagnosticReport(
                    diagnostic: Diagnostic(
                        "pov.requirementNotScalar", .warning, "android2[3].requirements.x is an object",
                        path: "android2[3]"), devices: nil),
                AuditReport.DiagnosticReport(
                    diagnostic: Diagnostic(
                        "pov.platformMissing", .info, "devices whose platform has no key in the document"), devices: 402
                ),
            ],
            topVersions: [
                AuditReport.TopVersions(
                    outcome: .forced, appVersions: [.init(version: "android 5.0", devices: 300)],
                    osVersions: [
                        .init(version: "android 13", devices: 200), .init(version: "android 12", devices: 100),
                    ])
            ])
        let second = AuditReport.ConfigReport(
            id: "empty.json", source: "https://example.org/empty.json", sha256: String(repeating: "0", count: 64),
            format: "turkcell-updater",
            platforms: [.android, .ios], totals: counts([(.upToDate, 1_202)]),
            byPlatform: [(.android, counts([(.upToDate, 800)])), (.ios, counts([(.upToDate, 402)]))],
            rules: [], unattributed: counts([(.upToDate, 1_202)]), notices: [],
            diagnostics: [
                AuditReport.DiagnosticReport(
                    diagnostic: Diagnostic("turkcell.offersNothing", .info, "offers nothing", path: "packageName"),
                    devices: nil)
            ],
            topVersions: [])
        let gate = try Gate(parsing: "forced>10%")
        return AuditReport(
            tool: .init(name: "fleet-audit", version: "0.0.0-test"), asOf: Date(timeIntervalSince1970: 1_795_000_000),
            generatedAt: Date(timeIntervalSince1970: 1_795_000_060), inventory: inventory, releases: nil,
            options: [("requirement.model", "equals")], configs: [first, second],
            failedConfigs: [
                FailedConfig(
                    id: "gone.json", source: "gone.json", error: ConfigError(source: "gone.json", kind: .notFound))
            ],
            diagnostics: [Diagnostic("releases.assumedInstallable", .info, "no --releases file")],
            gates: [
                GateResult(gate: gate, config: "rollout.json", devices: 300, of: 1_202, crossed: true),
                GateResult(gate: gate, config: "empty.json", devices: 0, of: 1_202, crossed: false),
            ])
    }

    /// `FLEET_AUDIT_RECORD=1 swift test` rewrites the goldens and fails, so a re-record is never silently
    /// green: read the diff (and the HTML in a browser), then run the tests again.
    func testEachRendererMatchesItsGolden() throws {
        let report = try Self.model()
        // Every output but the metrics, which MetricsOutputTests holds to Prometheus' own parser.
        for output in AuditReport.outputs where !output.readsPrevious {
            try GoldenFile.check(
                try output.render(report, ReportContext()), against: "handbuilt-report.\(output.option)")
        }
        XCTAssertEqual(
            XMLSchemaCheck.problems(
                xml: try AuditReport.output("xml")!.render(report, ReportContext()), schema: ReportRenderingTests.schema
            ),
            [])
    }
}
