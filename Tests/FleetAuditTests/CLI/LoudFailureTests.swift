import FleetAuditTestSupport
import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Mistakes that used to end with exit 0 and no word (issue 17): each test fails on the code before it.
final class LoudFailureTests: XCTestCase {
    private let sample = [
        "audit", "--inventory", "SampleData/inventory.csv", "--config-dir", "SampleData/configs",
        "--releases", "SampleData/releases.csv",
    ]

    private func run(_ arguments: [String]) throws -> CommandLineTests.Result { try CommandLineTests.run(arguments) }

    /// The nightly example of docs/cron-and-ci.md with the config at a URL (served on 127.0.0.1): the documented gate
    /// names the config by its file name, so it runs as written and crosses (1,317 forced > 1,000).
    func testTheREADMEsNightlyGateWorksForAURLConfig() throws {
        let document = try String(
            contentsOfFile: TestPaths.sample("configs/nhs/availability-ios.json"), encoding: .utf8)
        let server = try LocalHTTPServer(routes: [
            "/availability-ios.json": .respond(status: 200, contentType: "application/json", body: Array(document.utf8))
        ])
        defer { server.stop() }
        let out = TestPaths.temporaryDirectory()
        let result = try run([
            "audit", "--inventory", "SampleData/inventory.csv", "--config", server.url("/availability-ios.json"),
            "--releases", "SampleData/releases.csv", "--out", out.path, "--quiet",
            "--fail-on", "availability-ios.json:forced>1000", "--fail-on", "blocked>0.5%",
        ])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("gate crossed: availability-ios.json: forced = 1,317 devices"), result.stderr)
    }

    /// `--keep-going --quiet` and the only config fails: not exit 0 with `configs: []`, but 65, said on stderr
    /// and in the report's status.
    func testARunThatLoadsNoConfigFails() throws {
        let out = TestPaths.temporaryDirectory()
        let result = try run([
            "audit", "--inventory", "SampleData/inventory.csv", "--config", "missing.json", "--keep-going",
            "--quiet", "--fail-on", "forced>10", "--out", out.path,
        ])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("no config was loaded"), result.stderr)
        let report = try XCTUnwrap(
            JSONParser.parse(String(contentsOf: out.appendingPathComponent("report.json"), encoding: .utf8)).objectValue
        )
        XCTAssertEqual(report["status"]?.objectValue?["state"], .string("failed"))
        XCTAssertEqual(report["status"]?.objectValue?["exitCode"], .int(65))
    }

    /// A header-only inventory, or one whose every row is rejected: 65 unless `--allow-empty`.
    func testARunThatEvaluatesNoDeviceFailsUnlessAllowed() throws {
        let dir = TestPaths.temporaryDirectory()
        let header = TestPaths.write("platform,os_version,app_version\n", named: "header.csv", in: dir)
        let rejected = TestPaths.write(
            "platform,os_version,app_version\nios,,1.0\nandroid,11,\n", named: "rejected.csv", in: dir)
        let config = TestPaths.sample("configs/nhs/availability-ios.json")
        for inventory in [header, rejected] {
            let result = try run([
                "audit", "--inventory", inventory, "--config", config, "--quiet", "--fail-on", "forced>0",
            ])
            XCTAssertEqual(result.status, 65, "\(inventory): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("no device was evaluated"), result.stderr)
            XCTAssertEqual(
                try run(["audit", "--inventory", inventory, "--config", config, "--quiet", "--allow-empty"]).status, 0)
        }
    }

    /// A run that fails after an earlier success replaces the reports in `--out`: what cron publishes says
    /// the run failed, why, and with which exit code — never the earlier numbers.
    func testAFailedRunReplacesEarlierReports() throws {
        let out = TestPaths.temporaryDirectory()
        XCTAssertEqual(try run(sample + ["--out", out.path, "--quiet"]).status, 0)
        let failed = try run([
            "audit", "--inventory", "no-such-inventory.csv", "--config-dir", "SampleData/configs",
            "--out", out.path, "--quiet",
        ])
        XCTAssertEqual(failed.status, 65, failed.stderr)
        let report = try XCTUnwrap(
            JSONParser.parse(String(contentsOf: out.appendingPathComponent("report.json"), encoding: .utf8)).objectValue
        )
        XCTAssertEqual(report["status"]?.objectValue?["state"], .string("failed"))
        XCTAssertEqual(report["status"]?.objectValue?["exitCode"], .int(65))
        XCTAssertTrue(report["status"]?.objectValue?["message"]?.stringValue?.contains("no-such-inventory.csv") == true)
        XCTAssertEqual(report["configs"]?.arrayValue?.count, 0, "no earlier numbers survive")
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("This run failed (exit code 65)"))
        let xml = try String(contentsOf: out.appendingPathComponent("report.xml"), encoding: .utf8)
        let schema = try String(
            contentsOf: TestPaths.repoRoot.appendingPathComponent("Templates/\(XMLReport.schemaFile)"), encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: xml, schema: schema), [])
        XCTAssertTrue(xml.contains(#"<status state="failed" exitCode="65">"#), xml)
    }

    /// Error-severity diagnostics reach stderr with `--quiet`, and fail the run by default (issue 35 #6): exit 1
    /// after the reports, through the default `error` gate; `--allow-errors` opts out, and a diagnostics gate the
    /// user gives replaces the default one. A config not loaded under `--keep-going` fails it the same way.
    func testErrorDiagnosticsFailTheRunByDefault() throws {
        let dir = TestPaths.temporaryDirectory()
        // An NHS document missing a required field: the app rejects it whole (error nhs.rejected).
        let document = try XCTUnwrap(
            JSONParser.parse(
                String(contentsOfFile: TestPaths.sample("configs/nhs/availability-ios.json"), encoding: .utf8)
            ).objectValue)
        let config = TestPaths.write(
            JSONWriter.write(.object(JSONObject(document.pairs.filter { $0.key != "minimumOSVersion" }))),
            named: "availability-ios.json", in: dir)
        let out = dir.appendingPathComponent("reports").path
        let audit = ["audit", "--inventory", "SampleData/inventory.csv", "--config", config, "--quiet"]
        let quiet = try run(audit + ["--out", out])
        XCTAssertEqual(quiet.status, 1, quiet.stderr)
        XCTAssertTrue(
            quiet.stderr.contains("availability-ios.json:1:1: error: [nhs.rejected]"),
            "--quiet still prints errors: \(quiet.stderr)")
        XCTAssertTrue(
            quiet.stderr.contains(
                "gate crossed: availability-ios.json: error = 1 diagnostic, gate error crossed (checked by default: --allow-errors"
            ), quiet.stderr)
        // The reports are written, and say why the run failed.
        let json = try String(contentsOfFile: out + "/report.json", encoding: .utf8)
        XCTAssertTrue(json.contains(#""state": "gateCrossed""#), json)
        XCTAssertTrue(json.contains("checked by default"), json)

        let allowed = try run(audit + ["--allow-errors"])
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertTrue(allowed.stderr.contains("error: [nhs.rejected]"), "still said: \(allowed.stderr)")
        XCTAssertFalse(allowed.stderr.contains("gate crossed"), allowed.stderr)
        // The user's own threshold replaces the default gate.
        XCTAssertEqual(try run(audit + ["--fail-on", "error>1"]).status, 0)
        let gated = try run(audit + ["--fail-on", "error"])
        XCTAssertEqual(gated.status, 1, gated.stderr)
        XCTAssertTrue(gated.stderr.contains("gate crossed: availability-ios.json: error = 1 diagnostic"), gated.stderr)
        XCTAssertFalse(gated.stderr.contains("checked by default"), "one gate, the user's: \(gated.stderr)")

        // A config that fails to load: the default gates cross (notLoaded>0, and its run-level error).
        let keepGoing = sample + ["--config", "missing.json", "--keep-going", "--quiet"]
        let failedLoad = try run(keepGoing)
        XCTAssertEqual(failedLoad.status, 1, failedLoad.stderr)
        XCTAssertTrue(failedLoad.stderr.contains("gate crossed: (run): notLoaded = 1 config"), failedLoad.stderr)
        XCTAssertTrue(
            failedLoad.stderr.contains("missing.json: error: [config.unavailable]"),
            "--quiet still prints errors: \(failedLoad.stderr)")
        XCTAssertEqual(try run(keepGoing + ["--allow-errors"]).status, 0)
        XCTAssertEqual(try run(keepGoing + ["--allow-errors", "--fail-on", "notLoaded>0"]).status, 1)
    }

    /// `rejected>P%` gates on the share of rows rejected (5 of the sample's 4,000 rows: 0.125%).
    func testRejectedRowsGate() throws {
        XCTAssertEqual(try run(sample + ["--quiet", "--fail-on", "rejected>0.2%"]).status, 0)
        let crossed = try run(sample + ["--quiet", "--fail-on", "rejected>0.1%"])
        XCTAssertEqual(crossed.status, 1, crossed.stderr)
        XCTAssertTrue(crossed.stderr.contains("rejected = 5 rows (0.13%)"), crossed.stderr)
        XCTAssertEqual(try run(sample + ["--quiet", "--fail-on", "rejected>4"]).status, 1)
        // Diagnostics gates by severity: availability-ios.json has one warning and no error.
        XCTAssertEqual(try run(sample + ["--quiet", "--fail-on", "availability-ios.json:warning"]).status, 1)
        XCTAssertEqual(try run(sample + ["--quiet", "--fail-on", "availability-ios.json:warning>1"]).status, 0)
        XCTAssertEqual(try run(sample + ["--quiet", "--fail-on", "availability-ios.json:error"]).status, 0)
        let badScope = try run(sample + ["--quiet", "--fail-on", "x.json:rejected>0"])
        XCTAssertEqual(badScope.status, 64)
        XCTAssertTrue(badScope.stderr.contains("takes no config id"), badScope.stderr)
    }

    /// A gate the parser cannot read shows a quoted example, so the fix does not recreate the mistake.
    func testAGateErrorShowsAQuotedExample() throws {
        let result = try run(sample + ["--fail-on", "blocked"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("--fail-on 'blocked>0.5%'"), result.stderr)
    }

    /// `audti` and `help foo` are usage errors with a suggestion, not the top-level help and exit 0.
    func testUnknownCommandsAreUsageErrorsWithASuggestion() throws {
        let typo = try run(["audti", "--inventory", "x.csv"])
        XCTAssertEqual(typo.status, 64)
        XCTAssertTrue(typo.stderr.contains("unknown command 'audti'; did you mean 'audit'?"), typo.stderr)
        let help = try run(["help", "foo"])
        XCTAssertEqual(help.status, 64)
        XCTAssertTrue(help.stderr.contains("unknown command 'foo'."), help.stderr)
        XCTAssertEqual(try run(["help", "plan"]).status, 0)
        XCTAssertEqual(
            NearMiss.closest(to: "required_versoin", among: ["required_version", "requirements"]), "required_version")
        XCTAssertNil(NearMiss.closest(to: "colour", among: ["audit", "plan"]))
    }

    /// A `;`-separated file read with commas: the error says which delimiter it looks like, and the name works.
    func testASemicolonHeaderSuggestsTheDelimiter() throws {
        let dir = TestPaths.temporaryDirectory()
        let csv = try String(contentsOfFile: TestPaths.sample("inventory.csv"), encoding: .utf8)
        let semicolons = TestPaths.write(csv.replacingOccurrences(of: ",", with: ";"), named: "semi.csv", in: dir)
        let config = TestPaths.sample("configs/nhs/availability-ios.json")
        let wrong = try run(["audit", "--inventory", semicolons, "--config", config, "--quiet"])
        XCTAssertEqual(wrong.status, 65)
        XCTAssertTrue(wrong.stderr.contains("is the file semicolon-separated? add --delimiter semicolon"), wrong.stderr)
        // With a --column given, the mapping fails first: the hint comes with it (it used to vanish).
        let mapped = try run([
            "audit", "--inventory", semicolons, "--config", config, "--quiet", "--column", "platform=platform",
        ])
        XCTAssertEqual(mapped.status, 65)
        XCTAssertTrue(mapped.stderr.contains("no header named platform"), mapped.stderr)
        XCTAssertTrue(mapped.stderr.contains("add --delimiter semicolon"), mapped.stderr)
        XCTAssertEqual(
            try run(["audit", "--inventory", semicolons, "--config", config, "--quiet", "--delimiter", "semicolon"])
                .status, 0)
    }

    /// `validate FILE… DIR…` takes bare paths, as linters do.
    func testValidateTakesBarePaths() throws {
        let result = try run([
            "validate", "SampleData/configs/nhs/availability-ios.json", "SampleData/configs/osam",
            "docs/examples/configs/osam",
        ])
        XCTAssertEqual(result.status, 1, "an OSAM README document is an error for 3.x clients: \(result.stderr)")
        XCTAssertTrue(result.stdout.contains("SampleData/configs/nhs/availability-ios.json"), result.stdout)
        XCTAssertTrue(result.stdout.contains("SampleData/configs/osam/ios-rating.json: ok (osam)"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("docs/examples/configs/osam/version-control.README-2.1.3.json:1:1: error:"),
            result.stdout)
    }

    /// `Andriod` rows are notTargeted by every config: a warning with their count and the fix; `iPhone OS`
    /// (what UIDevice reported before iOS 10) reads as ios.
    func testAMisspeltPlatformIsReportedWithItsDevices() throws {
        let dir = TestPaths.temporaryDirectory()
        let inventory = TestPaths.write(
            "platform,os_version,app_version,app_build\nAndriod,13,5.0,358\nAndriod,12,5.0,358\niPhone OS,16.4,4.36,1410\n",
            named: "inventory.csv", in: dir)
        let result = try run([
            "audit", "--inventory", inventory, "--config", TestPaths.sample("configs/nhs/availability-ios.json"),
            "--json", "-",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(JSONParser.parse(result.stdout).objectValue)
        let messages = report["diagnostics"]?.arrayValue?.compactMap { $0.objectValue?["message"]?.stringValue } ?? []
        XCTAssertTrue(
            messages.contains {
                $0.contains("platform \"andriod\" (2 devices)") && $0.contains("did you mean android?")
            }, "\(messages)")
        let totals = try XCTUnwrap(report["configs"]?.arrayValue?.first?.objectValue?["totals"]?.objectValue)
        XCTAssertEqual(totals["notTargeted"], .int(2), "the two Andriod rows; the iPhone OS row is an iOS device")
    }

    /// A device of a package the releases file never mentions is blocked, and says why: the file has no
    /// release of that package — not that no published release reaches it.
    func testABlockedDeviceOfAnUnknownPackageSaysSo() throws {
        let result = try run([
            "explain", "--config", "SampleData/configs/nhs/availability-ios.json", "--releases",
            "SampleData/releases.csv",
            "--device", "platform=ios,os_version=16.4,app_version=4.29,package_name=com.other",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains("the releases file has no ios release of package com.other at all"), result.stdout)
        let audit = try run(sample)
        XCTAssertTrue(
            audit.stdout.contains(
                "[releases.noReleaseForPackage] SampleData/releases.csv has no ios release of uk.nhs.covid19.beta (110 devices)"
            ),
            audit.stdout)
        let known = try run([
            "explain", "--config", "SampleData/configs/nhs/availability-ios.json", "--releases",
            "SampleData/releases.csv",
            "--device", "platform=ios,os_version=16.4,app_version=4.29,package_name=uk.nhs.covid19.production",
        ])
        XCTAssertFalse(known.stdout.contains("at all"), known.stdout)
    }

    /// `"required_version": 5.1` unquoted: said once, with the device count and the fix (quote it).
    func testANumberWhereAVersionStringBelongsIsSaidOnceWithTheFix() throws {
        let dir = TestPaths.temporaryDirectory()
        let config = TestPaths.write(
            #"{"ios2": [{"required_version": 5.1}], "android2": [{"required_version": 352}]}"#, named: "num.json",
            in: dir)
        let result = try run(["audit", "--inventory", "SampleData/inventory.csv", "--config", config])
        let lines = (result.stdout + result.stderr).split(separator: "\n").filter {
            $0.contains("required_version 5.1")
        }
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(
            lines.first?.contains(#"is a number, not a version string (quote it: "5.1")"#) == true, "\(lines)")
        XCTAssertTrue(lines.first?.contains("devices)") == true, "with the devices it decided: \(lines)")
    }

    /// The libraries' README examples (docs/examples/configs) are for packages no sample device has: audited
    /// with the sample they decide nothing, and each says so, naming its package and the packages the inventory
    /// has. The sample's own configs all decide devices.
    func testConfigsForAPackageNoDeviceHasAreReported() throws {
        let alone = try run(sample + ["--json", "-"])
        let own = try XCTUnwrap(JSONParser.parse(alone.stdout).objectValue)
        XCTAssertFalse(
            own["diagnostics"]?.arrayValue?.contains { $0.objectValue?["code"] == .string("inventory.packageNotFound") }
                ?? true, "every sample config decides devices")
        let result = try run(sample + ["--config-dir", "docs/examples/configs", "--json", "-"])
        let report = try XCTUnwrap(JSONParser.parse(result.stdout).objectValue)
        let unmatched =
            report["diagnostics"]?.arrayValue?.compactMap { $0.objectValue }
            .filter { $0["code"] == .string("inventory.packageNotFound") }.compactMap { $0["message"]?.stringValue }
            ?? []
        XCTAssertEqual(unmatched.count, 7, "\(unmatched)")
        XCTAssertTrue(unmatched.allSatisfy { $0.contains("uk.nhs.covid19.production (3,759)") }, "\(unmatched)")
        let ids = [
            "rating.README-3.0.1.json", "version-control.README-2.1.3.json", "version-control.README-3.0.1.json",
            "readme-android-end-of-support.json", "readme-android-whats-new-message.json",
            "readme-ios-end-of-support.json",
            "readme-ios-force-update.json",
        ]
        for id in ids { XCTAssertTrue(unmatched.contains { $0.hasPrefix(id + " is for package") }, id) }
    }

    /// Issue 35 #5: a Turkcell Android updater written with the iOS bundle id (every entry filters `deviceOsName`
    /// android) left the iOS devices upToDate and decided no Android device, with no word. Now a warning names
    /// the platforms on each side and the Android package meant; with the Android package, nothing is said.
    func testAnAndroidUpdaterWrittenWithTheIOSBundleIdIsSaid() throws {
        let dir = TestPaths.temporaryDirectory()
        var rows = ["platform,os_version,app_version,app_build,package_name,count"]
        rows.append("ios,17.2,4.9,,com.acme.Shop,4214")
        rows.append("android,14,4.9,4900,com.acme.shop,5329")
        let inventory = TestPaths.write(rows.joined(separator: "\n") + "\n", named: "fleet.csv", in: dir)
        func updater(_ package: String) -> String {
            TestPaths.write(
                """
                {"packageName": "\(package)", "updates": [
                  {"filters": {"deviceOsName": "android", "appVersionCode": "<5000"},
                   "descriptions": {"*": {"message": "Update"}}, "targetVersionCode": 5000,
                   "targetGooglePlay": true, "forceUpdate": true}]}
                """, named: "shop-\(package).json", in: dir)
        }
        func warnings(_ config: String) throws -> (forced: Int64?, messages: [String]) {
            let result = try run(["audit", "--inventory", inventory, "--config", config, "--json", "-", "--quiet"])
            let report = try XCTUnwrap(JSONParser.parse(result.stdout).objectValue, result.stderr)
            let messages =
                report["diagnostics"]?.arrayValue?.compactMap { $0.objectValue }
                .filter { $0["code"] == .string("inventory.packageOnOtherPlatform") }
                .compactMap { $0["message"]?.stringValue } ?? []
            let totals = report["configs"]?.arrayValue?.first?.objectValue?["totals"]?.objectValue
            return (totals?["forced"]?.numberValue?.integralValue, messages)
        }
        let wrong = try warnings(updater("com.acme.Shop"))
        XCTAssertEqual(wrong.forced, 0)
        XCTAssertEqual(wrong.messages.count, 1, "\(wrong.messages)")
        let message = try XCTUnwrap(wrong.messages.first)
        XCTAssertTrue(message.contains("whose devices are on ios (4,214)"), message)
        XCTAssertTrue(message.contains("its rules decide only android devices"), message)
        XCTAssertTrue(message.contains("did you mean com.acme.shop?"), message)
        let right = try warnings(updater("com.acme.shop"))
        XCTAssertEqual(right.forced, 5329)
        XCTAssertEqual(right.messages, [])
    }

    /// Issue 35 #4: an export with no package column, audited with per-package configs and releases, applied every
    /// config to every device with exit 0 (the sample's android-force-352.json forced 642 instead of 597). With
    /// several packages named it is now an error (the run fails by default); with one, a warning.
    func testAnInventoryWithoutPackagesIsLoudWhenConfigsNamePackages() throws {
        let dir = TestPaths.temporaryDirectory()
        let sampleRows = try String(contentsOfFile: TestPaths.sample("inventory.csv"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false)[1...4] }
        let inventory = TestPaths.write(
            sampleRows.map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n", named: "no-package.csv",
            in: dir)
        // The sample's configs and releases name one package; a beta build's updater names a second.
        let beta = TestPaths.write(
            #"{"packageName": "uk.nhs.covid19.beta", "updates": [{"targetVersionCode": 400, "forceUpdate": true}]}"#,
            named: "beta-updater.json", in: dir)
        let mixed = try run([
            "audit", "--inventory", inventory, "--config-dir", "SampleData/configs", "--config", beta, "--releases",
            "SampleData/releases.csv", "--quiet",
        ])
        XCTAssertEqual(mixed.status, 1, mixed.stderr)
        XCTAssertTrue(
            mixed.stderr.contains("error: [inventory.noPackage] no device of the inventory has a package"), mixed.stderr
        )
        XCTAssertTrue(mixed.stderr.contains("so the numbers mix apps"), mixed.stderr)
        XCTAssertTrue(mixed.stderr.contains("--column package_name=HEADER"), mixed.stderr)

        let oneApp = try run([
            "audit", "--inventory", inventory, "--config", "SampleData/configs/turkcell/fleet-updater.json", "--json",
            "-",
        ])
        XCTAssertEqual(oneApp.status, 0, oneApp.stderr)
        XCTAssertTrue(oneApp.stdout.contains(#""code": "inventory.noPackageOneNamed""#), oneApp.stdout)
        // With the package column, neither is said.
        let withPackages = try run(sample + ["--json", "-", "--quiet"])
        XCTAssertFalse(withPackages.stdout.contains("inventory.noPackage"))
    }

    /// Issue 35 ("also missing"): PrinceOfVersions and NHS documents apply to every package, so the sample's beta
    /// and internal builds land in `blocked`. `--package` audits one app's devices (the others counted and said);
    /// a package no device has is exit 65 naming those found. Devices by package counted here from the CSV.
    func testPackageKeepsOneAppsDevicesAndSaysWhatItLeftOut() throws {
        var byPackage: [String: Int64] = [:]
        let csv = try String(contentsOfFile: TestPaths.sample("inventory.csv"), encoding: .utf8)
        for line in csv.split(separator: "\n").dropFirst() {
            byPackage[String(line.split(separator: ",", omittingEmptySubsequences: false)[5]), default: 0] += 1
        }
        let production = "uk.nhs.covid19.production"
        let result = try run(sample + ["--package", production, "--json", "-", "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(JSONParser.parse(result.stdout).objectValue)
        let devices = try XCTUnwrap(report["inventory"]?.objectValue?["devices"]?.numberValue?.integralValue)
        // The sample's 5 rejected rows are all of this package or none: the audited devices are at most its rows.
        XCTAssertLessThanOrEqual(devices, byPackage[production]!)
        XCTAssertGreaterThan(devices, byPackage[production]! - 5)
        for config in report["configs"]?.arrayValue?.compactMap(\.objectValue) ?? [] {
            let totals = config["totals"]?.objectValue?.pairs.compactMap { $0.value.numberValue?.integralValue } ?? []
            XCTAssertEqual(totals.reduce(0, +), devices, "\(config["id"]!): every audited device, once")
        }
        let said =
            report["diagnostics"]?.arrayValue?.compactMap(\.objectValue)
            .first { $0["code"] == .string("inventory.packageFilter") }?["message"]?.stringValue ?? ""
        // Every evaluated device is audited or said to be left out: the accounting closes on the whole run's devices.
        let whole = try XCTUnwrap(
            JSONParser.parse(try run(sample + ["--json", "-", "--quiet"]).stdout).objectValue?["inventory"]?
                .objectValue?["devices"]?.numberValue?.integralValue)
        XCTAssertTrue(said.contains("\((whole - devices).groupedDigits) devices of other packages left out"), said)
        for name in byPackage.keys where name != production { XCTAssertTrue(said.contains(name + " "), said) }

        let unknown = try run(sample + ["--package", "uk.nhs.covid19.prod", "--quiet"])
        XCTAssertEqual(unknown.status, 65, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("packages found: uk.nhs.covid19.beta ("), unknown.stderr)

        // plan reads the inventory the same way.
        let plan = try run([
            "plan", "--inventory", "SampleData/inventory.csv", "--releases", "SampleData/releases.csv", "--published",
            "SampleData/configs/nhs/availability-android.json", "--draft",
            "SampleData/drafts/nhs/availability-android.json",
            "--package", production, "--json", "-", "--quiet",
        ])
        XCTAssertEqual(plan.status, 0, plan.stderr)
        let planned = try XCTUnwrap(JSONParser.parse(plan.stdout).objectValue?["inventory"]?.objectValue)
        XCTAssertEqual(planned["devices"]?.numberValue?.integralValue, devices, "plan audits the same devices")
        XCTAssertEqual(planned["packages"]?.arrayValue?.compactMap(\.stringValue), [production])
    }

    /// `explain` on an inventory device: by its line (rowid in SQLite) or its device_id, the same answer as
    /// typing its columns; a row that does not exist is a usage error naming the range.
    func testExplainTakesADeviceFromTheInventory() throws {
        let base = [
            "explain", "--config-dir", "SampleData/configs", "--releases", "SampleData/releases.csv", "--as-of",
            "2026-11-18",
        ]
        let typed = try run(
            base + [
                "--device",
                "device_id=dev-00001,platform=android,os_version=11,app_version=5.0,app_build=358,"
                    + "package_name=uk.nhs.covid19.production,model=Redmi Note 9 Pro,region=GB-ENG,language=en-GB,is_tablet=false,"
                    + "last_notified_version=362,app_opens=31,minutes_since_rating=30",
            ])
        XCTAssertEqual(typed.status, 0, typed.stderr)
        let byLine = try run(base + ["--inventory", "SampleData/inventory.csv", "--row", "2"])
        let byID = try run(base + ["--inventory", "SampleData/inventory.csv", "--device-id", "dev-00001"])
        let byRowid = try run(base + ["--inventory", "SampleData/inventory.sqlite", "--row", "1"])
        XCTAssertEqual(byLine.stdout, typed.stdout, byLine.stderr)
        XCTAssertEqual(byID.stdout, typed.stdout, byID.stderr)
        XCTAssertEqual(byRowid.stdout, typed.stdout, byRowid.stderr)
        let missing = try run(base + ["--inventory", "SampleData/inventory.csv", "--row", "99999"])
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.stderr.contains("no such line"), missing.stderr)
        XCTAssertEqual(
            try run(base + ["--inventory", "SampleData/inventory.csv"]).status, 64, "--row or --device-id is needed")
    }

    /// A requirement the inventory has no column for (`bluetooth` in the PoV library example, and a `regoin`
    /// typo mapped nowhere): every device reads it as absent, and the run says so, with near misses.
    func testARequirementNoColumnProvidesIsReported() throws {
        let dir = TestPaths.temporaryDirectory()
        let config = TestPaths.write(
            #"{"ios2": [{"required_version": "9.0", "requirements": {"regoin": "GB-ENG"}}]}"#,
            named: "typo-requirement.json", in: dir)
        let result = try run([
            "audit", "--inventory", "SampleData/inventory.csv", "--config", config,
            "--config", "SampleData/configs/princeofversions/library-example-ios-macos.json", "--json", "-",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(JSONParser.parse(result.stdout).objectValue)
        let messages =
            report["diagnostics"]?.arrayValue?.compactMap { $0.objectValue }
            .filter { $0["code"] == .string("inventory.missingColumn") }.compactMap { $0["message"]?.stringValue } ?? []
        XCTAssertEqual(messages.count, 2, "\(messages)")
        XCTAssertTrue(
            messages.contains { $0.hasPrefix("typo-requirement.json reads regoin") && $0.contains("regoin → region?") },
            "\(messages)")
        XCTAssertTrue(
            messages.contains { $0.hasPrefix("library-example-ios-macos.json reads bluetooth") }, "\(messages)")
    }

    /// Recommending 6.1 when the latest iOS release is 6.00: the PoV client recommends it anyway, and the
    /// audit says the store offers those devices nothing (NHS documents already said so).
    func testARecommendationAboveEveryReleaseIsReported() throws {
        let dir = TestPaths.temporaryDirectory()
        let config = TestPaths.write(
            #"{"ios2": [{"required_version": "4.0", "last_version_available": "6.1"}]}"#, named: "rec.json", in: dir)
        let base = ["audit", "--inventory", "SampleData/inventory.csv", "--config", config]
        let with = try run(base + ["--releases", "SampleData/releases.csv"])
        XCTAssertTrue(
            with.stdout.contains("[pov.recommendationUnreleased] devices recommended last_version_available 6.1.0"),
            with.stdout)
        let released = TestPaths.write(
            "platform,version,build,min_os\nios,6.1,1700,13.0\n", named: "releases.csv", in: dir)
        XCTAssertFalse(
            try run(base + ["--releases", released]).stdout.contains("recommendationUnreleased"), "6.1 is released")
    }

    /// Help examples are whole commands: within an example every line but the last ends with a
    /// continuation, so nothing is wrapped mid-command at 80 columns; and each example runs.
    func testHelpExamplesDoNotWrapAndRun() throws {
        for command in ["audit", "plan", "explain", "validate"] {
            let help = try run(["help", command])
            XCTAssertEqual(help.status, 0)
            let lines = help.stdout.components(separatedBy: "\n")
            var i = 0
            while i < lines.count {
                guard lines[i].hasPrefix("  fleet-audit ") else {
                    i += 1
                    continue
                }
                var example = [lines[i]]
                while example.last!.hasSuffix("\\"), i + 1 < lines.count {
                    i += 1
                    XCTAssertTrue(lines[i].hasPrefix("    --"), "\(command): a wrapped example line: \(lines[i])")
                    example.append(lines[i])
                }
                let words = example.joined(separator: " ").replacingOccurrences(of: "\\", with: " ")
                    .split(separator: " ").map(String.init).dropFirst()
                let result = try run(Array(words))
                XCTAssertTrue(
                    [0, 1, 2].contains(result.status), "\(command) example exits \(result.status): \(result.stderr)")
                i += 1
            }
        }
    }
}
