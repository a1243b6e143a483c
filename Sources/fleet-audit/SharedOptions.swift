import ArgumentParser
import FleetAudit
import Foundation

/// Where configs come from, shared by audit, explain and validate (plan has --published/--draft instead).
struct ConfigOptions: ParsableArguments {
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp("A config file or https:// URL (repeatable).", valueName: "path|url"))
    var configs: [String] = []

    @Option(
        name: .customLong("config-dir"),
        help: ArgumentHelp(
            "Load every *.json, *.xml (appcast) and *.yml (electron-updater feed) below this folder, sorted by path (repeatable).",
            valueName: "dir"))
    var configDirectories: [String] = []

    @OptionGroup var loading: ConfigLoadOptions
}

/// How configs are loaded, shared by every command that loads them.
struct ConfigLoadOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Force the format instead of detecting it from the document's keys (or an XML document's root element).",
            valueName: "name"))
    var format: String?

    @Option(help: ArgumentHelp("Seconds to wait for a config URL.", valueName: "seconds"))
    var timeout: Double = 30

    @Flag(name: .customLong("keep-going"), help: "Report a config that cannot be loaded instead of stopping.")
    var keepGoing = false

    func validate() throws {
        // URLSession is handed this as it is: NaN or infinity crash it, 0 would fail every fetch at once.
        if !(timeout > 0 && timeout <= 3600) {
            throw ValidationError("--timeout must be more than 0 and at most 3600 seconds")
        }
    }

    func apply(to request: inout AuditRequest) {
        request.format = format
        request.timeout = timeout
        request.keepGoing = keepGoing
    }
}

/// Where the devices come from, shared by audit and plan.
struct InventoryOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The device inventory: a CSV file, a SQLite database (opened read-only), or - for CSV on standard input.",
            valueName: "path"))
    var inventory: String

    @OptionGroup var reading: InventoryReadOptions

    /// A request for this inventory, read as the options say.
    func request() throws -> AuditRequest { try reading.request(inventory: inventory) }
}

/// `--package`: one app's devices, for audit and plan (whatif has its own, one package).
struct PackageOptions: ParsableArguments {
    @Option(
        name: .customLong("package"),
        help: ArgumentHelp(
            "Only the devices of this app package (repeatable): the others are left out before evaluation, and a report line says how many. A name no device has is exit 65.",
            valueName: "name"))
    var packages: [String] = []
}

/// How an inventory is read, shared by audit, plan and explain (whose --inventory is optional).
struct InventoryReadOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "CSV field delimiter: a single character, or comma, semicolon, tab, pipe.", valueName: "char"))
    var delimiter: String = ","

    @Option(
        name: .customLong("column"),
        help: ArgumentHelp(
            "Read a column from another header (repeatable): platform, os_version, os_api_level, app_version, app_build, package_name, count, device_id, or an attribute a config reads; e.g. app_build=version_code.",
            valueName: "canonical=header"))
    var columns: [String] = []

    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "A column every row has with this value (repeatable), for an export of one platform or one app that does not say so: platform=macos (a Jamf Pro export of Macs), package_name=com.example.app.",
            valueName: "column=value"))
    var constants: [String] = []

    @Option(help: ArgumentHelp("SQLite table to read (default: devices, or the only table).", valueName: "name"))
    var table: String?

    @Option(help: ArgumentHelp("SQLite query to read instead of a table.", valueName: "sql"))
    var query: String?

    @Option(
        name: .customLong("busy-timeout"),
        help: ArgumentHelp(
            "Seconds to wait while another connection holds a lock on a SQLite inventory; then exit 75 (try again later).",
            valueName: "seconds"))
    var busyTimeout: Double = 60

    func validate() throws {
        if table != nil && query != nil { throw ValidationError("give --table or --query, not both") }
        if !(busyTimeout >= 0 && busyTimeout <= 86_400) {
            throw ValidationError("--busy-timeout must be between 0 and 86400 seconds")
        }
        _ = try parsedDelimiter()
        _ = try parsedColumns()
        _ = try parsedConstants()
    }

    /// `--set column=value` pairs, in the order given; a column set twice is a mistake.
    func parsedConstants() throws -> [(String, String)] {
        var pairs: [(String, String)] = []
        for pair in constants {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !parts[0].trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError("--set \(pair): expected column=value, e.g. --set platform=macos")
            }
            if pairs.contains(where: { $0.0 == parts[0] }) {
                throw ValidationError("--set \(parts[0]) is given twice")
            }
            pairs.append((parts[0], parts[1]))
        }
        return pairs
    }

    func parsedDelimiter() throws -> UInt8 {
        let named: [String: UInt8] = ["tab": 0x09, "\\t": 0x09, "comma": 0x2C, "semicolon": 0x3B, "pipe": 0x7C]
        if let byte = named[delimiter.lowercased()] { return byte }
        guard delimiter.utf8.count == 1, let b = delimiter.utf8.first, b != 0x22, b != 0x0A, b != 0x0D else {
            throw ValidationError(
                "--delimiter must be one ASCII character other than a quote or line end, or comma, semicolon, tab, pipe"
            )
        }
        return b
    }

    func parsedColumns() throws -> [String: String] { try Self.parseColumns(columns) }

    /// `--column canonical=header` pairs (also `query`'s).
    static func parseColumns(_ columns: [String]) throws -> [String: String] {
        var map: [String: String] = [:]
        for pair in columns {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw ValidationError("--column \(pair): expected canonical=header, e.g. --column os_version=osVer")
            }
            map[parts[0]] = parts[1]
        }
        return map
    }

    /// A request for `inventory`, read as these options say.
    func request(inventory: String) throws -> AuditRequest {
        var request = AuditRequest(inventoryPath: inventory)
        request.delimiter = try parsedDelimiter()
        request.columnOverrides = try parsedColumns()
        request.constantColumns = try parsedConstants()
        request.table = table
        request.query = query
        request.busyTimeout = busyTimeout
        return request
    }
}

