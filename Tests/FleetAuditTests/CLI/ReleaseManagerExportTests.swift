import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// A release manager's own export, not the sample's shape (issue 35): warehouse headers, a BOM, CRLF.
final class ReleaseManagerExportTests: XCTestCase {
    /// `explain --row` reads the row as `audit` does, `--column` mappings included (finding 10).
    func testExplainARowOfAnExportWithMappedColumns() throws {
        let dir = TestPaths.temporaryDirectory()
        let inventory = TestPaths.write(
            "\u{FEFF}os,osVersion,appVersion,build,bundle_id\r\nandroid,14,5.0,358,uk.nhs.covid19.production\r\n",
            named: "export.csv", in: dir)
        let mapping = ["--column", "platform=os", "--column", "app_build=build", "--column", "package_name=bundle_id"]
        let config = TestPaths.sample("configs/nhs/availability-android.json")
        let explain = try CommandLineTests.run(
            ["explain", "--inventory", inventory, "--row", "2", "--config", config] + mapping)
        XCTAssertEqual(explain.status, 0, explain.stderr)
        let said = try JSONSerialization.jsonObject(with: Data(explain.stdout.utf8)) as! [[String: Any]]
        let outcome = try XCTUnwrap(said.first?["outcome"] as? String)
        XCTAssertEqual(outcome, "upToDate", "API level 34 and versionCode 358 read through the mapping")
        let audit = try CommandLineTests.run(
            ["audit", "--inventory", inventory, "--config", config, "--json", dir.path + "/r.json", "--quiet"] + mapping
        )
        XCTAssertEqual(audit.status, 0, audit.stderr)
        let report =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.path + "/r.json")))
            as! [String: Any]
        let totals = ((report["configs"] as! [[String: Any]])[0]["totals"] as! [String: Int])
        XCTAssertEqual(totals[outcome], 1, "explain says what audit counted: \(outcome), \(totals)")
    }

    private func audit(_ csv: String, _ extra: [String] = []) throws -> (CommandLineTests.Result, [String: Any]?) {
        let dir = TestPaths.temporaryDirectory()
        let inventory = TestPaths.write(csv, named: "export.csv", in: dir)
        let result = try CommandLineTests.run(
            [
                "audit", "--inventory", inventory, "--config",
                TestPaths.sample("configs/nhs/availability-android.json"),
                "--json", dir.path + "/r.json", "--quiet",
            ] + extra)
        let report = (try? Data(contentsOf: URL(fileURLWithPath: dir.path + "/r.json")))
            .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        return (result, report)
    }

    /// The trial's export: every known column under a warehouse's name, grouped by `device_count` (findings 2, 3).
    func testAWarehouseExportIsReadWithoutMappingAndSaysHow() throws {
        let csv =
            "\u{FEFF}os,osVersion,appVersion,build,bundle_id,device_model,country,locale,is_tablet,last_seen,device_count\r\n"
            + "android,14,5.0,358,uk.nhs.covid19.production,Pixel 7,GB,en-GB,false,2026-11-20,7\r\n"
            + "android,13,4.9,350,uk.nhs.covid19.production,Pixel 6,GB,en-GB,false,2026-11-20,12.0\r\n"
            + "ios,17.1,5.0,12,uk.nhs.covid19.production,iPhone15,GB,en-GB,false,2026-11-20,5\r\n"
        let (result, report) = try audit(csv)
        XCTAssertEqual(result.status, 0, result.stderr)
        let inventory = try XCTUnwrap(report?["inventory"] as? [String: Any])
        XCTAssertEqual(inventory["devices"] as? Int, 24, "the count column read, not one device a row")
        XCTAssertEqual(inventory["rowsRejected"] as? Int, 0, "the Android rows' versionCode read from build")
        let diagnostics = try XCTUnwrap(report?["diagnostics"] as? [[String: Any]])
        let alias = try XCTUnwrap(diagnostics.first { $0["code"] as? String == "inventory.columnAlias" })
        let message = try XCTUnwrap(alias["message"] as? String)
        for read in ["os as platform", "build as app_build", "bundle_id as package_name", "device_count as count"] {
            XCTAssertTrue(message.contains(read), message)
        }
    }

    /// Android rows without any versionCode column: one column-level error, not a rejection per row (finding 2).
    func testAndroidRowsWithoutAVersionCodeColumnAreOneError() throws {
        let (result, _) = try audit("platform,os_version,app_version\nandroid,14,5.0\nandroid,13,4.9\nios,17.0,5.0\n")
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("missing the required column app_build"), result.stderr)
        XCTAssertEqual(
            try audit("platform,os_version,app_version\nios,17.0,5.0\n").0.status, 0, "no Android row needs it")
    }

    /// Two warehouse names for one column (the trial's `build` beside `version_code`; `devices` beside
    /// `device_count`, which counted each row as one device): the run names both and the `--column` that picks one,
    /// instead of calling the column missing or silently reading neither.
    func testTwoWarehouseNamesForOneColumnAreAskedAbout() throws {
        let (build, _) = try audit("platform,os_version,app_version,build,version_code\nandroid,14,5.0,358,358\n")
        XCTAssertEqual(build.status, 65, build.stderr)
        XCTAssertTrue(
            build.stderr.contains(
                #"no app_build column, and 2 headers that could be it: "build", "version_code"; say which to read with --column app_build=HEADER"#
            ), build.stderr)
        let (count, _) = try audit(
            "platform,os_version,app_version,app_build,devices,device_count\nandroid,14,5.0,358,3,3\n")
        XCTAssertEqual(count.status, 65, count.stderr)
        XCTAssertTrue(count.stderr.contains(#"no count column, and 2 headers"#), count.stderr)
        let (picked, report) = try audit(
            "platform,os_version,app_version,app_build,devices,device_count\nandroid,14,5.0,358,3,3\n",
            ["--column", "count=device_count"])
        XCTAssertEqual(picked.status, 0, picked.stderr)
        XCTAssertEqual((report?["inventory"] as? [String: Any])?["devices"] as? Int, 3)
        // A column the run does not read may have two candidates: the NHS document names no package.
        let (unread, _) = try audit(
            "platform,os_version,app_version,app_build,package,app_id\nandroid,14,5.0,358,a,a\n")
        XCTAssertEqual(unread.status, 0, unread.stderr)
    }

    /// `--column` maps an attribute a config reads, as the audit's own hint says (finding 10).
    func testColumnMapsAnAttribute() throws {
        let csv = "platform,os_version,app_version,locale\nios,17.0,5.0,tr-TR\n"
        let (result, _) = try audit(csv, ["--column", "language=locale"])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// A file cut mid-row is said to be cut, and the run fails where cron notices (finding 7); a complete last
    /// row without its line end is fine.
    func testACutExportFailsTheRun() throws {
        var rows = "platform,os_version,app_version,app_build,package_name\n"
        for i in 0..<3000 { rows += "android,\(10 + i % 5),5.0,\(350 + i % 9),uk.nhs.covid19.production\n" }
        let (cut, cutReport) = try audit(rows + "android,14,5.0")
        XCTAssertEqual(cut.status, 65, cut.stderr)
        XCTAssertTrue(cut.stderr.contains("ends in the middle of a row (line 3002"), cut.stderr)
        XCTAssertEqual(
            (cutReport?["status"] as? [String: Any])?["state"] as? String, "failed", "the report says so too")
        XCTAssertEqual(
            try audit(rows + "android,14,5.0,358,uk.nhs.covid19.production").0.status, 0,
            "complete, only its line end missing")
        let dir = TestPaths.temporaryDirectory()
        let inventory = TestPaths.write(rows + "android,14,5.", named: "cut.csv", in: dir)
        for command in [
            [
                "plan", "--inventory", inventory, "--published",
                TestPaths.sample("configs/nhs/availability-android.json"),
                "--draft", TestPaths.sample("drafts/nhs/availability-android.json"),
            ],
            ["whatif", "--inventory", inventory, "--platform", "android", "--min-app", "358"],
        ] {
            let result = try CommandLineTests.run(command + ["--quiet"])
            XCTAssertEqual(result.status, 65, "\(command[0]): \(result.stderr)")
        }
    }

    /// `validate --output sarif > file` failing a CI job says why on stderr (issue 40, finding 5).
    func testAFailingValidateSaysWhyOnStderr() throws {
        let config = TestPaths.write(
            #"{"ios2": [{"required_versoin": "6.0"}]}"#, named: "typo.json", in: TestPaths.temporaryDirectory())
        let result = try CommandLineTests.run(["validate", "--strict", "--output", "sarif", config])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("1 of 1 config has an error or a warning (--strict)"), result.stderr)
        XCTAssertTrue(result.stdout.contains("\"$schema\""), "the SARIF stays on stdout alone")
    }

    /// Issue 67: with the build column not mapped, Sparkle's fallback to app_version decided every Mac and the
    /// terminal said nothing (`sparkle.noBuild` was an info, in the HTML only). A default that decides devices is
    /// printed with its count.
    func testADefaultThatDecidesDevicesIsSaidOnTheTerminalWithItsCount() throws {
        let dir = TestPaths.temporaryDirectory()
        var rows = "platform,os_version,app_version\n"
        for i in 0..<40 { rows += "macos,14.\(i % 5),6.\(i % 3)\n" }
        let inventory = TestPaths.write(rows, named: "jamf.csv", in: dir)
        let result = try CommandLineTests.run([
            "audit", "--inventory", inventory, "--config", TestPaths.sample("configs/sparkle/appcast.xml"),
            "--as-of", "2026-12-01T00:00:00Z",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let line = result.stdout.split(separator: "\n").first { $0.contains("[sparkle.noBuild]") }
        XCTAssertNotNil(line, result.stdout)
        XCTAssertTrue(line?.hasSuffix("(40 devices)") == true, String(line ?? ""))
    }
}

/// Issue 67 item 9: a Jamf Pro export of Macs has no platform column, and the error named `--column
/// platform=HEADER` for a column that does not exist. `--set platform=macos` gives every row one.
final class ConstantColumnTests: XCTestCase {
    /// A Jamf-shaped export: BOM, CRLF, a quoted model with a comma and a line break, a blank line, a model with a
    /// quote in an unquoted field and one with escaped quotes, a last line without a line end.
    static let jamf =
        "\u{FEFF}Serial Number,Operating System Version,app_version,app_build,Model\r\n"
        + "C02A,13.6.1,6.1,1900,\"MacBook Pro (16-inch, 2019)\"\r\n"
        + "C02B,14.4,6.2,2000,\"Mac mini\nM2\"\r\n" + "\r\n" + "C02D,14.4,6.1,1900,27\" iMac\r\n"
        + "C02E,14.4,6.1,1900,\"Studio \"\"Pro\"\"\"\r\n" + "C02C,12.7,5.0,1100,iMac"
    static let withPlatform =
        "\u{FEFF}platform,Serial Number,Operating System Version,app_version,app_build,Model\r\n"
        + "macos,C02A,13.6.1,6.1,1900,\"MacBook Pro (16-inch, 2019)\"\r\n"
        + "macos,C02B,14.4,6.2,2000,\"Mac mini\nM2\"\r\n" + "\r\n" + "macos,C02D,14.4,6.1,1900,27\" iMac\r\n"
        + "macos,C02E,14.4,6.1,1900,\"Studio \"\"Pro\"\"\"\r\n" + "macos,C02C,12.7,5.0,1100,iMac"

    /// - Parameter standardInput: a file the command reads as its standard input.
    private func audit(_ inventory: String, _ extra: [String], standardInput: String? = nil) throws -> (
        CommandLineTests.Result, [String: Int]?
    ) {
        let json = TestPaths.temporaryDirectory().appendingPathComponent("r.json").path
        let result = try CommandLineTests.run(
            [
                "audit", "--inventory", inventory, "--config", TestPaths.sample("configs/sparkle/appcast.xml"),
                "--column", "os_version=Operating System Version", "--as-of", "2026-11-18T00:00:00Z", "--json", json,
                "--quiet",
            ] + extra, standardInput: standardInput)
        let report = (try? Data(contentsOf: URL(fileURLWithPath: json))).flatMap {
            try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
        }
        return (result, ((report?["configs"] as? [[String: Any]])?.first)?["totals"] as? [String: Int])
    }

    func testEveryRowGetsTheColumnAsIfTheFileHadIt() throws {
        let dir = TestPaths.temporaryDirectory()
        let without = TestPaths.write(Self.jamf, named: "jamf.csv", in: dir)
        let with = TestPaths.write(Self.withPlatform, named: "with.csv", in: dir)
        let missing = try audit(without, [])
        XCTAssertEqual(missing.0.status, 65)
        XCTAssertTrue(missing.0.stderr.contains("--set platform=macos"), missing.0.stderr)
        let (set, setTotals) = try audit(without, ["--set", "platform=macos"])
        XCTAssertEqual(set.status, 0, set.stderr)
        let (_, expected) = try audit(with, [])
        XCTAssertEqual(setTotals, expected)
        // A quote inside an unquoted field (27" iMac) is text, as the reader takes it; "" inside quotes a quote.
        XCTAssertEqual(setTotals?.values.reduce(0, +), 5, "every row counted: \(String(describing: setTotals))")
        // From standard input too (a pipe is read once).
        let (piped, pipedTotals) = try audit("-", ["--set", "platform=macos"], standardInput: without)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(pipedTotals, expected)
    }

    func testAColumnTheFileHasIsNotShadowed() throws {
        let with = TestPaths.write(Self.withPlatform, named: "with.csv", in: TestPaths.temporaryDirectory())
        let (result, _) = try audit(with, ["--set", "platform=ios"])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("already has a platform column"), result.stderr)
    }

    func testASQLiteTableGetsItAsAQueryAroundIt() throws {
        let path = TestPaths.temporaryDirectory().appendingPathComponent("jamf.sqlite").path
        _ = try Python.run(
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute('create table computers ("Operating System Version", app_version, app_build)')
            db.executemany('insert into computers values (?, ?, ?)', [('13.6.1', '6.1', '1900'), ('14.4', '6.2', '2000'), ('14.4', '6.1', '1900'), ('14.4', '6.1', '1900'), ('12.7', '5.0', '1100')])
            db.commit()
            """, arguments: [path])
        let (result, totals) = try audit(path, ["--set", "platform=macos"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let (_, expected) = try audit(
            TestPaths.write(Self.withPlatform, named: "with.csv", in: TestPaths.temporaryDirectory()), [])
        XCTAssertEqual(totals, expected)
    }
}

/// Issue 67 item 7: 50 Macs exported twice (the same serial) were counted twice without a word.
final class DuplicateDeviceTests: XCTestCase {
    func testRowsRepeatingAMappedDeviceIdAreSaidWithTheirCount() throws {
        var rows = "platform,Serial Number,os_version,app_version,app_build\n"
        for i in 0..<200 { rows += "macos,C0\(i),14.4,6.1,1900\n" }
        for i in 0..<50 { rows += "macos,C0\(i),14.5,6.2,2000\n" }  // re-enrolled: a second, later row
        let inventory = TestPaths.write(rows, named: "jamf.csv", in: TestPaths.temporaryDirectory())
        let config = TestPaths.sample("configs/sparkle/appcast.xml")
        let mapped = try AuditRun.run(
            {
                var r = AuditRequest(inventoryPath: inventory)
                r.configs = [config]
                r.columnOverrides = ["device_id": "Serial Number"]
                return r
            }(), generatedAt: Date(timeIntervalSince1970: 0))
        let said = mapped.diagnostics.first { $0.code == "inventory.duplicateDevices" }
        XCTAssertEqual(said?.devices, 50, "\(mapped.diagnostics.map(\.code))")
        XCTAssertTrue(said?.message.contains("50 rows repeat the Serial Number of an earlier row, e.g. C00") == true)
        XCTAssertEqual(said?.severity, .warning)
        // Without a device id mapped, nothing is read to say it (the audit never reads the column).
        let unmapped = try AuditRun.run(
            {
                var r = AuditRequest(inventoryPath: inventory)
                r.configs = [config]
                return r
            }(), generatedAt: Date(timeIntervalSince1970: 0))
        XCTAssertNil(unmapped.diagnostics.first { $0.code == "inventory.duplicateDevices" })
    }
}
