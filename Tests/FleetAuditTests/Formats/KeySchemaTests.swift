import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Misspelt keys: clients ignore a key they do not read, so a typo silently removes a rule. Each case here
/// passed `validate --strict` before `KeySchema`.
final class KeySchemaTests: XCTestCase {
    private func unknownKeys(_ json: String) throws -> [Diagnostic] {
        let dir = TestPaths.temporaryDirectory()
        let path = TestPaths.write(json, named: "config.json", in: dir)
        return try ConfigLoader().load(path, id: "config.json").locatedDiagnostics.filter {
            $0.code == "config.unknownKey"
        }
    }

    func testAMisspeltPrinceOfVersionsKeyIsReportedWithItsFixAndLine() throws {
        let found = try unknownKeys(
            """
            {"ios2": [{"required_version": "5.0"},
                      {"required_versoin": "6.0", "requirements": {"required_os_verison": "16.0", "region": "GB"}}],
             "iOS2": [], "meta": {"anything": 1}}
            """)
        XCTAssertEqual(
            found.map(\.path), ["ios2[1].required_versoin", "ios2[1].requirements.required_os_verison", "iOS2"])
        XCTAssertTrue(found[0].message.contains("did you mean required_version?"), found[0].message)
        XCTAssertTrue(found[1].message.contains("did you mean required_os_version?"), found[1].message)
        XCTAssertTrue(found[2].message.contains("did you mean ios2?"), found[2].message)
        XCTAssertEqual(found[0].location?.line, 2, "the line of the misspelt key")
        XCTAssertTrue(found.allSatisfy { $0.severity == .warning })
    }

    func testTheAppsOwnRequirementsAndMetaAreNotReported() throws {
        XCTAssertEqual(
            try unknownKeys(
                #"{"android2": [{"required_version": 352, "requirements": {"required_os_version": 26, "is_tablet": false, "region": "GB"}, "meta": {"x": 1}}], "meta": {"y": 2}}"#
            ), [])
        XCTAssertEqual(
            try unknownKeys(
                #"{"android": {"minimum_version": "1.0", "latest_version": {"version": "2.0", "notification_type": "ONCE", "min_sdk": 21}}}"#
            ), [])
    }

    func testAMisspeltNHSFieldIsReported() throws {
        let found = try unknownKeys(
            #"{"minimumSDKVersion": {"value": 23, "description": {"en": "x"}}, "minimumAppVersoin": {"value": 362, "description": {"en": "x"}}}"#
        )
        XCTAssertEqual(found.map(\.path), ["minimumAppVersoin"])
        XCTAssertTrue(found[0].message.contains("did you mean minimumAppVersion?"), found[0].message)
    }

    /// Turkcell and OSAM servers add keys of their own, so only near misses of what the SDKs read are reported.
    func testTurkcellAndOSAMNearMissesAreReported() throws {
        let turkcell = try unknownKeys(
            #"{"packageName": "a.b", "successMsg": "Ok", "updates": [{"filters": {"appVersionNme": "1.0", "deviceModel": "x"}, "forceUpdte": true, "targetVersionCode": 5, "targetWebsiteUrl": "https://x"}]}"#
        )
        XCTAssertEqual(turkcell.map(\.path), ["updates[0].filters.appVersionNme", "updates[0].forceUpdte"])
        XCTAssertTrue(turkcell[1].message.contains("did you mean forceUpdate?"), turkcell[1].message)
        let osam = try unknownKeys(
            #"{"data": {"id": 1, "appId": 2, "packageName": "a", "platform": "IOS", "comparisonMode": "FORCE", "versionCode": 3, "checkBoxDontShowAgin": true, "extra": 1}}"#
        )
        XCTAssertEqual(osam.map(\.path), ["data.checkBoxDontShowAgin"])
    }

    /// A misspelt key is a diagnostic of the loaded config, not a wrapper around it: the config keeps its
    /// speed hooks (its evaluator, its attribute classes), so it projects as many profiles as without the key.
    /// (The wrapper it replaced forwarded neither: one unknown key made every profile its own case.)
    func testAnUnknownKeyKeepsTheConfigsSpeedHooks() throws {
        let dir = TestPaths.temporaryDirectory()
        let original = try String(
            contentsOfFile: TestPaths.sample("configs/princeofversions/fleet-rollout.json"), encoding: .utf8)
        let typo = TestPaths.write(
            "{\"metaa\": {}," + original.drop { $0 != "{" }.dropFirst(), named: "typo.json", in: dir)
        var rows = "platform,os_version,app_version,app_build,region\n"
        for i in 0..<3000 { rows += "ios,17.\(i % 5),6.\(i % 7),\(i % 3),R-\(i)\n" }
        let table = try InventoryLoader(needs: ProfileNeeds(appBuildOffAndroid: true, attributes: ["region"]))
            .load(CSVInventorySource(bytes: Array(rows.utf8))).0
        func projected(_ path: String) throws -> (count: String, loaded: LoadedConfig) {
            let loaded = try ConfigLoader().load(path, id: "c")
            let lines = LockedLines()
            _ = Auditor.audit([loaded], profiles: table, context: EvaluationContext(), timings: { lines.add($0) })
            let line = try XCTUnwrap(lines.all.first { $0.contains("projected profiles") })
            return (String(line.split(separator: ":")[1]), loaded)
        }
        let clean = try projected(TestPaths.sample("configs/princeofversions/fleet-rollout.json"))
        let misspelt = try projected(typo)
        XCTAssertEqual(misspelt.loaded.diagnostics.filter { $0.code == "config.unknownKey" }.map(\.path), ["metaa"])
        XCTAssertEqual(misspelt.count, clean.count, "the same projection with and without the unknown key")
        // 3,000 regions, of which the document tells a few apart: far fewer cases than devices.
        XCTAssertLessThan(Int(clean.count.split(separator: " ")[0]) ?? .max, 1000, clean.count)
        XCTAssertFalse(misspelt.loaded.config.evaluator(context: EvaluationContext()) is StatelessEvaluator)
    }

    /// The sample configs and the libraries' own valid fixtures use only keys their clients read.
    func testTheSampleConfigsHaveNoUnknownKeys() throws {
        var request = AuditRequest(inventoryPath: "")
        request.configDirectories = [TestPaths.sample("configs")]
        for config in try AuditRun.loadConfigs(request).loaded {
            XCTAssertEqual(config.diagnostics.filter { $0.code == "config.unknownKey" }.map(\.message), [], config.id)
        }
    }

    /// `validate --strict` fails on the typo that used to pass it.
    func testValidateStrictFailsOnATypo() throws {
        let dir = TestPaths.temporaryDirectory()
        let path = TestPaths.write(
            #"{"ios2": [{"required_versoin": "6.0"}], "android2": [{"required_version": 352}]}"#, named: "typo.json",
            in: dir)
        let result = try CommandLineTests.run(["validate", "--strict", path])
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(
            result.stdout.contains("typo.json:1:12: warning: [config.unknownKey] ios2[0].required_versoin"),
            result.stdout)
    }
}
