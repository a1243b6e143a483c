import XCTest
@testable import FleetAudit

final class ReleasesTests: XCTestCase {
    func testJSONKeysMatchLikeCSVHeaders() throws {
        let dir = TestPaths.temporaryDirectory()
        let path = TestPaths.write("""
        {"releases": [{"platform": "android", "version": "5.0", "build": 358, "minOS": "26"},
                      {"Platform": "ios", "version": "6.0", "min_os": "15.0", "package": "a.b"},]}
        """, named: "releases.json", in: dir)
        let releases = try ReleasesLoader.load(path: path)
        XCTAssertEqual(releases.all, [Release(platform: .android, version: "5.0", build: 358, minOS: "26"),
                                      Release(platform: .ios, version: "6.0", minOS: "15.0", package: "a.b")])
        XCTAssertEqual(releases.sha256.count, 64)
    }

    func testCSVAndBadFiles() throws {
        let dir = TestPaths.temporaryDirectory()
        let csv = TestPaths.write("platform,version,build,min_os\nandroid,5.0,358,23\n", named: "r.csv", in: dir)
        XCTAssertEqual(try ReleasesLoader.load(path: csv).all.first?.build, 358)
        let bad = TestPaths.write("platform,version,build\nandroid,5.0,x\n", named: "bad.csv", in: dir)
        XCTAssertThrowsError(try ReleasesLoader.load(path: bad)) { XCTAssertTrue("\($0)".contains("not an integer"), "\($0)") }
        let noVersion = TestPaths.write("platform,build\nandroid,1\n", named: "nov.csv", in: dir)
        XCTAssertThrowsError(try ReleasesLoader.load(path: noVersion)) { XCTAssertTrue("\($0)".contains("platform and version"), "\($0)") }
        XCTAssertThrowsError(try ReleasesLoader.load(path: dir.appendingPathComponent("none.csv").path))
    }

    func testInstallabilityUsesPackageAndMinimumOS() {
        let releases = Releases([Release(platform: .android, version: "5", build: 10, minOS: "30", package: "p"),
                                 Release(platform: .android, version: "4", build: 9, minOS: "21", package: "q")])
        let device = Profile(platform: .android, osVersion: "11", apiLevel: 30, appVersion: "1", appBuild: "1", packageName: "q")
        XCTAssertEqual(releases.installability(for: device) { ($0.build ?? 0) >= 10 }, .noRelease, "the other package's release")
        let other = Profile(platform: .android, osVersion: "10", apiLevel: 29, appVersion: "1", appBuild: "1", packageName: "p")
        XCTAssertEqual(releases.installability(for: other) { ($0.build ?? 0) >= 10 }.forcedOutcome, .unsupportedOS)
    }
}
