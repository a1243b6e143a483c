/// The plan's JSON report, schema `fleet-audit-plan/1` (docs/commands/plan.md): `pairs[]` with `id`, `status`, `summary`
/// and `matrix` (published outcome → draft outcome → devices, zero cells omitted), then what explains it.
public enum PlanJSONReport {
    package static let schema = "fleet-audit-plan/1"

    package static func render(_ report: PlanReport) -> String { JSONWriter.write(value(report)) }

    static func side(_ s: PlanReport.Side?) -> JSONValue {
        s.map {
            .obj([
                ("source", .string($0.source)), ("sha256", .string($0.sha256)), ("format", .string($0.format)),
                ("diagnostics", .array($0.diagnostics.map { JSONReport.diagnostic($0) })),
            ])
        } ?? .null
    }

    /// The most devices first, then by name; at most `AuditReport.topVersionCount`.
    static func top(_ map: [String: Int64]) -> JSONValue {
        .array(
            map.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(
                AuditReport.topVersionCount
            )
            .map { .obj([("version", .string($0.key)), ("devices", .int64($0.value))]) })
    }

    static func matrix(_ cells: [Outcome: OutcomeCounts]) -> JSONValue {
        .obj(
            Outcome.allCases.compactMap { from in
                guard let row = cells[from], row.total > 0 else { return nil }
                return (
                    from.rawValue, .obj(Outcome.allCases.filter { row[$0] > 0 }.map { ($0.rawValue, .int64(row[$0])) })
                )
            })
    }

    /// Rule moves, most devices first, then in outcome and rule order (shared with the XML).
    static func sortedMoves(_ tally: TransitionTally) -> [(key: TransitionTally.RuleMove, value: Int64)] {
        tally.ruleMoves.sorted { a, b in
            a.value != b.value
                ? a.value > b.value
                : (a.key.from.index, a.key.to.index, a.key.fromRule ?? "", a.key.toRule ?? "") < (
                    b.key.from.index, b.key.to.index, b.key.fromRule ?? "", b.key.toRule ?? ""
                )
        }
    }

    /// One pair: its matrix, both sides, the moves by rule, the worse versions, the new diagnostics, the reach.
    static func pair(_ p: PlanReport.Pair) -> JSONValue {
        let moves = sortedMoves(p.tally)
        return .obj([
            ("id", .string(p.id)),
            ("status", .string(p.status.rawValue)),
            ("summary", .string(p.summary)),
            ("matrix", matrix(p.tally.cells)),
            ("published", side(p.published)),
            ("draft", side(p.draft)),
            ("worse", .int64(p.worse)), ("better", .int64(p.better)), ("ruleOnly", .int64(p.ruleOnly)),
            ("undecided", .int64(p.undecided)),
            ("letInByRollout", .int64(p.letInByRollout)),
            (
                "ruleMoves",
                .array(
                    moves.map { m in
                        .obj([
                            ("from", .string(m.key.from.rawValue)), ("to", .string(m.key.to.rawValue)),
                            ("fromRule", .optionalString(m.key.fromRule)),
                            ("toRule", .optionalString(m.key.toRule)),
                            ("devices", .int64(m.value)),
                        ])
                    })
            ),
            (
                "byPlatform",
                .obj(p.tally.byPlatform.keys.sorted().map { ($0.name, matrix(p.tally.byPlatform[$0]!)) })
            ),
            (
                "worseVersions",
                .obj([("appVersions", top(p.tally.worseAppVersions)), ("osVersions", top(p.tally.worseOSVersions))])
            ),
            ("newDiagnostics", .array(p.newDiagnostics.map { JSONReport.diagnostic($0) })),
            (
                "reach",
                .array(
                    p.reach.map { point in
                        .obj([
                            ("at", .string(Timestamps.iso8601(point.at))),
                            ("published", JSONReport.counts(point.published)),
                            ("draft", JSONReport.counts(point.draft)),
                        ])
                    })
            ),
            (
                "ruleChanges",
                .array(
                    p.ruleChanges.map { c in
                        .obj([
                            ("id", .string(c.id)), ("published", .optionalString(c.published)),
                            ("draft", .optionalString(c.draft)),
                        ])
                    })
            ),
        ])
    }

