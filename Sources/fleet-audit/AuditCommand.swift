import ArgumentParser
import FleetAudit
import Foundation

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Evaluate every device of an inventory against every config and write the reports.",
        discussion: """
            Example:
              fleet-audit audit --inventory SampleData/inventory.csv \\
                --config-dir SampleData/configs \\
                --releases SampleData/releases.csv --out reports/
            """
    )

    @OptionGroup var inventoryOptions: InventoryOptions
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var evaluation: EvaluationOptions

    @OptionGroup var reportOptions: ReportOptions
    @OptionGroup var auditOutputs: AuditOutputOptions

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "Exit 1 (reports still written) when a config crosses this (repeatable): [CONFIG_ID:]OUTCOME>N or >P% of the devices (blocked>0.5%); OUTCOME+>N or +>P% for the rise since the --history baseline (forced+>100); [CONFIG_ID:]error or warning[>N] for diagnostics; rejected>N|P% for inventory rows; notLoaded>N|P% for configs.",
            valueName: "gate"))
    var failOn: [String] = []

    @OptionGroup var packageSelection: PackageOptions

    @Flag(help: "Print nothing but errors (for cron).")
    var quiet = false

    @Flag(
        name: .customLong("allow-empty"),
        help:
            "Exit 0 when no device is evaluated or no config is loaded (by default that is exit 65: its zeros say nothing)."
    )
    var allowEmpty = false

    @Flag(
        name: .customLong("allow-errors"),
        help:
            "Exit 0 although a config has an error diagnostic (a client rejects or crashes on it) or, with --keep-going, was not loaded (by default that is exit 1, after the reports)."
    )
    var allowErrors = false

    @OptionGroup var history: HistoryOptions

    @Option(
        help: ArgumentHelp(
            "CI-native outputs: auto (GitHub Actions when GITHUB_ACTIONS=true, GitLab CI when GITLAB_CI=true), github, gitlab, or none. Under GitHub Actions: a Markdown step summary appended to $GITHUB_STEP_SUMMARY, and an ::error annotation per crossed gate and per config error at its value. Under GitLab: gl-code-quality-report.json and fleet-audit-junit.xml in $CI_PROJECT_DIR, unless --codequality / --junit name other files.",
            valueName: "auto|github|gitlab|none"))
    var ci: CIMode = .auto

    func run() throws {
        // Under GitLab CI the job's Code Quality and JUnit files are written without being named.
        let given = auditOutputs.adding(to: reportOptions)
        let reports = ci.isGitLab ? GitLabJob.adding(to: given, codeQuality: true, junit: true) : given
        try reports.refuseUnknownOutputs(AuditReport.self)
        let request = try auditRequest()
        try reports.refuseOverwritingInputs(request, writing: AuditReport.self)

        let showProgress = !quiet && Console.stderrIsTerminal
        let started = Date()
        var report: AuditReport
        let inventoryBytes =
            (try? FileManager.default.attributesOfItem(atPath: inventoryOptions.inventory)[.size] as? Int) ?? 0
        let onProgress: @Sendable (Int64, (done: Int, total: Int)) -> Void = { rows, progress in
            Progress.show(rows: rows, progress: progress, inventoryBytes: inventoryBytes, since: started)
        }
        let timings = PhaseTimings()
        do {
            report = try AuditRun.run(request, onProgress: showProgress ? onProgress : nil, timings: timings.runTimings)
        } catch {
            if showProgress { Progress.clear() }
            throw reportFailure(error, request: request, reports: reports, started: started)
        }
        if showProgress { Progress.clear() }
        // The history before the reports: a run whose append fails says so in its own reports, whose exit code is
        // then the process's (a run that failed is kept without numbers, never a baseline).
        // (The --out folder is made first, as the reports' writer would: a history kept beside the reports goes in it.)
        if let out = reports.out {
            try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        }
        if let failure = history.append(report, request: request, quiet: quiet) {
            report.failure = failure
        }

        report.runSeconds = Timestamps.runSeconds(since: started)
        _ = try reports.writeAndPrint(report, quiet: quiet, timings: timings) {
            TextSummary.render(report, style: Console.style(forFileDescriptor: 1))
        }
        if reports.targets.isEmpty && !quiet {
            Console.info("no report written: add --out DIR, or --json/--xml/--html FILE")
        }
        if !quiet && report.assumesReleasesInstallable {
            Console.info(
                "note: no --releases: every required version is assumed installable, so nothing counts as blocked")
        }
        // Error-severity diagnostics reach stderr, with --quiet too; the summary on stdout lists only warnings.
        for line in TextSummary.errorLines(report) { Console.info(line) }
        if ci.isGitHub { GitHubStep.publish(report, reportOnStandardOutput: reports.writesToStandardOutput) }
        let status = report.status
        // Printed even with --quiet: they are why cron sees a non-zero exit code.
        for gate in report.crossedGates { Console.info("gate crossed: " + gate.sentence) }
        for text in report.uncheckedGates { Console.error("gate \(text) not checked: \(report.uncheckedWhy(text))") }
        if status.state == "failed", let message = status.message { Console.error(message) }
        // The run's last line, for a cron log; --quiet keeps a good night silent (cron mails any output).
        if !quiet || status.exitCode != 0 { Console.info(RunLine.audit(report)) }
        if status.exitCode != 0 { throw ExitCode(status.exitCode) }
    }

    /// The run as the options say it.
    private func auditRequest() throws -> AuditRequest {
        var request = try inventoryOptions.request()
        configOptions.apply(to: &request)
        try evaluation.apply(to: &request)
        request.allowEmpty = allowEmpty
        request.allowErrors = allowErrors
        request.packages = packageSelection.packages
        try history.apply(to: &request)
        do {
            request.gates = try failOn.map { (text) throws(ReportError) -> Gate in try Gate(parsing: text) }
        } catch {
            throw Exit.fail(error)
        }
        return request
    }

    /// A run that stopped before its numbers: the folder cron publishes must not keep an earlier success, so it
    /// gets a report of this failure, and so do the history and the CI outputs. Returns the exit to throw.
    private func reportFailure(_ error: AuditFailure, request: AuditRequest, reports: ReportOptions, started: Date)
        -> ExitCode
    {
        let exit = Exit.fail(error)
        let generated = Timestamps.generationTime()
        var failed = AuditReport.failed(
            error.description, exitCode: exit.rawValue, inventory: inventoryOptions.inventory,
            asOf: request.asOf ?? generated, generatedAt: generated)
        failed.runSeconds = Timestamps.runSeconds(since: started)
        // Not the SARIF or Code Quality file: an empty one uploaded would close every open finding.
        var targets = reports.targets.withoutStandardOutput
        for option in ["sarif", "codequality"] { targets.files[option] = nil }
        _ = try? reports.write(failed, to: targets, quiet: quiet)
        // The history keeps the failed night too (no numbers, never a baseline), so it shows when cron failed;
        // a history that is itself the problem is left as it is.
        // (Not after a wait for a lock, exit 75: the history may be what was locked, and cron would wait twice.)
        if exit.rawValue != 75 { _ = history.append(failed, request: request, quiet: quiet) }
        if ci.isGitHub { GitHubStep.publish(failed, reportOnStandardOutput: false) }
        Console.info(RunLine.audit(failed))
        return exit
    }
}

/// One line on a terminal's stderr, rewritten in place; never used when stderr is a file or pipe.
enum Progress {
    nonisolated(unsafe) static var lastShown = Date.distantPast

    /// One line, rewritten in place: rows, rows/s, MB/s of the inventory file, percent done and ETA.
    static func show(rows: Int64, progress: (done: Int, total: Int), inventoryBytes: Int, since start: Date) {
        let now = Date()
        guard now.timeIntervalSince(lastShown) > 0.2 else { return }
        lastShown = now
        let elapsed = max(now.timeIntervalSince(start), 0.001)
        var line = "\r\(TextSummary.grouped(rows)) rows, \(TextSummary.grouped(Int64(Double(rows) / elapsed))) rows/s"
        if progress.total > 0 {
            let fraction = min(1, Double(progress.done) / Double(progress.total))
            let eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
            line += String(
                format: ", %.0f MB/s, %.0f%%, ETA %.0f s", Double(inventoryBytes) * fraction / elapsed / 1e6,
                fraction * 100, eta)
        }
        FileHandle.standardError.write(Data((line + "   ").utf8))
    }

    static func clear() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
