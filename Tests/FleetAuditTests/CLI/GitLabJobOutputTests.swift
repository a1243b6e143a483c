import FleetAuditTestSupport
import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Under GitLab CI (`GITLAB_CI=true`, or `--ci gitlab`) `audit`, `plan` and `validate` write the files a GitLab job
/// uploads — the Code Quality report and the JUnit gates — at fixed names in `$CI_PROJECT_DIR`, with no flag;
/// `--codequality` / `--junit` still choose the file, and `--ci none` writes neither.
final class GitLabJobOutputTests: XCTestCase {
    /// The names docs/cron-and-ci.md gives `.gitlab-ci.yml`.
    private let codeQualityFile = "gl-code-quality-report.json"
    private let junitFile = "fleet-audit-junit.xml"

    private func gitLab(_ checkout: URL) -> [String: String] {
        ["GITLAB_CI": "true", "CI_PROJECT_DIR": checkout.path, "GITHUB_ACTIONS": ""]
    }

    private let audit = [
        "audit", "--inventory", "SampleData/inventory.csv", "--config-dir", "SampleData/configs/nhs",
        "--releases", "SampleData/releases.csv", "--quiet", "--fail-on", "forced>1000",
    ]

    func testAnAuditUnderGitLabWritesItsCodeQualityAndJUnitFiles() throws {
        let checkout = TestPaths.temporaryDirectory()
        let result = try CommandLineTests.run(audit, environment: gitLab(checkout))
        XCTAssertEqual(result.status, 1, result.stderr)
        let quality = try String(
            contentsOf: checkout.appendingPathComponent(codeQualityFile), encoding: .utf8)
        let issues = try XCTUnwrap(JSONParser.parse(quality).arrayValue)
        XCTAssertFalse(issues.isEmpty, "the NHS configs' warnings")
        for issue in issues {
            XCTAssertEqual(issue.objectValue?["type"], .string("issue"))
            XCTAssertNotNil(issue.objectValue?["fingerprint"]?.stringValue)
        }
        let junit = try String(contentsOf: checkout.appendingPathComponent(junitFile), encoding: .utf8)
        XCTAssertEqual(XMLSchemaCheck.problems(xml: junit, schema: JUnitReportTests.schema), [])
        XCTAssertTrue(junit.contains(#"<testcase name="forced&gt;1000""#), junit)

        // A named file wins; --ci none turns the outputs off.
        let named = TestPaths.temporaryDirectory()
        let own = named.appendingPathComponent("quality.json").path
        XCTAssertEqual(try CommandLineTests.run(audit + ["--codequality", own], environment: gitLab(named)).status, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: own))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: named.appendingPathComponent(codeQualityFile).path))
        let off = TestPaths.temporaryDirectory()
        XCTAssertEqual(try CommandLineTests.run(audit + ["--ci", "none"], environment: gitLab(off)).status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: off.path), [])
    }

    func testAPlanAndAValidationUnderGitLab() throws {
        let checkout = TestPaths.temporaryDirectory()
        let plan = try CommandLineTests.run(
            [
                "plan", "--inventory", "SampleData/inventory.csv", "--releases", "SampleData/releases.csv",
                "--published", "SampleData/configs/nhs/availability-android.json", "--draft",
                "SampleData/drafts/nhs/availability-android.json", "--quiet", "--fail-on", "worse>1",
            ], environment: gitLab(checkout))
        XCTAssertEqual(plan.status, 1, plan.stderr)
        let junit = try String(contentsOf: checkout.appendingPathComponent(junitFile), encoding: .utf8)
        XCTAssertTrue(junit.contains(#"<testcase name="worse&gt;1""#), junit)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: checkout.appendingPathComponent(codeQualityFile).path),
            "plan has no Code Quality output")

        let validate = try CommandLineTests.run(
            ["validate", "SampleData/configs/nhs/availability-android.json"], environment: gitLab(checkout))
        XCTAssertEqual(validate.status, 0, validate.stderr)
        let quality = try String(
            contentsOf: checkout.appendingPathComponent(codeQualityFile), encoding: .utf8)
        let issues = try XCTUnwrap(JSONParser.parse(quality).arrayValue)
        XCTAssertEqual(
            issues.compactMap { $0.objectValue?["check_name"]?.stringValue }, ["nhs.recommendationBelowMinimum"])
        XCTAssertEqual(
            issues.first?.objectValue?["location"]?.objectValue?["path"],
            .string(TestPaths.repoRoot.path + "/SampleData/configs/nhs/availability-android.json"),
            "a config outside $CI_PROJECT_DIR keeps its full path")
    }
}
