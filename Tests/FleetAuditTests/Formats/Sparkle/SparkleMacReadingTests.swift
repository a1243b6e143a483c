import XCTest

@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditValues

/// `SparkleMacReading`, the Mac a worker's appcast evaluators share: it is read again whenever any field
/// Sparkle reads of it changes, and only then. (`EngineConformanceTests` holds whole audits to each Mac decided
/// on its own; this names the field a forgotten key would get wrong.)
final class SparkleMacReadingTests: XCTestCase {
    private static let base: [String: String] = [
        "arch": "x86_64", "sparkle_framework": "2.6", "sparkle_channels": "beta", "sparkle_update_group_id": "10",
        "sparkle_skipped_version": "1.5", "sparkle_skipped_major_version": "3.0",
        "sparkle_skipped_major_subrelease_version": "2.5", "sparkle_automatic_checks": "true",
    ]

    func testAMacIsReadAgainWhenAnyFieldSparkleReadsChanges() {
        let store = ProfileStore(attributeNames: SparkleHost.columns.map(InventoryColumn.normalize).sorted())
        func mac(os: String = "14.6", app: String = "2.0", build: String? = nil, _ change: [String: String] = [:])
            -> Profile
        {
            let columns = Self.base.merging(change) { $1 }
            let row = store.append(
                ProfileFields(
                    platform: .macos, osVersion: os, apiLevel: nil, appVersion: app, appBuild: build,
                    packageName: nil,
                    attributes: Dictionary(
                        uniqueKeysWithValues: columns.map { (InventoryColumn.normalize($0.key), $0.value) })))
            return Profile(store: store, row: row)
        }
        let base = mac()
        let variants: [(String, Profile)] = [
            ("app_build", mac(build: "1300")), ("app_version", mac(app: "2.1")), ("os_version", mac(os: "15.1")),
            ("arch", mac(["arch": "arm64"])), ("sparkle_framework", mac(["sparkle_framework": "1.27"])),
            ("sparkle_channels", mac(["sparkle_channels": "beta,nightly"])),
            ("sparkle_update_group", mac(["sparkle_update_group": "5"])),
            ("sparkle_update_group_id", mac(["sparkle_update_group_id": "11"])),
            ("sparkle_skipped_version", mac(["sparkle_skipped_version": "1.6"])),
            ("sparkle_skipped_major_version", mac(["sparkle_skipped_major_version": "4.0"])),
            ("sparkle_skipped_major_subrelease_version", mac(["sparkle_skipped_major_subrelease_version": "2.6"])),
            ("sparkle_automatic_checks", mac(["sparkle_automatic_checks": "false"])),
        ]
        XCTAssertEqual(
            Set(variants.map(\.0)), Set(["app_build", "app_version", "os_version"] + SparkleHost.columns),
            "every field Sparkle reads of a Mac has a variant")
        let reading = SparkleMacReading()
        for (field, variant) in variants {
            XCTAssertNotEqual(Self.describe(SparkleHost(variant)), Self.describe(SparkleHost(base)), field)
            XCTAssertEqual(Self.describe(reading.read(base).host), Self.describe(SparkleHost(base)), field)
            XCTAssertEqual(Self.describe(reading.read(variant).host), Self.describe(SparkleHost(variant)), field)
            // The items that fit are kept by system (`SparkleFitsMemo`): the OS and every Sparkle column.
            let sameSystem = reading.read(variant).system == reading.read(base).system
            XCTAssertEqual(sameSystem, ["app_build", "app_version"].contains(field), field)
        }
        let once = reading.read(base)
        XCTAssertTrue(reading.read(base) === once, "the same Mac again is not read again")
    }

    private static func describe(_ host: SparkleHost) -> String {
        "\(host.version) \(host.versionIsAppVersion) \(host.os) \(host.isIntel) \(host.archKnown) \(host.framework) "
            + "\(host.channels.sorted()) \(String(describing: host.group)) \(String(describing: host.skippedMinor)) "
            + "\(String(describing: host.skippedMajor)) \(String(describing: host.skippedMajorSubrelease)) "
            + "\(host.automaticChecks) \(host.unreadable)"
    }

    /// Issue 67: Jamf writes an Intel Mac's processor as `i386` (`uname -p`), others `Intel Core i7`, `i686`: all
    /// Intel. They read as Apple silicon before, so an item requiring it was offered to 526 Intel Macs. A value no
    /// tool writes is unreadable and said (`sparkle.deviceValueUnreadable`), never silently Apple silicon.
    func testTheArchSpellingsOfMDMToolsAreRead() {
        for intel in ["i386", "x86_64", "Intel Core i7", "i686", "x86", "AMD64"] {
            XCTAssertEqual(SparkleHost.Settings.processor(intel), .intel, intel)
        }
        for apple in ["arm64", "arm64e", "aarch64", "arm", "Apple M2 Pro", "M1"] {
            XCTAssertEqual(SparkleHost.Settings.processor(apple), .appleSilicon, apple)
        }
        XCTAssertEqual(SparkleHost.Settings.processor("PowerPC G5"), .unreadable)
        let host = SparkleHost(SparkleTestSupport.mac("1.0", ["arch": "PowerPC G5"]))
        XCTAssertEqual(host.unreadable, ["arch PowerPC G5"])
        XCTAssertFalse(host.archKnown)
        XCTAssertTrue(SparkleHost(SparkleTestSupport.mac("1.0", ["arch": "i386"])).isIntel)
    }
}
