import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Configs from URLs, against a real HTTP server on 127.0.0.1.
final class URLConfigTests: XCTestCase {
    private var server: LocalHTTPServer!
    private let document = try! String(
        contentsOfFile: TestPaths.sample("configs/princeofversions/fleet-rollout.json"), encoding: .utf8)

    override func setUpWithError() throws {
        server = try LocalHTTPServer(routes: [
            "/config.json": .respond(status: 200, contentType: "application/json", body: Array(document.utf8)),
            "/error": .respond(status: 500, contentType: "text/plain", body: Array("boom".utf8)),
            "/missing": .respond(status: 404, contentType: "text/plain", body: []),
            "/moved": .redirect(to: "/config.json"),
            "/page": .respond(
                status: 200, contentType: "text/html", body: Array("<html><body>Sign in</body></html>".utf8)),
            "/huge": .respond(
                status: 200, contentType: "application/json", body: [UInt8](repeating: 0x20, count: 50 << 20)),
            "/endless": .stream(bytes: 50 << 20),
            "/hang": .hang,
        ])
    }

    override func tearDown() { server.stop() }

    private func load(_ path: String, timeout: TimeInterval = 5) throws -> LoadedConfig {
        try ConfigLoader(timeout: timeout).load(server.url(path), id: server.url(path))
    }

    func testA200DocumentLoadsAndIsIdentifiedByItsURL() throws {
        let c = try load("/config.json")
        XCTAssertEqual(c.format, "princeofversions")
        XCTAssertEqual(c.source, server.url("/config.json"))
        XCTAssertEqual(c.sha256, SHA256Digest.hex(Array(document.utf8)))
    }

    func testARedirectIsFollowed() throws {
        XCTAssertEqual(try load("/moved").format, "princeofversions")
    }

    func testNon2xxNamesTheURLAndStatus() {
        for (path, status) in [("/error", "500"), ("/missing", "404")] {
            XCTAssertThrowsError(try load(path)) { error in
                let text = "\(error)"
                XCTAssertTrue(text.contains(server.url(path)) && text.contains("HTTP \(status)"), text)
            }
        }
    }

    func testAServerThatNeverAnswersTimesOutInBoundedTime() {
        let asked = server.received.filter { $0.contains("/hang") }.count
        XCTAssertThrowsError(try load("/hang", timeout: 1)) { error in
            XCTAssertTrue("\(error)".contains("timed out"), "\(error)")
        }
        XCTAssertEqual(
            server.received.filter { $0.contains("/hang") }.count, asked + 1, "one attempt, no retry on a timeout")
    }

    /// A page starting with `<` is read as XML (an appcast could be): a well-formed page is named for what
    /// it is, a malformed one is an XML syntax error with its line and column.
    func testHTMLInsteadOfJSONIsAConfigErrorNamingTheURL() {
        XCTAssertThrowsError(try load("/page")) { error in
            XCTAssertTrue("\(error)".contains(server.url("/page")) && "\(error)".contains("an HTML page"), "\(error)")
        }
    }

    func testABodyOverTheLimitIsRefused() {
        // 50 MB, declared by Content-Length (refused from the header) or not (refused once 16 MB arrived).
        for path in ["/huge", "/endless"] {
            // Stopped at the limit: /endless never ends, so reading everything would never return.
            XCTAssertThrowsError(try load(path)) { error in
                XCTAssertTrue("\(error)".contains("limit") && "\(error)".contains(server.url(path)), "\(error)")
            }
        }
    }

    func testKeepGoingRecordsAFailedURLInTheReport() throws {
        var request = AuditRequest(inventoryPath: TestPaths.sample("inventory.csv"))
        request.configs = [server.url("/config.json"), server.url("/error")]
        request.keepGoing = true
        request.timeout = 5
        let report = try AuditRun.run(request, generatedAt: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(report.configs.map(\.id), ["config.json"], "a URL's id is its file name")
        XCTAssertEqual(report.configs.map(\.source), [server.url("/config.json")])
        XCTAssertEqual(report.failedConfigs.map(\.id), ["error"])
        XCTAssertTrue(
            report.diagnostics.contains { $0.code == "config.unavailable" && $0.message.contains("HTTP 500") })
        request.keepGoing = false
        XCTAssertThrowsError(try AuditRun.run(request, generatedAt: Date(timeIntervalSince1970: 0)))
    }
}
