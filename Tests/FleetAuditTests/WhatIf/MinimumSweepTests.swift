import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// `whatif`'s counts: each candidate's equal an `audit` of the NHS availability document with that minimum
/// (docs/commands/plan.md: the NHS rules are this generic rule), on the sample and on a generated inventory with several
/// packages, unreadable versions, a `count` column and releases that need newer OSes.
final class MinimumSweepTests: XCTestCase {
    /// An NHS document whose recommendations equal its minimums, so that it recommends nothing: then its
    /// outcomes are the generic minimum rule's. "0" where the candidate has no minimum on an axis.
    static func nhsDocument(platform: Platform, minimumApp: String?, minimumOS: String?) -> String {
        func field(_ name: String, _ value: String, title: Bool) -> String {
            "\"\(name)\": {\"value\": \(value), \"description\": {\"en\": \"d\"}\(title ? ", \"title\": {\"en\": \"t\"}" : "")}"
        }
        if platform == .android {
            let app = minimumApp ?? "0"
            let os = minimumOS ?? "0"
            return "{"
                + [
                    field("minimumSDKVersion", os, title: false), field("minimumAppVersion", app, title: false),
                    field("recommendedAppVersion", app, title: true),
                ].joined(separator: ", ") + "}"
        }
        let app = "\"\(minimumApp ?? "0")\""
        let os = "\"\(minimumOS ?? "0")\""
        return "{"
            + [
                field("minimumOSVersion", os, title: false), field("recommendedOSVersion", os, title: true),
                field("minimumAppVersion", app, title: false), field("recommendedAppVersion", app, title: true),
            ].joined(separator: ", ") + "}"
    }

    /// The audit's counts for the platform, of an NHS document with this candidate's minimums.
    static func audit(_ candidate: MinimumSweep.Candidate, platform: Platform, inventory: String, releases: String?)
        throws -> OutcomeCounts
    {
        let dir = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = TestPaths.write(
            nhsDocument(platform: platform, minimumApp: candidate.minimumApp, minimumOS: candidate.minimumOS),
            named: "nhs.json", in: dir)
        let config = try ConfigLoader().load(path, id: "nhs.json")
        XCTAssertEqual(
            config.config.diagnostics.filter { $0.severity == .error }, [], "the document is one the app accepts")
        let loadedReleases = try AuditRun.loadReleases(releases)
        let (table, _) = try AuditRun.readInventory(
            AuditRequest(inventoryPath: inventory),
            needs: ProfileNeeds.forRun([config], releases: loadedReleases))
        let tally = Auditor.audit([config], profiles: table, context: EvaluationContext(releases: loadedReleases))[0]
        return tally.byPlatform[platform] ?? OutcomeCounts()
    }

    static func sweep(
        _ inventory: String, releases: String?, platform: Platform, app: MinimumSweep.Candidates,
        os: MinimumSweep.Candidates, package: String? = nil
    ) throws -> WhatIfReport {
        var request = WhatIfRequest(audit: AuditRequest(inventoryPath: inventory), platform: platform)
        request.audit.releasesPath = releases
        request.app = app
        request.os = os
        request.package = package
        return try WhatIfRun.run(request)
    }

    func assertAgrees(
        _ report: WhatIfReport, inventory: String, releases: String?, every stride: Int = 1,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let platform = report.sweep.platform
        XCTAssertFalse(report.sweep.candidates.isEmpty, file: file, line: line)
        for (i, c) in report.sweep.candidates.enumerated()
        where i % stride == 0 || i == report.sweep.candidates.count - 1 {
            let audited = try Self.audit(c, platform: platform, inventory: inventory, releases: releases)
            let what = "\(platform.name) \(WhatIfReport.describe(c))"
            XCTAssertEqual(audited[.recommended], 0, what, file: file, line: line)
            for outcome in [Outcome.upToDate, .forced, .blocked, .unsupportedOS, .notTargeted] {
                XCTAssertEqual(
                    c.counts[outcome], audited[outcome], "\(what): \(outcome.rawValue)", file: file, line: line)
            }
            XCTAssertEqual(
                c.counts.total, report.sweep.devices, "every device accounted for: \(what)", file: file, line: line)
        }
    }

    func testSampleSweepsAgreeWithAuditsOfNHSDocuments() throws {
        let inventory = TestPaths.sample("inventory.csv")
        let releases = TestPaths.sample("releases.csv")
        for withReleases in [releases, nil] {
            let android = try Self.sweep(
                inventory, releases: withReleases, platform: .android, app: .sweep, os: .given(["23"]))
            XCTAssertEqual(android.sweep.candidates.map(\.minimumApp), ["111", "312", "347", "352", "358", "362"])
            try assertAgrees(android, inventory: inventory, releases: withReleases)
            let ios = try Self.sweep(
                inventory, releases: withReleases, platform: .ios, app: .sweep, os: .given(["13.5.0"]))
            try assertAgrees(ios, inventory: inventory, releases: withReleases)
            let iosOS = try Self.sweep(
                inventory, releases: withReleases, platform: .ios, app: .given(["4.40"]), os: .sweep)
            try assertAgrees(iosOS, inventory: inventory, releases: withReleases)
        }
        // The published NHS Android document's own minimums: 818 up to date, 796 forced, 64 blocked, 26 unsupportedOS.
        let published = try Self.sweep(
            inventory, releases: releases, platform: .android, app: .given(["358"]), os: .given(["23"]))
        let c = published.sweep.candidates[0].counts
        XCTAssertEqual([c.upToDate, c.forced, c.blocked, c.unsupportedOS, c.notTargeted], [818, 796, 64, 26, 0])
    }

    /// A generated fleet: two packages, a `count` column, app and OS versions the apps cannot read, releases
    /// per package (one for every package) with min_os, a release without a build; both axes swept.
    func testGeneratedFleetAgreesWithAuditsOnBothAxes() throws {
        var rng = SplitMix(seed: 20_261_124)
        let dir = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var rows = ["platform,os_version,app_version,app_build,package_name,count"]
        let iosOS = ["12.5.7", "13.5", "13.5.0", "14", "15.0", "15.7.9", "16.4.1", "17.1", "18.0", "17.0.1.2", "beta"]
        let iosApps = ["4.10", "4.9", "4.36", "5.0", "5.00", "5.1", "6.0", "6.1", "v6", "1.0.0-beta", "7"]
        let androidOS = ["7", "8.1", "9", "10", "11", "12", "13", "14", "15"]
        let codes = ["111", "312", "347", "352", "358", "362", "370"]
        let packages = ["org.example.one", "org.example.two", ""]
        for _ in 0..<600 {
            let package = packages[rng.next(packages.count)]
            let n = 1 + rng.next(40)
            if rng.next(2) == 0 {
                rows.append("ios,\(iosOS[rng.next(iosOS.count)]),\(iosApps[rng.next(iosApps.count)]),1,\(package),\(n)")
            } else {
                let code = codes[rng.next(codes.count)]
                rows.append("android,\(androidOS[rng.next(androidOS.count)]),4.\(code),\(code),\(package),\(n)")
            }
        }
        let inventory = TestPaths.write(rows.joined(separator: "\n") + "\n", named: "fleet.csv", in: dir)
        let releases = TestPaths.write(
            """
            platform,version,build,min_os,package
            ios,5.0,500,14.0,org.example.one
            ios,6.1,610,16.0,org.example.one
            ios,5.1,510,13.5,org.example.two
            ios,6.0,,17.0,
            android,4.352,352,24,org.example.one
            android,4.362,362,29,org.example.one
            android,4.358,358,26,org.example.two
            android,4.370,,21,org.example.two
            """ + "\n", named: "releases.csv", in: dir)
        for platform in [Platform.ios, .android] {
            let report = try Self.sweep(inventory, releases: releases, platform: platform, app: .sweep, os: .sweep)
            XCTAssertGreaterThan(report.sweep.candidates.count, 40)
            if platform == .ios {
                XCTAssertGreaterThan(report.sweep.unreadable, 0, "beta, 17.0.1.2, v6 and 1.0.0-beta are unreadable")
            }
            try assertAgrees(report, inventory: inventory, releases: releases, every: 5)
            let onePackage = try Self.sweep(
                inventory, releases: releases, platform: platform, app: .sweep, os: .none, package: "org.example.two")
            XCTAssertLessThan(onePackage.sweep.devices, report.sweep.devices)
        }
        let assumed = try Self.sweep(inventory, releases: nil, platform: .android, app: .sweep, os: .none)
        XCTAssertTrue(
            assumed.sweep.candidates.allSatisfy { $0.counts.blocked == 0 },
            "without releases every minimum is installable")
        try assertAgrees(assumed, inventory: inventory, releases: nil)
    }

    /// Candidates in version order, equal versions merged under the shortest spelling, unreadable versions
    /// counted as notTargeted and never candidates.
    func testOrderingMergingAndUnreadableVersions() throws {
        let dir = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inventory = TestPaths.write(
            """
            platform,os_version,app_version
            ios,16.10,4.10
            ios,16.9,4.9
            ios,16.4.0,4.10.0
            ios,16.4,10
            ios,17 beta,4.9
            ios,16.4,1.2.3.4
            macos,14.1,2.0
            """ + "\n", named: "fleet.csv", in: dir)
        let report = try Self.sweep(inventory, releases: nil, platform: .ios, app: .sweep, os: .sweep)
        let apps = Set(report.sweep.candidates.compactMap(\.minimumApp))
        let oses = Set(report.sweep.candidates.compactMap(\.minimumOS))
        XCTAssertEqual(apps, ["4.9", "4.10", "10"])
        XCTAssertEqual(oses, ["16.4", "16.9", "16.10"])
        XCTAssertEqual(
            report.sweep.candidates.map(\.minimumApp), ["4.9", "4.9", "4.9", "4.10", "4.10", "4.10", "10", "10", "10"])
        XCTAssertEqual(
            report.sweep.candidates.map(\.minimumOS),
            ["16.4", "16.9", "16.10", "16.4", "16.9", "16.10", "16.4", "16.9", "16.10"])
        XCTAssertEqual(report.sweep.devices, 6, "macOS is another platform")
        XCTAssertEqual(report.sweep.unreadable, 2, "17 beta and 1.2.3.4")
        let top = report.sweep.candidates.last!.counts
        // app ≥ 10 and OS ≥ 16.10: nobody; OS below 16.10: 3 devices; app below 10 on 16.10: 1 device.
        XCTAssertEqual([top.upToDate, top.forced, top.unsupportedOS, top.notTargeted], [0, 1, 3, 2])
        XCTAssertThrowsError(try Self.sweep(inventory, releases: nil, platform: .ios, app: .given(["4.x"]), os: .none))
        { error in
            XCTAssertEqual(
                error as? AuditFailure,
                .usage(
                    "--min-app 4.x: not a version a ios client can read (1 to 3 integer components, e.g. 4.2 or 16.4.1)"
                ))
        }
        XCTAssertThrowsError(try Self.sweep(inventory, releases: nil, platform: .android, app: .sweep, os: .none)) {
            error in
            guard case .input(let message)? = error as? AuditFailure else { return XCTFail("\(error)") }
            XCTAssertTrue(message.hasSuffix("no android device; platforms found: ios, macos"), message)
        }
    }

    /// The bounds at their edges: 100 Android devices, 10 on versionCode 1 and 90 on 2, releases reaching 1 only.
    func testBoundsAtTheirBoundaries() throws {
        let dir = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inventory = TestPaths.write(
            "platform,os_version,app_version,app_build,count\nandroid,14,a,1,10\nandroid,14,b,2,90\n", named: "f.csv",
            in: dir)
        let releases = TestPaths.write("platform,version,build\nandroid,a,1\n", named: "r.csv", in: dir)
        var report = try Self.sweep(inventory, releases: releases, platform: .android, app: .sweep, os: .none)
        XCTAssertEqual(report.sweep.candidates.map(\.minimumApp), ["1", "2"])
        XCTAssertEqual(report.sweep.candidates[1].counts.blocked, 10, "no release reaches 2")
        func chosen(_ coverage: String?, _ stranded: String?) -> String? {
            let bounds = MinimumBounds(
                targetCoverage: coverage.flatMap { MinimumBounds.Share(percent: $0) },
                maxStranded: stranded.flatMap { MinimumBounds.Limit($0) })
            return bounds.choose(report.sweep).map { report.sweep.candidates[$0].minimumApp! }
        }
        XCTAssertEqual(chosen("90%", nil), "2", "10 of 100 affected is exactly 10%")
        XCTAssertEqual(chosen("90.0001%", nil), "1")
        XCTAssertEqual(chosen(nil, "10"), "2")
        XCTAssertEqual(chosen(nil, "9"), "1")
        XCTAssertEqual(chosen(nil, "10%"), "2")
        XCTAssertEqual(chosen(nil, "9.9999%"), "1")
        XCTAssertEqual(chosen("90%", "9"), "1", "both bounds hold")
        XCTAssertEqual(chosen(nil, nil), nil, "no bound, no choice")
        // 0 devices may be stranded and 100% must stay unaffected: still the lowest candidate (it affects none).
        XCTAssertEqual(chosen("100%", "0"), "1")
        // Affected devices on every candidate: none within.
        report = try Self.sweep(inventory, releases: releases, platform: .android, app: .given(["2", "3"]), os: .none)
        XCTAssertNil(MinimumBounds(targetCoverage: MinimumBounds.Share(percent: "95%")).choose(report.sweep))
        for bad in ["100.1%", "-1%", "abc", "90.12345%", ""] { XCTAssertNil(MinimumBounds.Share(percent: bad), bad) }
        XCTAssertNil(MinimumBounds.Limit("-3"))
    }
}

/// A small seeded generator (SplitMix64) so the generated fleet is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
