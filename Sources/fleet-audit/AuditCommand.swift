import ArgumentParser
import FleetAudit
import Foundation

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Evaluate every device of an inventory against every config and write the reports.",
        discussion: """
        Example:
          fleet-audit audit --inventory SampleData/inventory.csv --config-dir SampleData/configs \\
            --releases SampleData/releases.csv --out reports/
        """
    )

    @Option(help: ArgumentHelp("The device inventory: a CSV file, a SQLite database (opened read-only), or - for CSV on standard input.", valueName: "path"))
    var inventory: String

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var evaluation: EvaluationOptions

    @Option(help: ArgumentHelp("Write report.json, report.xml and report.html into this folder (created if missing).", valueName: "dir"))
    var out: String?

    @Option(help: ArgumentHelp("Write the JSON report to this file, or - for standard output.", valueName: "file|-"))
    var json: String?

    @Option(help: ArgumentHelp("Write the XML report to this file, or - for standard output.", valueName: "file|-"))
    var xml: String?

    @Option(help: ArgumentHelp("Write the HTML report to this file, or - for standard output.", valueName: "file|-"))
    var html: String?

    @Option(help: ArgumentHelp("Render the HTML from this folder's templates instead of the built-in ones (see Templates/).", valueName: "dir"))
    var templates: String?

    @Option(help: ArgumentHelp("CSV field delimiter: a single character, or 'tab'.", valueName: "char"))
    var delimiter: String = ","

    @Option(name: .customLong("column"), help: ArgumentHelp("Read a known column from another header (repeatable).", valueName: "canonical=header"))
    var columns: [String] = []

    @Option(help: ArgumentHelp("SQLite table to read (default: devices, or the only table).", valueName: "name"))
    var table: String?

    @Option(help: ArgumentHelp("SQLite query to read instead of a table.", valueName: "sql"))
    var query: String?

    @Option(name: .customLong("fail-on"), help: ArgumentHelp("Exit 1 (reports still written) when a config crosses this: [CONFIG_ID:]OUTCOME>N or >P% of devices, e.g. blocked>0.5% (repeatable).", valueName: "gate"))
    var failOn: [String] = []

    @Flag(help: "Print nothing but errors (for cron).")
    var quiet = false

    func validate() throws {
        if table != nil && query != nil { throw ValidationError("give --table or --query, not both") }
        if [json, xml, html].filter({ $0 == "-" }).count > 1 {
            throw ValidationError("only one of --json, --xml, --html can be - (standard output)")
        }
        _ = try parsedDelimiter()
        _ = try parsedColumns()
    }

    func parsedDelimiter() throws -> UInt8 {
        if delimiter.lowercased() == "tab" || delimiter == "\\t" { return 0x09 }
        guard delimiter.utf8.count == 1, let b = delimiter.utf8.first, b != 0x22, b != 0x0A, b != 0x0D else {
            throw ValidationError("--delimiter must be one ASCII character other than a quote or line end, or 'tab'")
        }
        return b
    }

    func parsedColumns() throws -> [String: String] {
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

    func run() throws {
        var request = AuditRequest(inventoryPath: inventory)
        configOptions.apply(to: &request)
        try evaluation.apply(to: &request)
        request.delimiter = try parsedDelimiter()
        request.columnOverrides = try parsedColumns()
        request.table = table
        request.query = query
        do {
            request.gates = try failOn.map { (text) throws(AuditFailure) -> Gate in try Gate(parsing: text) }
        } catch {
            throw Exit.fail(error)
        }

        let showProgress = !quiet && Console.stderrIsTerminal
        let started = Date()
        let report: AuditReport
        let inventoryBytes = (try? FileManager.default.attributesOfItem(atPath: inventory)[.size] as? Int) ?? 0
        let onProgress: @Sendable (Int64, (done: Int, total: Int)) -> Void = { rows, progress in
            Progress.show(rows: rows, progress: progress, inventoryBytes: inventoryBytes, since: started)
        }
        let timings = PhaseTimings()
        do {
            report = try AuditRun.run(request, onProgress: showProgress ? onProgress : nil, timings: timings.runTimings)
        } catch {
            if showProgress { Progress.clear() }
            throw Exit.fail(error)
        }
        if showProgress { Progress.clear() }

        var targets = ReportTargets()
        targets.directory = out
        targets.json = json
        targets.xml = xml
        targets.html = html
        targets.templatesDirectory = templates
        let result: (written: [String], stdout: String?)
        do {
            result = try ReportWriter.write(report, to: targets)
            timings.mark("reports")
        } catch {
            Console.error(error.description)
            switch error {
            case .render: throw ExitCode(65)
            case .write: throw ExitCode(74)
            }
        }
        if !quiet {
            for path in result.written { Console.info("wrote \(path)") }
        }
        if let text = result.stdout {
            FileHandle.standardOutput.write(Data(text.utf8))
        } else if !quiet {
            FileHandle.standardOutput.write(Data(TextSummary.render(report).utf8))
        }
        if targets.isEmpty && !quiet {
            Console.info("no report written: add --out DIR, or --json/--xml/--html FILE")
        }
        let crossed = report.crossedGates
        if !crossed.isEmpty {
            // Printed even with --quiet: it is why cron sees exit code 1.
            for gate in crossed { Console.info("gate crossed: " + gate.sentence) }
            throw ExitCode(1)
        }
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
            line += String(format: ", %.0f MB/s, %.0f%%, ETA %.0f s", Double(inventoryBytes) * fraction / elapsed / 1e6,
                           fraction * 100, eta)
        }
        FileHandle.standardError.write(Data((line + "   ").utf8))
    }

    static func clear() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
