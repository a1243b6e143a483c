import Foundation

/// The plan's HTML page, rendered from `Templates/plan.html.mustache` in the audit report's style (they share
/// `style.mustache`): the summary lines first, then per pair the transition matrix as a table whose cells are
/// shaded by their share of the pair's devices and coloured by direction (worse, better, same).
package enum PlanHTMLReport {
    package static let templateName = "plan.html"

    package static func render(_ report: PlanReport, templates: ReportTemplates = .embedded) throws(ReportError)
        -> String
    {
        try templates.render(context(report), template: templateName)
    }

    /// Rule moves listed per pair; the JSON and XML keep every one.
    static let ruleMoveLimit = 50

    // What each section of `plan.html.mustache` reads, by property name (see `HTMLReport`).

    struct MatrixCell { let value: String, raw: String, to: String, direction: String, shade: Int, title: String }
    struct MatrixRow { let from: String, cells: [MatrixCell], total: String }
    struct Matrix { let outcomes: [String], rows: [MatrixRow], columnTotals: [String], total: String }
    struct Move { let from: String, to: String, devices: String, direction: String }
    struct PlatformMoves { let platform: String, moves: [Move] }
    struct RuleMoveRow {
        let from: String, to: String, fromRule: String, toRule: String, devices: String, direction: String
    }
    struct SideRow { let side: String, source: String, sha256: String, format: String }
    struct DiagnosticRow {
        let side: String, severity: String, code: String, message: String, location: String, isNew: Bool
    }
    struct RuleChangeRow { let id: String, published: String, draft: String }
    struct ReachRow { let at: String, published: String, draft: String }
    struct SummaryLine { let id: String, anchor: String, status: String, summary: String }
    struct TotalRow { let outcome: String, before: String, after: String, change: String, direction: String }

    struct PairSection {
        let id: String, anchor: String, status: String, summary: String
        let sides: [SideRow]
        let worse: String, better: String, ruleOnly: String
        let matrix: Matrix
        let byPlatform: [PlatformMoves], hasByPlatform: Bool
        let ruleMoves: [RuleMoveRow], hasRuleMoves: Bool, hasOmittedRuleMoves: Bool, omittedRuleMoves: String
        let worseApps: [HTMLReport.VersionRow], worseOSes: [HTMLReport.VersionRow], hasWorseVersions: Bool
        let diagnostics: [DiagnosticRow], hasDiagnostics: Bool
        let ruleChanges: [RuleChangeRow], hasRuleChanges: Bool
        let reach: [ReachRow], hasReach: Bool
    }

    struct Page {
        let tool: String, toolVersion: String, inventorySource: String, asOf: String, generatedAt: String,
            releases: String
        /// `--package`: the devices planned and those left out.
        let packageFilter: String, hasPackageFilter: Bool
        let cards: [HTMLReport.Card], summaries: [SummaryLine], totals: [TotalRow]
        let gates: [HTMLReport.GateRow], hasGates: Bool
        let pairs: [PairSection], devices: String
        /// A plan that stopped before evaluating: why, and its exit code.
        let failed: Bool, statusMessage: String, exitCode: String
    }

    /// Worse, better or same, by the outcome order of docs/commands/plan.md (`Outcome.severityRank`).
    static func direction(_ from: Outcome, _ to: Outcome) -> String {
        to.severityRank > from.severityRank ? "worse" : to.severityRank < from.severityRank ? "better" : "same"
    }

    /// Shade 0 (empty) to 5 (the whole pair): by share of devices on a log scale, so a cell of 1 device of
    /// 10,000 still shows while the diagonal does not wash out every move.
    static func shade(_ count: Int64, of total: Int64) -> Int {
        guard count > 0, total > 0 else { return 0 }
        let share = Double(count) / Double(total)
        return min(5, max(1, Int((log10(share) + 4).rounded(.down)) + 1))
    }

    static func matrix(_ tally: TransitionTally, devices: Int64) -> Matrix {
        let n = HTMLReport.number
        let rows = Outcome.allCases.map { from in
            MatrixRow(
                from: from.rawValue,
                cells: Outcome.allCases.map { to in
                    let c = tally.count(from: from, to: to)
                    return MatrixCell(
                        value: c > 0 ? n(c) : "·", raw: String(c), to: to.rawValue, direction: direction(from, to),
                        shade: shade(c, of: devices),
                        title:
                            "\(n(c)) devices \(from.rawValue) → \(to.rawValue) (\(HTMLReport.percent(c, of: devices)))")
                }, total: n(tally.cells[from]?.total ?? 0))
        }
        let columns = Outcome.allCases.map { to in
            n(Outcome.allCases.map { tally.count(from: $0, to: to) }.reduce(0, +))
        }
        return Matrix(outcomes: Outcome.allCases.map(\.rawValue), rows: rows, columnTotals: columns, total: n(devices))
    }

    static func pair(_ p: PlanReport.Pair, anchor: String, devices: Int64) -> PairSection {
        let n = HTMLReport.number
        var sides: [SideRow] = []
        for (name, side) in [("published", p.published), ("draft", p.draft)] {
            if let side {
                sides.append(SideRow(side: name, source: side.source, sha256: side.sha256, format: side.format))
            } else {
                sides.append(SideRow(side: name, source: "(none)", sha256: "", format: ""))
            }
        }
        let platforms = p.tally.byPlatform.keys.sorted().compactMap { platform -> PlatformMoves? in
            let cells = p.tally.byPlatform[platform]!
            var moves: [Move] = []
            for from in Outcome.allCases {
                for to in Outcome.allCases where from != to {
                    let c = cells[from]?[to] ?? 0
                    if c > 0 {
                        moves.append(
                            Move(from: from.rawValue, to: to.rawValue, devices: n(c), direction: direction(from, to)))
                    }
                }
            }
            return moves.isEmpty ? nil : PlatformMoves(platform: platform.name, moves: moves)
        }
        let allMoves = PlanJSONReport.sortedMoves(p.tally)
        let moves = allMoves.prefix(ruleMoveLimit).map { m in
            RuleMoveRow(
                from: m.key.from.rawValue, to: m.key.to.rawValue, fromRule: m.key.fromRule ?? "(no rule)",
                toRule: m.key.toRule ?? "(no rule)", devices: n(m.value), direction: direction(m.key.from, m.key.to))
        }
        let top = { (map: [String: Int64]) in
            map.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(
                AuditReport.topVersionCount
            )
            .map { HTMLReport.VersionRow(version: $0.key, devices: n($0.value)) }
        }
        let newOnes = Set(p.newDiagnostics.map { "\($0.code) \($0.message)" })
        var diagnostics: [DiagnosticRow] = []
        for (name, side) in [("published", p.published), ("draft", p.draft)] {
            for d in side?.diagnostics ?? [] {
                diagnostics.append(
                    DiagnosticRow(
                        side: name, severity: d.severity.rawValue, code: d.code, message: d.message,
                        location: d.location.map { "line \($0.line), column \($0.column)" } ?? d.path ?? "",
                        isNew: name == "draft" && newOnes.contains("\(d.code) \(d.message)")))
            }
        }
        let changes = p.ruleChanges.map {
            RuleChangeRow(id: $0.id, published: $0.published ?? "(no such rule)", draft: $0.draft ?? "(no such rule)")
        }
        let reach = p.reach.map {
            ReachRow(
                at: Timestamps.iso8601($0.at), published: PlanJSONReport.offered($0.published),
                draft: PlanJSONReport.offered($0.draft))
        }
        let worseApps = top(p.tally.worseAppVersions)
        let worseOSes = top(p.tally.worseOSVersions)
        return PairSection(
            id: p.id, anchor: anchor, status: p.status.rawValue, summary: p.summary, sides: sides,
            worse: n(p.worse), better: n(p.better), ruleOnly: n(p.ruleOnly),
            matrix: matrix(p.tally, devices: devices),
            byPlatform: platforms, hasByPlatform: !platforms.isEmpty,
            ruleMoves: moves, hasRuleMoves: !moves.isEmpty, hasOmittedRuleMoves: allMoves.count > moves.count,
            omittedRuleMoves: n(Int64(allMoves.count - moves.count)),
            worseApps: worseApps, worseOSes: worseOSes, hasWorseVersions: !worseApps.isEmpty,
            diagnostics: diagnostics, hasDiagnostics: !diagnostics.isEmpty,
            ruleChanges: changes, hasRuleChanges: !changes.isEmpty,
            reach: reach, hasReach: !reach.isEmpty)
    }

    static func context(_ report: PlanReport) -> Page {
        let n = HTMLReport.number
        let inv = report.inventory
        let counted = { (status: PlanReport.Status) in report.pairs.filter { $0.status == status }.count }
        let crossed = report.crossedGates.count
        var cards = [
            HTMLReport.Card(label: "devices evaluated", value: n(inv.devices), alert: false),
            HTMLReport.Card(label: "devices worse", value: n(report.worse), alert: report.worse > 0),
            HTMLReport.Card(label: "devices better", value: n(report.better), alert: false),
            HTMLReport.Card(
                label: "no longer decided (draft rejected)", value: n(report.undecided), alert: report.undecided > 0),
            HTMLReport.Card(
                label: "new errors in the drafts", value: "\(report.newErrorCount)", alert: report.newErrorCount > 0),
            HTMLReport.Card(label: "same outcome, another rule", value: n(report.ruleOnly), alert: false),
            HTMLReport.Card(
                label: "pairs changed · unchanged · added · removed",
                value: "\(counted(.changed)) · \(counted(.unchanged)) · \(counted(.added)) · \(counted(.removed))",
                alert: false),
            HTMLReport.Card(label: "rows rejected", value: n(inv.rowsRejected), alert: inv.rowsRejected > 0),
        ]
        if !report.gates.isEmpty {
            cards.append(
                HTMLReport.Card(
                    label: "gates crossed", value: "\(crossed) of \(report.gates.count)", alert: crossed > 0))
        }
        let anchor = { (i: Int) in "pair-\(i + 1)" }
        let summaries = report.pairs.enumerated().map { i, p in
            SummaryLine(id: p.id, anchor: anchor(i), status: p.status.rawValue, summary: p.summary)
        }
        let before = report.before
        let after = report.after
        let totals = Outcome.allCases.map { o in
            let change = after[o] - before[o]
            return TotalRow(
                outcome: o.rawValue, before: n(before[o]), after: n(after[o]),
                change: change == 0 ? "0" : (change > 0 ? "+" : "−") + n(abs(change)),
                direction: change == 0 ? "same" : (o.severityRank == 0) == (change > 0) ? "better" : "worse")
        }
        let gates =
            report.gates.map { g in
                HTMLReport.GateRow(
                    gate: g.gate.text, config: g.config, devices: "\(n(g.devices)) devices",
                    percent: String(format: "%.2f%%", g.percent),
                    hasPercent: true, crossed: g.crossed, result: g.crossed ? "crossed" : "holds", note: "",
                    hasNote: false)
            } + report.uncheckedGates.map { HTMLReport.GateRow.unchecked($0, why: PlanReport.uncheckedWhy) }
        return Page(
            tool: "fleet-audit", toolVersion: FleetAuditVersion.current, inventorySource: inv.source,
            asOf: Timestamps.iso8601(report.asOf), generatedAt: Timestamps.iso8601(report.generatedAt),
            releases: report.releases?.source ?? "none (no --releases: nothing counts as blocked)",
            packageFilter: inv.packageFilterSentence ?? "", hasPackageFilter: inv.packageFilterSentence != nil,
            cards: cards, summaries: summaries, totals: totals, gates: gates, hasGates: !gates.isEmpty,
            pairs: report.pairs.enumerated().map { pair($1, anchor: anchor($0), devices: inv.devices) },
            devices: n(inv.devices), failed: report.failure != nil, statusMessage: report.failure?.message ?? "",
            exitCode: report.failure.map { String($0.exitCode) } ?? "")
    }
}

