import FleetAuditTestSupport
import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Runs the built `fleet-audit` binary as a user or cron would, and checks exit codes and outputs.
final class CommandLineTests: XCTestCase {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static var binary: URL {
        let xctest =
            Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
            ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return xctest.deletingLastPathComponent().appendingPathComponent("fleet-audit")
    }

    func run(_ arguments: [String], environment: [String: String] = [:], standardInput: String? = nil) throws -> Result
    {
        try Self.run(arguments, environment: environment, standardInput: standardInput)
    }

    /// Runs the binary from the repository's root (other test classes use it too).
    static func run(_ arguments: [String], environment: [String: String] = [:], standardInput: String? = nil) throws
        -> Result
    {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = TestPaths.repoRoot
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let standardInput { process.standardInput = FileHandle(forReadingAtPath: standardInput) }
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    let sampleArguments = [
        "audit", "--inventory", "SampleData/inventory.csv", "--config-dir", "SampleData/configs",
        "--releases", "SampleData/releases.csv",
    ]

    /// Golden files for the reports `--out` writes of the sample audit (every output of `AuditReport.outputs` with
    /// a file name in the folder). After an intended change, re-record with
    /// `FLEET_AUDIT_RECORD=1 swift test` and read the diff (open the HTML in a browser) before committing.
    func testSampleAuditWritesReportsMatchingTheGoldenFiles() throws {
        let dir = TestPaths.temporaryDirectory()
        let result = try run(
            sampleArguments + ["--out", dir.path, "--quiet"], environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "", "--quiet prints nothing")
        let names = AuditReport.directoryOutputs.map(\.fileName).sorted()
        XCTAssertTrue(names.contains("report.json") && names.contains("report.html"), "\(names)")
        for name in names {
            let written = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            try GoldenFile.check(written, against: "sample-" + name)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        XCTAssertEqual(leftovers, names, "no temporary file is left behind")
        let again = TestPaths.temporaryDirectory()
        _ = try run(
            sampleArguments + ["--out", again.path, "--quiet"], environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        for name in leftovers {
            XCTAssertEqual(
                try Data(contentsOf: dir.appendingPathComponent(name)),
                try Data(contentsOf: again.appendingPathComponent(name)),
                "\(name): the same inputs give the same bytes")
        }
    }

    func testHostileConfigStringsAreInertInTheHTML() throws {
        let dir = TestPaths.temporaryDirectory()
        let evil = #"<script>document.title='pwned'</script>\"><img src=x onerror=alert(1)>javascript:alert(1)"#
        let config = """
            {"ios2": [{"required_version": "99.0", "last_version_available": "99.1",
                       "requirements": {"\(evil)": "\(evil)"}, "meta": {"\(evil)": "\(evil)"}},
                      {"required_version": "99.0", "meta": {"note": "\(evil)"}}],
             "android2": [{"required_version": "\(evil)"}],
             "meta": {"owner": "\(evil)"}}
            """
        let configPath = TestPaths.write(config, named: "\"><img src=x onerror=alert(1)>.json", in: dir)
        let inventory = TestPaths.write(
            "platform,os_version,app_version,app_build\nios,17.0,1.0,\(evil.replacingOccurrences(of: "\"", with: ""))\nandroid,14,1.0,<script>x</script>\n",
            named: "inventory.csv", in: dir)
        let out = dir.appendingPathComponent("out")
        let result = try run([
            "audit", "--inventory", inventory, "--config", configPath, "--out", out.path, "--quiet", "--allow-errors",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        XCTAssertNil(html.range(of: "<script", options: .caseInsensitive), "no script element survives")
        XCTAssertNil(html.range(of: "<img", options: .caseInsensitive), "no injected element survives")
        XCTAssertTrue(html.contains("&lt;script&gt;"), "the text is shown, escaped")
        XCTAssertFalse(html.contains("href=\"javascript:"), "no javascript: link")
        let xml = try String(contentsOf: out.appendingPathComponent("report.xml"), encoding: .utf8)
        let schema = try String(
            contentsOf: TestPaths.repoRoot.appendingPathComponent("Templates/fleet-audit-report-1.xsd"), encoding: .utf8
        )
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: schema), [])
    }

    func testEachReportCanGoToItsOwnFileOrStandardOutput() throws {
        let dir = TestPaths.temporaryDirectory()
        let xml = try run(sampleArguments + ["--xml", "-", "--html", dir.appendingPathComponent("a.html").path])
        XCTAssertEqual(xml.status, 0, xml.stderr)
        XCTAssertTrue(xml.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"), String(xml.stdout.prefix(80)))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("a.html").path))
        XCTAssertEqual(try run(sampleArguments + ["--xml", "-", "--json", "-"]).status, 64)
        let templates = TestPaths.temporaryDirectory()
        _ = TestPaths.write("{{#broken}}", named: "report.html.mustache", in: templates)
        let bad = try run(
            sampleArguments + ["--templates", templates.path, "--out", dir.appendingPathComponent("t").path])
        XCTAssertEqual(bad.status, 65, bad.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: dir.appendingPathComponent("t/report.json").path),
            "a template error stops the run before any report is written")
    }

    func testCSVAndSQLiteGiveIdenticalNumbers() throws {
        let csv = try run(sampleArguments + ["--json", "-"], environment: ["SOURCE_DATE_EPOCH": "0"])
        var sqliteArguments = sampleArguments
        sqliteArguments[2] = "SampleData/inventory.sqlite"
        let sqlite = try run(sqliteArguments + ["--json", "-"], environment: ["SOURCE_DATE_EPOCH": "0"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        XCTAssertEqual(sqlite.status, 0, sqlite.stderr)
        let a = try XCTUnwrap(JSONParser.parse(csv.stdout).objectValue)
        let b = try XCTUnwrap(JSONParser.parse(sqlite.stdout).objectValue)
        XCTAssertEqual(a["configs"], b["configs"])
        for key in ["rowsRead", "rowsEvaluated", "rowsRejected", "devices", "rejectionsByReason"] {
            XCTAssertEqual(a["inventory"]?.objectValue?[key], b["inventory"]?.objectValue?[key], key)
        }
    }

    func testExplainPrintsTheDocumentedShape() throws {
        let result = try run([
            "explain", "--config-dir", "SampleData/configs", "--releases", "SampleData/releases.csv",
            "--device", "platform=android,os_version=13,app_version=4.36,app_build=347,model=\"Pixel, 7\"",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let items = try XCTUnwrap(JSONParser.parse(result.stdout).arrayValue)
        XCTAssertEqual(items.count, 11)
        let android = try XCTUnwrap(
            items.first { $0.objectValue?["config"] == .string("availability-android.json") }?.objectValue)
        XCTAssertEqual(
            android.keys,
            ["schema", "config", "outcome", "rule", "reason", "notices", "diagnostics", "diagnosticLocations", "meta"])
        XCTAssertEqual(android["outcome"], .string("forced"))
        XCTAssertEqual(android["rule"], .string("minimumAppVersion"))
        let ios = try XCTUnwrap(
            items.first { $0.objectValue?["config"] == .string("availability-ios.json") }?.objectValue)
        XCTAssertEqual(ios["outcome"], .string("notTargeted"))
        XCTAssertEqual(ios["rule"], .null)
    }

    func testExplainShowsPrinceOfVersionsRuleMetaAndLegacyClients() throws {
        let config = "SampleData/configs/princeofversions/fleet-rollout.json"
        let device = "platform=iOS,os_version=16.4.1,app_version=4.36,app_build=1410,region=GB-ENG"
        let v4 = try run(["explain", "--config", config, "--device", device])
        XCTAssertEqual(v4.status, 0, v4.stderr)
        let item = try XCTUnwrap(JSONParser.parse(v4.stdout).arrayValue?.first?.objectValue)
        XCTAssertEqual(item["outcome"], .string("forced"))
        XCTAssertEqual(item["rule"], .string("ios2[0]"))
        XCTAssertEqual(item["meta"]?.objectValue?["campaign"], .string("england-first"))
        XCTAssertEqual(item["meta"]?.objectValue?["owner"], .string("release-team"), "global meta is merged in")

        let legacy = try run(["explain", "--config", config, "--pov-legacy-below", "ios=5.0", "--device", device])
        let old = try XCTUnwrap(JSONParser.parse(legacy.stdout).arrayValue?.first?.objectValue)
        XCTAssertEqual(old["rule"], .string("ios.latest_version"), legacy.stdout)
        XCTAssertEqual(old["outcome"], .string("recommended"))

        let bad = try run(["explain", "--config", config, "--requirement", "region=sideways", "--device", device])
        XCTAssertEqual(bad.status, 64, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("--requirement"), bad.stderr)
    }

    func testExplainRejectsAnInvalidDevice() throws {
        let result = try run([
            "explain", "--config-dir", "SampleData/configs", "--device", "platform=android,os_version=13,app_version=1",
        ])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("app_build"), result.stderr)
        XCTAssertEqual(
            try run(["explain", "--config-dir", "SampleData/configs", "--device", "platform=ios"]).status, 64)
    }

    func testMissingInventoryFileIs65NamingIt() throws {
        let result = try run(["audit", "--inventory", "nope/missing.csv", "--config-dir", "SampleData/configs"])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("nope/missing.csv"), result.stderr)
    }

    func testMissingColumnIs65NamingItAndTheHeadersFound() throws {
        let path = TestPaths.write(
            "platform,app_version\nios,1\n", named: "inv.csv", in: TestPaths.temporaryDirectory())
        let result = try run(["audit", "--inventory", path, "--config-dir", "SampleData/configs"])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("os_version"), result.stderr)
        XCTAssertTrue(result.stderr.contains("columns found: platform, app_version"), result.stderr)
    }

    func testInvalidJSONConfigIs65WithLineAndColumn() throws {
        let dir = TestPaths.temporaryDirectory()
        let config = TestPaths.write(
            "{\n  \"minimumOSVersion\": {\n    \"value\": 13,,\n  }\n}\n", named: "broken.json", in: dir)
        let result = try run(["audit", "--inventory", "SampleData/inventory.csv", "--config", config])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("broken.json:3:17: invalid JSON"), result.stderr)
    }

    func testUnwritableOutputIs74AndLeavesNothing() throws {
        let dir = TestPaths.temporaryDirectory()
        let blocker = TestPaths.write("a file, not a folder", named: "blocker", in: dir)
        let result = try run(sampleArguments + ["--json", blocker + "/report.json"])
        XCTAssertEqual(result.status, 74, result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot write"), result.stderr)
        let readOnly = dir.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
        let file = readOnly.appendingPathComponent("report.json").path
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: true)
        XCTAssertEqual(try run(sampleArguments + ["--json", file]).status, 74, "target path is a folder")
    }

    func testSQLiteErrorsAre65() throws {
        let dir = TestPaths.temporaryDirectory()
        let fake = TestPaths.write("platform,os_version,app_version\n", named: "fake.sqlite", in: dir)
        let notDB = try run(["audit", "--inventory", fake, "--config-dir", "SampleData/configs"])
        XCTAssertEqual(notDB.status, 65)
        XCTAssertTrue(notDB.stderr.contains("not a database"), notDB.stderr)
        let noTable = try run([
            "audit", "--inventory", "SampleData/inventory.sqlite", "--table", "nope", "--config-dir",
            "SampleData/configs",
        ])
        XCTAssertEqual(noTable.status, 65)
        XCTAssertTrue(noTable.stderr.contains("tables found: devices"), noTable.stderr)
    }

    func testUsageErrorsAre64() throws {
        XCTAssertEqual(try run(["audit", "--inventory", "SampleData/inventory.csv"]).status, 64, "no configs")
        XCTAssertEqual(try run(["audit"]).status, 64)
        XCTAssertEqual(try run(sampleArguments + ["--as-of", "yesterday"]).status, 64)
        XCTAssertEqual(try run(sampleArguments + ["--format", "nope"]).status, 64)
    }

    func testInventoryIsNeverModified() throws {
        let paths = ["SampleData/inventory.csv", "SampleData/inventory.sqlite"].map {
            TestPaths.repoRoot.appendingPathComponent($0).path
        }
        let before = try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        for path in paths {
            var arguments = sampleArguments
            arguments[2] = path
            XCTAssertEqual(try run(arguments + ["--quiet"]).status, 0)
        }
        XCTAssertEqual(try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }, before)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: TestPaths.sampleData.path)
        XCTAssertFalse(
            siblings.contains { $0.hasSuffix("-journal") || $0.hasSuffix("-wal") || $0.hasSuffix("-shm") },
            "\(siblings)")
    }

    func testValidateExitsNonZeroOnErrors() throws {
        let ok = try run(["validate", "--config-dir", "SampleData/configs/nhs"])
        XCTAssertEqual(ok.status, 0, ok.stdout)
        XCTAssertTrue(ok.stdout.contains("warning: [nhs.recommendationBelowMinimum]"), ok.stdout)
        // docs/examples holds OSAM's 2.1.3 README document: 3.x clients reject it.
        let sample = try run(["validate", "--config-dir", "docs/examples/configs"])
        XCTAssertEqual(sample.status, 1, sample.stdout)
        XCTAssertTrue(
            sample.stdout.contains("version-control.README-2.1.3.json:1:1: error: [osam.rejectedByCurrentClients]"),
            sample.stdout)
        let bad = try run([
            "validate", "--config",
            "Tests/FleetAuditTests/Fixtures/nhs/system/availability-ios.2020-08-13.aef3929.json",
        ])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(
            bad.stdout.contains("availability-ios.2020-08-13.aef3929.json:1:1: error: [nhs.rejected]"), bad.stdout)
        // A diagnostic that names a path is printed at its line and column.
        XCTAssertTrue(
            sample.stdout.contains(
                "readme-ios-end-of-support.json:16:3: warning: [turkcell.android.entryDropped] updates[1]"),
            sample.stdout)
    }

    /// `--inventory -` reads CSV from standard input (a warehouse's grouped export piped in): the same numbers
    /// as the file; SQLite bytes on a stream are refused with a clear message.
    func testInventoryFromStandardInput() throws {
        let fromFile = try run(sampleArguments + ["--json", "-"], environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        var arguments = sampleArguments
        arguments[2] = "-"
        let piped = try run(
            arguments + ["--json", "-"], environment: ["SOURCE_DATE_EPOCH": "1795000000"],
            standardInput: TestPaths.sample("inventory.csv"))
        XCTAssertEqual(piped.status, 0, piped.stderr)
        let a = try XCTUnwrap(JSONParser.parse(fromFile.stdout).objectValue)
        let b = try XCTUnwrap(JSONParser.parse(piped.stdout).objectValue)
        XCTAssertEqual(b["inventory"]?.objectValue?["source"], .string("(standard input)"))
        XCTAssertEqual(JSONWriter.compact(a["configs"]!), JSONWriter.compact(b["configs"]!))
        XCTAssertEqual(a["inventory"]?.objectValue?["rejections"], b["inventory"]?.objectValue?["rejections"])
        let sqlite = try run(arguments + ["--json", "-"], standardInput: TestPaths.sample("inventory.sqlite"))
        XCTAssertEqual(sqlite.status, 65)
        XCTAssertTrue(sqlite.stderr.contains("cannot be read from a stream"), sqlite.stderr)
    }

    func testKeepGoingReportsAFailedConfig() throws {
        let result = try run(sampleArguments + ["--config", "missing.json", "--keep-going", "--json", "-"])
        XCTAssertEqual(result.status, 1, "the default notLoaded>0 gate, after the report: \(result.stderr)")
        let report = try XCTUnwrap(JSONParser.parse(result.stdout).objectValue)
        XCTAssertEqual(report["failedConfigs"]?.arrayValue?.count, 1)
        XCTAssertEqual(report["configs"]?.arrayValue?.count, 11)
        XCTAssertEqual(try run(sampleArguments + ["--config", "missing.json"]).status, 65)
    }

    func testFailOnGatesExitOneAfterWritingReports() throws {
        let dir = TestPaths.temporaryDirectory()
        let crossed = try run(
            sampleArguments + [
                "--out", dir.path, "--quiet", "--fail-on", "availability-ios.json:forced>1000",
                "--fail-on", "blocked>10%",
            ])
        XCTAssertEqual(crossed.status, 1, crossed.stderr)
        XCTAssertTrue(
            crossed.stderr.contains("gate crossed: availability-ios.json: forced = 1,317 devices"), crossed.stderr)
        XCTAssertFalse(
            crossed.stderr.contains("blocked"), "the blocked gate holds: at most 265 of 3,995 (6.6%) are blocked")
        let report = try XCTUnwrap(
            JSONParser.parse(String(contentsOf: dir.appendingPathComponent("report.json"), encoding: .utf8)).objectValue
        )
        let gates = try XCTUnwrap(report["gates"]?.arrayValue)
        XCTAssertEqual(gates.count, 1 + 11, "a config gate checks its config; a global gate checks each config")
        XCTAssertEqual(gates.filter { $0.objectValue?["crossed"] == .bool(true) }.count, 1)

        XCTAssertEqual(
            try run(sampleArguments + ["--fail-on", "forced>1317", "--quiet"]).status, 0, "strictly greater")
        XCTAssertEqual(try run(sampleArguments + ["--fail-on", "forced>1316", "--quiet"]).status, 1)
        XCTAssertEqual(try run(sampleArguments + ["--fail-on", "unsupportedOS>8.9%", "--quiet"]).status, 0)
        XCTAssertEqual(
            try run(sampleArguments + ["--fail-on", "unsupportedOS>8.8%", "--quiet"]).status, 1, "353 of 3,995 is 8.84%"
        )
    }

    func testBadGatesAreUsageErrors() throws {
        for gate in ["forced", "sideways>1", "forced>lots", "nope.json:forced>1"] {
            let result = try run(sampleArguments + ["--fail-on", gate])
            XCTAssertEqual(result.status, 64, gate)
            XCTAssertTrue(result.stderr.contains("--fail-on"), result.stderr)
        }
    }
}
