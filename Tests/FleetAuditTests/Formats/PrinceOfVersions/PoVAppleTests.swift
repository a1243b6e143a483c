import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

final class PoVAppleTests: XCTestCase {
    private let hrBluetooth = ["region": "hr", "bluetooth": "5.0"]

    func testIOS2ArrayOfTheLibrarysFullFixture() throws {
        let c = try PoV.load("ios/valid_update_full.json")
        XCTAssertEqual(c.format, "princeofversions")
        XCTAssertEqual(Set(c.config.platforms), [.ios, .macos])
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "13.0", app: "1.0.0", attributes: hrBluetooth)).rule, "ios2[0]")
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "13.0", app: "1.0.0", attributes: hrBluetooth)).outcome, .forced)
        let second = PoV.decide(c, PoV.apple(os: "13.0", app: "1.5.0"))
        XCTAssertEqual(second.rule, "ios2[1]")
        XCTAssertEqual(second.outcome, .recommended)
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "13.0", app: "2.4.5")).outcome, .upToDate)
        // Fails ios2[0] on region/bluetooth and ios2[1] only on the OS.
        let old = PoV.decide(c, PoV.apple(os: "11.4", app: "1.5.0"))
        XCTAssertEqual(old.outcome, .unsupportedOS)
        XCTAssertEqual(old.rule, "ios2[1]")
        // Meta: global null merged with the entry's (the library's parser tests assert these values).
        XCTAssertEqual(
            c.config.rules.first { $0.id == "ios2[1]" }?.meta, .object(JSONObject([("key3", .string("value3"))])))
        XCTAssertEqual(c.config.rules.first { $0.id == "ios2[0]" }?.meta?.objectValue?["key2"], .number(JSONNumber(2)))
    }

    func testMacOSRequirementChecks() throws {
        let c = try PoV.load("ios/valid_update_full.json")
        let mac = { (os: String, app: String, attrs: [String: String]) in
            PoV.decide(c, PoV.apple(.macos, os: os, app: app, attributes: attrs))
        }
        XCTAssertEqual(mac("10.13", "10.0", [:]).outcome, .forced)
        XCTAssertEqual(mac("10.13", "10.0", [:]).rule, "macos[0]")
        XCTAssertEqual(mac("10.11.5", "9.5", hrBluetooth).rule, "macos[1]")
        XCTAssertEqual(mac("10.11.5", "9.5", hrBluetooth).outcome, .recommended)
        XCTAssertEqual(mac("10.11.5", "9.5", [:]).outcome, .unsupportedOS)
        XCTAssertEqual(mac("10.10", "9.5", ["region": "us"]).outcome, .unsupportedOS)

        let shuffled = try PoV.load("ios/requirementChecks/valid_update_with_decreasing_requirements.json")
        let d = PoV.decide(
            shuffled, PoV.apple(.macos, os: "10.15", app: "9.0.5", attributes: ["region": "us", "bluetooth": "5.0"]))
        XCTAssertEqual(d.rule, "macos[0]")
        XCTAssertEqual(d.outcome, .recommended)
    }

    func testFrequencyIsCaseInsensitiveAndOnceHonoursLastNotified() throws {
        let c = try PoV.load("ios/valid_update_case_insensitive_notification.json")
        XCTAssertTrue(c.config.diagnostics.isEmpty, "\(c.config.diagnostics)")
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "13.0", app: "1.0.0")).outcome, .forced)
        let once = try PoV.load(
            json: #"{"ios2": [{"last_version_available": "2.0", "notify_last_version_frequency": "ONCE"}]}"#)
        XCTAssertEqual(PoV.decide(once, PoV.apple(os: "17", app: "1.0")).outcome, .recommended)
        XCTAssertEqual(
            PoV.decide(once, PoV.apple(os: "17", app: "1.0", attributes: ["last_notified_version": "2.0.0"])).outcome,
            .upToDate)
        let always = try PoV.load(
            json: #"{"ios2": [{"last_version_available": "2.0", "notify_last_version_frequency": "always"}]}"#)
        XCTAssertEqual(
            PoV.decide(always, PoV.apple(os: "17", app: "1.0", attributes: ["last_notified_version": "2.0"])).outcome,
            .recommended)
    }

    func testBuildNumbersCount() throws {
        let c = try PoV.load(json: #"{"ios2": [{"required_version": "1.2.3-6"}]}"#)
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "17", app: "1.2.3", build: "5")).outcome, .forced)
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "17", app: "1.2.3", build: "6")).outcome, .upToDate)
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "17", app: "1.2.3")).outcome, .forced)
        XCTAssertTrue(c.config.needs.appBuildOffAndroid)
    }

    func testInvalidEntryDropsTheWholeArrayAndTheOtherKeyIsUsed() throws {
        for bad in [
            #"{"required_version": "x.1"}"#, #"{"notify_last_version_frequency": "WEEKLY"}"#,
            #"{"required_version": "1.0", "meta": {"nested": {"a": 1}}}"#,
        ] {
            let c = try PoV.load(
                json: #"{"ios": [{"required_version": "1.0"}, \#(bad)], "ios2": [{"last_version_available": "2.0"}]}"#)
            XCTAssertEqual(c.config.diagnostics.map(\.code), [PoVAppleDecoding.arrayDropped], bad)
            let d = PoV.decide(c, PoV.apple(os: "17", app: "1.5"))
            XCTAssertEqual(d.rule, "ios2[0]", bad)
            XCTAssertEqual(d.outcome, .recommended, bad)
            XCTAssertEqual(
                d.diagnostics.map(\.code), [PoVAppleDecoding.arrayDropped], "the devices it affects are counted")
        }
        let only = try PoV.load(json: #"{"ios2": [{"required_version": "v1"}]}"#)
        let d = PoV.decide(only, PoV.apple(os: "17", app: "1.5"))
        XCTAssertEqual(d.outcome, .notTargeted)
        XCTAssertEqual(d.diagnostics.map(\.code), [PoVAppleDecoding.arrayDropped])
    }

    func testNumericRequiredOSVersionIsIgnoredWithADiagnostic() throws {
        let c = try PoV.load(
            json: #"{"ios2": [{"required_version": "2.0", "requirements": {"required_os_version": 15}}]}"#)
        XCTAssertEqual(c.config.diagnostics.map(\.code), [PoVAppleDecoding.osVersionIgnored])
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "9.0", app: "1.0")).outcome, .forced)
    }

    func testUnreadableInstalledVersionIsADiagnosticNotARejection() throws {
        let c = try PoV.load(json: #"{"ios2": [{"required_version": "2.0"}]}"#)
        let d = PoV.decide(c, PoV.apple(os: "17", app: "v1.2"))
        XCTAssertEqual(d.outcome, .notTargeted)
        XCTAssertEqual(d.diagnostics.map(\.code), [PrinceOfVersionsDocument.unreadableDevice])
    }

    func testKMPInlineArraysAgreeWithTheNativeClient() throws {
        let pick = try PoV.load("kmp-ios-inline/ios2_array_picks_first_feasible_by_requirements.json")
        let d = PoV.decide(pick, PoV.apple(os: "15.0", app: "1.0.5"))
        XCTAssertEqual(d.rule, "ios2[1]")
        XCTAssertEqual(d.outcome, .forced)
        let none = try PoV.load("kmp-ios-inline/ios2_array_no_feasible_throws_RequirementsNotSatisfiedException.json")
        XCTAssertEqual(PoV.decide(none, PoV.apple(os: "12.0", app: "1.0")).outcome, .unsupportedOS)
        let merge = try PoV.load("kmp-ios-inline/ios2_array_root_and_child_metadata_merge.json")
        XCTAssertEqual(merge.config.rules[0].meta, .object(JSONObject([("x", .string("10")), ("z", .string("3"))])))
    }

    func testMalformedDocumentNamesLineAndColumn() {
        XCTAssertThrowsError(try PoV.load("ios/valid_update_full_with_metadata_malformed.json")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("valid_update_full_with_metadata_malformed.json:68:14"), text)
        }
    }
}
