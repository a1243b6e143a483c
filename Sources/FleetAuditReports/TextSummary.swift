import Foundation

/// A short plain-text summary for a terminal or a cron mail: per config, devices per outcome.
public enum TextSummary {
    public static func render(_ report: AuditReport, style: TextStyle = .plain) -> String {
        let inv = report.inventory
        var lines: [String] = []
        if inv.grouped {
            // A grouped export: rows are groups of `count` devices, and rejections are said in both.
            let uncounted =
                inv.rejectedUncounted > 0 ? " and \(grouped(inv.rejectedUncounted)) groups of unknown size" : ""
            lines.append(
                "inventory \(VisibleText.escape(inv.source)): \(grouped(inv.rowsRead)) groups read, \(grouped(inv.rowsEvaluated)) evaluated, "
                    + "\(grouped(inv.rowsRejected)) rejected (\(grouped(inv.devicesRejected)) devices\(uncounted)); \(grouped(inv.devices)) devices evaluated"
            )
        } else {
            lines.append(
                "inventory \(VisibleText.escape(inv.source)): \(grouped(inv.rowsRead)) rows read, \(grouped(inv.rowsEvaluated)) evaluated, "
                    + "\(grouped(inv.rowsRejected)) rejected; \(grouped(inv.devices)) devices")
        }
        // A live inventory's read is worth a line only when it differed from the file or database at rest.
        if let s = inv.snapshot, s.grownBytes > 0 || s.cutLineBytes > 0 || (s.restarts ?? 0) > 0 {
            lines.append("  read: \(s.sentence)")
        }
        for (reason, n) in inv.rejectionsByReason.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            var line = "  rejected \(reason.rawValue): \(grouped(n))"
            if inv.grouped {
                line += n == 1 ? " group, " : " groups, "
                line += inv.devicesRejectedByReason[reason].map { "\(grouped($0)) devices" } ?? "count unreadable"
            }
            lines.append(line)
        }
        let header = ["config"] + Outcome.allCases.map(\.rawValue)
        var rows = [header]
        for c in report.configs {
            let devices = c.totals.total
            rows.append(
                [VisibleText.escape(c.id)] + Outcome.allCases.map { countAndShare(c.totals[$0], of: devices) })
        }
        lines += table(rows)
        if let history = report.history { lines += changeLines(report, history) }
        // Warnings here; errors, configs not loaded and crossed gates go to stderr (`errorLines`), always, so a
        // cron log that merges the two shows each once.
        // And the infos that say a default decided devices (`DiagnosticCatalog.decidedByDefault`, such as
        // `sparkle.noBuild`), with their count: said where cron and a release manager read.
        for c in report.configs {
            for d in c.diagnostics
            where d.diagnostic.severity == .warning
                || (d.devices != 0 && DiagnosticCatalog.decidedByDefault.contains(d.diagnostic.code))
            {
                lines.append(line(VisibleText.escape(c.id), d, style: style))
            }
        }
        // The run's own warnings (an unread releases column, an inventory platform nothing targets) and infos (the
        // columns read from a warehouse's names, the devices --package left out): how the numbers were made.
        for d in report.diagnostics where d.severity != .error {
            lines.append("\(style.severity(d.severity)): [\(d.code)] \(d.message)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The change since the baseline, as a second table: each outcome's delta, and why a config's numbers
    /// may have moved (its own edit, or it is new).
    static func changeLines(_ report: AuditReport, _ history: HistoryComparison) -> [String] {
        guard let baseline = history.baseline else {
            return ["history \(history.file): \(history.missingBaseline ?? "")"]
        }
        var lines = [
            "since run \(baseline.id ?? 0) of \(Timestamps.iso8601(baseline.asOf)) (\(grouped(baseline.devices)) devices; history \(history.file)):"
        ]
        let header = ["config"] + Outcome.allCases.map(\.rawValue) + [""]
        var rows = [header]
        for c in report.configs {
            let change = history.change(c)
            let cells = Outcome.allCases.map { o in change.delta.map { HistoryComparison.signed($0[o]) } ?? "—" }
            rows.append(
                [VisibleText.escape(c.id)] + cells + [
                    change.isNew ? "new since the baseline" : change.configChanged ? "config changed" : ""
                ])
        }
        // The last column is a note, left-aligned.
        lines += table(rows, leftAligned: [0, header.count - 1])
        return lines
    }

    /// Rows as aligned columns, two spaces apart: the `leftAligned` ones (by index) padded on the right, the
    /// others (numbers) on the left; trailing spaces trimmed. The first row is the header.
    package static func table(_ rows: [[String]], leftAligned: Set<Int> = [0]) -> [String] {
        let widths = rows[0].indices.map { i in rows.map { $0[i].count }.max() ?? 0 }
        return rows.map { row in
            var line = row.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return leftAligned.contains(i) ? cell + pad : pad + cell
            }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// `availability-ios.json:68:5: error: [code] message (267 devices)`: where in the config, as `validate`.
    static func line(_ config: String, _ d: AuditReport.DiagnosticReport, style: TextStyle = .plain) -> String {
        let devices = d.devices.map { " (\($0.groupedDigits) devices)" } ?? ""
        let at = d.diagnostic.location.map { ":\($0.line):\($0.column)" } ?? ""
        return
            "\(config)\(at): \(style.severity(d.diagnostic.severity)): [\(d.diagnostic.code)] \(d.diagnostic.message)\(devices)"
    }

    /// The error-severity diagnostics of every config and of the run, one line each, for stderr.
    public static func errorLines(_ report: AuditReport) -> [String] {
        var lines: [String] = []
        for c in report.configs {
            for d in c.diagnostics where d.diagnostic.severity == .error {
                lines.append(line(VisibleText.escape(c.id), d))
            }
        }
        // The run's own errors (an inventory whose devices have no package while several are named); a failed
        // config has its own line below, and a run that stopped says why on its own.
        for d in report.diagnostics
        where d.severity == .error && !["config.unavailable", "run.failed", "run.empty"].contains(d.code) {
            lines.append("\(TextStyle.plain.severity(.error)): [\(d.code)] \(d.message)")
        }
        lines += report.failedConfigs.map { failedLine($0) }
        return lines
    }

    static func failedLine(_ f: FailedConfig, style: TextStyle = .plain) -> String {
        "\(f.id): \(style.severity(.error)): [config.unavailable] \(f.error.description)"
    }

    /// `1,317 33.0%`: the count and its share of the config's devices (`ShareText`); a zero is just `0`.
    static func countAndShare(_ n: Int64, of devices: Int64) -> String {
        guard n > 0, devices > 0 else { return grouped(n) }
        return grouped(n) + " " + ShareText.percent(n, of: devices)
    }

    /// `12,345`: comma grouping, never the locale's.
    public static func grouped(_ n: Int64) -> String { n.groupedDigits }
}
