import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// `whatif --emit`: each format that has one minimum gets it replaced — only those values change, byte for
/// byte — and the draft loads, validates and plans; the others say why not.
final class MinimumDraftTests: XCTestCase {
    func emit(_ source: String, _ format: String, _ platform: Platform, app: String?, os: String?) throws -> String {
        try MinimumDraft.emit(
            source: source, formatName: format, platform: platform, minimumApp: app, minimumOS: os, allowLowering: true
        ).text
    }

    /// The draft's text is the published one with the values at `paths` replaced, nothing else.
    func assertOnlyValuesChanged(
        _ source: String, _ draft: String, _ expected: [String: JSONValue], file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let original = try String(contentsOfFile: source, encoding: .utf8)
        let before = try JSONParser.parse(Array(original.utf8))
        let after = try JSONParser.parse(Array(draft.utf8))
        for (path, value) in expected {
            XCTAssertEqual(after.value(at: path), value, path, file: file, line: line)
        }
        // Put the old values back by the same splice: the texts must then be identical.
        let ranges = JSONPositions.valueRanges(Set(expected.keys), in: Array(draft.utf8))
        var bytes = Array(draft.utf8)
        for path in expected.keys.sorted(by: { ranges[$0]!.lowerBound > ranges[$1]!.lowerBound }) {
            bytes.replaceSubrange(ranges[path]!, with: Array(JSONWriter.compact(before.value(at: path)!).utf8))
        }
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), original, "nothing else changed", file: file, line: line)
    }

    /// The draft loads as the same format with no error diagnostic, and `plan` pairs it with the published one.
    func assertValidatesAndPlans(
        _ source: String, _ draft: String, changes: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let dir = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = TestPaths.write(draft, named: (source as NSString).lastPathComponent, in: dir)
        let loaded = try ConfigLoader().load(path, id: "draft")
        let published = try ConfigLoader().load(source, id: "published")
        XCTAssertEqual(loaded.format, published.format, file: file, line: line)
        XCTAssertEqual(
            loaded.config.diagnostics.filter { $0.severity == .error }.map(\.code), [], file: file, line: line)
        var request = PlanRequest(audit: AuditRequest(inventoryPath: TestPaths.sample("inventory.csv")))
        request.audit.releasesPath = TestPaths.sample("releases.csv")
        request.published = [source]
        request.draft = [path]
        let plan = try PlanRun.run(request)
        XCTAssertEqual(plan.pairs.map(\.status), [changes ? .changed : .unchanged], file: file, line: line)
    }

    func testNHSAndroidAndIOS() throws {
        let android = TestPaths.sample("configs/nhs/availability-android.json")
        let draft = try emit(android, "nhs-availability", .android, app: "312", os: "24")
        try assertOnlyValuesChanged(
            android, draft, ["minimumAppVersion.value": .int(312), "minimumSDKVersion.value": .int(24)])
        try assertValidatesAndPlans(android, draft)

        let ios = TestPaths.sample("configs/nhs/availability-ios.json")
        let iosDraft = try emit(ios, "nhs-availability", .ios, app: "6.1", os: nil)
        try assertOnlyValuesChanged(ios, iosDraft, ["minimumAppVersion.value": .string("6.1")])
        try assertValidatesAndPlans(ios, iosDraft)

        XCTAssertThrowsError(try emit(ios, "nhs-availability", .android, app: "312", os: nil)) { error in
            XCTAssertEqual(
                (error as? AuditFailure)?.description,
                "--emit nhs-availability --from \(ios): the document is read by iOS (it has minimumOSVersion), not by android"
            )
        }
    }

    func testPrinceOfVersionsEditsEveryConfigurationAndTheLegacyObject() throws {
        let source = TestPaths.sample("configs/princeofversions/fleet-rollout.json")
        let draft = try emit(source, "princeofversions", .ios, app: "5.1", os: "15.0")
        try assertOnlyValuesChanged(
            source, draft,
            [
                "ios.minimum_version": .string("5.1"), "ios.minimum_version_min_sdk": .string("15.0"),
                "ios2[0].required_version": .string("5.1"), "ios2[0].requirements.required_os_version": .string("15.0"),
                "ios2[1].required_version": .string("5.1"), "ios2[1].requirements.required_os_version": .string("15.0"),
            ])
        try assertValidatesAndPlans(source, draft)
        let androidDraft = try emit(source, "princeofversions", .android, app: "358", os: nil)
        try assertOnlyValuesChanged(
            source, androidDraft,
            ["android2[0].required_version": .int(358), "android2[1].required_version": .int(358)])
        try assertValidatesAndPlans(source, androidDraft)

        // An Android legacy object compares version names, not versionCodes; a configuration without an OS requirement.
        let dir = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let legacy = TestPaths.write(
            #"{"android": {"minimum_version": "1.2.3", "latest_version": {"version": "2.0.0"}}}"#, named: "legacy.json",
            in: dir)
        XCTAssertThrowsError(try emit(legacy, "princeofversions", .android, app: "300", os: nil)) { error in
            XCTAssertTrue(
                (error as? AuditFailure)?.description.contains("android.minimum_version is a version name (SemVer)")
                    == true, "\(error)")
        }
        let noOS = TestPaths.write(#"{"ios2": [{"required_version": "1.0"}]}"#, named: "noos.json", in: dir)
        XCTAssertThrowsError(try emit(noOS, "princeofversions", .ios, app: "2.0", os: "16.0")) { error in
            XCTAssertTrue(
                (error as? AuditFailure)?.description.hasSuffix(
                    "the document has no ios2[0].requirements.required_os_version to replace") == true, "\(error)")
        }
        XCTAssertThrowsError(try emit(noOS, "princeofversions", .macos, app: "2.0", os: nil))
    }

    func testOSAMForceDocumentsOnly() throws {
        let force = TestPaths.sample("configs/osam/android-force-352.json")
        let draft = try emit(force, "osam", .android, app: "358", os: nil)
        try assertOnlyValuesChanged(force, draft, ["data.versionCode": .int(358)])
        try assertValidatesAndPlans(force, draft)
        for (source, platform, app, os, message) in [
            (
                force, Platform.android, "358", "26",
                "OSAM version control has no minimum OS: choose an app minimum only"
            ),
            (force, .ios, "358", nil, "the document is for data.platform ANDROID, not ios"),
            (force, .android, "4.40", nil, "data.versionCode is a number but the minimum 4.40 is not an integer"),
            (
                TestPaths.repoRoot.appendingPathComponent(
                    "docs/examples/configs/osam/version-control.README-3.0.1.json"
                ).path, .ios, "2021060000", nil,
                "data.comparisonMode is \"NONE\": devices below versionCode are not forced; make it FORCE by hand for a minimum"
            ),
            (
                TestPaths.sample("configs/osam/ios-rating.json"), .ios, "1", nil,
                "an OSAM rating document has no minimum version"
            ),
        ] as [(String, Platform, String, String?, String)] {
            XCTAssertThrowsError(try emit(source, "osam", platform, app: app, os: os)) { error in
                XCTAssertEqual((error as? AuditFailure)?.description, "--emit osam --from \(source): \(message)")
            }
        }
    }

    func testFormatsWithoutOneMinimumAndWrongFormatNames() throws {
        let turkcell = TestPaths.sample("configs/turkcell/fleet-updater.json")
        XCTAssertThrowsError(try emit(turkcell, "turkcell-updater", .android, app: "400", os: nil)) { error in
            guard case .input(let message)? = error as? AuditFailure else { return XCTFail("\(error)") }
            XCTAssertTrue(
                message.contains("Turkcell Updater documents have no single minimum version to replace"), message)
        }
        let nhs = TestPaths.sample("configs/nhs/availability-android.json")
        XCTAssertThrowsError(try emit(nhs, "osam", .android, app: "400", os: nil)) { error in
            XCTAssertEqual(
                error as? AuditFailure,
                .usage("--emit osam: \(nhs) is a NHS COVID-19 app availability document (nhs-availability)"))
        }
        XCTAssertThrowsError(try emit(nhs, "nhs", .android, app: "400", os: nil)) { error in
            guard case .usage(let message)? = error as? AuditFailure else { return XCTFail("\(error)") }
            XCTAssertTrue(
                message.hasPrefix("--emit nhs: not a format; formats: nhs-availability, princeofversions, osam"),
                message)
        }
    }

    /// A document with OS tiers keeps its higher tier: no live minimum is lowered unless asked (issue 35, finding 8).
    func testALiveMinimumAboveTheNewOneIsKept() throws {
        let source = TestPaths.write(
            #"""
            {"android2": [
              {"required_version": 5000, "requirements": {"required_os_version": 28}},
              {"required_version": 4090, "requirements": {"required_os_version": 26}}
            ]}
            """#, named: "tiers.json", in: TestPaths.temporaryDirectory())
        let draft = try MinimumDraft.emit(
            source: source, formatName: "princeofversions", platform: .android, minimumApp: "4091", minimumOS: nil)
        let after = try JSONParser.parse(Array(draft.text.utf8))
        XCTAssertEqual(
            after.value(at: "android2[0].required_version"), .number(JSONNumber(5000)), "the higher tier stays")
        XCTAssertEqual(
            after.value(at: "android2[1].required_version"), .number(JSONNumber(4091)), "the lower one is raised")
        XCTAssertEqual(draft.kept.count, 1)
        XCTAssertTrue(draft.kept[0].hasPrefix("android2[0].required_version: 5000 kept"), draft.kept[0])
        let lowered = try MinimumDraft.emit(
            source: source, formatName: "princeofversions", platform: .android, minimumApp: "4091",
            minimumOS: nil, allowLowering: true)
        XCTAssertEqual(
            try JSONParser.parse(Array(lowered.text.utf8)).value(at: "android2[0].required_version"),
            .number(JSONNumber(4091)))
        XCTAssertTrue(MinimumDraft.isHigher(.string("6.0.1"), than: .string("6.0")))
        XCTAssertFalse(MinimumDraft.isHigher(.string("5.9"), than: .string("6.0")))
    }
}
