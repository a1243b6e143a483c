import FleetAuditFuzzTargets
import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Replays every input the fuzzers ever crashed on (Fixtures/fuzz-regressions/TARGET/*), and the seed corpus,
/// through the same entry points the harness uses: `FuzzTargets` traps if an invariant breaks.
final class FuzzRegressionTests: XCTestCase {
    func testSavedCrashInputsAndSeeds() throws {
        let root = TestPaths.fixtures.appendingPathComponent("fuzz-regressions")
        var replayed = 0
        for target in FuzzTargets.names {
            let folder = root.appendingPathComponent(target)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.sorted() ?? [] {
                FuzzTargets.run(target, [UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))
                replayed += 1
            }
        }
        FuzzTargets.run("csv", [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.sample("inventory.csv")))))
        for (target, folder) in [
            ("princeofversions", "princeofversions"), ("turkcell-updater", "turkcell"), ("osam", "osam"),
            ("nhs-availability", "nhs"), ("sparkle-appcast", "sparkle"),
        ] {
            let dir = TestPaths.sampleData.appendingPathComponent("configs/" + folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
                FuzzTargets.run(target, [UInt8](try Data(contentsOf: dir.appendingPathComponent(name))))
            }
        }
        XCTAssertGreaterThanOrEqual(replayed, 0)
    }
}
