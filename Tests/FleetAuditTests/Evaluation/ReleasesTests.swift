import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

final class ReleasesTests: XCTestCase {
    func testJSONKeysMatchLikeCSVHeaders() throws {
        let dir = TestPaths.temporaryDirectory()
        let path = TestPaths.write(
            """
            {"releases": [{"platform": "android", "version": "5.0", "build": 358, "minOS": "26"},
                          {"Platform": "ios", "version": "6.0", "min_os": "15.0", "package": "a.b"},]}
            """, named: "releases.json", in: dir)
        let releases = try ReleasesLoader.load(path: path)
        XCTAssertEqual(
            releases.all,
            [
                Release(platform: .android, version: "5.0", build: 358, minOS: "26"),
                Release(platform: .ios, version: "6.0", minOS: "15.0", package: "a.b"),
            ])
        XCTAssertEqual(releases.sha256.count, 64)
    }

    func testCSVAndBadFiles() throws {
        let dir = TestPaths.temporaryDirectory()
        let csv = TestPaths.write("platform,version,build,min_os\nandroid,5.0,358,23\n", named: "r.csv", in: dir)
        XCTAssertEqual(try ReleasesLoader.load(path: csv).all.first?.build, 358)
        let bad = TestPaths.write("platform,version,build\nandroid,5.0,x\n", named: "bad.csv", in: dir)
        XCTAssertThrowsError(try ReleasesLoader.load(path: bad)) {
            XCTAssertTrue("\($0)".contains("not an integer"), "\($0)")
        }
        let neither = TestPaths.write("platform,min_os\nandroid,23\n", named: "neither.csv", in: dir)
        XCTAssertThrowsError(try ReleasesLoader.load(path: neither)) {
            XCTAssertTrue("\($0)".contains("at least one of version and build"), "\($0)")
        }
        let emptyRow = TestPaths.write("platform,version,build\nandroid,,\n", named: "empty.csv", in: dir)
        XCTAssertThrowsError(try ReleasesLoader.load(path: emptyRow)) {
            XCTAssertTrue("\($0)".contains("empty.csv:2"), "\($0)")
        }
        XCTAssertThrowsError(try ReleasesLoader.load(path: dir.appendingPathComponent("none.csv").path))
    }

    func testInstallabilityUsesPackageAndMinimumOS() {
        let releases = Releases([
            Release(platform: .android, version: "5", build: 10, minOS: "30", package: "p"),
            Release(platform: .android, version: "4", build: 9, minOS: "21", package: "q"),
        ])
        let device = Profile(
            platform: .android, osVersion: "11", apiLevel: 30, appVersion: "1", appBuild: "1", packageName: "q")
        XCTAssertEqual(
            releases.installability(for: device) { ($0.build ?? 0) >= 10 }, .noRelease, "the other package's release")
        let other = Profile(
            platform: .android, osVersion: "10", apiLevel: 29, appVersion: "1", appBuild: "1", packageName: "p")
        XCTAssertEqual(releases.installability(for: other) { ($0.build ?? 0) >= 10 }.forcedOutcome, .unsupportedOS)
    }

