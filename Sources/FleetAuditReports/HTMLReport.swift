import Foundation

/// The self-contained HTML report (docs/reports.md), rendered with Mustache from `Templates/report.html.mustache`.
/// This file only turns the `AuditReport` into the values the template shows; layout and style live in the
/// template. Mustache escapes every `{{value}}` for HTML, which is what keeps strings from configs and
/// inventories inert.
package enum HTMLReport {
    package static let templateName = "report.html"

    package static func render(_ report: AuditReport, templates: ReportTemplates = .embedded) throws(ReportError)
        -> String
    {
        try templates.render(context(report), template: templateName)
    }

    static let meanings: [Outcome: String] = [
        .forced: "must update; an update is installable",
        .recommended: "offered an update; may continue",
        .blocked: "must update; no installable release",
        .unsupportedOS: "OS below what the config supports",
        .upToDate: "asked nothing",
        .notTargeted: "config does not apply",
    ]

    static func number(_ n: Int64) -> String { TextSummary.grouped(n) }

    static func percent(_ part: Int64, of whole: Int64) -> String {
        ShareText.percent(part, of: whole)
    }

    // The template's context, typed: each struct is what one section of `report.html.mustache` reads, by
    // property name, through the key-path tables at the end (`MustacheFields`; Mustache would reflect each
    // value). A misspelt or missing field is a compile error here, not an empty cell found by the golden.

    /// An outcome's count, and its share of the row's devices ("" for none).
    struct Cell {
        let outcome: String, value: String, raw: String, share: String, hasShare: Bool
    }
    struct BarSegment { let outcome: String, x: String, width: String, count: String, percent: String }
    struct Card { let label: String, value: String, alert: Bool }
    struct LegendEntry { let key: String, meaning: String }
    struct TopRule {
        let config: String, anchor: String, rule: String, summary: String, forced: String, blocked: String,
            unsupportedOS: String
    }
    struct GateRow {
        let gate: String, config: String, devices: String, percent: String, hasPercent: Bool, crossed: Bool,
            result: String
        let note: String, hasNote: Bool

        /// A gate checked on nothing (`uncheckedGates`): a row of its own, marked as an alert, never left out.
        static func unchecked(_ text: String, config: String = "—", why: String) -> GateRow {
            GateRow(
                gate: text, config: config, devices: "—", percent: "", hasPercent: false, crossed: true,
                result: "not checked", note: why, hasNote: true)
        }
    }
    struct DiagnosticRow {
        let severity: String, code: String, message: String, path: String, hasPath: Bool, location: String,
            hasLocation: Bool
        let devices: String?
    }
    struct FailedRow { let id: String, error: String }
    struct ReasonRow { let code: String, rows: String, devices: String }
    /// `devices`: the row's devices, "?" when its count cannot be read.
    struct RejectionRow { let line: String, column: String, reason: String, message: String, devices: String }
    struct RuleRow {
        let id: String, summary: String, meta: String, hasMeta: Bool, totals: [Cell], bar: [BarSegment],
            barLabel: String
    }
    struct PlatformRow { let name: String, totals: [Cell], bar: [BarSegment], barLabel: String }
    struct VersionRow { let version: String, devices: String }
    struct TopVersionsRow { let outcome: String, apps: [VersionRow], oses: [VersionRow] }
    struct NoticeRow { let id: String, kind: String, devices: String }

    struct ConfigSection {
        let id: String, anchor: String, format: String, formatName: String, source: String, sha256: String,
            platforms: String
        /// The outcomes as shares of the devices the config targets (`ConfigReport.targeted`).
        let targeted: String
        let outcomes: [String]
        let totals: [Cell], bar: [BarSegment], barLabel: String
        let rules: [RuleRow], hasOmittedRules: Bool, omittedRules: String, ruleCount: String
        let byPlatform: [PlatformRow]
        let topVersions: [TopVersionsRow], hasTopVersions: Bool
        let notices: [NoticeRow], hasNotices: Bool
        let diagnostics: [DiagnosticRow], hasDiagnostics: Bool
        let hasChange: Bool, changeHeading: String, changeNote: String, hasChangeNote: Bool
        let changeCells: [ChangeCell], hasChangeCells: Bool
        let sparklines: [Sparkline], hasTrend: Bool, trendRuns: String
    }

    /// `targets 1,704 devices: forced 46.7%, blocked 3.8% of them` (outcomes with devices, notTargeted aside).
    static func targetedShares(_ c: AuditReport.ConfigReport) -> String {
        let n = c.targeted
        guard n > 0 else { return "targets no device of this inventory" }
        let shares = Outcome.allCases.filter { $0 != .notTargeted && c.totals[$0] > 0 }.map {
            "\($0.rawValue) \(ShareText.percent(c.totals[$0], of: n))"
        }
        return "targets \(n.groupedDigits) device\(n == 1 ? "" : "s"): \(shares.joined(separator: ", ")) of them"
    }

    /// One platform's (or package's) coverage: the app and OS charts.
    struct CoverageSection { let heading: String, devices: String, charts: [CoverageChart], isAndroid: Bool }

    /// One outcome's change since the baseline; `direction` colours it (worse, better, same).
    struct ChangeCell {
        let outcome: String, baseline: String, now: String, delta: String, raw: String, direction: String
    }

    struct Page {
        let tool: String, toolVersion: String, inventorySource: String, locationKind: String, asOf: String,
            generatedAt: String
        let snapshot: String, hasSnapshot: Bool
        let historyLine: String, hasHistory: Bool
        let coverage: [CoverageSection], hasCoverage: Bool
        /// Platform values no config targets, with their devices: listed, not charted.
        let uncharted: String, hasUncharted: Bool
        /// A run that failed says so above everything else.
        let failed: Bool, statusMessage: String, exitCode: String
        let cards: [Card], legend: [LegendEntry], outcomes: [String], configs: [ConfigSection]
        let topRules: [TopRule], hasTopRules: Bool
        let gates: [GateRow], hasGates: Bool
        let runDiagnostics: [DiagnosticRow], hasRunDiagnostics: Bool
        let failedConfigs: [FailedRow], hasFailedConfigs: Bool
        let rowsRead: String, rowsRejected: String, devices: String
        /// A grouped inventory (a `count` column) says "groups" and the rejected devices.
        let grouped: Bool, rowWord: String, rowWordOne: String, rowWordTitle: String
        let devicesRejected: String, rejectedUncounted: String, hasUncounted: Bool
        let rejectionsByReason: [ReasonRow], hasRejectionsByReason: Bool
        let rejections: [RejectionRow], rejectionsShown: String, locationLabel: String
    }

    /// Cells, a stacked bar and its label for one set of counts.
    static func counts(_ c: OutcomeCounts) -> (totals: [Cell], bar: [BarSegment], barLabel: String) {
        let total = c.total
        var x = 0.0
        var bar: [BarSegment] = []
        for outcome in Outcome.allCases where c[outcome] > 0 {
            let width = Double(c[outcome]) * 100 / Double(total)
            bar.append(
                BarSegment(
                    outcome: outcome.rawValue, x: String(format: "%.3f", x), width: String(format: "%.3f", width),
                    count: number(c[outcome]), percent: percent(c[outcome], of: total)))
            x += width
        }
        let label = Outcome.allCases.filter { c[$0] > 0 }
            .map { "\($0.rawValue) \(percent(c[$0], of: total))" }.joined(separator: ", ")
        return (
            Outcome.allCases.map {
                Cell(
                    outcome: $0.rawValue, value: number(c[$0]), raw: String(c[$0]),
                    share: c[$0] > 0 ? percent(c[$0], of: total) : "", hasShare: c[$0] > 0)
            }, bar,
            label.isEmpty ? "no devices" : label
        )
    }

    static func anchor(_ index: Int) -> String { "config-\(index + 1)" }

    static func context(_ report: AuditReport) -> Page {
        let inv = report.inventory
        let crossed = report.crossedGates.count
        var cards = [
            Card(label: inv.grouped ? "groups read" : "rows read", value: number(inv.rowsRead), alert: false),
            Card(label: "devices evaluated", value: number(inv.devices), alert: false),
            Card(
                label: inv.grouped ? "groups rejected" : "rows rejected", value: number(inv.rowsRejected),
                alert: inv.rowsRejected > 0),
            Card(label: "configs audited", value: String(report.configs.count), alert: false),
        ]
        if inv.grouped {
            cards.insert(
                Card(
                    label: "devices rejected",
                    value: number(inv.devicesRejected) + (inv.rejectedUncounted > 0 ? "+" : ""),
                    alert: inv.rowsRejected > 0), at: 3)
        }
        if !report.failedConfigs.isEmpty {
            cards.append(Card(label: "configs not loaded", value: String(report.failedConfigs.count), alert: true))
        }
        if !report.gates.isEmpty {
            cards.append(Card(label: "gates crossed", value: "\(crossed) of \(report.gates.count)", alert: crossed > 0))
        }
        let configs = report.configs.enumerated().map { index, c in
            config(c, anchor: anchor(index), history: report.history, now: Timestamps.iso8601(report.asOf))
        }

        var ranked: [(config: String, anchor: String, rule: AuditReport.RuleReport)] = []
        for (index, c) in report.configs.enumerated() {
            for r in c.rules where r.counts[.forced] + r.counts[.blocked] > 0 {
                ranked.append((c.id, anchor(index), r))
            }
        }
        ranked.sort { a, b in
            let x = a.rule.counts[.forced] + a.rule.counts[.blocked]
            let y = b.rule.counts[.forced] + b.rule.counts[.blocked]
            return x != y ? x > y : (a.config, a.rule.id) < (b.config, b.rule.id)
        }
        let topRules = ranked.prefix(10).map { item in
            TopRule(
                config: item.config, anchor: item.anchor, rule: item.rule.id, summary: item.rule.summary,
                forced: number(item.rule.counts[.forced]), blocked: number(item.rule.counts[.blocked]),
                unsupportedOS: number(item.rule.counts[.unsupportedOS]))
        }
        let gates =
            report.gates.filter { !report.uncheckedGates.contains($0.gate.text) }.map { g in
                guard g.checked else { return GateRow.unchecked(g.gate.text, config: g.config, why: g.note ?? "") }
                let isChange = g.gate.subject.isChange
                return GateRow(
                    gate: g.gate.text, config: g.config,
                    devices:
                        "\(isChange ? HistoryComparison.signed(g.devices) : number(g.devices)) \(g.gate.subject.unit)",
                    percent: String(format: isChange ? "%+.2f points" : "%.2f%%", g.percent)
                        + (g.gate.ofTargeted ? " of \(number(g.of)) targeted" : ""), hasPercent: g.of > 0,
                    crossed: g.crossed, result: g.crossed ? "crossed" : "holds", note: g.note ?? "",
                    hasNote: g.note != nil)
            } + report.uncheckedGates.map { GateRow.unchecked($0, why: report.uncheckedWhy($0)) }
        let runDiagnostics = report.diagnostics.map { diagnostic($0, devices: nil) }
        // A platform value nothing targets (a one-device `andriod`) gets a line, not a chart section of its own.
        let charted = Set([Platform.ios, .macos, .android] + report.configs.flatMap(\.platforms))
        let groups = report.coverage?.groups ?? []
        let uncharted = groups.filter { !charted.contains($0.platform) }.map {
            "\($0.platform.name)\($0.package.map { " · \($0)" } ?? "") (\(number($0.devices)) device\($0.devices == 1 ? "" : "s"))"
        }
        let coverage = groups.filter { charted.contains($0.platform) }.map { g in
            let android = g.platform == .android
            return CoverageSection(
                heading: g.platform.name + (g.package.map { " · \($0)" } ?? ""), devices: number(g.devices),
                charts: [
                    CoverageChart(g.app, devices: g.devices, title: android ? "App versionCode" : "App version"),
                    CoverageChart(g.os, devices: g.devices, title: android ? "Android API level" : "OS version"),
                ],
                isAndroid: android)
        }
        let failed = report.failedConfigs.map { FailedRow(id: $0.id, error: $0.error.description) }
        let byReason = inv.rejectionsByReason.sorted { $0.key.rawValue < $1.key.rawValue }
            .map {
                ReasonRow(
                    code: $0.key.rawValue, rows: number($0.value),
                    devices: number(inv.devicesRejectedByReason[$0.key] ?? 0))
            }
        let rejections = inv.rejections.map { r in
            RejectionRow(
                line: String(r.line), column: r.column ?? "", reason: r.reason.rawValue, message: r.message,
                devices: r.devices.map(number) ?? "?")
        }
        return Page(
            tool: report.tool.name, toolVersion: report.tool.version, inventorySource: inv.source,
            locationKind: inv.locationKind,
            asOf: Timestamps.iso8601(report.asOf), generatedAt: Timestamps.iso8601(report.generatedAt),
            snapshot: inv.snapshot?.sentence ?? "", hasSnapshot: inv.snapshot != nil,
            historyLine: historyLine(report.history), hasHistory: report.history != nil,
            coverage: coverage, hasCoverage: !coverage.isEmpty || !uncharted.isEmpty,
            uncharted: uncharted.joined(separator: ", "), hasUncharted: !uncharted.isEmpty,
            failed: report.status.state == "failed", statusMessage: report.status.message ?? "",
            exitCode: String(report.status.exitCode),
            cards: cards, legend: Outcome.allCases.map { LegendEntry(key: $0.rawValue, meaning: meanings[$0]!) },
            outcomes: Outcome.allCases.map(\.rawValue), configs: configs,
            topRules: topRules, hasTopRules: !topRules.isEmpty, gates: gates, hasGates: !gates.isEmpty,
            runDiagnostics: runDiagnostics, hasRunDiagnostics: !runDiagnostics.isEmpty,
            failedConfigs: failed, hasFailedConfigs: !failed.isEmpty,
            rowsRead: number(inv.rowsRead), rowsRejected: number(inv.rowsRejected), devices: number(inv.devices),
            grouped: inv.grouped, rowWord: inv.grouped ? "groups" : "rows", rowWordOne: inv.grouped ? "group" : "row",
            rowWordTitle: inv.grouped ? "Groups" : "Rows", devicesRejected: number(inv.devicesRejected),
            rejectedUncounted: number(inv.rejectedUncounted), hasUncounted: inv.rejectedUncounted > 0,
            rejectionsByReason: byReason, hasRejectionsByReason: !byReason.isEmpty,
            rejections: rejections, rejectionsShown: String(inv.rejections.count),
            locationLabel: inv.locationKind == "rowid" ? "rowid" : "line")
    }

    /// A diagnostic's row; `devices` nil for run diagnostics (the template does not show a count there).
    static func diagnostic(_ d: Diagnostic, devices: String?) -> DiagnosticRow {
        DiagnosticRow(
            severity: d.severity.rawValue, code: d.code, message: d.message, path: d.path ?? "",
            hasPath: !(d.path ?? "").isEmpty,
            location: d.location.map { "line \($0.line), column \($0.column)" } ?? "", hasLocation: d.location != nil,
            devices: devices)
    }

    /// Configs with more rules than this list only the rules that decide some device.
    static let fullRuleTableLimit = 1000

    /// Which run the numbers are compared with, or why none.
    static func historyLine(_ history: HistoryComparison?) -> String {
        guard let history else { return "" }
        guard let b = history.baseline else { return "History \(history.file): \(history.missingBaseline ?? "")." }
        return
            "Compared with run \(b.id ?? 0) of \(Timestamps.iso8601(b.asOf)) (\(number(b.devices)) devices, inventory \(b.inventory)) "
            + "from the history \(history.file), selected by --baseline \(history.selector)."
    }

    /// A config's "since run N" table: the baseline, now, and the change per outcome, coloured by whether
    /// more devices there is worse (forced, recommended, unsupportedOS, blocked) or better (upToDate).
    static func change(_ c: AuditReport.ConfigReport, _ history: HistoryComparison?) -> (
        heading: String, note: String, cells: [ChangeCell]
    )? {
        guard let history, let baseline = history.baseline else { return nil }
        let since = "Since run \(baseline.id ?? 0) of \(Timestamps.iso8601(baseline.asOf))"
        let change = history.change(c)
        if change.isNew { return (since, "new since the baseline: no earlier numbers", []) }
        guard let before = change.baseline, let delta = change.delta else { return nil }
        let cells = Outcome.allCases.map { o in
            let d = delta[o]
            let worseWhenMore = o != .upToDate && o != .notTargeted
            let direction = d == 0 || o == .notTargeted ? "same" : (d > 0) == worseWhenMore ? "worse" : "better"
            return ChangeCell(
                outcome: o.rawValue, baseline: number(before[o]), now: number(c.totals[o]),
                delta: HistoryComparison.arrowed(d), raw: String(d), direction: direction)
        }
        return (
            since,
            change.configChanged
                ? "config changed since the baseline (another SHA-256): the change may be the edit, not the fleet" : "",
            cells
        )
    }

    static func config(
        _ c: AuditReport.ConfigReport, anchor: String, history: HistoryComparison? = nil, now: String = ""
    ) -> ConfigSection {
        let displayName = FormatRegistry.formats.first { $0.name == c.format }?.displayName ?? c.format
        // A page with a row per rule stops being readable (and takes seconds to render) long before a config
        // with a rule per model does: past `fullRuleTableLimit` rules, those that decide no device are
        // counted instead of listed. The JSON and XML keep every rule.
        let listed = c.rules.count > fullRuleTableLimit ? c.rules.filter { $0.counts.total > 0 } : c.rules
        var rules = listed.map { r in
            let k = counts(r.counts)
            return RuleRow(
                id: r.id, summary: r.summary, meta: r.meta.map { JSONWriter.compact($0) } ?? "", hasMeta: r.meta != nil,
                totals: k.totals, bar: k.bar, barLabel: k.barLabel)
        }
        if c.unattributed.total > 0 {
            let k = counts(c.unattributed)
            rules.append(
                RuleRow(
                    id: "(no rule)", summary: "devices no rule decided", meta: "", hasMeta: false,
                    totals: k.totals, bar: k.bar, barLabel: k.barLabel))
        }
        let platforms = c.byPlatform.map { p in
            let k = counts(p.counts)
            return PlatformRow(name: p.platform.name, totals: k.totals, bar: k.bar, barLabel: k.barLabel)
        }
        let top = c.topVersions.filter { !$0.appVersions.isEmpty }.map { t in
            TopVersionsRow(
                outcome: t.outcome.rawValue,
                apps: t.appVersions.map { VersionRow(version: $0.version, devices: number($0.devices)) },
                oses: t.osVersions.map { VersionRow(version: $0.version, devices: number($0.devices)) })
        }
        let notices = c.notices.map { NoticeRow(id: $0.notice.id, kind: $0.notice.kind, devices: number($0.devices)) }
        let diagnostics = c.diagnostics.map { d in diagnostic(d.diagnostic, devices: d.devices.map(number) ?? "—") }
        let k = counts(c.totals)
        let changed = change(c, history)
        let trend = history.map { Sparkline.lines(c, history: $0, now: now) } ?? []
        return ConfigSection(
            id: c.id, anchor: anchor, format: c.format, formatName: displayName, source: c.source, sha256: c.sha256,
            platforms: c.platforms.isEmpty ? "none" : c.platforms.map(\.name).joined(separator: ", "),
            targeted: targetedShares(c), outcomes: Outcome.allCases.map(\.rawValue), totals: k.totals, bar: k.bar,
            barLabel: k.barLabel,
            rules: rules, hasOmittedRules: listed.count < c.rules.count,
            omittedRules: number(Int64(c.rules.count - listed.count)), ruleCount: number(Int64(c.rules.count)),
            byPlatform: platforms, topVersions: top, hasTopVersions: !top.isEmpty,
            notices: notices, hasNotices: !notices.isEmpty, diagnostics: diagnostics,
            hasDiagnostics: !diagnostics.isEmpty,
            hasChange: changed != nil, changeHeading: changed?.heading ?? "", changeNote: changed?.note ?? "",
            hasChangeNote: !(changed?.note ?? "").isEmpty, changeCells: changed?.cells ?? [],
            hasChangeCells: !(changed?.cells ?? []).isEmpty,
            sparklines: trend, hasTrend: !trend.isEmpty, trendRuns: String(trend.first?.runs ?? 0))
    }
}