// The templates' names for each context type (see `MustacheFields`): with 1,000 pairs, Mustache's reflection of
// every value on every lookup was most of the plan's run.
extension PlanHTMLReport.MatrixCell: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "value": \.value, "raw": \.raw, "to": \.to, "direction": \.direction, "shade": \.shade, "title": \.title,
    ]
}
extension PlanHTMLReport.MatrixRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "from": \.from, "cells": \.cells, "total": \.total,
    ]
}
extension PlanHTMLReport.Matrix: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "outcomes": \.outcomes, "rows": \.rows, "columnTotals": \.columnTotals, "total": \.total,
    ]
}
extension PlanHTMLReport.Move: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "from": \.from, "to": \.to, "devices": \.devices, "direction": \.direction,
    ]
}
extension PlanHTMLReport.PlatformMoves: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = ["platform": \.platform, "moves": \.moves]
}
extension PlanHTMLReport.RuleMoveRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "from": \.from, "to": \.to, "fromRule": \.fromRule, "toRule": \.toRule, "devices": \.devices,
        "direction": \.direction,
    ]
}
extension PlanHTMLReport.SideRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "side": \.side, "source": \.source, "sha256": \.sha256, "format": \.format,
    ]
}
extension PlanHTMLReport.DiagnosticRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "side": \.side, "severity": \.severity, "code": \.code, "message": \.message, "location": \.location,
        "isNew": \.isNew,
    ]
}
extension PlanHTMLReport.RuleChangeRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "id": \.id, "published": \.published, "draft": \.draft,
    ]
}
extension PlanHTMLReport.ReachRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "at": \.at, "published": \.published, "draft": \.draft,
    ]
}
extension PlanHTMLReport.SummaryLine: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "id": \.id, "anchor": \.anchor, "status": \.status, "summary": \.summary,
    ]
}
extension PlanHTMLReport.TotalRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "outcome": \.outcome, "before": \.before, "after": \.after, "change": \.change, "direction": \.direction,
    ]
}
extension PlanHTMLReport.PairSection: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "id": \.id, "anchor": \.anchor, "status": \.status, "summary": \.summary, "sides": \.sides,
        "worse": \.worse, "better": \.better, "ruleOnly": \.ruleOnly, "matrix": \.matrix,
        "byPlatform": \.byPlatform, "hasByPlatform": \.hasByPlatform, "ruleMoves": \.ruleMoves,
        "hasRuleMoves": \.hasRuleMoves, "hasOmittedRuleMoves": \.hasOmittedRuleMoves,
        "omittedRuleMoves": \.omittedRuleMoves, "worseApps": \.worseApps, "worseOSes": \.worseOSes,
        "hasWorseVersions": \.hasWorseVersions, "diagnostics": \.diagnostics, "hasDiagnostics": \.hasDiagnostics,
        "ruleChanges": \.ruleChanges, "hasRuleChanges": \.hasRuleChanges, "reach": \.reach, "hasReach": \.hasReach,
    ]
}
extension PlanHTMLReport.Page: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "tool": \.tool, "toolVersion": \.toolVersion, "inventorySource": \.inventorySource, "asOf": \.asOf,
        "generatedAt": \.generatedAt, "releases": \.releases, "packageFilter": \.packageFilter,
        "hasPackageFilter": \.hasPackageFilter, "cards": \.cards, "summaries": \.summaries, "totals": \.totals,
        "gates": \.gates, "hasGates": \.hasGates, "pairs": \.pairs, "devices": \.devices, "failed": \.failed,
        "statusMessage": \.statusMessage, "exitCode": \.exitCode,
    ]
}
