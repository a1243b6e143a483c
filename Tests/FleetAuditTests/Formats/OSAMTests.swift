import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

final class OSAMTests: XCTestCase {
    private func load(_ json: String) throws -> LoadedConfig {
        try ConfigLoader().load(
            TestPaths.write(json, named: "osam.json", in: TestPaths.temporaryDirectory()), id: "osam.json")
    }

    /// The 3.x README document with one field changed.
    private func versionControl(
        mode: String = "FORCE", start: String = "100", end: String = "300", server: String = "200",
        url: String = #""https://test.com""#, platform: String = "ANDROID"
    ) throws -> LoadedConfig {
        try load(
            """
            {"data": {"id": 1, "appId": 2, "packageName": "cat.bcn.commonmodule", "versionCode": 10, "versionName": "1.0.0",
              "platform": "\(platform)", "comparisonMode": "\(mode)", "startDate": \(start), "endDate": \(end), "serverDate": \(server),
              "title": {"es": "T", "en": "T", "ca": "T"}, "message": {"es": "M", "en": "M", "ca": "M"},
              "ok": {"es": "O", "en": "O", "ca": "O"}, "cancel": {"es": "C", "en": "C", "ca": "C"},
              "url": \(url), "checkBoxDontShowAgain": true, "dialogDisplayDuration": 3600}}
            """)
    }

    private func android(_ code: Int, package: String? = "cat.bcn.commonmodule", attributes: [String: String] = [:])
        -> Profile
    {
        Profile(
            platform: .android, osVersion: "14", apiLevel: 34, appVersion: "1.0", appBuild: String(code),
            packageName: package,
            attributes: Dictionary(
                uniqueKeysWithValues: attributes.map { (InventoryColumn.normalize($0.key), $0.value) }))
    }

    private func decide(_ c: LoadedConfig, _ p: Profile, asOf: Date? = nil, releases: Releases? = nil) -> Decision {
        c.config.evaluate(
            p, context: EvaluationContext(releases: releases, asOf: asOf ?? Date(), asOfIsExplicit: asOf != nil))
    }

    func testEachMode() throws {
        XCTAssertEqual(decide(try versionControl(mode: "FORCE"), android(9)).outcome, .forced)
        XCTAssertEqual(decide(try versionControl(mode: "LAZY"), android(9)).outcome, .recommended)
        let info = decide(try versionControl(mode: "INFO"), android(9))
        XCTAssertEqual(info.outcome, .upToDate)
        XCTAssertEqual(info.notices, [OSAMVersionControlDocument.infoNotice])
        XCTAssertEqual(decide(try versionControl(mode: "NONE"), android(9)).outcome, .upToDate)
        XCTAssertEqual(decide(try versionControl(mode: "FORCE"), android(9)).rule, "versionControl")
        let unknown = try versionControl(mode: "SOMETIMES")
        XCTAssertTrue(unknown.config.diagnostics.contains { $0.code == "osam.unknownMode" && $0.severity == .error })
        XCTAssertEqual(decide(unknown, android(9)).outcome, .notTargeted)
    }

    func testOnlyDevicesBelowVersionCodeOnThePlatformAndPackage() throws {
        let c = try versionControl()
        XCTAssertEqual(decide(c, android(10)).outcome, .upToDate, "10 is not below 10")
        XCTAssertEqual(decide(c, android(9, package: "other.app")).outcome, .notTargeted)
        XCTAssertEqual(decide(c, android(9, package: nil)).outcome, .forced, "no package column: assumed to match")
        let ios = Profile(
            platform: .ios, osVersion: "17", apiLevel: nil, appVersion: "1", appBuild: "9", packageName: nil)
        XCTAssertEqual(decide(c, ios).outcome, .notTargeted)
        XCTAssertEqual(decide(try versionControl(platform: "IOS"), ios).outcome, .forced)
        XCTAssertTrue(try versionControl(platform: "IOS").config.needs.appBuildOffAndroid)
    }

    func testWindowBoundariesAreInclusive() throws {
        XCTAssertEqual(
            decide(try versionControl(start: "200", server: "200"), android(9)).outcome, .forced, "start = instant")
        XCTAssertEqual(
            decide(try versionControl(end: "200", server: "200"), android(9)).outcome, .forced, "end = instant")
        XCTAssertEqual(
            decide(try versionControl(end: "199", server: "200"), android(9)).outcome, .upToDate, "after the end")
        XCTAssertEqual(
            decide(try versionControl(start: "201", server: "200"), android(9)).outcome, .upToDate, "before the start")
        let inverted = try versionControl(start: "300", end: "100", server: "200")
        XCTAssertEqual(decide(inverted, android(9)).outcome, .upToDate, "start > end: never active")
        XCTAssertTrue(inverted.config.diagnostics.contains { $0.code == "osam.emptyWindow" })
        XCTAssertEqual(
            decide(try versionControl(start: "null", end: "null"), android(9)).outcome, .forced,
            "null start and end: always")
    }

