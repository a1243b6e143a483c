import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

final class NHSAvailabilityTests: XCTestCase {
    private func config(_ relative: String) throws -> LoadedConfig {
        try ConfigLoader().load(TestPaths.fixture(relative), id: relative)
    }

    private func config(json: String) throws -> LoadedConfig {
        let path = TestPaths.write(json, named: "doc.json", in: TestPaths.temporaryDirectory())
        return try ConfigLoader().load(path, id: "doc.json")
    }

    private func ios(_ os: String, _ app: String) -> Profile {
        Profile(platform: .ios, osVersion: os, apiLevel: nil, appVersion: app, appBuild: nil, packageName: nil)
    }

    private func android(api: Int, code: Int) -> Profile {
        Profile(
            platform: .android, osVersion: "x", apiLevel: api, appVersion: "v", appBuild: String(code), packageName: nil
        )
    }

    private func decide(_ c: LoadedConfig, _ p: Profile, releases: Releases? = nil) -> (Outcome, String?) {
        let d = c.config.evaluate(p, context: EvaluationContext(releases: releases))
        return (d.outcome, d.rule)
    }

    // The iOS app's AppAvailabilityEndpointTests documents, evaluated through AppAvailabilityLogicalState's order.
    func testIOSDecodingDocumentFromTheAppsTests() throws {
        let c = try config("nhs/ios-tests/AppAvailabilityEndpointTests.testDecoding.json")
        XCTAssertEqual(c.format, "nhs-availability")
        XCTAssertEqual(c.config.platforms, [.ios])
        XCTAssertTrue(c.config.diagnostics.filter { $0.severity == .error }.isEmpty)
        XCTAssert(decide(c, ios("13.4.1", "2.0")) == (.unsupportedOS, "minimumOSVersion"))
        XCTAssert(decide(c, ios("13.5", "2.9.9")) == (.forced, "minimumAppVersion"))
        XCTAssert(decide(c, ios("13.5", "3")) == (.upToDate, nil))
        XCTAssert(decide(c, ios("17.0", "3.0.1")) == (.upToDate, nil))
        XCTAssert(decide(c, android(api: 30, code: 1)) == (.notTargeted, nil))
        XCTAssert(
            decide(
                c,
                Profile(
                    platform: Platform("macos"), osVersion: "14", apiLevel: nil, appVersion: "1", appBuild: nil,
                    packageName: nil)) == (.notTargeted, nil))
    }

    func testIOSMinorAndPatchOmitted() throws {
        let c = try config(
            "nhs/ios-tests/AppAvailabilityEndpointTests.testDecodingValueWithMinorAndPatchVersionsOmitted.json")
        XCTAssert(decide(c, ios("13.5.0", "2.99")) == (.forced, "minimumAppVersion"))
        XCTAssert(decide(c, ios("13.5.0", "3.0.0")) == (.upToDate, nil))
    }