    /// A device's releases read together (`installs(_:on:)`: each release's `min_os` read once, the device's OS
    /// once) install exactly where each release asked alone (`installs(_:platform:osVersion:apiLevel:)`) does,
    /// on odd texts too.
    func testReleasesReadTogetherInstallWhereEachAloneDoes() {
        let minimums: [String?] = [
            nil, "", "13.5", "13.5.1", "14", "14.0.0", "abc", "12a", "26", " 14", "30", "-1", "5.",
        ]
        let versions = ["13.5", "13.4.9", "13.5.0", "14", "", "x", "15.1.2", "26", "5", "13.5.1.0"]
        let platforms: [Platform] = [.android, .ios, .macos]
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        for _ in 0..<2_000 {
            let platform = platforms.randomElement(using: &generator)!
            let releases = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                Release(platform: platform, version: "1", minOS: minimums.randomElement(using: &generator)!)
            }
            let device = Profile(
                platform: platform, osVersion: versions.randomElement(using: &generator)!,
                apiLevel: [nil, 21, 26, 30, 34].randomElement(using: &generator)!, appVersion: "1", appBuild: "1",
                packageName: nil)
            let alone = releases.map {
                Releases.installs($0, platform: device.platform, osVersion: device.osVersion, apiLevel: device.apiLevel)
            }
            XCTAssertEqual(Releases.installs(releases, on: device), alone, "\(releases) on \(device)")
            compared += releases.count
        }
        XCTAssertGreaterThan(compared, 4_000)
    }

    /// docs/configs.md: a release row needs `platform` and at least one of `version` and `build`. Formats that compare
    /// Android versionCodes read only `build`; one that needs the version skips a build-only row.
    func testAReleaseMayBeGivenByBuildAlone() throws {
        let dir = TestPaths.temporaryDirectory()
        let path = TestPaths.write(
            "platform,version,build,min_os,package\nandroid,,358,26,\nios,6.0,,15.0,\n", named: "r.csv", in: dir)
        let releases = try ReleasesLoader.load(path: path)
        XCTAssertEqual(
            releases.all,
            [
                Release(platform: .android, version: nil, build: 358, minOS: "26"),
                Release(platform: .ios, version: "6.0", minOS: "15.0"),
            ])
        let json = TestPaths.write(#"[{"platform": "android", "build": 358}]"#, named: "r.json", in: dir)
        XCTAssertEqual(try ReleasesLoader.load(path: json).all, [Release(platform: .android, version: nil, build: 358)])

        // Android versionCodes: the build-only release makes a forced update installable on API 26+.
        let nhsAndroid = try ConfigLoader().load(
            TestPaths.write(
                """
                {"minimumSDKVersion": {"value": 23, "description": {"en": "x"}},
                 "minimumAppVersion": {"value": 300, "description": {"en": "x"}},
                 "recommendedAppVersion": {"value": 300, "title": {"en": "x"}, "description": {"en": "x"}}}
                """, named: "a.json", in: dir), id: "a.json")
        let context = EvaluationContext(releases: releases, asOf: Date(), asOfIsExplicit: true)
        let phone = Profile(
            platform: .android, osVersion: "12", apiLevel: 31, appVersion: "1", appBuild: "200", packageName: nil)
        XCTAssertEqual(nhsAndroid.config.evaluate(phone, context: context).outcome, .forced)
        let old = Profile(
            platform: .android, osVersion: "7.0", apiLevel: 24, appVersion: "1", appBuild: "200", packageName: nil)
        XCTAssertEqual(nhsAndroid.config.evaluate(old, context: context).outcome, .unsupportedOS)

        // A comparison by version name skips the build-only row: no iOS release reaches 7.0.
        let byBuild = Releases([Release(platform: .ios, version: nil, build: 900)])
        let iPhone = Profile(
            platform: .ios, osVersion: "17.0", apiLevel: nil, appVersion: "1.0", appBuild: nil, packageName: nil)
        XCTAssertEqual(
            byBuild.installability(for: iPhone) {
                $0.version.flatMap { DottedVersion(lenient: $0) }.map { $0 >= DottedVersion(lenient: "7.0")! } ?? false
            },
            .noRelease)
    }

    /// `minimum_os` is read as `min_os` (it used to be ignored, making every release installable on any OS),
    /// and a column nothing reads is a warning with its near miss.
    func testColumnSpellingsAndUnreadColumns() throws {
        let dir = TestPaths.temporaryDirectory()
        let csv = TestPaths.write(
            "platform,version,build,minimum_os,package_name,chanel,relase_date\nios,6.00,1600,15.0,uk.nhs,stable,2023-01-01\n",
            named: "releases.csv", in: dir)
        let releases = try ReleasesLoader.load(path: csv)
        XCTAssertEqual(releases.all.first?.minOS, "15.0")
        XCTAssertEqual(releases.all.first?.package, "uk.nhs")
        XCTAssertEqual(releases.diagnostics.map(\.code), ["releases.unknownColumn", "releases.unknownColumn"])
        XCTAssertTrue(
            releases.diagnostics[0].message.contains("column chanel is not read"), releases.diagnostics[0].message)
        let json = TestPaths.write(
            #"[{"platform": "android", "build": 362, "min_sdk": 24}]"#, named: "releases.json", in: dir)
        let fromJSON = try ReleasesLoader.load(path: json)
        XCTAssertNil(fromJSON.all.first?.minOS)
        XCTAssertEqual(fromJSON.diagnostics.count, 1)
        XCTAssertTrue(fromJSON.diagnostics[0].message.contains("did you mean min_os?"), fromJSON.diagnostics[0].message)
        XCTAssertEqual(
            try ReleasesLoader.load(path: TestPaths.sample("releases.csv")).diagnostics.map(\.code), [],
            "the sample's columns are all read")
    }
}
