import FleetAuditTestSupport
import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues
@testable import FleetAuditXML

/// `fleet-audit whatif` as a release manager runs it: the README's sweep, its goldens, the draft it writes
/// and `plan` reading that draft, exit codes for cron and CI.
extension CommandLineTests {
    /// The README's whatif: every Android versionCode as a candidate, the highest that leaves 90% of devices
    /// unaffected with at most 1% stranded.
    static let sampleWhatIf = [
        "whatif", "--inventory", "SampleData/inventory.csv", "--releases", "SampleData/releases.csv",
        "--platform", "android", "--sweep-app", "--target-coverage", "90%", "--max-stranded", "1%",
    ]

    /// Issue 35: whatif showed bare versionCodes and nothing of the config in force. With `--from` (no draft) the
    /// published config's minimum is shown and its candidate marked live; every Android versionCode carries the
    /// names the fleet and the releases give it — checked against names read from the sample files here.
    func testWhatIfShowsTheLiveMinimumAndTheVersionNames() throws {
        let from = ["--from", "SampleData/configs/nhs/availability-android.json"]
        let result = try run(Self.sampleWhatIf + from + ["--json", "-", "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(JSONParser.parse(result.stdout).objectValue)
        let live = try XCTUnwrap(report["live"]?.objectValue)
        XCTAssertEqual(live["minimumApp"]?.arrayValue?.compactMap(\.stringValue), ["358"])
        XCTAssertEqual(live["minimumOS"]?.arrayValue?.compactMap(\.stringValue), ["23"])
        let candidates = try XCTUnwrap(report["candidates"]?.arrayValue?.compactMap(\.objectValue))
        // An app-only sweep does not count what the live config does (it also sets minimum OS 23): no row is
        // live, and the text says how to count it.
        XCTAssertEqual(candidates.filter { $0["live"] == .bool(true) }.count, 0)
        let text = try run(Self.sampleWhatIf + from)
        XCTAssertTrue(
            text.stdout.contains("(no candidate is the live minimum: add --min-os 23 to count it)"), text.stdout)
        // With the live OS minimum as the OS candidate, the live row is the one audit counts for that config.
        let both = try run(Self.sampleWhatIf + from + ["--min-os", "23", "--json", "-", "--quiet"])
        let liveRows = try XCTUnwrap(JSONParser.parse(both.stdout).objectValue?["candidates"]?.arrayValue)
            .compactMap(\.objectValue).filter { $0["live"] == .bool(true) }
        XCTAssertEqual(liveRows.compactMap { $0["minimumApp"]?.stringValue }, ["358"])
        let audit = try run([
            "audit", "--inventory", "SampleData/inventory.csv", "--releases", "SampleData/releases.csv", "--config",
            "SampleData/configs/nhs/availability-android.json", "--json", "-", "--quiet",
        ])
        let totals = try XCTUnwrap(
            JSONParser.parse(audit.stdout).objectValue?["configs"]?.arrayValue?.first?.objectValue?["totals"]?
                .objectValue)
        XCTAssertEqual(liveRows.first?["forced"], totals["forced"], "the live row forces what audit counts")

        // The names by hand: distinct app_version of the Android rows per app_build, and the releases' versions.
        var expected: [String: Set<String>] = [:]
        let inventory = try String(contentsOfFile: TestPaths.sample("inventory.csv"), encoding: .utf8)
        for line in inventory.split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if f[1] == "android", let code = Int(f[4]), !f[3].isEmpty {
                expected[String(code), default: []].insert(f[3])
            }
        }
        let releases = try String(contentsOfFile: TestPaths.sample("releases.csv"), encoding: .utf8)
        for line in releases.split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if f[0] == "android", let code = Int(f[2]) { expected[String(code), default: []].insert(f[1]) }
        }
        for c in candidates {
            let code = try XCTUnwrap(c["minimumApp"]?.stringValue)
            let names = Set(c["appVersionNames"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            let known = expected[code] ?? []
            XCTAssertTrue(
                known.count > 3 ? names.isSubset(of: known) && names.count == 3 : names == known,
                "\(code): \(names) vs \(known)")
        }
        XCTAssertTrue(candidates.contains { $0["appVersionNames"] != nil }, "some versionCode has a name")

        // A document with no single minimum cannot be compared with: said, before the inventory is read.
        let turkcell = try run(
            Self.sampleWhatIf + ["--from", "SampleData/configs/turkcell/fleet-updater.json", "--quiet"])
        XCTAssertEqual(turkcell.status, 65, turkcell.stderr)
        XCTAssertTrue(turkcell.stderr.contains("no single minimum version to compare with"), turkcell.stderr)
    }

    func testSampleWhatIfWritesReportsAndADraftThatPlans() throws {
        let dir = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let draft = dir.appendingPathComponent("availability-android.json").path
        let result = try run(
            Self.sampleWhatIf + [
                "--out", dir.path, "--junit", dir.appendingPathComponent("bounds.xml").path,
                "--emit", "nhs-availability", "--from", "SampleData/configs/nhs/availability-android.json",
                "--draft", draft, "--allow-lowering",
            ], environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        XCTAssertTrue(
            rows.contains(["312", "(4.29)", "1,633", "63", "7", "1", "0", "4.17%", "←", "chosen"]), result.stdout)
        XCTAssertTrue(
            result.stdout.hasSuffix(
                "highest within --target-coverage 90%, --max-stranded 1%: minimum app 312 — 71 of 1,704 devices affected (4.17%), 8 stranded (0.47%)\n"
            ), result.stdout)
        XCTAssertTrue(
            result.stderr.contains(
                "wrote \(draft): SampleData/configs/nhs/availability-android.json with minimum app 312; next: fleet-audit plan"
            ), result.stderr)
        for name in ["whatif.json", "whatif.xml", "whatif.html"] {
            try GoldenFile.check(
                try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8), against: "sample-" + name)
        }
        let xml = try String(contentsOf: dir.appendingPathComponent("whatif.xml"), encoding: .utf8)
        let schema = try String(
            contentsOf: TestPaths.repoRoot.appendingPathComponent("Templates/\(WhatIfXMLReport.schemaFile)"),
            encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: schema), [])
        let junit = try String(contentsOf: dir.appendingPathComponent("bounds.xml"), encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: junit, schema: JUnitReportTests.schema), [])
        XCTAssertTrue(
            junit.contains("failures=\"0\"") && junit.contains("name=\"--target-coverage 90%, --max-stranded 1%\""),
            junit)

        // The JSON's candidates are those the terminal showed, and the choice is among them.
        let json = try XCTUnwrap(
            JSONParser.parse(String(contentsOf: dir.appendingPathComponent("whatif.json"), encoding: .utf8)).objectValue
        )
        XCTAssertEqual(json["schema"], .string("fleet-audit-whatif/1"))
        let candidates = try XCTUnwrap(json["candidates"]?.arrayValue)
        XCTAssertEqual(
            candidates.map { $0.objectValue?["minimumApp"]?.stringValue }, ["111", "312", "347", "352", "358", "362"])
        XCTAssertEqual(json["choice"], candidates[1])

        // choose → draft → plan: the draft has the minimum, and plan reads it.
        let plan = try run([
            "plan", "--inventory", "SampleData/inventory.csv", "--releases", "SampleData/releases.csv",
            "--published", "SampleData/configs/nhs/availability-android.json", "--draft", draft, "--detailed-exitcode",
        ])
        XCTAssertEqual(plan.status, 2, plan.stderr)
        XCTAssertTrue(plan.stdout.hasPrefix("availability-android.json: 577 forced→upToDate"), plan.stdout)
        let validate = try run(["validate", "--config", draft])
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
    }

