import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditHTTP
@testable import FleetAuditReports
@testable import FleetAuditValues

/// The hostile inputs and faults of issue 39, each run through the built binary as an attacker or an unlucky
/// operator would: a clear message and a deliberate exit code, never a crash, a wrong number or a leak.
final class HostileFaultTests: XCTestCase {
    private func write(_ text: String, _ name: String) -> String {
        TestPaths.write(text, named: name, in: TestPaths.temporaryDirectory())
    }

    private var nhsConfig: String { TestPaths.sample("configs/nhs/availability-ios.json") }

    // MARK: 2. Grouped counts that overflow

    func testCountsPastWhatCanBeCountedAreRejectedRowsNotACrash() throws {
        var csv = "platform,os_version,app_version,count\n"
        for i in 0..<10 { csv += "ios,14.\(i),1.0,999999999999999999\n" }
        csv += "ios,17.0,1.0,12.0\n"
        let inventory = write(csv, "huge.csv")
        let out = TestPaths.temporaryDirectory().path
        let audit = try CommandLineTests.run([
            "audit", "--inventory", inventory, "--config", nhsConfig, "--json", out + "/r.json", "--quiet",
        ])
        XCTAssertFalse([132, 133, 134, 139].contains(audit.status), "no trap: \(audit.stderr)")
        let report =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/r.json")))
            as! [String: Any]
        let summary = report["inventory"] as! [String: Any]
        XCTAssertEqual(summary["devices"] as? Int, 12, "the one countable row, written 12.0 as pandas writes it")
        XCTAssertEqual(summary["rowsRejected"] as? Int, 10)
        let rejection = (summary["rejections"] as! [[String: Any]])[0]
        XCTAssertTrue(
            (rejection["message"] as! String).contains("more than the 9,007,199,254,740,991 devices"), "\(rejection)")
        for command in [
            ["whatif", "--inventory", inventory, "--platform", "ios", "--min-app", "1.0", "--quiet"],
            ["plan", "--inventory", inventory, "--published", nhsConfig, "--draft", nhsConfig, "--quiet"],
        ] {
            let result = try CommandLineTests.run(command)
            XCTAssertFalse([132, 133, 134, 139].contains(result.status), "\(command[0]): \(result.stderr)")
        }
    }

