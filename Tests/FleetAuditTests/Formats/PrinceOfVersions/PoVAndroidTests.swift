import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

final class PoVAndroidTests: XCTestCase {
    func testStringVersionRejectsTheAndroidKeyWithADiagnostic() throws {
        let c = try PoV.load("android/invalid_update_with_string_version.json")
        XCTAssertTrue(
            c.config.diagnostics.contains { $0.code == PoVAndroidDecoding.unusableCode && $0.severity == .error })
        let d = PoV.decide(c, PoV.android(code: 1, sdk: 30))
        XCTAssertEqual(d.outcome, .notTargeted)
        XCTAssertEqual(d.diagnostics.map(\.code), [PoVAndroidDecoding.unusableCode])
    }

    func testFractionIsNotAVersionCode() throws {
        let c = try PoV.load(json: #"{"android2": [{"required_version": 12.0}]}"#)
        XCTAssertEqual(PoV.decide(c, PoV.android(code: 1, sdk: 30)).outcome, .notTargeted)
    }

    func testNonStringFrequencyMakesTheClientThrow() throws {
        let c = try PoV.load("android/invalid_update_with_int_notification_type.json")
        XCTAssertEqual(PoV.decide(c, PoV.android(code: 1, sdk: 30)).outcome, .notTargeted)
        XCTAssertTrue(c.config.diagnostics.contains { $0.code == PoVAndroidDecoding.unusableCode })
    }

    func testArraySelectionIsFirstMatchAndMetaMerges() throws {
        let c = try PoV.load("android/valid_update_full_array_with_requirements.json")
        XCTAssertEqual(PoV.decide(c, PoV.android(code: 200, sdk: 14)).rule, "android2[0]")
        XCTAssertEqual(PoV.decide(c, PoV.android(code: 200, sdk: 13)).rule, "android2[1]")
        let low = PoV.decide(c, PoV.android(code: 200, sdk: 12))
        XCTAssertEqual(low.outcome, .unsupportedOS)

        let meta = try PoV.load("android/valid_update_full_array_with_overriding_metadata.json")
        let rule = try XCTUnwrap(meta.config.rules.first { $0.id == "android2[0]" })
        XCTAssertNotNil(rule.meta)
        let raw = try String(
            contentsOfFile: TestPaths.fixture(
                "princeofversions/android/valid_update_full_array_with_overriding_metadata.json"), encoding: .utf8)
        let root = try JSONParser.parse(raw).objectValue!
        let entryMeta = root["android2"]!.arrayValue![0].objectValue!["meta"]!.objectValue!
        for key in entryMeta.keys {
            XCTAssertEqual(rule.meta?.objectValue?[key], entryMeta[key], "the configuration's meta wins for \(key)")
        }
    }

    func testAndroid2PreferredOverAndroidAndAndroidIsTheFallback() throws {
        let both = try PoV.load("kmp-android-inline/checkAndroid2KeyIsUsedOverAndroidKey.json")
        XCTAssertEqual(PoV.decide(both, PoV.android(code: 500, sdk: 30)).outcome, .forced)
        XCTAssertEqual(PoV.decide(both, PoV.android(code: 500, sdk: 30)).rule, "android2[0]")
        let fallback = try PoV.load("kmp-android-inline/checkAndroidKeyIsUsedAsFallback.json")
        XCTAssertEqual(PoV.decide(fallback, PoV.android(code: 500, sdk: 30)).outcome, .upToDate)
        XCTAssertEqual(PoV.decide(fallback, PoV.android(code: 100, sdk: 30)).rule, "android[0]")
    }

    func testAttributeRequirements() throws {
        let c = try PoV.load(
            json: """
                {"android2": [
                  {"required_version": 50, "requirements": {"region": "HR", "is_tablet": true, "free_memory": 2048, "bluetooth": "5.0"}},
                  {"last_version_available": 60, "requirements": {"model": {"a": 1}}},
                  {"last_version_available": 70}
                ]}
                """)
        let full = ["region": "hr", "isTablet": "true", "freeMemory": "4096", "bluetooth": "5.1"]
        XCTAssertEqual(PoV.decide(c, PoV.android(code: 10, sdk: 30, attributes: full)).rule, "android2[0]")
        var lowMemory = full
        lowMemory["freeMemory"] = "1024"
        XCTAssertEqual(PoV.decide(c, PoV.android(code: 10, sdk: 30, attributes: lowMemory)).rule, "android2[2]")
        var oldBluetooth = full
        oldBluetooth["bluetooth"] = "4.2"
        XCTAssertEqual(PoV.decide(c, PoV.android(code: 10, sdk: 30, attributes: oldBluetooth)).rule, "android2[2]")
        // No attribute: the requirement does not hold, as in a client with no check for the key.
        XCTAssertEqual(PoV.decide(c, PoV.android(code: 10, sdk: 30)).rule, "android2[2]")
        XCTAssertTrue(c.config.diagnostics.contains { $0.code == PoVRequirements.notScalarCode })
        XCTAssertTrue(
            c.config.needs.attributes.isSuperset(of: ["region", "istablet", "freememory", "lastnotifiedversion"]))

        var atMost = FormatOptions()
        try atMost.addRequirement("free_memory=atMost")
        XCTAssertEqual(
            PoV.decide(c, PoV.android(code: 10, sdk: 30, attributes: lowMemory), options: atMost).rule, "android2[0]")
    }

    func testForcedUpdateNeedsAReleaseWhenReleasesAreGiven() throws {
        let c = try PoV.load("android/valid_update_full.json")
        let device = PoV.android(code: 100, sdk: 21)
        let none = Releases([Release(platform: .android, version: "1.1", build: 110)])
        XCTAssertEqual(PoV.decide(c, device, releases: none).outcome, .blocked)
        let newOS = Releases([Release(platform: .android, version: "1.3", build: 130, minOS: "26")])
        XCTAssertEqual(PoV.decide(c, device, releases: newOS).outcome, .unsupportedOS)
        let ok = Releases([Release(platform: .android, version: "1.3", build: 130, minOS: "21")])
        XCTAssertEqual(PoV.decide(c, device, releases: ok).outcome, .forced)
    }

    func testNoPlatformKeyIsNotTargetedWithADiagnostic() throws {
        let c = try PoV.load("android/invalid_update_no_android.json")
        let d = PoV.decide(c, PoV.android(code: 1, sdk: 30))
        XCTAssertEqual(d.outcome, .notTargeted)
        XCTAssertEqual(d.diagnostics.map(\.code), [PrinceOfVersionsDocument.platformMissing])
    }
}