    package static func value(_ report: PlanReport) -> JSONValue {
        let inv = report.inventory
        let (tool, inventory, releases) = JSONReport.runHeader(inventory: inv, releases: report.releases)
        let totals: JSONValue = .obj([
            ("worse", .int64(report.worse)), ("better", .int64(report.better)), ("ruleOnly", .int64(report.ruleOnly)),
            ("undecided", .int64(report.undecided)), ("newErrors", .int64(Int64(report.newErrorCount))),
            ("before", JSONReport.counts(report.before)), ("after", JSONReport.counts(report.after)),
        ])
        let fields: [(String, JSONValue)] = [
            ("schema", .string(schema)), ("tool", tool),
            // How the run ended (`failed`, `gateCrossed`, `changes`, `completed`) and its exit code.
            (
                "status",
                report.status.map {
                    .obj(
                        [("state", .string($0.state)), ("exitCode", .int(Int($0.exitCode)))]
                            + (report.failure.map { [("message", .string($0.message))] } ?? []))
                } ?? .null
            ),
            ("asOf", .string(Timestamps.iso8601(report.asOf))),
            ("generatedAt", .string(Timestamps.iso8601(report.generatedAt))),
            ("inventory", inventory), ("releases", releases), ("totals", totals),
            (
                "gates",
                .array(
                    report.gates.map { g in
                        .obj([
                            ("gate", .string(g.gate.text)), ("config", .string(g.config)),
                            ("devices", .int64(g.devices)),
                            ("crossed", .bool(g.crossed)),
                        ])
                    })
            ),
            ("uncheckedGates", .array(report.uncheckedGates.map { .string($0) })),
            (
                "failedConfigs",
                .array(
                    report.failed.map { f in
                        .obj([
                            ("side", .string(f.side)), ("id", .string(f.config.id)),
                            ("source", .string(f.config.source)),
                            ("error", .string(f.config.error.description)),
                        ])
                    })
            ),
            ("pairs", .array(report.pairs.map(pair))),
        ]
        return .obj(fields)
    }

    /// `at 2026-11-20T09:00:00Z the draft: 120 forced, 40 recommended (published: 160 recommended)`: the
    /// outcomes that change the audit's picture (forced, recommended, blocked, unsupportedOS) at one later instant.
    static func reachLine(_ point: PlanReport.ReachPoint) -> String {
        "at \(Timestamps.iso8601(point.at)) the draft: \(offered(point.draft)) (published: \(offered(point.published)))"
    }

    /// `120 forced, 40 recommended`: the outcomes of a reach point that are not up to date or untargeted.
    static func offered(_ c: OutcomeCounts) -> String {
        let parts = [Outcome.forced, .recommended, .blocked, .unsupportedOS].filter { c[$0] > 0 }.map {
            "\(c[$0].groupedDigits) \($0.rawValue)"
        }
        return parts.isEmpty ? "none offered" : parts.joined(separator: ", ")
    }

    /// The terminal's view: each pair's summary line and, for a changed pair, its non-zero off-diagonal cells.
    public static func text(_ report: PlanReport) -> String {
        var lines: [String] = []
        if let kept = report.inventory.packageFilterSentence { lines.append(kept) }
        // A draft a client rejects or crashes on comes first: it is why the plan fails.
        for p in report.pairs {
            for d in p.newErrors { lines.append("\(p.id): the draft adds an error: [\(d.code)] \(d.message)") }
        }
        for p in report.pairs {
            lines.append(p.summary + (p.status == .added || p.status == .removed ? " (\(p.status.rawValue))" : ""))
            for m in p.moves { lines.append("  \(m.from.rawValue) → \(m.to.rawValue): \(m.devices.groupedDigits)") }
            for d in p.newDiagnostics {
                lines.append("  new in the draft: \(d.severity.rawValue): [\(d.code)] \(d.message)")
            }
            for point in p.reach { lines.append("  " + reachLine(point)) }
        }
        for f in report.failed { lines.append("\(f.config.id): not planned: the \(f.side) config could not be loaded") }
        lines.append(
            "plan: \(report.worse.groupedDigits) devices worse, \(report.better.groupedDigits) better, \(report.ruleOnly.groupedDigits) under another rule"
                + (report.undecided > 0
                    ? ", \(report.undecided.groupedDigits) no longer decided (the draft's client rejects it or crashes)"
                    : ""))
        return lines.joined(separator: "\n") + "\n"
    }
}