    func testAsOfOverridesServerDate() throws {
        let c = try versionControl(start: "100", end: "300", server: "200")
        XCTAssertEqual(
            decide(c, android(9), asOf: Date(timeIntervalSince1970: 0.250)).outcome, .forced, "250 ms is inside")
        XCTAssertEqual(
            decide(c, android(9), asOf: Date(timeIntervalSince1970: 0.400)).outcome, .upToDate,
            "400 ms is after the end")
    }

    func testForceWithoutURLIsBlockedAndReleasesApply() throws {
        for url in ["null", #""""#, #""  ""#] {
            let c = try versionControl(url: url)
            XCTAssertEqual(decide(c, android(9)).outcome, .blocked, url)
            XCTAssertTrue(c.config.diagnostics.contains { $0.code == "osam.forceWithoutURL" })
            XCTAssertEqual(
                c.config.diagnostics.contains {
                    $0.code == "osam.rejectedByCurrentClients" && $0.message.contains("url")
                },
                url == "null", "3.x clients need the field, not a value: \(url)")
        }
        let c = try versionControl()
        XCTAssertEqual(
            decide(c, android(9), releases: Releases([Release(platform: .android, version: "0.9", build: 9)])).outcome,
            .blocked)
        XCTAssertEqual(
            decide(c, android(9), releases: Releases([Release(platform: .android, version: "1.0", build: 10)])).outcome,
            .forced)
    }

    func testTheReadmeDocuments() throws {
        let v3 = try ConfigLoader().load(TestPaths.fixture("osam/osam/version-control.README-3.0.1.json"), id: "v3")
        XCTAssertEqual(v3.format, "osam")
        XCTAssertTrue(v3.config.diagnostics.isEmpty, "\(v3.config.diagnostics)")
        let ios = Profile(
            platform: .ios, osVersion: "17", apiLevel: nil, appVersion: "1", appBuild: "2021040000",
            packageName: "cat.bcn.commonmodule")
        // NONE; and the window (a single instant) is before serverDate anyway.
        XCTAssertEqual(decide(v3, ios).outcome, .upToDate)

        // The 2.x document lacks what 3.x clients require: an error, but it is still evaluated as written.
        let v2 = try ConfigLoader().load(TestPaths.fixture("osam/osam/version-control.README-2.1.3.json"), id: "v2")
        let rejected = try XCTUnwrap(v2.config.diagnostics.first { $0.code == "osam.rejectedByCurrentClients" })
        XCTAssertEqual(rejected.severity, .error)
        XCTAssertTrue(
            rejected.message.contains("checkBoxDontShowAgain") && rejected.message.contains("dialogDisplayDuration"),
            rejected.message)
        XCTAssertEqual(decide(v2, ios).outcome, .upToDate)

        let test = try ConfigLoader().load(
            TestPaths.fixture("osam/osam-tests/OSAMCommonsInternalTest.initializeVersion.as-dto.json"), id: "t")
        XCTAssertTrue(
            test.config.diagnostics.contains { $0.code == "osam.unknownMode" },
            "FORCE|LAZY|INFO|NONE is a placeholder, not a mode")
    }

    func testRatingCountsEligibleDevicesAndSaysWhenStateIsUnknown() throws {
        let c = try ConfigLoader().load(TestPaths.fixture("osam/osam/rating.README-3.0.1.json"), id: "rating")
        XCTAssertEqual(c.format, "osam")
        XCTAssertEqual(c.config.notices.map(\.id), ["rating", "rating.stateUnknown"])
        let state = { (opens: String, minutes: String) in ["app_opens": opens, "minutes_since_rating": minutes] }
        XCTAssertEqual(
            decide(c, android(1, attributes: state("5", "2880"))).notices, ["rating"], "both limits are inclusive")
        XCTAssertEqual(decide(c, android(1, attributes: state("4", "9000"))).notices, [])
        XCTAssertEqual(decide(c, android(1, attributes: state("9", "2879"))).notices, [])
        let unknown = decide(c, android(1))
        XCTAssertEqual(unknown.outcome, .upToDate)
        XCTAssertEqual(unknown.notices, ["rating.stateUnknown"])
        XCTAssertEqual(decide(c, android(1, package: "other")).outcome, .notTargeted)
        XCTAssertTrue(c.config.needs.attributes.isSuperset(of: ["appopens", "minutessincerating"]))
    }
}
