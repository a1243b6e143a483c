import Foundation

/// `fleet-audit history`: the runs of a history, oldest first, each config's totals with the change since
/// the run listed before it (and whether the config's SHA-256 changed) — for a person (table), a
/// spreadsheet (csv) or a script (json). Renderers are pure functions of this model.
public struct HistoryListing: Sendable {
    package let file: String
    package let runs: [HistoryRun]
    /// `--config ID`: only this config's numbers.
    package let config: String?

    /// Every listed config of every run, with its change: made once, read by each renderer.
    let entries: [Entry]

    public init(file: String, runs: [HistoryRun], config: String?) {
        self.file = file
        self.runs = runs
        self.config = config
        entries = Self.entries(runs, config: config)
    }

    public enum Format: String, CaseIterable, Sendable { case table, csv, json }

    /// One config in one run, with its change since the config's previous listed run.
    public struct Entry: Sendable {
        let run: HistoryRun
        let config: HistoryRun.Config
        let delta: OutcomeCounts?
        let configChanged: Bool
    }

    private static func entries(_ runs: [HistoryRun], config: String?) -> [Entry] {
        var previous: [String: HistoryRun.Config] = [:]
        var out: [Entry] = []
        // A failed run has no numbers: the next run's change is against the last one that had them.
        for run in runs where !run.failed {
            for c in run.configs where config == nil || c.id == config {
                var delta: OutcomeCounts?
                if let before = previous[c.id] {
                    var d = OutcomeCounts()
                    for o in Outcome.allCases { d[o] = c.totals[o] - before.totals[o] }
                    delta = d
                }
                out.append(
                    Entry(
                        run: run, config: c, delta: delta,
                        configChanged: previous[c.id].map { $0.sha256 != c.sha256 } ?? false))
                previous[c.id] = c
            }
        }
        return out
    }

    public func render(_ format: Format) -> String {
        switch format {
        case .table: return table()
        case .csv: return csv()
        case .json: return JSONWriter.write(json())
        }
    }

    private func table() -> String {
        guard !runs.isEmpty else { return "history \(file): no runs\n" }
        guard !entries.isEmpty || (config == nil && runs.contains(where: \.failed)) else {
            let known = Set(runs.flatMap { $0.configs.map(\.id) }).sorted()
            return
                "history \(file): no run has the config \(config ?? ""); configs in the history: \(known.joined(separator: ", "))\n"
        }
        var rows = [["run", "asOf", "devices", "config"] + Outcome.allCases.map(\.rawValue) + [""]]
        var byRun: [Int64: [Entry]] = [:]
        for e in entries { byRun[e.run.id ?? 0, default: []].append(e) }
        for run in runs {
            // A run that failed has no numbers: one row saying so, in its place in time.
            if run.failed, let ending = run.ending {
                rows.append(
                    [String(run.id ?? 0), Timestamps.iso8601(run.asOf), "", "failed (exit \(ending.exitCode))"]
                        + Outcome.allCases.map { _ in "" } + [VisibleText.escape(ending.message ?? "")])
                continue
            }
            let listed = byRun[run.id ?? 0] ?? []
            let listedIDs = Set(listed.map(\.config.id))
            for (k, e) in listed.enumerated() {
                // Each crossed gate (exit 1: what cron saw) on the row of the config that crossed it; a gate of the
                // whole run, or of a config not listed, on the run's first row.
                let gates = (run.ending?.crossedGates ?? []).filter {
                    listedIDs.contains($0.config) ? $0.config == e.config.id : k == 0
                }
                .map(\.gate)
                let note = [
                    e.configChanged ? "config changed" : nil,
                    gates.isEmpty ? nil : "gate crossed: " + gates.joined(separator: ", "),
                ]
                .compactMap { $0 }.joined(separator: "; ")
                rows.append(
                    [String(e.run.id ?? 0), Timestamps.iso8601(e.run.asOf), e.run.devices.groupedDigits, e.config.id]
                        + Outcome.allCases.map { o in
                            e.config.totals[o].groupedDigits
                                + (e.delta.map { $0[o] == 0 ? "" : " (\(HistoryComparison.signed($0[o])))" } ?? "")
                        }
                        + [note])
            }
        }
        // Run time, config and the note read left to right; the numbers align on the right.
        return TextSummary.table(rows, leftAligned: [1, 3, rows[0].count - 1]).joined(separator: "\n") + "\n"
    }