/// The outputs only `audit` writes: the configs' diagnostics for code scanning and the run as metrics.
struct AuditOutputOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Write the configs' diagnostics (those only the fleet shows included, with their devices) as SARIF 2.1.0 for code scanning, to this file or -.",
            valueName: "file|-"))
    var sarif: String?

    @Option(
        help: ArgumentHelp(
            "Write the configs' diagnostics as a GitLab Code Quality report, to this file or -.", valueName: "file|-"))
    var codequality: String?

    @Option(
        help: ArgumentHelp(
            "Write the run as Prometheus text exposition to this file, for node-exporter's textfile collector (written whole; a failed run keeps the last success time).",
            valueName: "file"))
    var metrics: String?

    /// `reports` with these outputs added.
    func adding(to reports: ReportOptions) -> ReportOptions {
        var reports = reports
        reports.sarif = sarif
        reports.codequality = codequality
        reports.metrics = metrics
        return reports
    }
}

/// Where the reports go and what renders the HTML, shared by audit, plan and whatif.
struct ReportOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Write every report (JSON, XML, HTML) into this folder (created if missing).", valueName: "dir"))
    var out: String?

    @Option(help: ArgumentHelp("Write the JSON report to this file, or - for standard output.", valueName: "file|-"))
    var json: String?

    @Option(help: ArgumentHelp("Write the XML report to this file, or - for standard output.", valueName: "file|-"))
    var xml: String?

    @Option(help: ArgumentHelp("Write the HTML report to this file, or - for standard output.", valueName: "file|-"))
    var html: String?

    @Option(
        help: ArgumentHelp(
            "Write the --fail-on gates as a JUnit XML test report (one test case per gate) to this file, or -.",
            valueName: "file|-"))
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "Render the HTML from this folder's templates instead of the built-in ones (see Templates/).",
            valueName: "dir"))
    var templates: String?

    /// The outputs only an audit has, set from `AuditOutputOptions` so that plan's and whatif's help do not list
    /// them (not arguments of this struct: `CodingKeys` leaves them out).
    var sarif: String? = nil
    var codequality: String? = nil
    var metrics: String? = nil

    enum CodingKeys: CodingKey {
        case out, json, xml, html, junit, templates
    }

    func validate() throws {
        // The reports carry the generation time: a reproducible build's epoch that cannot be read is said, not ignored.
        if let problem = Timestamps.sourceDateEpochProblem() { throw ValidationError(problem) }
    }

    /// The output options given, by name (`json` → a path or `-`): every `@Option` of this struct except `--out`
    /// and `--templates`, read by reflection so that an output option declared here reaches the writer with
    /// nothing else to wire. `ReportOutputsTests` holds the declared options to the report models' output lists.
    var outputFiles: [String: String] {
        var files: [String: String] = [:]
        for (option, value) in Self.outputOptions(of: self) {
            if let value { files[option] = value }
        }
        return files
    }

    /// Every output option this struct holds, with its value: `(json, "report.json")`, `(xml, nil)`, … — its own
    /// `@Option`s and the audit's outputs set on it.
    static func outputOptions(of options: ReportOptions) -> [(option: String, value: String?)] {
        Mirror(reflecting: options).children.compactMap { child in
            guard let label = child.label, !["_out", "_templates"].contains(label) else { return nil }
            if label.hasPrefix("_"), let option = child.value as? Option<String?> {
                return (String(label.dropFirst()), option.wrappedValue)
            }
            if !label.hasPrefix("_"), let value = child.value as? String? { return (label, value) }
            return nil
        }
    }

    /// Whether a report is written to standard output (`-`).
    var writesToStandardOutput: Bool { targets.standardOutputOption != nil }

    var targets: ReportTargets {
        var targets = ReportTargets()
        targets.directory = out
        targets.templatesDirectory = templates
        targets.files = outputFiles
        // CI outputs name files relative to the checkout, as GitHub and GitLab expect.
        targets.baseDirectory = Console.checkoutDirectory
        return targets
    }

    /// Stops the run (64) before anything is read when an output option is not one of `Report`'s outputs
    /// (`--metrics` on plan), or `-` is given where it cannot be.
    func refuseUnknownOutputs<Report: RenderableReport>(_: Report.Type) throws {
        if let refusal = targets.refusal(for: Report.self) { throw ValidationError(refusal.description) }
    }

    /// Writes the reports, then prints the one sent to standard output or, unless `quiet` (or something else
    /// has standard output), the command's terminal summary. Returns whether the summary was printed.
    @discardableResult
    func writeAndPrint<Report: RenderableReport>(
        _ report: Report, quiet: Bool, timings: PhaseTimings,
        summaryAllowed: Bool = true, summary: () -> String
    ) throws -> Bool {
        let stdout = try write(report, to: targets, quiet: quiet)
        timings.mark("reports")
        if let stdout {
            FileHandle.standardOutput.write(Data(stdout.utf8))
            return false
        }
        guard !quiet && summaryAllowed else { return false }
        FileHandle.standardOutput.write(Data(summary().utf8))
        return true
    }

    /// Renders and writes the reports; an output the command does not have exits 64, a template problem 65, a
    /// write failure 74.
    func write<Report: RenderableReport>(_ report: Report, to targets: ReportTargets, quiet: Bool) throws -> String? {
        let result: (written: [String], stdout: String?)
        do {
            result = try ReportWriter.write(report, to: targets)
        } catch {
            Console.error(error.description)
            switch error {
            case .render(.option): throw ExitCode(64)
            case .render(.template): throw ExitCode(65)
            case .write: throw ExitCode(74)
            }
        }
        if !quiet {
            for path in result.written { Console.info("wrote \(path)") }
        }
        return result.stdout
    }
}