    func testWhatIfExitCodes() throws {
        let dir = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let draft = dir.appendingPathComponent("d.json").path
        // No candidate within the bounds: 1, reports written, no draft.
        let none = try run([
            "whatif", "--inventory", "SampleData/inventory.csv", "--releases", "SampleData/releases.csv",
            "--platform", "android", "--min-app", "358", "--min-app", "362", "--target-coverage", "90%",
            "--json", dir.appendingPathComponent("w.json").path, "--junit", dir.appendingPathComponent("j.xml").path,
            "--emit", "nhs-availability", "--from", "SampleData/configs/nhs/availability-android.json", "--draft",
            draft,
        ])
        XCTAssertEqual(none.status, 1, none.stderr)
        XCTAssertTrue(none.stderr.contains("no candidate keeps within --target-coverage 90%"), none.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("w.json").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: draft), "no draft for a run that chose nothing")
        let junit = try String(contentsOf: dir.appendingPathComponent("j.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("failures=\"1\""), junit)

        for (arguments, status, message) in [
            (["--sweep-app", "--emit", "osam", "--from", "x.json", "--draft", draft], 64, "--emit writes one minimum"),
            (["--min-app", "358", "--sweep-app"], 64, "give --min-app or --sweep-app, not both"),
            (
                ["--min-app", "358", "--target-coverage", "120%"], 64,
                "--target-coverage 120%: a percentage from 0 to 100"
            ),
            (
                ["--min-app", "358", "--max-stranded", "lots"], 64,
                "--max-stranded lots: a device count (25) or a percentage"
            ),
            (["--min-app", "358", "--emit", "osam"], 64, "--emit FORMAT, --from CONFIG and --draft FILE go together"),
            (["--min-app", "3.5.8"], 64, "--min-app 3.5.8: not a versionCode a android client can read (an integer)"),
            ([], 64, "give candidates"),
            (
                [
                    "--min-app", "358", "--emit", "turkcell-updater", "--from",
                    "SampleData/configs/turkcell/fleet-updater.json", "--draft", draft,
                ],
                65, "Turkcell Updater documents have no single minimum version"
            ),
        ] as [([String], Int32, String)] {
            let r = try run(
                ["whatif", "--inventory", "SampleData/inventory.csv", "--platform", "android", "--quiet"] + arguments)
            XCTAssertEqual(r.status, status, "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
        let missing = try run([
            "whatif", "--inventory", "SampleData/inventory.csv", "--platform", "windows", "--sweep-app",
        ])
        XCTAssertEqual(missing.status, 65)
        XCTAssertTrue(
            missing.stderr.contains("no windows device; platforms found: android, ios, macos"), missing.stderr)
    }

    /// Issue 38: the sample appcast's critical version swept; the reports carry who counted and the recommended
    /// devices (XML schema 1.2), the draft changes that one value and `plan` reads it; what does not apply is a
    /// usage error.
    func testWhatIfOnAnAppcastCountsWithSparkleAndWritesADraft() throws {
        let dir = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let draft = dir.appendingPathComponent("appcast.xml").path
        let feed = "SampleData/configs/sparkle/appcast.xml"
        let base = ["whatif", "--inventory", "SampleData/inventory.csv", "--platform", "macos", "--from", feed]
        let result = try run(
            base + [
                "--sweep-app", "--max-stranded", "20", "--target-coverage", "50%", "--out", dir.path, "--emit",
                "sparkle-appcast", "--draft", draft,
            ], environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("min app  upToDate  recommended  forced"), result.stdout)
        XCTAssertTrue(result.stdout.contains("← live"), result.stdout)
        let json = try XCTUnwrap(
            JSONParser.parse(String(contentsOf: dir.appendingPathComponent("whatif.json"), encoding: .utf8)).objectValue
        )
        XCTAssertEqual(json["countedBy"], .string("sparkle-appcast"))
        let choice = try XCTUnwrap(json["choice"]?.objectValue)
        let chosen = try XCTUnwrap(choice["minimumApp"]?.stringValue)
        XCTAssertNotNil(choice["recommended"]?.numberValue)
        let xml = try String(contentsOf: dir.appendingPathComponent("whatif.xml"), encoding: .utf8)
        let schema = try String(
            contentsOf: TestPaths.repoRoot.appendingPathComponent("Templates/\(WhatIfXMLReport.schemaFile)"),
            encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: schema), [])
        XCTAssertTrue(xml.contains("countedBy=\"sparkle-appcast\"") && xml.contains("appCompares=\"build\""), xml)
        let html = try String(contentsOf: dir.appendingPathComponent("whatif.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<th class=\"num\">recommended</th>"), html)
        // The draft is the feed with the critical version changed, and plan reads it.
        let published = try String(
            contentsOfFile: TestPaths.repoRoot.appendingPathComponent(feed).path, encoding: .utf8)
        let written = try String(contentsOfFile: draft, encoding: .utf8)
        XCTAssertEqual(
            written,
            published.replacingOccurrences(
                of: "<sparkle:criticalUpdate sparkle:version=\"1200\"/>",
                with: "<sparkle:criticalUpdate sparkle:version=\"\(chosen)\"/>"))
        let plan = try run(
            ["plan", "--inventory", "SampleData/inventory.csv", "--published", feed, "--draft", draft, "--json", "-"],
            environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        XCTAssertEqual(plan.status, 0, plan.stderr)
        // The Macs the draft forces, summed over what they were before: the chosen candidate's forced.
        let matrix = try XCTUnwrap(
            JSONParser.parse(plan.stdout).objectValue?["pairs"]?.arrayValue?.first?.objectValue?["byPlatform"]?
                .objectValue?["macos"]?.objectValue)
        let forced = matrix.pairs.map(\.value).compactMap { $0.objectValue?["forced"]?.numberValue?.literal }.compactMap
        { Int64($0) }
        XCTAssertEqual(
            forced.reduce(0, +), Int64(try XCTUnwrap(choice["forced"]?.numberValue?.literal)) ?? -1, plan.stdout)
        XCTAssertGreaterThan(forced.reduce(0, +), 57, "above the live 1200, more Macs are forced")

        for (arguments, message) in [
            (["--min-os", "13.0"], "minimum OS is per item and is not swept"),
            (["--min-app", "1500", "--releases", "SampleData/releases.csv"], "items are its releases"),
            (["--min-app", "1500", "--sparkle-check", "sometimes"], "sometimes"),
        ] {
            let r = try run(base + arguments + ["--quiet"])
            XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
    }
}
