import FleetAuditTestSupport
import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues
@testable import FleetAuditXML

/// `whatif --from` an appcast (issue 38): the critical version of one item swept, each candidate counted by
/// Sparkle's own decision on the feed with it written in. Each count must be what an audit of the draft `--emit`
/// writes reports; the draft must differ from the feed in that one value only.
final class AppcastMinimumSweepTests: XCTestCase {
    static let feed = TestPaths.sample("configs/sparkle/appcast.xml")
    static let asOf = Date(timeIntervalSince1970: 1_795_000_000)

    func sweep(_ app: MinimumSweep.Candidates, from: String = feed) throws -> WhatIfReport {
        var audit = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        audit.asOf = Self.asOf
        var request = WhatIfRequest(audit: audit, platform: .macos)
        request.app = app
        request.liveFrom = from
        return try WhatIfRun.run(request, generatedAt: Self.asOf)
    }

    /// The audit's macOS counts of a feed written to a file.
    func audit(_ text: String) throws -> OutcomeCounts {
        let dir = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = TestPaths.write(text, named: "draft.xml", in: dir)
        let config = try ConfigLoader().load(path, id: "draft.xml")
        let (table, _) = try AuditRun.readInventory(
            AuditRequest(inventoryPath: TestPaths.sample("inventory.csv")),
            needs: ProfileNeeds.forRun([config], releases: nil, reading: ConfigTally.reads))
        let tally = Auditor.audit([config], profiles: table, context: EvaluationContext(asOf: Self.asOf))[0]
        return tally.byPlatform[.macos] ?? OutcomeCounts()
    }

    func testEveryCandidateCountsWhatAnAuditOfItsDraftCounts() throws {
        let report = try sweep(.sweep)
        let sweep = report.sweep
        XCTAssertEqual(sweep.countedBy, "sparkle-appcast")
        XCTAssertEqual(sweep.scale.appKind, "build")
        XCTAssertGreaterThan(sweep.candidates.count, 50, "every build of the sample's Macs")
        // Ascending by Sparkle's comparator, ending at the item's own version (above it nothing newer is offered).
        let apps = sweep.candidates.compactMap(\.minimumApp)
        XCTAssertEqual(apps.last, "2000")
        for (a, b) in zip(apps, apps.dropFirst()) {
            XCTAssertTrue(SparkleVersionComparator.isOlder(a, than: b), "\(a) before \(b)")
        }
        // The live minimum is a candidate, marked, and its row is the audit of the published feed.
        let live = try XCTUnwrap(sweep.candidates.first { report.isLive($0) })
        XCTAssertEqual(live.minimumApp, "1200")
        let published = try String(contentsOfFile: Self.feed, encoding: .utf8)
        XCTAssertEqual(try audit(published), try outcomeCounts(live.counts))
        // Every 7th candidate, the first and the last: its draft audited equals its row.
        for (i, c) in sweep.candidates.enumerated() where i % 7 == 0 || i == sweep.candidates.count - 1 {
            let draft = try MinimumDraft.emit(
                source: Self.feed, formatName: "sparkle-appcast", platform: .macos, minimumApp: c.minimumApp,
                minimumOS: nil, allowLowering: true)
            XCTAssertEqual(draft.kept, [])
            XCTAssertEqual(try audit(draft.text), try outcomeCounts(c.counts), c.minimumApp ?? "")
        }
        // Raising the critical version forces more Macs, never fewer.
        let forced = sweep.candidates.map(\.counts.forced)
        XCTAssertEqual(forced, forced.sorted())
        XCTAssertGreaterThan(forced.last!, forced.first!)
        XCTAssertEqual(Set(sweep.candidates.map(\.counts.total)), [sweep.devices])
    }

    private func outcomeCounts(_ c: MinimumSweep.Counts) throws -> OutcomeCounts {
        var o = OutcomeCounts()
        for outcome in Outcome.allCases { o[outcome] = c[outcome] }
        return o
    }

    // MARK: - The draft's text

    func emit(_ feed: String, _ minimum: String, allowLowering: Bool = true) throws -> MinimumDraft.Draft {
        let dir = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = TestPaths.write(feed, named: "appcast.xml", in: dir)
        return try MinimumDraft.emit(
            source: path, formatName: "sparkle-appcast", platform: .macos, minimumApp: minimum, minimumOS: nil,
            allowLowering: allowLowering)
    }

    static func feed(_ items: String, prefix: String = "sparkle") -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:\(prefix)="http://www.andymatuschak.org/xml-namespaces/sparkle">
          <channel>
        \(items)
          </channel>
        </rss>