extension ReportOptions {
    /// The config files `paths` name, with their flag: a folder's `*.json` and `*.xml`, a file (or URL) as it is.
    static func configFiles(_ flag: String, _ paths: [String]) -> [(flag: String, path: String)] {
        paths.flatMap { path in
            ((try? ConfigLoader.sources(configs: [], directories: [path])) ?? [path]).map { (flag, $0) }
        }
    }

    /// Every file under the `--templates` folder: `--html` over one of them replaced the template it rendered.
    static func templateFiles(_ folder: String) -> [(flag: String, path: String)] {
        guard let names = try? FileManager.default.subpathsOfDirectory(atPath: folder) else { return [] }
        return names.sorted().map { ("--templates", (folder as NSString).appendingPathComponent($0)) }
    }

    /// Stops the run (64) before anything is read when a report it would write is one of its inputs.
    func refuseOverwritingInputs<Report: RenderableReport>(
        _ request: AuditRequest, writing _: Report.Type, moreInputs: [(flag: String, path: String)] = [],
        moreOutputs: [(flag: String, path: String)] = []
    ) throws {
        var inputs: [(flag: String, path: String)] = [("--inventory", request.inventoryPath)]
        inputs +=
            Self.configFiles("--config", request.configs) + Self.configFiles("--config-dir", request.configDirectories)
        if let releases = request.releasesPath { inputs.append(("--releases", releases)) }
        if let history = request.historyPath { inputs.append(("--history", history)) }
        if let templates { inputs += Self.templateFiles(templates) }
        do {
            try OutputGuard.refuseOverwriting(
                inputs: inputs + moreInputs, outputs: OutputGuard.outputs(targets, for: Report.self) + moreOutputs)
        } catch {
            throw Exit.fail(error)
        }
    }
}