// The templates' names for each context type (see `MustacheFields`).
extension HTMLReport.Cell: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "outcome": \.outcome, "value": \.value, "raw": \.raw, "share": \.share, "hasShare": \.hasShare,
    ]
}
extension HTMLReport.BarSegment: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "outcome": \.outcome, "x": \.x, "width": \.width, "count": \.count, "percent": \.percent,
    ]
}
extension HTMLReport.Card: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "label": \.label, "value": \.value, "alert": \.alert,
    ]
}
extension HTMLReport.LegendEntry: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = ["key": \.key, "meaning": \.meaning]
}
extension HTMLReport.TopRule: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "config": \.config, "anchor": \.anchor, "rule": \.rule, "summary": \.summary, "forced": \.forced,
        "blocked": \.blocked, "unsupportedOS": \.unsupportedOS,
    ]
}
extension HTMLReport.GateRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "gate": \.gate, "config": \.config, "devices": \.devices, "percent": \.percent, "hasPercent": \.hasPercent,
        "crossed": \.crossed, "result": \.result, "note": \.note, "hasNote": \.hasNote,
    ]
}
extension HTMLReport.DiagnosticRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "severity": \.severity, "code": \.code, "message": \.message, "path": \.path, "hasPath": \.hasPath,
        "location": \.location, "hasLocation": \.hasLocation, "devices": \.devices,
    ]
}
extension HTMLReport.FailedRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = ["id": \.id, "error": \.error]
}
extension HTMLReport.ReasonRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "code": \.code, "rows": \.rows, "devices": \.devices,
    ]
}
extension HTMLReport.RejectionRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "line": \.line, "column": \.column, "reason": \.reason, "message": \.message, "devices": \.devices,
    ]
}
extension HTMLReport.RuleRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "id": \.id, "summary": \.summary, "meta": \.meta, "hasMeta": \.hasMeta, "totals": \.totals, "bar": \.bar,
        "barLabel": \.barLabel,
    ]
}
extension HTMLReport.PlatformRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "name": \.name, "totals": \.totals, "bar": \.bar, "barLabel": \.barLabel,
    ]
}
extension HTMLReport.VersionRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "version": \.version, "devices": \.devices,
    ]
}
extension HTMLReport.TopVersionsRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "outcome": \.outcome, "apps": \.apps, "oses": \.oses,
    ]
}
extension HTMLReport.NoticeRow: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "id": \.id, "kind": \.kind, "devices": \.devices,
    ]
}
extension HTMLReport.ConfigSection: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "id": \.id, "anchor": \.anchor, "format": \.format, "formatName": \.formatName, "source": \.source,
        "sha256": \.sha256, "platforms": \.platforms, "targeted": \.targeted, "outcomes": \.outcomes,
        "totals": \.totals, "bar": \.bar,
        "barLabel": \.barLabel, "rules": \.rules, "hasOmittedRules": \.hasOmittedRules, "omittedRules": \.omittedRules,
        "ruleCount": \.ruleCount, "byPlatform": \.byPlatform, "topVersions": \.topVersions,
        "hasTopVersions": \.hasTopVersions, "notices": \.notices, "hasNotices": \.hasNotices,
        "diagnostics": \.diagnostics, "hasDiagnostics": \.hasDiagnostics, "hasChange": \.hasChange,
        "changeHeading": \.changeHeading, "changeNote": \.changeNote, "hasChangeNote": \.hasChangeNote,
        "changeCells": \.changeCells, "hasChangeCells": \.hasChangeCells, "sparklines": \.sparklines,
        "hasTrend": \.hasTrend, "trendRuns": \.trendRuns,
    ]
}
extension HTMLReport.CoverageSection: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "heading": \.heading, "devices": \.devices, "charts": \.charts, "isAndroid": \.isAndroid,
    ]
}
extension HTMLReport.ChangeCell: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "outcome": \.outcome, "baseline": \.baseline, "now": \.now, "delta": \.delta, "raw": \.raw,
        "direction": \.direction,
    ]
}
extension HTMLReport.Page: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "tool": \.tool, "toolVersion": \.toolVersion, "inventorySource": \.inventorySource,
        "locationKind": \.locationKind, "asOf": \.asOf, "generatedAt": \.generatedAt, "snapshot": \.snapshot,
        "hasSnapshot": \.hasSnapshot, "historyLine": \.historyLine, "hasHistory": \.hasHistory, "coverage": \.coverage,
        "hasCoverage": \.hasCoverage, "uncharted": \.uncharted, "hasUncharted": \.hasUncharted, "failed": \.failed,
        "statusMessage": \.statusMessage, "exitCode": \.exitCode,
        "cards": \.cards, "legend": \.legend, "outcomes": \.outcomes, "configs": \.configs, "topRules": \.topRules,
        "hasTopRules": \.hasTopRules, "gates": \.gates, "hasGates": \.hasGates, "runDiagnostics": \.runDiagnostics,
        "hasRunDiagnostics": \.hasRunDiagnostics, "failedConfigs": \.failedConfigs,
        "hasFailedConfigs": \.hasFailedConfigs, "rowsRead": \.rowsRead, "rowsRejected": \.rowsRejected,
        "devices": \.devices, "grouped": \.grouped, "rowWord": \.rowWord, "rowWordOne": \.rowWordOne,
        "rowWordTitle": \.rowWordTitle, "devicesRejected": \.devicesRejected, "rejectedUncounted": \.rejectedUncounted,
        "hasUncounted": \.hasUncounted, "rejectionsByReason": \.rejectionsByReason,
        "hasRejectionsByReason": \.hasRejectionsByReason, "rejections": \.rejections,
        "rejectionsShown": \.rejectionsShown, "locationLabel": \.locationLabel,
    ]
}
