import ArgumentParser
import FleetAudit
import Foundation

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check configs as their clients read them; exit 1 when any diagnostic is an error.",
        discussion: """
            Outputs (--output): text, `file:line:col: severity: [code] message` per diagnostic; sarif, SARIF 2.1.0 for GitHub code scanning; github, workflow commands that annotate a pull request's lines; codequality, GitLab Code Quality JSON.

            Paths in CI outputs are relative to --base-dir (the repository's root; default the working directory).

            Exit codes: 0 no error, 1 an error (or with --strict a warning), 64 usage.
            Example:
              fleet-audit validate SampleData/configs --output sarif > fleet-audit.sarif
            """
    )

    @OptionGroup var configOptions: ConfigOptions

    @Argument(
        help: ArgumentHelp(
            "Config files, folders or URLs to validate (as --config / --config-dir).", valueName: "path|url|dir"))
    var paths: [String] = []

    @Flag(help: "Treat warnings as errors too.")
    var strict = false

    @Option(
        help: ArgumentHelp(
            "What to print: \(ValidationOutput.allCases.map(\.rawValue).joined(separator: ", ")) (default: text).",
            valueName: "kind"),
        transform: ArgumentCase.parse)
    var output: ValidationOutput = .text

    @Option(
        help: ArgumentHelp(
            "Folder that paths in sarif, github and codequality output are relative to (default: the checkout, $GITHUB_WORKSPACE or $CI_PROJECT_DIR, else the working directory).",
            valueName: "dir"))
    var baseDir: String?

    @Option(
        help: ArgumentHelp(
            "CI-native outputs: auto (GitHub Actions when GITHUB_ACTIONS=true, GitLab CI when GITLAB_CI=true), github, gitlab, or none. Under GitHub Actions: a Markdown step summary of the errors and warnings appended to $GITHUB_STEP_SUMMARY, and with --output text an annotation per diagnostic. Under GitLab: the diagnostics as gl-code-quality-report.json in $CI_PROJECT_DIR, beside the --output.",
            valueName: "auto|github|gitlab|none"))
    var ci: CIMode = .auto

    func run() throws {
        var request = AuditRequest(inventoryPath: "")
        configOptions.apply(to: &request)
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                request.configDirectories.append(path)
            } else {
                request.configs.append(path)
            }
        }
        let report: ValidationReport
        do {
            report = try ValidateRun.run(request)
        } catch {
            throw Exit.fail(error)
        }
        let context = ValidationContext(
            baseDirectory: baseDir ?? Console.checkoutDirectory,
            style: output == .text ? Console.style(forFileDescriptor: 1) : .plain)
        FileHandle.standardOutput.write(Data(output.render(report, context).utf8))
        if ci.isGitHub {
            // Annotations only beside the text output: a SARIF or Code Quality file on stdout must stay whole, and
            // --output github is the annotations already.
            GitHubStep.publish(
                summary: GitHubActionsOutput.summary(report, strict: strict, context),
                annotations: output == .text ? ValidationOutput.github.render(report, context) : "",
                reportOnStandardOutput: false)
        }
        if ci.isGitLab {
            let path = URL(fileURLWithPath: Console.checkoutDirectory).appendingPathComponent(
                GitLabJob.codeQualityFile
            ).path
            do {
                try AtomicFile.write(ValidationOutput.codequality.render(report, context), to: path)
            } catch {
                Console.error("cannot write \(path): \(error)")
                throw ExitCode(74)
            }
        }
        if report.failing(strict: strict) {
            // One line on stderr, whatever went to stdout (a SARIF file in CI): why the job fails.
            let failing = report.entries.filter {
                $0.diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
            }
            Console.error(
                "\(failing.count) of \(report.entries.count) config\(report.entries.count == 1 ? "" : "s") "
                    + "\(failing.count == 1 ? "has" : "have") \(strict ? "an error or a warning (--strict)" : "an error"): "
                    + failing.prefix(3).map(\.source).joined(separator: ", ") + (failing.count > 3 ? ", …" : ""))
            throw ExitCode(1)
        }
    }
}
