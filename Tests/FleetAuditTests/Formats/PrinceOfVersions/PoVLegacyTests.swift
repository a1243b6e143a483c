import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Documents before 4.0 (the Android 3.x fixtures) and dual-key documents with `--pov-legacy-below`.
final class PoVLegacyTests: XCTestCase {
    private func legacy(_ name: String) throws -> LoadedConfig { try PoV.load("android-v3-legacy/" + name) }

    func testLegacyOnlyDocumentIsEvaluatedAsAClientBefore4() throws {
        let c = try legacy("valid_update_full.json")
        XCTAssertTrue(c.config.diagnostics.contains { $0.code == "pov.legacyOnly" })
        let app = { (v: String, stored: String?) in
            PoV.decide(
                c,
                PoV.android(
                    code: 1, sdk: 21, version: v, attributes: stored.map { ["last_notified_version": $0] } ?? [:]))
        }
        XCTAssertEqual(app("1.0.0", nil).outcome, .forced)
        XCTAssertEqual(app("1.0.0", nil).rule, "android.minimum_version")
        XCTAssertEqual(app("2.0.0", nil).outcome, .recommended)
        XCTAssertEqual(app("2.0.0", nil).rule, "android.latest_version")
        XCTAssertEqual(app("2.0.0", "2.4.5").outcome, .upToDate, "ONCE and already notified")
        XCTAssertEqual(app("2.4.5", nil).outcome, .upToDate)
        let notSemVer = app("2.4", nil)
        XCTAssertEqual(notSemVer.outcome, .notTargeted)
        XCTAssertEqual(notSemVer.diagnostics.map(\.code), [PrinceOfVersionsDocument.unreadableDevice])
    }

    func testPreReleaseOrdering() throws {
        let c = try legacy("valid_update_full_rc.json")
        let app = { (v: String) in PoV.decide(c, PoV.android(code: 1, sdk: 21, version: v)).outcome }
        XCTAssertEqual(app("1.2.3-rc1"), .forced)
        XCTAssertEqual(app("1.2.3"), .recommended)
        XCTAssertEqual(app("2.4.5-rc3"), .upToDate)
        XCTAssertEqual(app("2.4.5-rc10"), .recommended, "alphanumeric identifiers compare as text: rc10 < rc3")
        XCTAssertEqual(app("2.4.5-rc4"), .upToDate)
        XCTAssertEqual(app("2.4.5-rc3.1"), .upToDate, "a longer set of identifiers is higher")
    }

    func testMinSdkSemantics() throws {
        let sdk = try legacy("valid_update_full_with_sdk_values.json")
        XCTAssertEqual(PoV.decide(sdk, PoV.android(code: 1, sdk: 16, version: "1.0.0")).outcome, .forced)
        XCTAssertEqual(PoV.decide(sdk, PoV.android(code: 1, sdk: 14, version: "1.0.0")).outcome, .unsupportedOS)
        XCTAssertEqual(
            PoV.decide(sdk, PoV.android(code: 1, sdk: 16, version: "2.0.0")).outcome, .upToDate, "latest needs API 17")
        XCTAssertEqual(PoV.decide(sdk, PoV.android(code: 1, sdk: 17, version: "2.0.0")).outcome, .recommended)

        // Below the minimum on an OS the minimum cannot reach: the client falls through to the optional update.
        let big = try legacy("valid_update_with_big_minimum_version_min_sdk.json")
        let fallThrough = PoV.decide(big, PoV.android(code: 1, sdk: 20, version: "2.0.0"))
        XCTAssertEqual(fallThrough.outcome, .recommended)
        XCTAssertEqual(fallThrough.rule, "android.latest_version")
        XCTAssertEqual(PoV.decide(big, PoV.android(code: 1, sdk: 18, version: "2.0.0")).outcome, .unsupportedOS)

        // min_sdk ≤ 0 removes that version; with both removed the client throws.
        let single = try legacy("valid_update_with_single_negative_sdk_value.json")
        XCTAssertEqual(PoV.decide(single, PoV.android(code: 1, sdk: 21, version: "2.0.0")).outcome, .upToDate)
        XCTAssertEqual(PoV.decide(single, PoV.android(code: 1, sdk: 21, version: "1.0.0")).outcome, .forced)
        let negative = try legacy("valid_update_with_negative_sdk_values.json")
        XCTAssertTrue(negative.config.diagnostics.contains { $0.code == PoVLegacy.rejectedCode })
        XCTAssertEqual(PoV.decide(negative, PoV.android(code: 1, sdk: 21, version: "1.0.0")).outcome, .notTargeted)
    }

    func testInvalidLegacyVersionRejectsTheDocument() throws {
        let c = try legacy("invalid_update_invalid_version.json")
        XCTAssertTrue(
            c.config.diagnostics.contains { $0.code == PoVLegacy.rejectedCode && $0.path == "android.minimum_version" })
        XCTAssertEqual(PoV.decide(c, PoV.android(code: 1, sdk: 21, version: "1.0.0")).outcome, .notTargeted)
        // The iOS object of the same document is fine.
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "17", app: "1.0")).outcome, .forced)
    }

    func testDualKeyDocumentWithLegacyBelow() throws {
        let c = try PoV.load("ios/valid_update_full.json")
        var options = FormatOptions()
        try options.addLegacyBelow("ios=3.0.0")
        let old = PoV.decide(c, PoV.apple(os: "13.0", app: "1.0.0"), options: options)
        XCTAssertEqual(old.rule, "ios.minimum_version")
        XCTAssertEqual(old.outcome, .forced)
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "13.0", app: "2.0.0"), options: options).outcome, .recommended)
        XCTAssertEqual(
            PoV.decide(c, PoV.apple(os: "11.0", app: "2.0.0"), options: options).outcome, .upToDate,
            "latest needs iOS 12.1.2")
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "7.0", app: "1.0.0"), options: options).outcome, .unsupportedOS)
        // At or above the threshold the same device reads ios2.
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "13.0", app: "3.0.0"), options: options).rule, "ios2[1]")
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "13.0", app: "1.0.0")).rule, "ios2[1]")

        // Android dual key: versionCode threshold.
        let android = try PoV.load(
            json: """
                {"android": {"minimum_version": "1.2.3", "latest_version": {"version": "2.4.5"}},
                 "android2": [{"required_version": 123, "last_version_available": 245}]}
                """)
        var byCode = FormatOptions()
        try byCode.addLegacyBelow("android=100")
        XCTAssertEqual(
            PoV.decide(android, PoV.android(code: 50, sdk: 21, version: "1.0.0"), options: byCode).rule,
            "android.minimum_version")
        XCTAssertEqual(
            PoV.decide(android, PoV.android(code: 150, sdk: 21, version: "1.0.0"), options: byCode).rule, "android2[0]")
    }

    func testLegacyBelowWithoutALegacyObject() throws {
        let c = try PoV.load(json: #"{"android2": [{"required_version": 10}]}"#)
        var options = FormatOptions()
        try options.addLegacyBelow("android=4.0.0")
        let d = PoV.decide(c, PoV.android(code: 1, sdk: 21, version: "3.9.0"), options: options)
        XCTAssertEqual(d.outcome, .notTargeted)
        XCTAssertEqual(d.diagnostics.map(\.code), [PrinceOfVersionsDocument.legacyMissing])
    }
}