        """
    }

    static func item(_ version: String, _ extra: String = "", prefix: String = "sparkle") -> String {
        """
            <item>
              <title>Version \(version)</title>
              <\(prefix):version>\(version)</\(prefix):version>
              <enclosure url="https://example.org/app_\(version).zip" length="1"/>\(extra)
            </item>
        """
    }

    func testTheCriticalVersionIsReplacedInPlace() throws {
        let feed = Self.feed(
            Self.item("3.0") + "\n" + Self.item("2.0", "\n      <sparkle:criticalUpdate sparkle:version=\"1.0\"/>"))
        let draft = try emit(feed, "1.5")
        XCTAssertEqual(
            draft.text, feed.replacingOccurrences(of: "sparkle:version=\"1.0\"", with: "sparkle:version=\"1.5\""))
        // Lower than the live one: kept, and said, unless allowed.
        let kept = try emit(feed, "0.9", allowLowering: false)
        XCTAssertEqual(kept.text, feed)
        XCTAssertEqual(
            kept.kept,
            [
                "item[1] (Version 2.0) <sparkle:criticalUpdate sparkle:version>: 1.0 kept (above 0.9; --allow-lowering replaces it)"
            ])
    }

    func testACriticalUpdateWithoutVersionGetsOne() throws {
        let feed = Self.feed(Self.item("2.0", "\n      <sparkle:criticalUpdate />"))
        // Critical for every older build: its live minimum is the item's version, which 1.5 would lower.
        XCTAssertEqual(try emit(feed, "1.5", allowLowering: false).text, feed)
        let draft = try emit(feed, "1.5")
        XCTAssertEqual(
            draft.text,
            feed.replacingOccurrences(
                of: "<sparkle:criticalUpdate />", with: "<sparkle:criticalUpdate sparkle:version=\"1.5\" />"))
    }

    func testAnItemWithoutOneGetsTheElementOnALineOfItsOwn() throws {
        let source = Self.feed(Self.item("2.0", prefix: "s"), prefix: "s")
        let draft = try emit(source, "1.5")
        XCTAssertEqual(
            draft.text,
            source.replacingOccurrences(
                of: "length=\"1\"/>\n    </item>",
                with: "length=\"1\"/>\n      <s:criticalUpdate s:version=\"1.5\"/>\n    </item>"))
        // Laid out on one line: the element goes just before </item>.
        let oneLine = Self.feed(
            "<item><sparkle:version>2.0</sparkle:version><enclosure url=\"https://e.org/a.zip\"/></item>")
        XCTAssertEqual(
            try emit(oneLine, "1.5").text,
            oneLine.replacingOccurrences(
                of: "</item>", with: "<sparkle:criticalUpdate sparkle:version=\"1.5\"/></item>"))
    }

    /// Markup in comments, CDATA and a document type's internal subset is not an item; the text around the
    /// edit stays as written, entity references and all; a value with XML's special characters is escaped and
    /// reads back as given.
    func testTheTextAroundTheEditStaysAsWritten() throws {
        let feed = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [ <!ENTITY co "Example &amp; Co"> <!-- <item> --> ]>
            <rss version="2.0" xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle">
            <channel><!-- <item><sparkle:version>9</sparkle:version></item> -->
            <description><![CDATA[ <item> not one </item> ]]></description>
            <item><title>&co; 2.0</title><sparkle:version>2.0</sparkle:version>
            <sparkle:criticalUpdate sparkle:version='1.0'/><enclosure url="https://e.org/a.zip"/></item>
            </channel></rss>

            """
        let draft = try emit(feed, "1.5 & \"x\"")
        XCTAssertEqual(
            draft.text,
            feed.replacingOccurrences(of: "sparkle:version='1.0'", with: "sparkle:version='1.5 &amp; &quot;x&quot;'"))
    }

    func testWhatCannotTakeAMinimumIsRefused() throws {
        let feed = Self.feed(Self.item("2.0"))
        let dir = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = TestPaths.write(feed, named: "appcast.xml", in: dir)
        XCTAssertThrowsError(
            try MinimumDraft.emit(
                source: path, formatName: "sparkle-appcast", platform: .android, minimumApp: "1", minimumOS: nil)
        ) { XCTAssertTrue("\($0)".contains("upgrader (android) reads only the legacy sparkle:tags flag"), "\($0)") }
        XCTAssertThrowsError(
            try MinimumDraft.emit(
                source: path, formatName: "sparkle-appcast", platform: .macos, minimumApp: "1", minimumOS: "12.0")
        ) { XCTAssertTrue("\($0)".contains("minimum OS is per item"), "\($0)") }
        let rejected = TestPaths.write(
            Self.feed("<item><title>no version</title><enclosure url=\"https://e.org/a\"/></item>"),
            named: "rejected.xml", in: dir)
        XCTAssertThrowsError(try sweep(.given(["1"]), from: rejected)) {
            XCTAssertTrue("\($0)".contains("Sparkle rejects the whole feed"), "\($0)")
        }
    }

    /// The item is the newest one already critical, on the default channel for macOS; with none critical, the
    /// newest.
    func testTheItemIsTheNewestCriticalOneOfTheDefaultChannel() throws {
        let feed = Self.feed(
            [
                Self.item("4.0", "\n      <sparkle:channel>beta</sparkle:channel>\n      <sparkle:criticalUpdate/>"),
                Self.item("3.0"),
                Self.item("2.5", "\n      <sparkle:criticalUpdate sparkle:version=\"2.0\"/>"),
                Self.item("2.1", "\n      <sparkle:criticalUpdate sparkle:version=\"1.0\"/>"),
            ].joined(separator: "\n"))
        let draft = try emit(feed, "2.2")
        XCTAssertEqual(
            draft.text, feed.replacingOccurrences(of: "sparkle:version=\"2.0\"", with: "sparkle:version=\"2.2\""))
        let plain = Self.feed([Self.item("2.0"), Self.item("3.0"), Self.item("1.0")].joined(separator: "\n"))
        XCTAssertTrue(
            try emit(plain, "2.5").text.contains(
                "<title>Version 3.0</title>\n      <sparkle:version>3.0</sparkle:version>\n      <enclosure url=\"https://example.org/app_3.0.zip\" length=\"1\"/>\n      <sparkle:criticalUpdate sparkle:version=\"2.5\"/>"
            ))
    }

    /// Each candidate is a whole draft to parse and audit: a sweep of more than 5,000 stops before any is made.
    func testASweepOfTooManyCandidatesIsAUsageError() throws {
        let items = (1...5_001).reversed().map { v in
            "<item><sparkle:version>\(v)</sparkle:version>\(v == 5_001 ? "<sparkle:criticalUpdate/>" : "")<enclosure url=\"https://e.org/a_\(v).zip\"/></item>"
        }
        let dir = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = TestPaths.write(Self.feed(items.joined(separator: "\n")), named: "big.xml", in: dir)
        XCTAssertThrowsError(try sweep(.sweep, from: path)) { error in
            guard case AuditFailure.usage(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("more than 5,000"), message)
        }
    }

    /// A document type's internal subset may hold comments with any character (an apostrophe, `]>`) and entities
    /// with markup: the first is followed, the second refused (its items are not in the text).
    func testADocumentTypeDeclarationIsFollowedOrRefused() throws {
        let items = Self.item("2.0", "\n      <sparkle:criticalUpdate sparkle:version=\"1.0\"/>")
        let comment = Self.feed(items).replacingOccurrences(
            of: "<rss ", with: "<!DOCTYPE rss [\n<!-- the feed's entities ]> -->\n<!ENTITY co \"Example\">\n]>\n<rss ")
        XCTAssertEqual(
            try emit(comment, "1.5").text,
            comment.replacingOccurrences(of: "sparkle:version=\"1.0\"", with: "sparkle:version=\"1.5\""))
        let entity = Self.feed(items + "\n    &e;").replacingOccurrences(
            of: "<rss ",
            with:
                "<!DOCTYPE rss [\n<!ENTITY e '<item><sparkle:version>0.5</sparkle:version><enclosure url=\"https://e.org/e_0.5.zip\"/></item>'>\n]>\n<rss "
        )
        XCTAssertThrowsError(try emit(entity, "1.5")) {
            XCTAssertTrue("\($0)".contains("edit the feed by hand"), "\($0)")
        }
    }

    /// The read-back: a draft equal to the feed but for the item's critical version (changed, or added with its
    /// line) passes; any other difference does not.
    func testTheReadBackSeesAnyOtherDifference() throws {
        func document(_ text: String) throws -> ConfigDocument {
            .xml(try XMLDocumentReader.parse(Array(text.utf8)))
        }
        let source = Self.feed(Self.item("3.0") + "\n" + Self.item("2.0"))
        let place = try SparkleFormat.minimumPlace(try document(source), platform: .macos).get()
        XCTAssertEqual(place.index, 0)
        let added = try emit(source, "2.5").text
        XCTAssertTrue(SparkleFormat.differsOnlyAtMinimum(try document(source), try document(added), place: place))
        for other in [
            added.replacingOccurrences(of: "<title>Version 2.0</title>", with: "<title>Version 2.1</title>"),
            added.replacingOccurrences(of: "app_3.0.zip", with: "app_3.1.zip"),
            added.replacingOccurrences(
                of: "<title>Version 2.0</title>",
                with: "<title>Version 2.0</title><sparkle:criticalUpdate sparkle:version=\"2.5\"/>"),
        ] {
            XCTAssertFalse(
                SparkleFormat.differsOnlyAtMinimum(try document(source), try document(other), place: place), other)
        }
    }
}