    func testIOSInvalidVersionsRejectTheWholeDocument() throws {
        let c = try config("nhs/ios-tests/AppAvailabilityEndpointTests.testDecodingValueWithInvalidVersionsFails.json")
        let errors = c.config.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.code), ["nhs.rejected"])
        XCTAssertTrue(errors[0].message.contains("\"v13.5\""), errors[0].message)
        XCTAssert(decide(c, ios("12.0", "1.0")) == (.notTargeted, nil), "a rejected document changes nothing")
    }

    func testIOSOrderRecommendationsAndStoreLatest() throws {
        let c = try config(
            json: """
                {"minimumOSVersion": {"value": "14.0", "description": {}},
                 "recommendedOSVersion": {"value": "16.0", "title": {}, "description": {}},
                 "minimumAppVersion": {"value": "5.0", "description": {}},
                 "recommendedAppVersion": {"value": "5.2", "title": {}, "description": {}},}
                """)
        XCTAssert(
            decide(c, ios("13.9", "1.0")) == (.unsupportedOS, "minimumOSVersion"), "OS first, even for an old app")
        XCTAssert(decide(c, ios("15.0", "4.9")) == (.forced, "minimumAppVersion"))
        XCTAssert(decide(c, ios("15.0", "5.0")) == (.recommended, "recommendedOSVersion"))
        XCTAssert(decide(c, ios("16.0", "5.1")) == (.recommended, "recommendedAppVersion"))
        XCTAssert(decide(c, ios("16.0", "5.2")) == (.upToDate, nil))
        // The app recommends only when the store's latest has reached the recommended version.
        let old = Releases([Release(platform: .ios, version: "5.1")])
        XCTAssert(decide(c, ios("16.0", "5.1"), releases: old) == (.upToDate, nil))
        let new = Releases([Release(platform: .ios, version: "5.3", minOS: "17.0")])
        XCTAssert(decide(c, ios("16.0", "5.1"), releases: new) == (.recommended, "recommendedAppVersion"))
        // The app parses the store's version with its own 1-to-3-component type: "5.3.0.1" fails the lookup,
        // whose latest version is then 0 (nothing recommended), and the devices are counted under a warning.
        let fourParts = Releases([Release(platform: .ios, version: "5.1"), Release(platform: .ios, version: "5.3.0.1")])
        XCTAssert(decide(c, ios("16.0", "5.1"), releases: fourParts) == (.upToDate, nil))
        XCTAssertEqual(
            c.config.evaluate(ios("16.0", "5.1"), context: EvaluationContext(releases: fourParts)).diagnostics.map(
                \.code),
            [NHSAvailabilityDocument.storeVersionUnreadable])
        // Forced: installable → forced; nothing reaches it → blocked; only for a newer OS → unsupportedOS.
        XCTAssert(decide(c, ios("15.0", "4.0"), releases: new) == (.unsupportedOS, "minimumAppVersion"))
        XCTAssert(decide(c, ios("17.1", "4.0"), releases: new) == (.forced, "minimumAppVersion"))
        XCTAssert(
            decide(c, ios("17.1", "4.0"), releases: Releases([Release(platform: .ios, version: "4.9")])) == (
                .blocked, "minimumAppVersion"
            ))
        XCTAssert(decide(c, ios("17.1", "4.0"), releases: Releases([])) == (.blocked, "minimumAppVersion"))
    }

    func testIOSUnreadableDeviceVersionIsADiagnosticNotARejection() throws {
        let c = try config("nhs/ios-tests/AppAvailabilityEndpointTests.testDecoding.json")
        let d = c.config.evaluate(ios("16.0", "v4"), context: EvaluationContext())
        XCTAssertEqual(d.outcome, .notTargeted)
        XCTAssertEqual(d.diagnostics.map(\.code), ["nhs.ios.unreadableDeviceVersion"])
    }

    // The Android app's AppAvailabilityProviderTest documents with VERSION_CODE=100, SDK_INT=30.
    func testAndroidDocumentsFromTheAppsTests() throws {
        let available = try config("nhs/android-tests/AppAvailabilityProviderTest.appAvailableResponseJson.VC100.json")
        XCTAssertEqual(available.config.platforms, [.android])
        XCTAssert(decide(available, android(api: 30, code: 100)) == (.upToDate, nil))
        let appTooOld = try config("nhs/android-tests/AppAvailabilityProviderTest.minimumAppVersionGreater.VC100.json")
        XCTAssert(decide(appTooOld, android(api: 30, code: 100)) == (.forced, "minimumAppVersion"))
        let sdkTooOld = try config(
            "nhs/android-tests/AppAvailabilityProviderTest.minimumSdkVersionGreater.VC100.SDK30.json")
        XCTAssert(decide(sdkTooOld, android(api: 30, code: 100)) == (.unsupportedOS, "minimumSDKVersion"))
        XCTAssert(decide(sdkTooOld, android(api: 31, code: 100)) == (.upToDate, nil))
        XCTAssert(decide(sdkTooOld, ios("17", "1")) == (.notTargeted, nil))
    }

    func testAndroidUpdateAvailabilityDecidesForcedBlockedOrUnsupportedOS() throws {
        let c = try config("nhs/android-tests/MockAppAvailabilityApi.scenarios.json")
        XCTAssert(decide(c, android(api: 22, code: 1)) == (.unsupportedOS, "minimumSDKVersion"))
        let releases = Releases([
            Release(platform: .android, version: "2.0", build: 18, minOS: "26"),
            Release(platform: .android, version: "1.9", build: 17, minOS: "23"),
        ])
        XCTAssert(decide(c, android(api: 23, code: 17), releases: releases) == (.unsupportedOS, "minimumAppVersion"))
        XCTAssert(decide(c, android(api: 26, code: 17), releases: releases) == (.forced, "minimumAppVersion"))
        XCTAssert(
            decide(c, android(api: 26, code: 17), releases: Releases([releases.all[1]])) == (
                .blocked, "minimumAppVersion"
            ))
        XCTAssert(decide(c, android(api: 26, code: 18), releases: releases) == (.upToDate, nil))
    }

    func testAndroidValueCoercionLikeMoshi() throws {
        func doc(_ value: String) -> String {
            """
            {"minimumSDKVersion": {"value": 23, "description": {}}, "minimumAppVersion": {"value": \(value), "description": {"en": "x"}},
             "recommendedAppVersion": {"value": 20, "description": {}, "title": {}}}
            """
        }
        let quoted = try config(json: doc("\"18\""))
        XCTAssert(decide(quoted, android(api: 23, code: 17)) == (.forced, "minimumAppVersion"))
        XCTAssertTrue(quoted.config.diagnostics.contains { $0.code == "nhs.android.quotedInteger" })
        XCTAssert(decide(try config(json: doc("18.0")), android(api: 23, code: 17)) == (.forced, "minimumAppVersion"))
        for bad in ["18.5", "\"x\"", "true", "null", "4294967296"] {
            let c = try config(json: doc(bad))
            XCTAssertEqual(c.config.diagnostics.filter { $0.severity == .error }.map(\.code), ["nhs.rejected"], bad)
            XCTAssert(decide(c, android(api: 23, code: 1)) == (.notTargeted, nil), bad)
        }
    }

    func testPublishedHistoryWithoutRecommendedFieldsIsRejectedByCurrentApps() throws {
        let early = try config("nhs/system/availability-ios.2020-08-13.aef3929.json")
        XCTAssertEqual(early.config.diagnostics.filter { $0.severity == .error }.map(\.code), ["nhs.rejected"])
        XCTAssertTrue(early.config.diagnostics[0].message.contains("recommendedOSVersion is missing"))
        let earlyAndroid = try config("nhs/system/availability-android.2020-08-13.aef3929.json")
        XCTAssertTrue(earlyAndroid.config.diagnostics[0].message.contains("recommendedAppVersion is missing"))
        for name in ["availability-ios.2023-05-09.8c67d6e.json", "availability-android.2023-05-09.8c67d6e.json"] {
            let c = try config("nhs/system/" + name)
            XCTAssertTrue(c.config.diagnostics.filter { $0.severity == .error }.isEmpty, name)
            XCTAssertTrue(c.config.diagnostics.contains { $0.code == "nhs.recommendationBelowMinimum" }, name)
        }
        let last = try config("nhs/system/availability-ios.2023-05-09.8c67d6e.json")
        XCTAssert(decide(last, ios("16.0", "5.99")) == (.forced, "minimumAppVersion"))
        XCTAssert(decide(last, ios("13.4", "6.0")) == (.unsupportedOS, "minimumOSVersion"))
    }

    func testDocumentWithoutAPlatformFieldIsRejectedForBoth() throws {
        let c = try config(json: #"{"minimumAppVersion": {"value": "1.0", "description": {}}}"#)
        XCTAssertEqual(c.config.platforms, [])
        XCTAssertEqual(c.config.diagnostics.map(\.code), ["nhs.rejected"])
        XCTAssert(decide(c, ios("17", "0.1")) == (.notTargeted, nil))
    }

    /// Issue 66: `AppStoreVersionLookupEndpoint.swift` L26 fails on a store version the app's Version type cannot
    /// parse, and `AppAvailabilityManager.swift` L31-37 then keeps the latest version at 0: a device below the
    /// minimum is offered no update (blocked), where a parseable newest release would be installable (forced).
    func testAnUnparseableStoreVersionBlocksADeviceBelowTheMinimum() throws {
        let c = try config(
            json: """
                {"minimumOSVersion": {"value": "14.0", "description": {}},
                 "recommendedOSVersion": {"value": "14.0", "title": {}, "description": {}},
                 "minimumAppVersion": {"value": "5.0", "description": {}},
                 "recommendedAppVersion": {"value": "5.0", "title": {}, "description": {}}}
                """)
        // (`v5` is not a version FleetAudit can place among the releases either, so only the first two are named.)
        for store in ["5.0.0.1", "5.0-beta"] {
            let releases = Releases([Release(platform: .ios, version: "4.0"), Release(platform: .ios, version: store)])
            let d = c.config.evaluate(ios("16.0", "4.9"), context: EvaluationContext(releases: releases))
            XCTAssertEqual(d.outcome, .blocked, store)
            XCTAssertEqual(d.diagnostics.map(\.code), [NHSAvailabilityDocument.storeVersionUnreadable], store)
        }
        let readable = Releases([Release(platform: .ios, version: "5.0.1")])
        XCTAssert(decide(c, ios("16.0", "4.9"), releases: readable) == (.forced, "minimumAppVersion"))
    }

    /// Issue 67: the rejection is located at the value that causes it (it was 1:1), says what to write, and is
    /// attached to every device of the app, so the reports count them under it.
    func testARejectionNamesTheLineOfItsValueAndCountsTheDevices() throws {
        let c = try config(
            json: """
                {
                  "minimumOSVersion": {"value": "14.0", "description": {}},
                  "recommendedOSVersion": {"value": "14.0", "title": {}, "description": {}},
                  "minimumAppVersion": {"value": 5.1, "description": {}},
                  "recommendedAppVersion": {"value": "5.2", "title": {}, "description": {}}
                }
                """)
        let rejection = try XCTUnwrap(c.locatedDiagnostics.first { $0.code == NHSAvailabilityDocument.rejectedCode })
        XCTAssertEqual(rejection.location?.line, 4)
        XCTAssertTrue(rejection.message.contains(#"write "5.1""#), rejection.message)
        let d = c.config.evaluate(ios("16.0", "4.0"), context: EvaluationContext())
        XCTAssertEqual(d.outcome, .notTargeted)
        XCTAssertEqual(d.diagnostics.map(\.code), [NHSAvailabilityDocument.rejectedCode])
    }
}
