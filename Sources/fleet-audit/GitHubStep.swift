import ArgumentParser
import FleetAudit
import Foundation

/// `--ci`: whether a run writes the CI system's own outputs. `auto` recognises GitHub Actions by its
/// `GITHUB_ACTIONS=true` and GitLab CI by its `GITLAB_CI=true`; `github` and `gitlab` force them (a runner that
/// does not set the variable); `none` turns them off.
enum CIMode: String, ExpressibleByArgument, CaseIterable {
    case auto, github, gitlab, none

    var isGitHub: Bool {
        switch self {
        case .github: true
        case .gitlab, .none: false
        case .auto: ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true"
        }
    }

    var isGitLab: Bool {
        switch self {
        case .gitlab: true
        case .github, .none: false
        case .auto: ProcessInfo.processInfo.environment["GITLAB_CI"] == "true" && !isGitHub
        }
    }
}

/// GitLab's outputs are files its job uploads (`artifacts: reports: codequality:` / `junit:` in
/// `.gitlab-ci.yml`): under GitLab a run writes them at these fixed names in the checkout (`$CI_PROJECT_DIR`)
/// unless `--codequality` / `--junit` name another file. GitLab has no step summary or annotation channel:
/// the merge request widget and the test report are built from these two files.
enum GitLabJob {
    static let codeQualityFile = "gl-code-quality-report.json"
    static let junitFile = "fleet-audit-junit.xml"

    /// `reports` with GitLab's files added where the command has that output and none was named.
    static func adding(to reports: ReportOptions, codeQuality: Bool, junit: Bool) -> ReportOptions {
        var reports = reports
        let folder = URL(fileURLWithPath: Console.checkoutDirectory)
        if codeQuality && reports.codequality == nil {
            reports.codequality = folder.appendingPathComponent(codeQualityFile).path
        }
        if junit && reports.junit == nil { reports.junit = folder.appendingPathComponent(junitFile).path }
        return reports
    }
}

/// An audit's GitHub Actions outputs: the step summary appended to `$GITHUB_STEP_SUMMARY`, and the
/// annotations (workflow commands) on standard output — unless a report already goes there, which they would
/// corrupt.
enum GitHubStep {
    /// Where annotations' paths are relative to: the checkout (`$GITHUB_WORKSPACE`), else the working directory.
    static var context: GitHubActionsOutput.Context {
        GitHubActionsOutput.Context(baseDirectory: Console.checkoutDirectory)
    }

    static func publish(_ report: AuditReport, reportOnStandardOutput: Bool) {
        publish(
            summary: GitHubActionsOutput.summary(report),
            annotations: GitHubActionsOutput.annotations(report, context),
            reportOnStandardOutput: reportOnStandardOutput,
            inputs: report.inputPaths)
    }

    static func publish(summary: String, annotations: String, reportOnStandardOutput: Bool, inputs: [String] = []) {
        if let path = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty {
            if let input = inputs.first(where: { sameFile($0, path) }) {
                // A summary appended to what was audited would change the next run's input.
                Console.info(
                    "warning: GITHUB_STEP_SUMMARY names \(VisibleText.escape(input)), an input of this run: no step summary written"
                )
            } else if !append(summary, to: path) {
                Console.info(
                    "warning: cannot append the step summary to \(VisibleText.escape(path)) (GITHUB_STEP_SUMMARY)")
            }
        }
        guard !annotations.isEmpty else { return }
        if reportOnStandardOutput {
            Console.info("note: no GitHub annotations: a report is written to standard output")
        } else {
            FileHandle.standardOutput.write(Data(annotations.utf8))
        }
    }

    /// Whether two paths name one existing file (links and other spellings included).
    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat()
        var y = stat()
        return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }

    /// Appends `text` to the file at `path` (made if missing), as GitHub expects of every step's summary.
    private static func append(_ text: String, to path: String) -> Bool {
        // O_APPEND: another step's text already in the file stays, whatever writes beside this one.
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        let file = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do { try file.write(contentsOf: Data(text.utf8)) } catch { return false }
        return true
    }
}
