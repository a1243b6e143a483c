import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Behaviours of the iOS/macOS client 4.x read in its source (infinum/ios-prince-of-versions,
/// `Sources/PrinceOfVersions/`) where FleetAudit answered otherwise. Each case's expected answer is the client's.
final class PoVAppleClientFidelityTests: XCTestCase {
    /// `PoVDataTypes/Version.swift` L41-50: the text is split on every `-` and the build is the second piece.
    func testTheBuildIsTheSecondPieceOfASplitOnEveryDash() throws {
        XCTAssertEqual(PoVIOSVersion("1.2.0-4-5")?.build, 4)
        XCTAssertEqual(PoVIOSVersion("1.2.0-x-5")?.build, 0)
        // The installed version is `app_version-app_build` (`UpdateInfo.swift` L64), split the same way.
        XCTAssertEqual(PoVIOSVersion(appVersion: "1.2.0", appBuild: "7-2")?.build, 7)
        XCTAssertEqual(PoVIOSVersion(appVersion: "1.2.0-beta", appBuild: "7")?.build, 0)

        let c = try PoV.load(json: #"{"ios2": [{"required_version": "1.2.0-4-5"}]}"#)
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "17.0", app: "1.2.0", build: "4")).outcome, .upToDate)
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "17.0", app: "1.2.0", build: "3")).outcome, .forced)
    }

    /// `Common/ConfigurationData.swift` L49-55: a requirement `AnyDecodable` cannot decode (an object or array)
    /// is dropped by `try?`; the requirement does not exist, so the entry holds.
    func testARequirementThatDoesNotDecodeIsDropped() throws {
        let c = try PoV.load(
            json:
                #"{"ios2": [{"requirements": {"region": {"in": ["GB"]}}, "required_version": "2.0"}, {"required_version": "1.0"}]}"#
        )
        let d = PoV.decide(c, PoV.apple(os: "17.0", app: "1.5", attributes: ["region": "FR"]))
        XCTAssertEqual(d.rule, "ios2[0]")
        XCTAssertEqual(d.outcome, .forced)
        // With its only requirement dropped, the entry holds for every device: the next one is never read.
        XCTAssertEqual(
            Set(c.config.diagnostics.map(\.code)),
            [PoVAppleDecoding.requirementIgnored, PrinceOfVersionsDocument.unreachableEntry])
    }

    /// `ConfigurationData.requirements` is `Requirements?`: a value that is not an object fails the entry, and
    /// `try? decode([ConfigurationData].self)` (`UpdateInfo.swift` L180) drops the whole array.
    func testRequirementsThatAreNotAnObjectDropTheArray() throws {
        let c = try PoV.load(
            json: #"{"ios2": [{"required_version": "1.0"}, {"requirements": "GB", "required_version": "2.0"}]}"#)
        let d = PoV.decide(c, PoV.apple(os: "17.0", app: "0.5"))
        XCTAssertEqual(d.outcome, .notTargeted)
        XCTAssertEqual(c.config.diagnostics.map(\.code), [PoVAppleDecoding.arrayDropped])
        // null is no requirements.
        let nullRequirements = try PoV.load(json: #"{"ios2": [{"requirements": null, "required_version": "1.0"}]}"#)
        XCTAssertEqual(PoV.decide(nullRequirements, PoV.apple(os: "17.0", app: "0.5")).outcome, .forced)
    }

    /// `ConfigurationData.meta` is `[String: AnyDecodable]?` (L18): a meta that is not an object fails the entry
    /// and `try?` (`UpdateInfo.swift` L180) drops the array; `ios ?? ios2` (L39) then reads the other key.
    func testAMetaThatIsNotAnObjectDropsTheArray() throws {
        let c = try PoV.load(
            json: #"{"ios": [{"required_version": "9.0", "meta": "x"}], "ios2": [{"required_version": "2.0"}]}"#)
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "16.4.1", app: "1.0")).rule, "ios2[0]")
        // A global meta with a nested value is dropped whole (L95, L184); the entry's own meta stays.
        let global = try PoV.load(
            json: #"{"ios2": [{"required_version": "2.0", "meta": {"a": "b"}}], "meta": {"x": {"y": 1}, "z": 1}}"#)
        XCTAssertEqual(global.config.rules.first?.meta, .object(JSONObject([("a", .string("b"))])))
    }

    /// `PrinceOfVersions.swift` L260 decodes with `convertFromSnakeCase`: `REQUIRED_OS_VERSION` and
    /// `required_OS_version` are the OS requirement (`requiredOsVersion`, `ConfigurationData.swift` L62);
    /// `requiredOSVersion` is not.
    func testTheOSRequirementKeyIsReadAfterSnakeCaseConversion() throws {
        XCTAssertEqual(PoVAppleDecoding.convertFromSnakeCase("REQUIRED_OS_VERSION"), "requiredOsVersion")
        XCTAssertEqual(PoVAppleDecoding.convertFromSnakeCase("required_OS_version"), "requiredOsVersion")
        XCTAssertEqual(PoVAppleDecoding.convertFromSnakeCase("requiredOSVersion"), "requiredOSVersion")
        XCTAssertEqual(PoVAppleDecoding.convertFromSnakeCase("_free_memory_"), "_freeMemory_")
        let c = try PoV.load(
            json: #"{"ios2": [{"required_version": "2.0", "requirements": {"required_OS_version": "17.0"}}]}"#)
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "16.4.1", app: "1.0")).outcome, .unsupportedOS)
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "17.1", app: "1.0")).outcome, .forced)
    }

    /// `AnyDecodable.swift` L39-40 keeps a null requirement as NSNull and `UpdateInfo.swift` L133-134 hands it to
    /// the app's check, which a typed check rejects: the entry does not hold.
    func testANullRequirementDoesNotHoldOnIOS() throws {
        let c = try PoV.load(json: #"{"ios2": [{"required_version": "2.0", "requirements": {"region": null}}]}"#)
        XCTAssertEqual(
            PoV.decide(c, PoV.apple(os: "17.0", app: "1.0", attributes: ["region": "GB"])).outcome, .notTargeted)
    }

    /// The installed version is read only once a configuration is chosen (`UpdateInfo.swift` L64,
    /// `PoVError.swift` L57-66): with none chosen, an unreadable app version changes nothing.
    func testAnUnreadableAppVersionMattersOnlyOnceAnEntryIsChosen() throws {
        let c = try PoV.load(
            json: #"{"ios2": [{"required_version": "2.0", "requirements": {"required_os_version": "17.0"}}]}"#)
        XCTAssertEqual(PoV.decide(c, PoV.apple(os: "16.4.1", app: "v1.2")).outcome, .unsupportedOS)
        let chosen = PoV.decide(c, PoV.apple(os: "17.1", app: "v1.2"))
        XCTAssertEqual(chosen.outcome, .notTargeted)
        XCTAssertEqual(chosen.rule, "ios2[0]")
    }

    /// Issue 66: the client decodes with `keyDecodingStrategy = .convertFromSnakeCase` (PrinceOfVersions.swift
    /// L259-262) at every keyed level: `requiredVersion`, `Required_Version` and `REQUIRED_VERSION` are
    /// `required_version`, and a top-level `ios_2` is `ios2`, while `IOS2` and `RequiredVersion` are nothing.
    /// Android's parser reads exact keys.
    func testTheAppleClientReadsKeysConvertedFromSnakeCase() throws {
        for spelling in ["requiredVersion", "Required_Version", "REQUIRED_VERSION"] {
            let c = try PoV.load(json: #"{"ios2": [{"\#(spelling)": "2.0"}]}"#)
            XCTAssertEqual(PoV.decide(c, PoV.apple(os: "17.0", app: "1.0")).outcome, .forced, spelling)
            XCTAssertTrue(
                c.locatedDiagnostics.contains {
                    $0.code == "config.unknownKey" && $0.message.contains("read as required_version")
                },
                spelling)
        }
        let alone = try PoV.load(json: #"{"ios_2": [{"required_version": "2.0"}]}"#)
        XCTAssertEqual(PoV.decide(alone, PoV.apple(os: "17.0", app: "1.0")).outcome, .forced)
        let notConverted = try PoV.load(json: #"{"ios2": [{"RequiredVersion": "2.0"}]}"#)
        XCTAssertNotEqual(PoV.decide(notConverted, PoV.apple(os: "17.0", app: "1.0")).outcome, .forced)
        let android = try PoV.load(json: #"{"android2": [{"requiredVersion": 5}]}"#)
        XCTAssertNotEqual(PoV.decide(android, PoV.android(code: 1, sdk: 30)).outcome, .forced)
    }
}