/// Options that change how a device is judged.
struct EvaluationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "What the stores publish: CSV or JSON with platform, version, build, min_os, package.", valueName: "file"))
    var releases: String?

    @OptionGroup var instant: InstantOptions

    @Option(
        help: ArgumentHelp(
            "How a PrinceOfVersions requirement compares its attribute (repeatable).",
            valueName: "key=equals|atLeast|atMost"))
    var requirement: [String] = []

    @Option(
        name: .customLong("pov-legacy-below"),
        help: ArgumentHelp(
            "Devices whose app is below VERSION run a PrinceOfVersions client before 4.0 and read the legacy key (repeatable; Android: a versionCode or a versionName).",
            valueName: "platform=version"))
    var povLegacyBelow: [String] = []

    @Option(
        help: ArgumentHelp(
            "Time zone of Android devices for Turkcell message dates (default UTC; iOS uses GMT+02:00 as its SDK does).",
            valueName: "zone"))
    var timezone: String?

    @Option(
        name: .customLong("appcast-client"),
        help: ArgumentHelp(
            "Who reads appcasts on a platform: macos defaults to sparkle; a Flutter app on android or ios reads them with upgrader only when built with its appcast store (repeatable).",
            valueName: "platform=sparkle|upgrader"))
    var appcastClient: [String] = []

    func apply(to request: inout AuditRequest) throws {
        request.releasesPath = releases
        if let timezone {
            guard let zone = TimeZone(identifier: timezone) ?? TimeZone(abbreviation: timezone) else {
                throw ValidationError("--timezone \(timezone) is not a time zone (e.g. Europe/Istanbul or UTC)")
            }
            request.formatOptions.timeZone = zone
        }
        do {
            for spec in requirement { try request.formatOptions.addRequirement(spec) }
            for spec in povLegacyBelow { try request.formatOptions.addLegacyBelow(spec) }
            for spec in appcastClient { try request.formatOptions.addAppcastClient(spec) }
        } catch {
            throw ValidationError(error.description)
        }
        try instant.apply(to: &request)
    }
}

/// The audit's instant and Sparkle's kind of check: what every evaluating command takes, and `whatif` for an
/// appcast.
struct InstantOptions: ParsableArguments {
    @Option(
        name: .customLong("as-of"),
        help: ArgumentHelp("The audit instant, ISO 8601 (default: SOURCE_DATE_EPOCH, else now).", valueName: "time"))
    var asOf: String?

    @Option(
        name: .customLong("sparkle-check"),
        help: ArgumentHelp(
            "Sparkle's update check: automatic (the scheduled background check: update groups and skipped versions apply; the default) or user (Check for Updates…).",
            valueName: "automatic|user"))
    var sparkleCheck: String?

    func apply(to request: inout AuditRequest) throws {
        if let sparkleCheck {
            do { try request.formatOptions.setSparkleCheck(sparkleCheck) } catch {
                throw ValidationError(error.description)
            }
        }
        if let asOf {
            guard let date = Timestamps.parse(asOf) else {
                throw ValidationError(
                    "--as-of \(asOf) is not an ISO 8601 date or time (e.g. 2026-11-22 or 2026-11-22T08:00:00Z)")
            }
            request.asOf = date
        }
    }
}

extension ConfigOptions {
    func apply(to request: inout AuditRequest) {
        request.configs = configs
        request.configDirectories = configDirectories
        loading.apply(to: &request)
    }
}

/// Prints a failure the way cron mail and terminals read it, and exits with its code.
enum Exit {
    static func fail(_ failure: AuditFailure) -> ExitCode {
        Console.error(failure.description)
        switch failure {
        case .usage: return ExitCode(64)
        case .input: return ExitCode(65)
        case .temporary: return ExitCode(75)
        }
    }

    /// What the reports layer refused (an option it reads, a template), as the run's failure.
    static func fail(_ failure: ReportError) -> ExitCode { fail(AuditFailure(failure)) }
}

enum Console {
    /// One line each: what a message quotes (a path, a value) is shown escaped (`VisibleText`).
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("fleet-audit: error: \(VisibleText.escape(message))\n".utf8))
    }

    static func info(_ message: String) {
        FileHandle.standardError.write(Data("fleet-audit: \(VisibleText.escape(message))\n".utf8))
    }

    /// A terminal that can rewrite a line in place (progress): not a file, pipe or cron mail, not `TERM=dumb`.
    static var stderrIsTerminal: Bool { isatty(2) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb" }
    /// What CI outputs make paths relative to: the checkout (`$GITHUB_WORKSPACE`, GitLab's `$CI_PROJECT_DIR`),
    /// else the working directory. An empty variable counts as unset.
    static var checkoutDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        return [environment["GITHUB_WORKSPACE"], environment["CI_PROJECT_DIR"]].compactMap { $0 }.first {
            !$0.isEmpty
        } ?? FileManager.default.currentDirectoryPath
    }
    static var stdoutIsTerminal: Bool { isatty(1) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb" }

    /// Colour for what goes to this descriptor: only on a terminal, never with `NO_COLOR` or `TERM=dumb`.
    static func style(forFileDescriptor fd: Int32) -> TextStyle {
        TextStyle.forStream(isTerminal: isatty(fd) == 1, environment: ProcessInfo.processInfo.environment)
    }
}
