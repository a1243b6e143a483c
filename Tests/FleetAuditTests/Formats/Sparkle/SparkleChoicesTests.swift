import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditFormats
@testable import FleetAuditValues

/// The audit's path (`SparkleChoices`, on bit masks) and the straight path (`SparkleDecision.choose`, Sparkle's
/// filters on lists) make the same choice for every group, on every fixture feed and a grid of Macs.
final class SparkleChoicesTests: XCTestCase {
    func testTheMaskPathChoosesAsTheStraightPath() throws {
        var feeds: [String] = [TestPaths.sample("configs/sparkle/appcast.xml")]
        for folder in [
            "sparkle/sparkle-tests", "sparkle/sparkle-samples", "sparkle/upgrader-tests", "differential/sparkle",
        ] {
            let path = TestPaths.fixture(folder)
            feeds += try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".xml") }.map {
                path + "/" + $0
            }
        }
        var compared = 0
        var choicesSeen = Set<String>()
        for feed in feeds {
            let document = try SparkleTestSupport.load(feed).config as! AppcastDocument
            guard !document.sparkleItems.isEmpty else { continue }
            let versions = Set(document.sparkleItems.compactMap(\.version) + ["0", "1.0", "2.0", "2.5", "3.0", "9999"])
            for version in versions.sorted() {
                for os in ["10.13", "12.0", "14.6", "17.0", "27.0"] {
                    for (framework, arch, channels, skipped, check) in [
                        ("2.9", "arm64", "", "", FormatOptions.SparkleCheck.automatic),
                        ("2.9", "x86_64", "beta,nightly", "", .automatic),
                        ("2.6.4", "arm64", "beta", "2.0", .automatic),
                        ("1.27", "arm64", "", "2.0", .automatic),
                        ("2.9", "arm64", "", "", .user),
                    ] {
                        var columns = ["sparkle_framework": framework, "arch": arch]
                        if !channels.isEmpty { columns["sparkle_channels"] = channels }
                        if !skipped.isEmpty {
                            columns["sparkle_skipped_version"] = skipped
                            columns["sparkle_skipped_major_version"] = "3.0"
                        }
                        let host = SparkleHost(SparkleTestSupport.mac(version, os: os, columns))
                        for asOf in [
                            Date(timeIntervalSince1970: 1_406_500_000), Date(timeIntervalSince1970: 1_795_000_000),
                        ] {
                            let straight = SparkleDecision(
                                items: document.sparkleItems, host: host, check: check, asOf: asOf)
                            let masks = SparkleChoices(straight, order: document.versionOrder)
                            for group in 0..<7 {
                                let expected = straight.choose(group: group)
                                XCTAssertEqual(
                                    masks.choose(group: group), expected,
                                    "\(feed) build \(version) macOS \(os) \(columns) \(check) group \(group)")
                                choicesSeen.insert("\(expected)".components(separatedBy: "(")[0])
                                compared += 1
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 20_000)
        XCTAssertEqual(choicesSeen, ["offered", "unsupported", "upToDate"], "every kind of choice is compared")
    }
}