    private func csv() -> String {
        var lines = [
            ([
                "run", "as_of", "generated_at", "tool_version", "inventory", "rows_read", "rows_evaluated",
                "rows_rejected",
                "devices", "config", "format", "sha256", "config_changed",
            ]
                + Outcome.allCases.flatMap { [$0.rawValue, $0.rawValue + "_change"] } + ["state", "exit_code"])
                .joined(separator: ",")
        ]
        var byRun: [Int64: [Entry]] = [:]
        for e in entries { byRun[e.run.id ?? 0, default: []].append(e) }
        for r in runs {
            let run = [
                String(r.id ?? 0), Timestamps.iso8601(r.asOf), Timestamps.iso8601(r.generatedAt), r.toolVersion,
                r.inventory, String(r.rowsRead), String(r.rowsEvaluated), String(r.rowsRejected), String(r.devices),
            ]
            let ending = [r.ending?.state ?? "", r.ending.map { String($0.exitCode) } ?? ""]
            // A failed run, in its place: one line with no config and no numbers.
            if r.failed {
                let fields = run + ["", "", "", "false"] + Array(repeating: "", count: 2 * Outcome.allCases.count)
                lines.append((fields + ending).map(Self.csvField).joined(separator: ","))
                continue
            }
            for e in byRun[r.id ?? 0] ?? [] {
                var fields = run + [e.config.id, e.config.format, e.config.sha256, e.configChanged ? "true" : "false"]
                for o in Outcome.allCases {
                    fields += [String(e.config.totals[o]), e.delta.map { String($0[o]) } ?? ""]
                }
                lines.append((fields + ending).map(Self.csvField).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// RFC 4180: quoted when it holds a comma, a quote or a line break; a leading =, +, -, @, tab or carriage
    /// return is prefixed with ' so a spreadsheet does not run a path or an id as a formula (OWASP's list).
    static func csvField(_ s: String) -> String {
        var s = s
        if let first = s.first, "=+-@\t\r".contains(first), Int64(s) == nil { s = "'" + s }
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private func json() -> JSONValue {
        var byRun: [Int64: [Entry]] = [:]
        for e in entries { byRun[e.run.id ?? 0, default: []].append(e) }
        return .obj([
            ("schema", .string("fleet-audit-history/1")),
            ("history", .string(file)),
            ("config", .optionalString(config)),
            (
                "runs",
                .array(
                    runs.map { r in
                        .obj([
                            ("run", .int64(r.id ?? 0)), ("asOf", .string(Timestamps.iso8601(r.asOf))),
                            ("generatedAt", .string(Timestamps.iso8601(r.generatedAt))),
                            ("toolVersion", .string(r.toolVersion)),
                            ("inventory", .string(r.inventory)), ("rowsRead", .int64(r.rowsRead)),
                            ("rowsEvaluated", .int64(r.rowsEvaluated)),
                            ("rowsRejected", .int64(r.rowsRejected)), ("devices", .int64(r.devices)),
                            // How the run ended (null for a run kept before history schema 2).
                            ("state", .optionalString(r.ending?.state)),
                            ("exitCode", r.ending.map { .int(Int($0.exitCode)) } ?? .null),
                            ("message", .optionalString(r.ending?.message)),
                            (
                                "crossedGates",
                                .array(
                                    (r.ending?.crossedGates ?? []).map { g in
                                        .obj([
                                            ("gate", .string(g.gate)), ("config", .string(g.config)),
                                            ("count", .int64(g.count)),
                                        ])
                                    })
                            ),
                            (
                                "configs",
                                .array(
                                    (byRun[r.id ?? 0] ?? []).map { e in
                                        .obj([
                                            ("id", .string(e.config.id)), ("format", .string(e.config.format)),
                                            ("source", .string(e.config.source)),
                                            ("sha256", .string(e.config.sha256)),
                                            ("configChanged", .bool(e.configChanged)),
                                            ("totals", JSONReport.counts(e.config.totals)),
                                            ("change", e.delta.map(JSONReport.counts) ?? .null),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }
}