    /// Every row rejected for its count: `plan` said "no changes" and exited 0 (found by
    /// Benchmarks/hostile-sweep.py) — a PR gate passing on a plan that read no device. It fails as `audit` does.
    func testAPlanOverNoDeviceFails() throws {
        var csv = "platform,os_version,app_version,count\n"
        for i in 0..<10 { csv += "ios,14.\(i),1.0,999999999999999999\n" }
        let inventory = write(csv, "all-rejected.csv")
        let out = TestPaths.temporaryDirectory()
        let plan = try CommandLineTests.run([
            "plan", "--inventory", inventory, "--published", nhsConfig, "--draft", nhsConfig, "--out", out.path,
            "--fail-on", "worse>0",
        ])
        XCTAssertEqual(plan.status, 65, plan.stderr)
        XCTAssertTrue(plan.stderr.contains("no device was evaluated: 10 rows read, 10 rejected"), plan.stderr)
        let json = try String(contentsOf: out.appendingPathComponent("plan.json"), encoding: .utf8)
        XCTAssertTrue(json.contains(#""state": "failed""#), json)
    }

    func testCountsThatAddUpPastTheLimitAreRefusedNamingTheLimit() throws {
        var csv = "platform,os_version,app_version,count\n"
        for i in 0..<3 { csv += "ios,14.\(i),1.0,9007199254740991\n" }
        let inventory = write(csv, "sum.csv")
        for command in [
            ["audit", "--inventory", inventory, "--config", nhsConfig, "--quiet"],
            ["whatif", "--inventory", inventory, "--platform", "ios", "--min-app", "1.0", "--quiet"],
            ["plan", "--inventory", inventory, "--published", nhsConfig, "--draft", nhsConfig, "--quiet"],
        ] {
            let result = try CommandLineTests.run(command)
            XCTAssertEqual(result.status, 65, "\(command[0]): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("adds up to more than the 9,007,199,254,740,991 devices"), result.stderr)
        }
    }

    // MARK: 9. Times that do not exist; 10. timeouts that are not durations

    func testTimesThatDoNotExistAreRefused() throws {
        for bad in [
            "2026-11-22T25:00:00Z", "2026-11-22T23:61:00Z", "2026-11-22T23:59:60Z", "2026-02-30",
            "2026-11-22T08:00:00+25:00",
            "0001-01-01", "2026-13-01", "2026-11-22T08:00:00", "2026-11-22 08:00:00Z", "2026-11-22T08:00:00Zjunk",
        ] {
            XCTAssertNil(Timestamps.parse(bad), bad)
            let result = try CommandLineTests.run([
                "audit", "--inventory", TestPaths.sample("inventory.csv"), "--config", nhsConfig,
                "--as-of", bad, "--quiet",
            ])
            XCTAssertEqual(result.status, 64, "\(bad): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--as-of"), result.stderr)
        }
        XCTAssertEqual(Timestamps.parse("2026-11-22T08:00:00+02:00").map(Timestamps.iso8601), "2026-11-22T06:00:00Z")
        XCTAssertEqual(Timestamps.parse("2024-02-29T23:59:59.5Z").map(Timestamps.iso8601), "2024-02-29T23:59:59Z")
        XCTAssertEqual(Timestamps.parse("2026-11-22").map(Timestamps.iso8601), "2026-11-22T00:00:00Z")
        XCTAssertEqual(Timestamps.parse("1970-01-01T00:00:00Z")?.timeIntervalSince1970, 0)
        XCTAssertEqual(Timestamps.parse("2000-03-01T00:00:00Z")?.timeIntervalSince1970, 951_868_800)
    }

    func testAnUnreadableSourceDateEpochIsSaid() throws {
        for bad in ["yesterday", "1.5e9", "-1"] {
            let result = try CommandLineTests.run(
                ["audit", "--inventory", TestPaths.sample("inventory.csv"), "--config", nhsConfig, "--quiet"],
                environment: ["SOURCE_DATE_EPOCH": bad])
            XCTAssertEqual(result.status, 64, "\(bad): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("SOURCE_DATE_EPOCH"), result.stderr)
        }
    }

    func testATimeoutThatIsNotADurationIsAUsageError() throws {
        for bad in ["nan", "inf", "1e300", "0", "-5"] {
            let result = try CommandLineTests.run(["validate", "--timeout", bad, nhsConfig])
            XCTAssertEqual(result.status, 64, "\(bad): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--timeout"), result.stderr)
        }
    }

    // MARK: 1. Compressed answers; 12. a declared huge body; redirects; 6. secrets; an outage is temporary

    private func gzipped(zeros count: Int) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "head -c \(count) /dev/zero | gzip -1"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let bytes = [UInt8](out.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return bytes
    }

    func testACompressedAnswerIsRefusedBeforeItIsInflated() throws {
        let bomb = try gzipped(zeros: 256 << 20)
        XCTAssertLessThan(bomb.count, 2 << 20, "a small answer on the wire")
        let server = try LocalHTTPServer(routes: [
            "/c.json": .raw(
                head: [
                    "HTTP/1.1 200 OK", "Content-Type: application/json",
                    "Content-Encoding: gzip", "Content-Length: \(bomb.count)",
                ], body: bomb)
        ])
        defer { server.stop() }
        let result = try CommandLineTests.run(["validate", server.url("/c.json")])
        XCTAssertNotEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            (result.stdout + result.stderr).contains("Content-Encoding gzip although identity was asked for"),
            result.stdout + result.stderr)
        XCTAssertTrue(
            server.received.first?.lowercased().contains("accept-encoding: identity") == true,
            server.received.first ?? "")
    }

    /// A transfer coding is compression too (issue 68: `Transfer-Encoding: gzip` was inflated); an HTTP/0.9 answer
    /// was "only http and https URLs are fetched", which said nothing of what happened.
    func testATransferCodedOrHTTP09AnswerIsRefusedSayingWhy() throws {
        let small = try gzipped(zeros: 1 << 10)
        let server = try LocalHTTPServer(routes: [
            "/te.json": .raw(
                head: [
                    "HTTP/1.1 200 OK", "Content-Type: application/json", "Transfer-Encoding: gzip",
                    "Connection: close",
                ], body: small),
            "/old.json": .raw(head: ["{\"minimumSDKVersion\": 1}"], body: []),
        ])
        defer { server.stop() }
        let coded = try CommandLineTests.run(["validate", server.url("/te.json")])
        XCTAssertNotEqual(coded.status, 0)
        XCTAssertTrue((coded.stdout + coded.stderr).contains("Transfer-Encoding gzip"), coded.stdout + coded.stderr)
        let old = try CommandLineTests.run(["validate", server.url("/old.json")])
        XCTAssertNotEqual(old.status, 0)
        XCTAssertTrue((old.stdout + old.stderr).contains("HTTP/0.9"), old.stdout + old.stderr)
    }

    /// A local config had no size bound (a 500 MB one aborted under a 1 GB limit); a UTF-16 appcast, which Sparkle
    /// reads, was refused as invalid JSON (issue 68).
    func testAConfigFilePastTheBoundIsRefusedAndAUTF16AppcastIsRead() throws {
        let dir = TestPaths.temporaryDirectory()
        let big = dir.appendingPathComponent("big.json").path
        XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: nil))
        XCTAssertEqual(truncate(big, off_t(17 << 20)), 0)
        let refused = try CommandLineTests.run(["validate", big])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(
            refused.stdout.contains("more than the 16777216 a config may be"), refused.stdout + refused.stderr)
        let appcast = try String(contentsOfFile: TestPaths.sample("configs/sparkle/appcast.xml"), encoding: .utf8)
        let utf16 = dir.appendingPathComponent("appcast.xml")
        try appcast.data(using: .utf16)!.write(to: utf16)
        let read = try CommandLineTests.run(["validate", utf16.path])
        XCTAssertTrue(read.stdout.contains("ok (sparkle-appcast)"), read.stdout + read.stderr)
    }

    /// An appcast of 150,000 empty items (14 MB) took 247 s of CPU, 440 MB and wrote 80 MB of reports (issue 68):
    /// a document of more than 100,000 elements is refused as it is read.
    func testAnAppcastOfTooManyElementsIsRefusedAsItIsRead() throws {
        let item = #"<item><sparkle:version>1</sparkle:version><enclosure url="https://e.example/a"/></item>"#
        let feed =
            #"<?xml version="1.0"?><rss version="2.0" xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle"><channel>"#
            + String(repeating: item, count: 40_000) + "</channel></rss>"
        let path = TestPaths.write(feed, named: "appcast.xml", in: TestPaths.temporaryDirectory())
        let result = try CommandLineTests.run(["validate", path])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("more than 100000 elements"), result.stdout + result.stderr)
    }

    func testADeclaredTwoGigabyteBodyIsRefusedAtOnce() throws {
        let server = try LocalHTTPServer(routes: ["/big.json": .declareAndHang(contentLength: 2 << 30)])
        defer { server.stop() }
        // Refused from the header (a wait for the body would end "timed out" after the whole --timeout).
        let result = try CommandLineTests.run(["validate", "--timeout", "20", server.url("/big.json")])
        XCTAssertTrue(
            (result.stdout + result.stderr).contains("declared a body larger than the 16777216-byte limit"),
            result.stdout + result.stderr)
    }

    func testRedirectsFollowThePolicy() throws {
        let target = try LocalHTTPServer(routes: [
            "/ok.json": .respond(
                status: 200, contentType: "application/json",
                body: Array(#"{"minimumSDKVersion": {"value": 23, "description": {"en": "x"}}}"#.utf8))
        ])
        defer { target.stop() }
        let other = target.url("/ok.json").replacingOccurrences(of: "127.0.0.1", with: "localhost")
        let server = try LocalHTTPServer(routes: [
            "/metadata": .redirect(to: "http://169.254.169.254/latest/meta-data/"),
            "/ftp": .redirect(to: "ftp://127.0.0.1/c.json"),
            "/file": .redirect(to: "file:///etc/passwd"),
            "/away": .redirect(to: other),
            "/loop": .redirect(to: "/loop"),
        ])
        defer { server.stop() }
        for (path, said) in [
            ("/metadata", "link-local or cloud-metadata"), ("/ftp", "only http and https"),
            ("/file", "only http and https"),
            ("/loop", "redirected more than 5 times"),
        ] {
            let result = try CommandLineTests.run(["validate", server.url(path)])
            XCTAssertNotEqual(result.status, 0, "\(path): \(result.stderr)")
            XCTAssertTrue((result.stdout + result.stderr).contains(said), "\(path): \(result.stdout + result.stderr)")
        }
        // Credentials in the URL are sent to its host, never to the host a redirect names.
        let withCredentials = server.url("/away").replacingOccurrences(of: "http://", with: "http://user:s3cret@")
        let followed = try CommandLineTests.run(["validate", withCredentials])
        XCTAssertFalse(
            (followed.stdout + followed.stderr).contains("config.unavailable"), followed.stdout + followed.stderr)
        XCTAssertTrue(
            server.received.last?.contains("Authorization: Basic") == true, "the first host is asked with them")
        XCTAssertEqual(target.received.count, 1)
        XCTAssertFalse(target.received[0].contains("Authorization"), target.received[0])
        XCTAssertEqual(
            try HTTPFetcher.checkedRedirect(from: "https://a.example/x", to: "https://b.example/y", display: "x"),
            "https://b.example/y")
        XCTAssertThrowsError(
            try HTTPFetcher.checkedRedirect(from: "https://a.example/x", to: "http://a.example/y", display: "x"))
    }

    /// Redirect targets compared as parsed addresses (issue 68: the string comparison followed all of these).
    func testARedirectToMetadataIsRefusedWhateverItsSpelling() {
        for host in [
            "[::ffff:169.254.169.254]", "[::ffff:a9fe:a9fe]", "metadata.google.internal.", "[febf::1]",
            "[fe80::1%25eth0]",
            "0xa9fea9fe", "2852039166", "169.254.169.254", "[64:ff9b::a9fe:a9fe]", "100.100.100.200", "[fd00:ec2::254]",
        ] {
            XCTAssertTrue(HTTPFetcher.isForbiddenRedirectHost(host), host)
        }
        for host in ["example.com", "127.0.0.1", "[::1]", "[fec0::1]", "169.255.0.1", "metadata.example.com"] {
            XCTAssertFalse(HTTPFetcher.isForbiddenRedirectHost(host), host)
        }
    }

    /// Secrets a URL carries in other places than the password and the query values (issue 68).
    func testEverySecretPlaceOfAURLIsRedacted() {
        for (url, secret) in [
            ("https://ghp_TOKEN1@host.example/c.json", "ghp_TOKEN1"),
            ("https://host.example/c.json?ghp_TOKEN2", "ghp_TOKEN2"),
            ("https://host.example/c.json;jsessionid=SESSION3", "SESSION3"),
            ("https://user:PASS4@host.example/a\\b.json?t=TOKEN4", "PASS4"),
            ("https://user:PASS5@host.example/a\\b.json?t=TOKEN5", "TOKEN5"),
        ] {
            XCTAssertFalse(Redaction.source(url).contains(secret), "\(url) → \(Redaction.source(url))")
        }
        XCTAssertEqual(ConfigLoader.ids(for: ["https://h.example/app/c.json;jsessionid=S"]), ["c.json"])
    }

    /// Issue 68's smaller findings: an instant past 9999 in UTC, a gate that can never be crossed, two reports
    /// into one file, Markdown and bidirectional controls from a config in CI outputs.
    func testValuesThatCannotMeanWhatTheySayAreRefusedOrMadeInert() throws {
        XCTAssertNil(Timestamps.parse("9999-12-31T23:59:59-14:00"), "year 10000 in UTC")
        XCTAssertNil(Timestamps.parse("1970-01-01T00:30:00+01:00"), "before 1970 in UTC")
        XCTAssertNotNil(Timestamps.parse("9999-12-31T23:59:59+14:00"))
        XCTAssertThrowsError(try Gate(parsing: "forced>100.0001%"))
        XCTAssertThrowsError(try Gate(parsing: "forced>100%"))
        XCTAssertNoThrow(try Gate(parsing: "forced>99.9%"))
        let path = TestPaths.temporaryDirectory().appendingPathComponent("r").path
        XCTAssertThrowsError(
            try OutputGuard.refuseOverwriting(inputs: [], outputs: [("--json", path), ("--xml", path)]))
        let hostile = "[Approve this PR](https://evil.example) ![x](https://evil.example/i.png) <h1>PASSED</h1> `x`"
        let cell = GitHubActionsOutput.cell(hostile)
        XCTAssertTrue(cell.hasPrefix("`` ") && cell.hasSuffix(" ``"), cell)
        XCTAssertEqual(cell.dropFirst(3).dropLast(3), Substring(hostile))
        XCTAssertTrue(GitHubAnnotations.escapeData("a\u{202E}b").contains("\\u{202E}"))
    }

    /// `--json /dev/stdout > report.json`, cron's natural line, left the file empty and replaced the link with a
    /// regular file; a named pipe no process reads blocked forever; a folder left temporary files (issue 68).
    func testAReportPathThatIsALinkAPipeOrAFolderIsWrittenThroughOrRefused() throws {
        let dir = TestPaths.temporaryDirectory()
        let link = dir.appendingPathComponent("stdout-link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/fd/1")
        let audit = [
            "audit", "--inventory", TestPaths.sample("inventory.csv"), "--config",
            TestPaths.sample("configs/nhs/availability-android.json"), "--quiet",
        ]
        let through = try CommandLineTests.run(audit + ["--json", link])
        XCTAssertEqual(through.status, 0, through.stderr)
        XCTAssertTrue(through.stdout.contains("\"schema\": \"fleet-audit/1\""), through.stdout)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "/proc/self/fd/1")
        let fifo = dir.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let blocked = try CommandLineTests.run(audit + ["--json", fifo])
        XCTAssertEqual(blocked.status, 74)
        XCTAssertTrue(blocked.stderr.contains("a named pipe no process reads"), blocked.stderr)
        let folder = dir.appendingPathComponent("folder").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let refused = try CommandLineTests.run(audit + ["--json", folder])
        XCTAssertEqual(refused.status, 74)
        XCTAssertTrue(refused.stderr.contains("it is a folder"), refused.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }, [])
    }

    /// Two runs into one `--out` left a mixed set (issue 68: 20 of 150 pairs). A run writes its set under the
    /// folder's lock: while another holds it, nothing of this run's set appears; once released, all of it does.
    func testARunWritesItsSetOnlyUnderTheFoldersLock() throws {
        let out = TestPaths.temporaryDirectory().appendingPathComponent("reports").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let held = ReportWriter.SetLock(folder: out)
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = [
            "audit", "--inventory", TestPaths.sample("inventory.csv"), "--config",
            TestPaths.sample("configs/nhs/availability-android.json"), "--out", out, "--quiet",
        ]
        try process.run()
        // The run renders in well under a few seconds; its set must still wait for the lock.
        var waited = 0
        while waited < 80 && process.isRunning && !FileManager.default.fileExists(atPath: out + "/report.json") {
            usleep(50_000)
            waited += 1
        }
        XCTAssertTrue(process.isRunning, "the run waits for the lock")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/report.json"), "nothing written under the lock")
        held.release()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        for name in ["report.json", "report.xml", "report.html"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/" + name), name)
        }
    }

    /// `--out cfg/reports` under `--config-dir cfg` worked the first night and exited 64 every night after (its
    /// reports were read as configs); `GITHUB_STEP_SUMMARY` naming the inventory appended to it (issue 68).
    func testOutputsBesideTheInputsNeverBecomeInputsOrChangeThem() throws {
        let dir = TestPaths.temporaryDirectory()
        let configs = dir.appendingPathComponent("cfg")
        try FileManager.default.createDirectory(at: configs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestPaths.sample("configs/nhs/availability-android.json"),
            toPath: configs.appendingPathComponent("availability-android.json").path)
        let inventory = dir.appendingPathComponent("inventory.csv").path
        try FileManager.default.copyItem(atPath: TestPaths.sample("inventory.csv"), toPath: inventory)
        let audit = [
            "audit", "--inventory", inventory, "--config-dir", configs.path, "--out",
            configs.appendingPathComponent("reports").path, "--quiet",
        ]
        for night in 1...2 {
            let run = try CommandLineTests.run(audit)
            XCTAssertEqual(run.status, 0, "night \(night): \(run.stderr)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: inventory))
        let summary = try CommandLineTests.run(
            audit, environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": inventory])
        XCTAssertEqual(summary.status, 0, summary.stderr)
        XCTAssertTrue(summary.stderr.contains("an input of this run"), summary.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: inventory)), before)
    }

    func testSecretsInAConfigURLAreNeverWrittenOrPrinted() throws {
        let server = try LocalHTTPServer(routes: [
            "/c.json?token=tok-SECRET-1&v=2": .respond(
                status: 200, contentType: "application/json",
                body: Array(#"{"minimumSDKVersion": {"value": 23, "description": {"en": "x"}}}"#.utf8)),
            "/gone.json": .respond(status: 404, contentType: "text/plain", body: []),
        ])
        defer { server.stop() }
        let secretURL = server.url("/c.json?token=tok-SECRET-1&v=2").replacingOccurrences(
            of: "http://", with: "http://user:pw-SECRET-2@")
        let out = TestPaths.temporaryDirectory().path
        let result = try CommandLineTests.run([
            "audit", "--inventory", TestPaths.sample("inventory.csv"), "--config", secretURL,
            "--out", out, "--history", out + "/history.sqlite",
        ])
        XCTAssertTrue([0, 1].contains(result.status), result.stderr)
        var written = result.stdout + result.stderr
        for file in ["report.json", "report.xml", "report.html", "history.sqlite"] {
            written += String(decoding: try Data(contentsOf: URL(fileURLWithPath: out + "/" + file)), as: UTF8.self)
        }
        XCTAssertFalse(written.contains("SECRET"), "a secret of the URL was written")
        XCTAssertTrue(written.contains("token=***"), "the query's names stay, its values are hidden")
        let missing = try CommandLineTests.run(["validate", server.url("/gone.json?token=tok-SECRET-3")])
        XCTAssertFalse((missing.stdout + missing.stderr).contains("SECRET"), missing.stdout + missing.stderr)
    }

    /// A server that is down may be back for the next cron run: 75, which the cron wrapper retries.
    func testAnOutageIsTemporary() throws {
        let server = try LocalHTTPServer(routes: [:])
        let url = server.url("/c.json")
        server.stop()
        let result = try CommandLineTests.run([
            "audit", "--inventory", TestPaths.sample("inventory.csv"), "--config", url, "--quiet",
        ])
        XCTAssertEqual(result.status, 75, result.stderr)
        let unavailable = try LocalHTTPServer(routes: [
            "/c.json": .respond(status: 503, contentType: "text/plain", body: [])
        ])
        defer { unavailable.stop() }
        let busy = try CommandLineTests.run([
            "audit", "--inventory", TestPaths.sample("inventory.csv"), "--config", unavailable.url("/c.json"),
            "--quiet",
        ])
        XCTAssertEqual(busy.status, 75, busy.stderr)
    }

    // MARK: 3. Terminal and CI-log injection

    func testWhatAUserDidNotWriteReachesTheTerminalEscaped() throws {
        let dir = TestPaths.temporaryDirectory()
        // A value that would clear the screen, plant a hyperlink, ring a bell and start a workflow command.
        let hostile =
            "\u{1B}[2J\u{1B}]8;;https://evil.example\u{07}x\u{1B}]8;;\u{07}\n::error file=a.json::pwned\n::add-mask::x"
        // As a key: the unknown-key diagnostic quotes it.
        let configText = #"{"minimumSDKVersion": {"value": 23, "description": {"en": "x"}}, "HOSTILE": {"value": 1}}"#
            .replacingOccurrences(
                of: "HOSTILE",
                with: hostile.replacingOccurrences(of: "\u{1B}", with: "\\u001b")
                    .replacingOccurrences(of: "\u{07}", with: "\\u0007").replacingOccurrences(of: "\n", with: "\\n"))
        let config = TestPaths.write(configText, named: "bad\nname::error::x.json", in: dir)
        let inventory = TestPaths.write(
            "platform,os_version,app_version,app_build\nandroid,14,1.0,\u{1B}[31m\n", named: "i.csv", in: dir)
        var printed = ""
        for command in [
            ["validate", config], ["validate", "--config-dir", dir.path],
            ["audit", "--inventory", inventory, "--config", config],
        ] {
            let result = try CommandLineTests.run(command)
            printed += result.stdout + result.stderr
        }
        XCTAssertFalse(printed.contains("\u{1B}"), "no escape character")
        XCTAssertFalse(printed.contains("\u{07}"), "no bell")
        for line in printed.split(separator: "\n") {
            XCTAssertFalse(line.hasPrefix("::"), "a line a CI runner would obey: \(line)")
        }
        XCTAssertTrue(printed.contains("\\u{1B}[2J"), "the escape shown visibly")
        XCTAssertEqual(VisibleText.escape("ok\ttab é ✓"), "ok\ttab é ✓")
        XCTAssertEqual(VisibleText.escape("a\u{202E}b\u{85}c\u{7F}"), "a\\u{202E}b\\u{85}c\\u{7F}")
    }

    // MARK: 4. Outputs that name the run's own inputs

    func testAnOutputNamingAnInputIsRefusedBeforeAnythingIsRead() throws {
        let dir = TestPaths.temporaryDirectory()
        let inventory = TestPaths.write(
            try String(contentsOfFile: TestPaths.sample("inventory.csv"), encoding: .utf8), named: "inv.csv", in: dir)
        let configText = try String(contentsOfFile: nhsConfig, encoding: .utf8)
        let config = TestPaths.write(configText, named: "report.json", in: dir)
        let planDraft = TestPaths.write(configText, named: "plan.json", in: dir)
        let link = dir.appendingPathComponent("same-inventory.csv").path
        try FileManager.default.linkItem(atPath: inventory, toPath: link)
        let before = try Data(contentsOf: URL(fileURLWithPath: inventory))
        // A --templates folder's files are inputs too: --html over one replaced the template it rendered.
        let templates = dir.appendingPathComponent("templates")
        try FileManager.default.copyItem(
            atPath: TestPaths.repoRoot.appendingPathComponent("Templates").path, toPath: templates.path)
        let template = templates.appendingPathComponent("report.html.mustache").path
        let templateText = try String(contentsOfFile: template, encoding: .utf8)
        let cases: [[String]] = [
            [
                "audit", "--inventory", inventory, "--config", nhsConfig, "--templates", templates.path, "--html",
                template,
            ],
            ["audit", "--inventory", inventory, "--config", nhsConfig, "--json", inventory],
            ["audit", "--inventory", inventory, "--config", nhsConfig, "--html", dir.path + "/./inv.csv"],
            ["audit", "--inventory", inventory, "--config", nhsConfig, "--xml", link],
            ["audit", "--inventory", inventory, "--config", config, "--out", dir.path],
            ["audit", "--inventory", inventory, "--config-dir", dir.path, "--junit", config],
            ["plan", "--inventory", inventory, "--published", nhsConfig, "--draft", planDraft, "--out", dir.path],
            [
                "whatif", "--inventory", inventory, "--platform", "ios", "--min-app", "5.0", "--emit",
                "nhs-availability",
                "--from", config, "--draft", config,
            ],
            [
                "whatif", "--inventory", inventory, "--platform", "ios", "--min-app", "5.0", "--emit",
                "nhs-availability",
                "--from", config, "--draft", inventory,
            ],
        ]
        for command in cases {
            let result = try CommandLineTests.run(command)
            XCTAssertEqual(result.status, 64, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("an input of this run"), result.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: inventory)), before)
        XCTAssertEqual(try String(contentsOfFile: config, encoding: .utf8), configText)
        XCTAssertEqual(try String(contentsOfFile: template, encoding: .utf8), templateText)
    }

    // MARK: 7. Objects with very many keys

    /// Loading and validating a document of many keys costs time linear in them: the CPU time of ten times the
    /// keys is well under a hundred times (quadratic, as it once was: 137 s for 20,000 keys in a debug build).
    /// CPU time of this thread, not the wall clock, so a busy machine does not decide it.
    func testAnObjectOfManyKeysIsLinear() throws {
        func document(keys: Int) -> String {
            var text = #"{"minimumSDKVersion": {"value": 23, "description": {"en": "x"}}"#
            for i in 0..<keys { text += #", "k\#(i)": \#(i)"# }
            return write(text + "}", "keys-\(keys).json")
        }
        func validated(_ path: String) throws -> (seconds: Double, codes: Set<String>) {
            var codes = Set<String>()
            let seconds = try Self.threadCPUSeconds {
                let loaded = try ConfigLoader().load(path, id: "keys.json")
                codes = Set(loaded.locatedDiagnostics.map(\.code))
            }
            return (seconds, codes)
        }
        let small = document(keys: 3_000)
        let large = document(keys: 30_000)
        _ = try validated(small)  // warm: first use of the formats' tables
        let (smallCPU, _) = try validated(small)
        let (largeCPU, codes) = try validated(large)
        XCTAssertTrue(codes.contains("config.unknownKey"), "\(codes)")
        XCTAssertLessThan(
            largeCPU, max(smallCPU, 0.002) * 30, "10× the keys took \(largeCPU / max(smallCPU, 1e-9))× the CPU time")
        var object = JSONObject()
        object.append("a", .number(JSONNumber(1)))
        object.append("a", .number(JSONNumber(2)))
        XCTAssertEqual(object["a"], .number(JSONNumber(2)), "the last of a duplicated key, as the clients read it")
        XCTAssertEqual(object.keys, ["a"])
    }

    // MARK: 5. A column given twice

    func testAColumnGivenTwiceIsOneErrorNamingBothPositions() throws {
        for (header, name) in [
            ("platform,os_version,app_version,platform", "platform"),
            ("platform,os_version,app_version,OS Version", "os_version"),
        ] {
            let inventory = write(header + "\nios,17.0,1.0,android\n", "twice.csv")
            let audit = try CommandLineTests.run(["audit", "--inventory", inventory, "--config", nhsConfig, "--quiet"])
            XCTAssertEqual(audit.status, 65, audit.stderr)
            XCTAssertTrue(
                audit.stderr.contains("two \(name) columns") && audit.stderr.contains("(column 4)"), audit.stderr)
            let explain = try CommandLineTests.run([
                "explain", "--inventory", inventory, "--row", "2", "--config", nhsConfig,
            ])
            XCTAssertEqual(explain.status, 65, explain.stderr)
            XCTAssertTrue(explain.stderr.contains("two \(name) columns"), explain.stderr)
        }
        // An attribute twice matters only when a config reads it.
        let regions = write("platform,os_version,app_version,region,Region\nios,17.0,1.0,GB,DE\n", "regions.csv")
        XCTAssertEqual(
            try CommandLineTests.run(["audit", "--inventory", regions, "--config", nhsConfig, "--quiet"]).status, 0)
        let pov = TestPaths.sample("configs/princeofversions/fleet-rollout.json")
        let read = try CommandLineTests.run(["audit", "--inventory", regions, "--config", pov, "--quiet"])
        XCTAssertEqual(read.status, 65, read.stderr)
        XCTAssertTrue(read.stderr.contains("two region columns"), read.stderr)
    }

    // MARK: 8. A report set that is half new

    /// One report of the set cannot be written (its folder is a file: the write fails as on a full disk): none of
    /// this run's reports is written, and the earlier run's report at the other path, which claimed success, is
    /// gone rather than left beside a failure.
    func testAFailedWriteLeavesNoHalfNewSet() throws {
        let dir = TestPaths.temporaryDirectory()
        let json = dir.path + "/report.json"
        let base = ["audit", "--inventory", TestPaths.sample("inventory.csv"), "--config", nhsConfig, "--quiet"]
        XCTAssertEqual(try CommandLineTests.run(base + ["--json", json]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: json))
        let notAFolder = TestPaths.write("x", named: "file", in: dir)
        let failed = try CommandLineTests.run(base + ["--json", json, "--html", notAFolder + "/report.html"])
        XCTAssertEqual(failed.status, 74, failed.stderr)
        XCTAssertTrue(failed.stderr.contains("no report of this run was written"), failed.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: json), "the earlier success is not left claiming this run")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
        XCTAssertEqual(leftovers, [], "no temporary file left")
    }

    // MARK: Also decided: duplicate keys, two statements in --query, formula cells in history CSV

    func testADuplicatedKeyIsSaidAndTheLastOneCounts() throws {
        let config = write(
            #"{"minimumSDKVersion": {"value": 23, "description": {"en": "x"}}, "minimumAppVersion": {"value": 1, "description": {"en": "x"}}, "minimumAppVersion": {"value": 999, "description": {"en": "x"}}}"#,
            "dup.json")
        let loaded = try ConfigLoader().load(config, id: "dup.json")
        let duplicate = try XCTUnwrap(loaded.locatedDiagnostics.first { $0.code == "config.duplicateKey" })
        XCTAssertEqual(duplicate.path, "minimumAppVersion")
        XCTAssertEqual(duplicate.location?.line, 1)
    }

    func testAQueryOfTwoStatementsIsRefused() throws {
        for query in ["SELECT * FROM devices; DELETE FROM devices", "SELECT * FROM devices; SELECT 1"] {
            let result = try CommandLineTests.run([
                "audit", "--inventory", TestPaths.sample("inventory.sqlite"), "--query", query,
                "--config", nhsConfig, "--quiet",
            ])
            XCTAssertEqual(result.status, 65, result.stderr)
            XCTAssertTrue(result.stderr.contains("more than one statement"), result.stderr)
        }
        for query in [
            "SELECT * FROM devices;", "SELECT * FROM devices; -- all of them\n", "SELECT * FROM devices /* all */ ;",
        ] {
            let result = try CommandLineTests.run([
                "audit", "--inventory", TestPaths.sample("inventory.sqlite"), "--query", query,
                "--config", nhsConfig, "--quiet",
            ])
            XCTAssertEqual(result.status, 0, "\(query): \(result.stderr)")
        }
    }

    func testHistoryCSVCellsNeverStartAFormula() {
        for cell in ["=1+1", "+cmd", "-2+3", "@SUM(A1)", "\t=1", "\r=1"] {
            XCTAssertTrue(
                HistoryListing.csvField(cell).hasPrefix("'") || HistoryListing.csvField(cell).hasPrefix("\"'"), cell)
        }
        XCTAssertEqual(HistoryListing.csvField("-12"), "-12", "a number stays a number")
    }

    // MARK: 11, 13. Config names that are not UTF-8; configs that are not files

    func testAConfigThatIsNotARegularFileOrNotUTF8IsSaidSo() throws {
        for device in ["/dev/zero", "/dev/null"] {
            let result = try CommandLineTests.run(["validate", device])
            XCTAssertNotEqual(result.status, 0)
            XCTAssertTrue((result.stdout + result.stderr).contains("not a regular file"), result.stdout + result.stderr)
        }
        let dir = TestPaths.temporaryDirectory()
        let fifo = dir.path + "/pipe.json"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        // Refused without opening it (opening a FIFO no one writes blocks forever).
        let piped = try CommandLineTests.run(["validate", fifo])
        XCTAssertTrue((piped.stdout + piped.stderr).contains("not a regular file"), piped.stdout + piped.stderr)
        // A file whose name is not UTF-8, found by listing its folder.
        let name = [UInt8]("bad-".utf8) + [0xFF, 0xFE] + [UInt8](".json".utf8)
        let path = [UInt8](dir.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let fd = path.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644)
        }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        let listed = try CommandLineTests.run(["validate", "--config-dir", dir.path])
        XCTAssertTrue((listed.stdout + listed.stderr).contains("not valid UTF-8"), listed.stdout + listed.stderr)
    }

    /// The CPU time this thread spends in `body`.
    static func threadCPUSeconds(_ body: () throws -> Void) rethrows -> Double {
        func now() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }
        let start = now()
        try body()
        return now() - start
    }
}
