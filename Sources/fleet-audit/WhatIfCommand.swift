import ArgumentParser
import FleetAudit
import Foundation

struct WhatIfCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whatif",
        abstract: "What each candidate minimum app or OS version would do to a platform's devices.",
        discussion: """
            The rule is the NHS app's minimum rule without its recommendations: a device whose OS is below the \
            minimum OS is unsupportedOS; one whose app is below the minimum app is forced when a release reaches \
            the minimum on its OS, blocked when no release reaches it, unsupportedOS when releases reach it only on \
            a newer OS (without --releases every minimum is assumed installable). Android compares the \
            versionCode (app_build) and the API level, other platforms dotted versions (1 to 3 integer components). \
            A device whose versions the app cannot read is notTargeted.

            With --from an appcast (Sparkle, macos) the candidates are the critical version of its newest critical \
            item (<sparkle:criticalUpdate sparkle:version>; else of its newest item), compared with the Macs' builds, \
            and each is counted by Sparkle's own decision on the feed with it written in: what `audit` of that \
            draft reports, recommended devices included.

            --target-coverage P% chooses the highest candidate that leaves at most 100 − P % of the devices forced, \
            blocked or unsupportedOS; --max-stranded N|P% the highest with at most N devices (or P %) blocked or \
            unsupportedOS; together, the highest within both. --emit FORMAT --from CONFIG --draft FILE writes the \
            published config with that minimum (or the only candidate given) for `fleet-audit plan`.

            Exit codes: 0 reports written; 1 bounds given and no candidate keeps within them (reports still \
            written, no draft); 64 usage; 65 bad input (inventory, releases or config unreadable, no device of the \
            platform, a format without a single minimum); 74 a report or the draft could not be written.

              fleet-audit whatif --inventory SampleData/inventory.csv --releases SampleData/releases.csv \\
                --platform android --sweep-app --target-coverage 90% --max-stranded 1% \\
                --emit nhs-availability --from SampleData/configs/nhs/availability-android.json \\
                --draft /tmp/availability-android.json
            """
    )

    @OptionGroup var inventoryOptions: InventoryOptions

    @Option(
        help: ArgumentHelp(
            "What the stores publish: CSV or JSON with platform, version, build, min_os, package.", valueName: "file"))
    var releases: String?

    @Option(help: ArgumentHelp("The platform whose minimum is chosen: android, ios, macos, ….", valueName: "name"))
    var platform: String

    @Option(help: ArgumentHelp("Only the devices (and releases) of this package.", valueName: "name"))
    var package: String?

    @Option(
        name: .customLong("min-app"),
        help: ArgumentHelp(
            "A candidate minimum app version: a versionCode on Android (repeatable).", valueName: "version"))
    var minApp: [String] = []

    @Flag(name: .customLong("sweep-app"), help: "Every app version of the fleet and of the releases as a candidate.")
    var sweepApp = false

    @Option(
        name: .customLong("min-os"),
        help: ArgumentHelp(
            "A candidate minimum OS version: an API level on Android (repeatable).", valueName: "version"))
    var minOS: [String] = []

    @Flag(
        name: .customLong("sweep-os"),
        help: "Every OS version of the fleet and every min_os of the releases as a candidate.")
    var sweepOS = false

    @Option(
        name: .customLong("target-coverage"),
        help: ArgumentHelp(
            "Choose the highest candidate that leaves at least P% of the devices unaffected (not forced, blocked or unsupportedOS).",
            valueName: "P%"))
    var targetCoverage: String?

    @Option(
        name: .customLong("max-stranded"),
        help: ArgumentHelp(
            "Choose the highest candidate with at most N devices, or P% of them, blocked or unsupportedOS.",
            valueName: "N|P%"))
    var maxStranded: String?

    @Option(
        help: ArgumentHelp(
            "Write a draft of --from with the chosen minimum, in this format (nhs-availability, princeofversions, osam, sparkle-appcast).",
            valueName: "format"))
    var emit: String?

    @Option(
        help: ArgumentHelp(
            "The published config: its live minimum is shown beside the candidates, and --emit starts the draft from it (a file or https:// URL).",
            valueName: "path|url"))
    var from: String?

    @Option(
        name: .customLong("draft"),
        help: ArgumentHelp("Where --emit writes the draft, or - for standard output.", valueName: "file|-"))
    var draftPath: String?

    @Flag(
        name: .customLong("allow-lowering"),
        help: "Let --emit replace a live minimum that is higher than the chosen one (by default it is kept, and said).")
    var allowLowering = false

    /// With --from an appcast: the instant its phased rollouts are counted at, and Sparkle's kind of check.
    @OptionGroup var instant: InstantOptions

    @OptionGroup var reports: ReportOptions

    @Flag(help: "Print nothing but errors (for cron).")
    var quiet = false

    func validate() throws {
        if platform.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--platform needs a name: android, ios, macos, …")
        }
        if sweepApp && !minApp.isEmpty { throw ValidationError("give --min-app or --sweep-app, not both") }
        if sweepOS && !minOS.isEmpty { throw ValidationError("give --min-os or --sweep-os, not both") }
        if !sweepApp && minApp.isEmpty && !sweepOS && minOS.isEmpty {
            throw ValidationError(
                "give candidates: --min-app V (repeatable) or --sweep-app, and/or --min-os V or --sweep-os")
        }
        if let targetCoverage, MinimumBounds.Share(percent: targetCoverage) == nil {
            throw ValidationError(
                "--target-coverage \(targetCoverage): a percentage from 0 to 100 with at most four decimals, e.g. 90%")
        }
        if let maxStranded, MinimumBounds.Limit(maxStranded) == nil {
            throw ValidationError("--max-stranded \(maxStranded): a device count (25) or a percentage (0.5%)")
        }
        // --from alone shows the config's live minimum beside the candidates; --emit writes a draft of it.
        if (emit != nil) != (draftPath != nil) || (emit != nil && from == nil) {
            throw ValidationError("--emit FORMAT, --from CONFIG and --draft FILE go together")
        }
        if emit != nil && targetCoverage == nil && maxStranded == nil
            && (sweepApp || sweepOS || minApp.count > 1 || minOS.count > 1)
        {
            throw ValidationError(
                "--emit writes one minimum: give one --min-app/--min-os, or --target-coverage/--max-stranded to choose among candidates"
            )
        }
        if draftPath == "-", let option = reports.targets.standardOutputOption {
            throw ValidationError("only one of --draft and --\(option) can be - (standard output)")
        }
    }

    func run() throws {
        try reports.refuseUnknownOutputs(WhatIfReport.self)
        var audit = try inventoryOptions.request()
        audit.releasesPath = releases
        try instant.apply(to: &audit)
        var request = WhatIfRequest(audit: audit, platform: Platform(platform))
        request.package = package
        request.liveFrom = from
        request.app = sweepApp ? .sweep : minApp.isEmpty ? .none : .given(minApp)
        request.os = sweepOS ? .sweep : minOS.isEmpty ? .none : .given(minOS)
        request.bounds = MinimumBounds(
            targetCoverage: targetCoverage.flatMap { MinimumBounds.Share(percent: $0) },
            maxStranded: maxStranded.flatMap { MinimumBounds.Limit($0) })
        try reports.refuseOverwritingInputs(
            audit, writing: WhatIfReport.self, moreInputs: from.map { [("--from", $0)] } ?? [],
            moreOutputs: draftPath.map { [("--draft", $0)] } ?? [])
        let timings = PhaseTimings()
        let report: WhatIfReport
        do {
            report = try WhatIfRun.run(request, timings: timings.runTimings)
        } catch {
            throw Exit.fail(error)
        }
        try reports.writeAndPrint(report, quiet: quiet, timings: timings, summaryAllowed: draftPath != "-") {
            WhatIfJSONReport.text(report)
        }
        if report.noCandidateWithinBounds {
            Console.info(report.choiceSentence ?? "")
            if emit != nil { Console.error("no draft written: no candidate keeps within \(report.boundsText)") }
            throw ExitCode(1)
        }
        if let emit, let from, let draftPath {
            try writeDraft(report, format: emit, from: from, to: draftPath)
        }
    }

    private func writeDraft(_ report: WhatIfReport, format: String, from: String, to path: String) throws {
        guard
            let candidate = report.chosen ?? (report.sweep.candidates.count == 1 ? report.sweep.candidates.first : nil)
        else {
            throw Exit.fail(
                .usage("--emit writes one minimum, and \(report.sweep.candidates.count) candidates were given"))
        }
        let draft: MinimumDraft.Draft
        do {
            draft = try MinimumDraft.emit(
                source: from, formatName: format, platform: report.sweep.platform,
                minimumApp: candidate.minimumApp, minimumOS: candidate.minimumOS, allowLowering: allowLowering)
        } catch {
            throw Exit.fail(error)
        }
        // Said even with --quiet: the draft is not all the new minimum.
        for kept in draft.kept { Console.info("draft: \(kept)") }
        let text = draft.text
        if path == "-" {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try AtomicFile.write(text, to: path)
        } catch {
            Console.error(error.description)
            throw ExitCode(74)
        }
        if !quiet {
            let keptNote = draft.kept.isEmpty ? "" : " where it is not below a live one (\(draft.kept.count) kept)"
            // The command a user copies is printed, and lands in logs: a URL's secrets are not (docs/security.md).
            let shown = draft.shownSource
            Console.info(
                "wrote \(path): \(shown) with \(WhatIfReport.describe(candidate))\(keptNote); next: fleet-audit plan --published \(shown) --draft \(path)"
            )
        }
    }
}
