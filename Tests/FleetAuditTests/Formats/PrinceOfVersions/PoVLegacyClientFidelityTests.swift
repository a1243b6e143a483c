import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// The Android client 3.0.0 (tag v3.0.0 of infinum/Android-prince-of-versions, `JsonConfigurationParser`,
/// `InteractorImpl`, `PresenterImpl`) on legacy documents, where FleetAudit answered otherwise. A legacy-only
/// `android` object is read by every Android device as that client reads it.
final class PoVLegacyClientFidelityTests: XCTestCase {
    private func decide(_ android: String, app: String = "1.0.0", sdk: Int = 30, lastNotified: String? = nil) throws
        -> Decision
    {
        let c = try PoV.load(json: #"{"android": \#(android)}"#)
        let attributes = lastNotified.map { [PrinceOfVersionsDocument.lastNotifiedColumn: $0] } ?? [:]
        return PoV.decide(c, PoV.android(code: 1, sdk: sdk, version: app, attributes: attributes))
    }

    /// L130: `version` is read only when present; L131-133 `isNonEmpty` (L173) ignores "", blanks and "null".
    func testAnEmptyOrMissingLatestVersionIsIgnored() throws {
        for latest in [
            #"{"notification_type": "ALWAYS"}"#, #"{"version": ""}"#, #"{"version": "  "}"#,
            #"{"version": "NULL"}"#, #"{"version": null}"#,
        ] {
            let d = try decide(#"{"minimum_version": "2.0.0", "latest_version": \#(latest)}"#)
            XCTAssertEqual(d.outcome, .forced, latest)
            XCTAssertEqual(d.rule, "android.minimum_version", latest)
        }
    }

    /// `getInt` (L126, L137) coerces: 21.5 → 21, " 21" → 21, ".5" → 0; a number past 32 bits wraps.
    func testMinSdkIsCoercedAsGetIntDoes() throws {
        XCTAssertEqual(
            try decide(#"{"minimum_version": "2.0.0", "minimum_version_min_sdk": 21.5}"#, sdk: 21).outcome, .forced)
        XCTAssertEqual(
            try decide(#"{"minimum_version": "2.0.0", "minimum_version_min_sdk": " 21"}"#, sdk: 21).outcome, .forced)
        XCTAssertEqual(
            try decide(#"{"minimum_version": "2.0.0", "minimum_version_min_sdk": " 22"}"#, sdk: 21).outcome,
            .unsupportedOS)
        // 4294967318 wraps to 22 in 32 bits.
        XCTAssertEqual(
            try decide(#"{"minimum_version": "2.0.0", "minimum_version_min_sdk": 4294967318}"#, sdk: 21).outcome,
            .unsupportedOS)
        // ".5" is 0, which removes the version: nothing is left and the client throws.
        XCTAssertEqual(
            try decide(#"{"minimum_version": "2.0.0", "minimum_version_min_sdk": ".5"}"#).outcome, .notTargeted)
        // JSON null for an int, or an object, throws.
        XCTAssertEqual(
            try decide(#"{"minimum_version": "2.0.0", "minimum_version_min_sdk": null}"#).outcome, .notTargeted)
        XCTAssertEqual(try decide(#"{"minimum_version": "2.0.0", "latest_version": null}"#).outcome, .notTargeted)
    }

    /// `getString` (L140) makes text of any value: notification_type 1 is "1", which is ONCE.
    func testANumericNotificationTypeIsOnce() throws {
        let d = try decide(#"{"latest_version": {"version": "2.0.0", "notification_type": 1}}"#, lastNotified: "2.0.0")
        XCTAssertEqual(d.outcome, .upToDate)
    }

    /// `PresenterImpl` L66-68 compares the stored text with the version's text, not SemVer equality.
    func testAlreadyNotifiedComparesTheText() throws {
        let latest = #"{"latest_version": {"version": "1.0.0", "notification_type": "ONCE"}}"#
        XCTAssertEqual(try decide(latest, app: "0.9.0", lastNotified: "1.0.0").outcome, .upToDate)
        XCTAssertEqual(try decide(latest, app: "0.9.0", lastNotified: "1.0.0+b1").outcome, .recommended)
    }

    /// A min_sdk ≤ 0 removes its version before it is parsed (SPEC §5.2): an unreadable text there is no error.
    func testAVersionRemovedByMinSdkIsNeverParsed() throws {
        let d = try decide(
            #"{"minimum_version": "not semver", "minimum_version_min_sdk": 0, "latest_version": {"version": "2.0.0"}}"#)
        XCTAssertEqual(d.outcome, .recommended)
    }

    /// Issue 66: java-semver 0.9.0 `VersionParser.parseVersionCore` (L285-289) reads MAJOR, MINOR and PATCH with
    /// `Integer.parseInt`, which throws past 2147483647: a published version that overflows rejects the document,
    /// an installed one makes the device unreadable.
    func testVersionComponentsAreJavaInts() throws {
        XCTAssertEqual(try decide(#"{"minimum_version": "2147483647.0.0"}"#).outcome, .forced)
        XCTAssertEqual(try decide(#"{"minimum_version": "2147483648.0.0"}"#).outcome, .notTargeted)
        let c = try PoV.load(json: #"{"android": {"minimum_version": "2147483648.0.0"}}"#)
        XCTAssertTrue(c.config.diagnostics.contains { $0.code == PoVLegacy.rejectedCode })
        XCTAssertEqual(try decide(#"{"minimum_version": "2.0.0"}"#, app: "1.0.99999999999").outcome, .notTargeted)
    }

    /// Issue 66: `MetadataVersion.compareIdentifiers` (L229-235) compares two identifiers as numbers only when both
    /// pass `Integer.parseInt`, else as text: `rc.10000000000` sorts before `rc.2`, and `-a` before `5`.
    func testPreReleaseIdentifiersCompareAsJavaDoes() throws {
        XCTAssertEqual(
            try decide(#"{"minimum_version": "1.0.0-rc.2"}"#, app: "1.0.0-rc.10000000000").outcome, .forced)
        XCTAssertEqual(try decide(#"{"minimum_version": "1.0.0-5"}"#, app: "1.0.0--a").outcome, .forced)
        XCTAssertEqual(try decide(#"{"minimum_version": "1.0.0-rc.2"}"#, app: "1.0.0-rc.10").outcome, .upToDate)
    }
}
