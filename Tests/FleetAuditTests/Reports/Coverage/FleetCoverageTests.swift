import FleetAuditTestSupport
import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Coverage in every audit report: per platform (per package when there are several), devices by app and OS
/// version in version order, with the devices at or above each — checked against counts made by hand.
final class FleetCoverageTests: XCTestCase {
    func report(_ csv: String, releases: String? = nil) throws -> [[String: Any]] {
        let dir = TestPaths.temporaryDirectory()
        let inventory = TestPaths.write(csv, named: "inventory.csv", in: dir)
        var arguments = [
            "audit", "--inventory", inventory, "--config-dir", "SampleData/configs/nhs",
            "--json", dir.appendingPathComponent("r.json").path, "--xml", dir.appendingPathComponent("r.xml").path,
            "--quiet",
        ]
        if let releases { arguments += ["--releases", TestPaths.write(releases, named: "releases.csv", in: dir)] }
        let result = try CommandLineTests.run(arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        let xml = try String(contentsOf: dir.appendingPathComponent("r.xml"), encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: ReportRenderingTests.schema), [])
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("r.json")))
            as? [String: Any]
        return try XCTUnwrap(json?["coverage"] as? [[String: Any]])
    }

    func versions(_ axis: Any?) -> [String] {
        ((axis as? [String: Any])?["versions"] as? [[String: Any]] ?? []).map { $0["version"] as! String }
    }
    func column(_ axis: Any?, _ key: String) -> [Int] {
        ((axis as? [String: Any])?["versions"] as? [[String: Any]] ?? []).map { $0[key] as! Int }
    }

    func testVersionsInVersionOrderWithDevicesAtOrAbove() throws {
        // iOS: 16.4 and 16.4.0 are one version; 16.10 is above 16.9; "17 beta" is no dotted version.
        // Android: versionCodes with their names; API levels from the OS release.
        let csv = """
            platform,os_version,app_version,app_build
            ios,16.4,4.9,1
            ios,16.4.0,4.10,1
            ios,16.10,4.10,1
            ios,16.9,4.9,1
            ios,17 beta,5.0,1
            android,13,4.36,347
            android,13,4.36-hotfix,347
            android,9,4.29,312
            android,14,4.39,352
            """
        let coverage = try report(csv)
        XCTAssertEqual(coverage.map { $0["platform"] as? String }, ["android", "ios"])
        let android = coverage[0]
        let ios = coverage[1]
        XCTAssertTrue(ios["package"] is NSNull, "one package: per platform only")

        let iosOS = ios["os"] as? [String: Any]
        XCTAssertEqual(iosOS?["axis"] as? String, "version")
        XCTAssertEqual(versions(iosOS), ["16.4", "16.9", "16.10"])
        XCTAssertEqual(column(iosOS, "devices"), [2, 1, 1])
        XCTAssertEqual(column(iosOS, "atOrAbove"), [4, 2, 1])
        XCTAssertEqual(iosOS?["unparsed"] as? Int, 1, "17 beta is counted, not dropped")
        XCTAssertEqual(versions(ios["app"]), ["4.9", "4.10", "5.0"])
        XCTAssertEqual(column(ios["app"], "atOrAbove"), [5, 3, 1])

        let androidApp = android["app"] as? [String: Any]
        XCTAssertEqual(androidApp?["axis"] as? String, "versionCode")
        XCTAssertEqual(versions(androidApp), ["312", "347", "352"])
        XCTAssertEqual(column(androidApp, "atOrAbove"), [4, 3, 1])
        let names = (androidApp?["versions"] as? [[String: Any]])?[1]["names"] as? [String]
        XCTAssertEqual(names, ["4.36", "4.36-hotfix"])
        let percents = ((androidApp?["versions"] as? [[String: Any]]) ?? []).map { $0["atOrAbovePercent"] as? Double }
        XCTAssertEqual(percents, [100, 75, 25])
        let androidOS = android["os"] as? [String: Any]
        XCTAssertEqual(androidOS?["axis"] as? String, "apiLevel")
        XCTAssertEqual(versions(androidOS), ["28", "33", "34"])
    }

    func testOneGroupPerPackageWhenTheInventoryHasSeveral() throws {
        let csv = """
            platform,os_version,app_version,app_build,package_name
            ios,16.4,4.9,1,com.example.a
            ios,16.4,4.9,1,com.example.b
            ios,17.0,5.0,1,com.example.b
            """
        let releases = "platform,version,min_os,package\nios,5.0,15.0,com.example.b\n"
        let coverage = try report(csv, releases: releases)
        XCTAssertEqual(coverage.map { $0["package"] as? String }, ["com.example.a", "com.example.b"])
        XCTAssertEqual(coverage.map { $0["devices"] as? Int }, [1, 2])
        XCTAssertEqual(column(coverage[1]["os"], "atOrAbove"), [2, 1])
    }

    /// Issue 35: a one-device junk platform (`andriod`) took a full chart section of the HTML. It stays in the
    /// data (JSON, XML) and gets one line in the HTML instead of charts; the real platforms keep theirs.
    func testAPlatformNoConfigTargetsIsListedNotCharted() throws {
        let dir = TestPaths.temporaryDirectory()
        let inventory = TestPaths.write(
            """
            platform,os_version,app_version,app_build
            android,14,4.9,352
            ios,17.0,5.0,1
            andriod,13,4.9,352
            """, named: "inventory.csv", in: dir)
        let html = dir.appendingPathComponent("r.html").path
        let result = try CommandLineTests.run([
            "audit", "--inventory", inventory, "--config-dir", "SampleData/configs/nhs", "--html", html,
            "--json", dir.appendingPathComponent("r.json").path, "--quiet",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        let headings = page.components(separatedBy: "<h3>").dropFirst().map { $0.prefix { $0 != " " && $0 != "<" } }
        XCTAssertTrue(headings.contains("android") && headings.contains("ios"), "\(headings)")
        XCTAssertFalse(headings.contains("andriod"), "no chart section for a platform nothing targets")
        XCTAssertTrue(page.contains("no config targets these platform values"), page)
        XCTAssertTrue(page.contains("andriod (1 device)."), page)
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("r.json")))
            as? [String: Any]
        let platforms = (json?["coverage"] as? [[String: Any]] ?? []).compactMap { $0["platform"] as? String }
        XCTAssertEqual(platforms.sorted(), ["andriod", "android", "ios"], "the data keeps every platform")
    }

    /// On the sample: every device is in one group, on each axis in one version or counted unparsed, the
    /// versions ascend, and each "at or above" is the sum of the devices from that version up.
    func testEveryDeviceIsCountedOnceOnEachAxisOfTheSample() throws {
        let coverage = try report(String(contentsOfFile: TestPaths.sample("inventory.csv"), encoding: .utf8))
        XCTAssertEqual(coverage.map { $0["devices"] as! Int }.reduce(0, +), 3_995, "the sample's devices evaluated")
        for group in coverage {
            for axisName in ["app", "os"] {
                let axis = try XCTUnwrap(group[axisName] as? [String: Any])
                let devices = column(axis, "devices")
                let above = column(axis, "atOrAbove")
                XCTAssertEqual(devices.reduce(0, +) + (axis["unparsed"] as! Int), group["devices"] as! Int)
                for i in devices.indices { XCTAssertEqual(above[i], devices[i...].reduce(0, +)) }
                let parsed = versions(axis).map { FleetCoverage.dotted($0)! }
                XCTAssertTrue(
                    zip(parsed, parsed.dropFirst()).allSatisfy { Self.less($0, $1) }, "\(versions(axis)) ascend")
            }
        }
    }

    static func less(_ a: [Int], _ b: [Int]) -> Bool {
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : 0
            let y = i < b.count ? b[i] : 0
            if x != y { return x < y }
        }
        return false
    }
}
