import XCTest

@testable import FleetAudit
@testable import FleetAuditFormats
@testable import FleetAuditValues

/// Where FleetAudit once answered differently from Sparkle's own decision code (2.6.4 @ fa4eaa9, compiled
/// locally and run side by side on random appcasts and Macs; issue 38). Each document is in
/// Fixtures/differential/sparkle; each expected answer is Sparkle's, with the line that decides it. The Macs
/// embed Sparkle 2.6.4 (`sparkle_framework`), the version the answers come from.
final class SparkleClientFidelityTests: XCTestCase {
    private func feed(_ name: String) throws -> LoadedConfig {
        try SparkleTestSupport.load(TestPaths.fixture("differential/sparkle/\(name)"))
    }

    private func mac(_ build: String, os: String = "14.6") -> Profile {
        SparkleTestSupport.mac(build, os: os, ["sparkle_framework": "2.6.4"])
    }

    private func decide(_ config: LoadedConfig, _ mac: Profile) throws -> Decision {
        try SparkleTestSupport.decide(config, mac, check: .user)
    }

    /// SUAppcastItem.m L487-489: an item with a link is informational only without an `<enclosure>` element;
    /// one without a `url` is still an enclosure. So the item is an update, critical below `2.0 beta` — which
    /// `2.0` is (the space makes `2.0 beta` the newer, SUStandardVersionComparator.m).
    func testAnEnclosureWithoutAURLIsNotAnInformationalUpdate() throws {
        let config = try feed("enclosure-without-url-and-link.xml")
        for build in ["1.0", "2.0"] {
            let d = try decide(config, mac(build))
            XCTAssertEqual(d.outcome, .forced, build)
            XCTAssertEqual(d.rule, "item[0]")
            XCTAssertEqual(d.notices, [])
        }
    }

    /// SUAppcastItem.m L382-386: only a missing version falls back; an empty `sparkle:version` attribute or
    /// element is the version "" (every version is newer than it), and the feed is read. SPUAppcastItemStateResolver.m
    /// L80: critical below `sparkle:version=""` is critical for no app. L58: an empty minimumAutoupdateVersion
    /// makes no major upgrade; L50: an empty maximumSystemVersion is no bound. So item[3] (version 3) is
    /// offered, not critical.
    func testEmptyValuesAreValuesWhereSparkleReadsThem() throws {
        let config = try feed("empty-values.xml")
        XCTAssertFalse(config.diagnostics.contains { $0.code == "sparkle.rejected" }, "\(config.diagnostics)")
        for (build, os) in [("1.0", "14.6"), ("v1.0", "10.13")] {
            let d = try decide(config, mac(build, os: os))
            XCTAssertEqual(d.outcome, .recommended, build)
            XCTAssertEqual(d.rule, "item[3]")
        }
    }

    /// SUAppcastItem.m L567-578: a `<sparkle:criticalUpdate>` element decides; the `sparkle:tags` form is read
    /// only without one.
    func testACriticalUpdateElementDecidesWhateverTheTagsSay() throws {
        let config = try feed("critical-element-over-tags.xml")
        XCTAssertEqual(try decide(config, mac("1.0")).outcome, .forced, "1.0 is below the element's 1.5")
        XCTAssertEqual(try decide(config, mac("2.0")).outcome, .recommended, "the tags do not make 2.0 critical")
    }

    /// SUOperatingSystem.m L15-19: Sparkle compares `NSProcessInfo.operatingSystemVersion`, three integers, so
    /// `14.6` and `14.6 ` are 14.6.0 (which meets minimumSystemVersion 14.6.0), and a value that is no version
    /// is 0.0.0.
    func testTheOSIsThreeIntegers() throws {
        let config = try feed("system-version-bounds.xml")
        for os in ["14.6", "14.6 ", "14.6.0"] {
            XCTAssertEqual(try decide(config, mac("1.0", os: os)).outcome, .recommended, "os \(os)")
        }
        for os in ["abc", "14.5.9"] {
            let d = try decide(config, mac("1.0", os: os))
            XCTAssertEqual(d.outcome, .unsupportedOS, "os \(os)")
            XCTAssertEqual(d.rule, "item[0]")
        }
    }

    private func appcast(_ items: String) throws -> LoadedConfig {
        try SparkleTestSupport.load(
            text: """
                <?xml version="1.0"?>
                <rss version="2.0" xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle">
                <channel><title>App</title>\(items)</channel></rss>
                """)
    }

    /// Issue 66, SUAppcastItem.m L512-531: `[NSURL URLWithString:@"" relativeToURL:feedURL]` is the feed's own
    /// URL, whose scheme is http(s): the item is kept (Swift's `URL(string: "")` is nil, which rejected the feed).
    /// Only a real scheme other than http and https rejects it.
    func testAnEmptyEnclosureURLKeepsTheItem() throws {
        let config = try appcast(
            #"<item><sparkle:version>2.0</sparkle:version><enclosure url="" length="1" type="application/octet-stream"/></item>"#
        )
        XCTAssertFalse(config.diagnostics.contains { $0.code == "sparkle.rejected" }, "\(config.diagnostics)")
        XCTAssertEqual(try decide(config, mac("1.0")).outcome, .recommended)
        let ftp = try appcast(
            #"<item><sparkle:version>2.0</sparkle:version><enclosure url="ftp://x/a.zip" length="1"/></item>"#)
        XCTAssertTrue(ftp.diagnostics.contains { $0.code == "sparkle.rejected" })
    }

    /// Issue 66, SUAppcastItem.m L457-490: an empty `<link></link>` is trimmed to "" and resolves to the feed's URL;
    /// without an enclosure the item is informational for every version (L489, SPUAppcastItemStateResolver.m L85-92).
    func testAnEmptyLinkMakesAnInformationalItem() throws {
        let config = try appcast(#"<item><sparkle:version>2.0</sparkle:version><link></link></item>"#)
        XCTAssertFalse(config.diagnostics.contains { $0.code == "sparkle.rejected" }, "\(config.diagnostics)")
        let d = try decide(config, mac("1.0"))
        XCTAssertEqual(d.outcome, .recommended)
        XCTAssertEqual(d.notices, ["informational"])
    }

    /// Issue 66, SUAppcastDriver.m L397-400, L209-213, L446-449: the best item's delta whose `sparkle:deltaFrom` is
    /// the Mac's build (as text) becomes the primary item, and its own `sparkle:version` is compared: no newer than
    /// the Mac, it is "You're up to date" (L316, L325). A delta from another build changes nothing.
    func testADeltaFromThisBuildIsTheItemSparkleCompares() throws {
        let config = try appcast(
            """
            <item><sparkle:version>3.0</sparkle:version><sparkle:criticalUpdate/>
            <enclosure url="https://x/a_3.0.zip" length="1"/>
            <sparkle:deltas><enclosure url="https://x/d.delta" sparkle:deltaFrom="2.0" sparkle:version="2.0" length="1"/>
            <enclosure url="https://x/e.delta" sparkle:deltaFrom="1.0" length="1"/></sparkle:deltas></item>
            """)
        XCTAssertEqual(try decide(config, mac("2.0")).outcome, .upToDate)
        XCTAssertEqual(try decide(config, mac("2.0.0")).outcome, .forced, "deltaFrom is matched as text")
        XCTAssertEqual(try decide(config, mac("1.0")).outcome, .forced, "its version is the item's element: 3.0")
    }
}
