import XCTest

@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditValues

/// `PoVDeviceReadings`, the device a worker's PrinceOfVersions evaluators share: its reading and its releases
/// are made again whenever a field they read changes, and only then; the releases view answers as
/// `Releases.installability` does.
final class PoVDeviceReadingsTests: XCTestCase {
    private static let releases = Releases([
        Release(platform: .ios, version: "6.0.0", build: 600, minOS: "15.0", package: "com.example.app"),
        Release(platform: .ios, version: "6.1.0", build: 610, minOS: "17.0", package: "com.example.app"),
        Release(platform: .ios, version: "7.0.0", build: 700, minOS: "16.0", package: "com.example.other"),
        Release(platform: .android, version: "6.0.0", build: 600, minOS: "26", package: "com.example.app"),
        Release(platform: .android, version: "6.1.0", build: 610, minOS: "31", package: "com.example.app"),
    ])

    func testADeviceIsReadAgainWhenAnyFieldItReadsChanges() {
        let store = ProfileStore(attributeNames: [])
        func device(
            _ platform: Platform = .ios, app: String = "5.0.0", build: String? = "500", os: String = "16.0",
            api: Int? = nil, package: String? = "com.example.app"
        ) -> Profile {
            Profile(
                store: store,
                row: store.append(
                    ProfileFields(
                        platform: platform, osVersion: os, apiLevel: api, appVersion: app, appBuild: build,
                        packageName: package, attributes: [:])))
        }
        let base = device()
        let variants: [(String, Profile)] = [
            ("platform", device(.macos)), ("app_version", device(app: "5.1.0")), ("app_build", device(build: "501")),
            ("os_version", device(os: "17.2")), ("package_name", device(package: "com.example.other")),
            ("api level", device(.android, build: "500", os: "11", api: 30)),
        ]
        let readings = PoVDeviceReadings()
        func marked(_ text: String) -> PoVDeviceEvaluator.DeviceReading {
            .failure(PoVDeviceEvaluator.Unreadable(decision: .notTargeted(text)))
        }
        func mark(_ reading: PoVDeviceEvaluator.DeviceReading) -> String {
            if case .failure(let u) = reading { return u.decision.reason }
            return "?"
        }
        for (field, variant) in variants {
            XCTAssertEqual(mark(readings.reading(base) { marked("base") }), "base", field)
            XCTAssertEqual(
                mark(readings.reading(variant) { marked("variant") }), "variant", "\(field): read again")
            XCTAssertEqual(mark(readings.reading(variant) { marked("again") }), "variant", "\(field): kept")
            // The releases: the same answers as the releases file's, for every required version.
            for required: PoVVersion in [.code(550), .code(605), .code(700)]
                + ["5.5.0", "6.0.0", "6.0.5", "7.0.0"].map({ .apple(PoVIOSVersion($0)!) })
            {
                for profile in [base, variant] {
                    let shared = readings.releases(profile, Self.releases).installability(required)
                    let straight = Self.releases.installability(for: profile) {
                        PoVDeviceReleases.published($0, like: required).map { $0 >= required } ?? false
                    }
                    XCTAssertEqual(shared, straight, "\(field) \(required) \(profile.fields)")
                }
            }
        }
    }
}
