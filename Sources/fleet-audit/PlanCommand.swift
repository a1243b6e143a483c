import ArgumentParser
import FleetAudit
import Foundation

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "What publishing the draft configs instead of the published ones does to every device.",
        discussion: """
            Configs pair by id (one config on each side pairs whatever the names); a draft with no published \
            counterpart is added, a published one with no draft is removed. Per pair: devices by published outcome \
            and draft outcome. Exit codes: 0 nothing changes (or no --detailed-exitcode); 1 a --fail-on gate was \
            crossed (reports still written); 2 with --detailed-exitcode when any device changes outcome and no gate \
            is crossed; 64 usage; 65 bad input (with --keep-going: after the reports, when a config was not loaded); \
            74 a report could not be written. Reports: plan.json, plan.xml and plan.html with --out DIR.

              fleet-audit plan --inventory SampleData/inventory.csv \\
                --releases SampleData/releases.csv \\
                --published SampleData/configs/nhs/availability-android.json \\
                --draft SampleData/drafts/nhs/availability-android.json
            """
    )

    @OptionGroup var inventoryOptions: InventoryOptions

    @Option(help: ArgumentHelp("What is live: a config file, folder or URL (repeatable).", valueName: "path|url|dir"))
    var published: [String] = []

    @Option(
        help: ArgumentHelp(
            "What would replace it: a config file, folder or URL (repeatable).", valueName: "path|url|dir"))
    var draft: [String] = []

    @OptionGroup var evaluation: EvaluationOptions

    @OptionGroup var reports: ReportOptions

    @OptionGroup var loading: ConfigLoadOptions

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "Exit 1 (reports still written) when a pair crosses this: [CONFIG_ID:]FROM->TO>N|P% (* for any outcome), [CONFIG_ID:]worse>N|P%, [CONFIG_ID:]undecided>N|P% (devices a rejected draft no longer decides), [CONFIG_ID:]OUTCOME>N|P% (the draft's total) or [CONFIG_ID:]error|warning (the draft adds one), e.g. '*->blocked>0' or 'forced>1000' (repeatable; quote it).",
            valueName: "gate"))
    var failOn: [String] = []

    @OptionGroup var packageSelection: PackageOptions

    @Flag(
        name: .customLong("allow-new-errors"),
        help:
            "Exit as if the drafts added no error diagnostic (by default a draft a client rejects or crashes on fails the plan: exit 1)."
    )
    var allowNewErrors = false

    @Flag(
        name: .customLong("detailed-exitcode"),
        help: "Exit 2 when any device changes outcome and no gate is crossed (0 when none does).")
    var detailedExitcode = false

    @Flag(help: "Print nothing but errors (for cron).")
    var quiet = false

    @Option(
        help: ArgumentHelp(
            "CI-native outputs: auto (GitHub Actions when GITHUB_ACTIONS=true, GitLab CI when GITLAB_CI=true), github, gitlab, or none. Under GitHub Actions: a Markdown step summary appended to $GITHUB_STEP_SUMMARY, and an ::error annotation per crossed gate and per error a draft adds, at its value. Under GitLab: fleet-audit-junit.xml in $CI_PROJECT_DIR, unless --junit names another file.",
            valueName: "auto|github|gitlab|none"))
    var ci: CIMode = .auto

    func run() throws {
        // Under GitLab CI the job's JUnit file is written without being named.
        let reports = ci.isGitLab ? GitLabJob.adding(to: self.reports, codeQuality: false, junit: true) : self.reports
        try reports.refuseUnknownOutputs(PlanReport.self)
        var audit = try inventoryOptions.request()
        try evaluation.apply(to: &audit)
        loading.apply(to: &audit)
        audit.packages = packageSelection.packages
        var request = PlanRequest(audit: audit)
        request.published = published
        request.draft = draft
        do {
            request.gates = try failOn.map { (text) throws(ReportError) -> PlanGate in try PlanGate(parsing: text) }
        } catch {
            throw Exit.fail(error)
        }
        try reports.refuseOverwritingInputs(
            audit, writing: PlanReport.self,
            moreInputs: ReportOptions.configFiles("--published", published)
                + ReportOptions.configFiles("--draft", draft))
        let started = Date()
        let timings = PhaseTimings()
        var report: PlanReport
        do {
            report = try PlanRun.run(request, timings: timings.runTimings)
        } catch {
            let exit = Exit.fail(error)
            // CI uploads plan.json and the JUnit file of a failed job too, and the folder cron publishes must not
            // keep an earlier plan: every file target gets a report of this failure.
            let generated = Timestamps.generationTime()
            var failed = PlanReport.failed(
                error.description, exitCode: exit.rawValue, inventory: inventoryOptions.inventory,
                asOf: audit.asOf ?? generated, generatedAt: generated)
            failed.runSeconds = Timestamps.runSeconds(since: started)
            _ = try? reports.write(failed, to: reports.targets.withoutStandardOutput, quiet: quiet)
            if ci.isGitHub {
                GitHubStep.publish(
                    summary: GitHubActionsOutput.failedPlanSummary(exitCode: exit.rawValue, message: error.description),
                    annotations: "", reportOnStandardOutput: false)
            }
            Console.info(RunLine.plan(failed))
            throw exit
        }
        let failsOnNewErrors = report.newErrorCount > 0 && !allowNewErrors
        let exit = ExitCode(report.settle(allowNewErrors: allowNewErrors, detailedExitCode: detailedExitcode))
        report.runSeconds = Timestamps.runSeconds(since: started)
        let settled = report
        try reports.writeAndPrint(settled, quiet: quiet, timings: timings) { PlanJSONReport.text(settled) }
        if ci.isGitHub {
            GitHubStep.publish(
                summary: GitHubActionsOutput.summary(report, exitCode: exit.rawValue),
                annotations: GitHubActionsOutput.annotations(report, GitHubStep.context),
                reportOnStandardOutput: reports.writesToStandardOutput)
        }
        // Printed even with --quiet: they are why cron sees a non-zero exit code.
        for f in report.failed {
            Console.error(
                "\(f.side) config \(f.config.id) was not loaded, its pair is not planned: \(f.config.error.description)"
            )
        }
        for g in report.crossedGates { Console.info("gate crossed: \(g.sentence)") }
        for text in report.uncheckedGates { Console.error("gate \(text) not checked: \(PlanReport.uncheckedWhy)") }
        if report.failed.isEmpty && failsOnNewErrors {
            Console.error(
                "the drafts add \(report.newErrorCount) error diagnostic\(report.newErrorCount == 1 ? "" : "s") (a client rejects or crashes on them): "
                    + "the plan fails; --allow-new-errors to plan them anyway")
        }
        // The run's last line, for a cron log; --quiet keeps a plan that passes silent.
        if !quiet || exit != .success { Console.info(RunLine.plan(report)) }
        if exit != .success { throw exit }
    }
}
