import Foundation
import Mustache

/// The self-contained HTML report (SPEC §6.3), rendered with Mustache from `Templates/report.html.mustache`.
/// This file only turns the `AuditReport` into the values the template shows; layout and style live in the
/// template. Mustache escapes every `{{value}}` for HTML, which is what keeps strings from configs and
/// inventories inert.
public enum HTMLReport {
    public static let templateName = "report.html"

    public static func render(_ report: AuditReport, templates: ReportTemplates = .embedded) throws(AuditFailure) -> String {
        var parsed: [String: MustacheTemplate] = [:]
        for (name, text) in templates.mustache {
            do {
                parsed[name] = try MustacheTemplate(string: text)
            } catch {
                throw .input("template \(name).mustache (\(templates.origin)) cannot be parsed: \(error)")
            }
        }
        guard parsed[templateName] != nil else {
            throw .input("no \(templateName).mustache among the templates (\(templates.origin))")
        }
        let library = MustacheLibrary(templates: parsed)
        guard let html = library.render(context(report), withTemplate: templateName) else {
            throw .input("template \(templateName).mustache could not be rendered")
        }
        return html
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
        whole > 0 ? String(format: "%.1f%%", Double(part) * 100 / Double(whole)) : "0.0%"
    }

    /// Cells, a stacked bar and its label for one set of counts.
    static func countsContext(_ c: OutcomeCounts) -> [String: Any] {
        let total = c.total
        var x = 0.0
        var bar: [[String: Any]] = []
        for outcome in Outcome.allCases where c[outcome] > 0 {
            let width = Double(c[outcome]) * 100 / Double(total)
            bar.append(["outcome": outcome.rawValue, "x": String(format: "%.3f", x), "width": String(format: "%.3f", width),
                        "count": number(c[outcome]), "percent": percent(c[outcome], of: total)])
            x += width
        }
        let label = Outcome.allCases.filter { c[$0] > 0 }
            .map { "\($0.rawValue) \(percent(c[$0], of: total))" }.joined(separator: ", ")
        return [
            "totals": Outcome.allCases.map { ["outcome": $0.rawValue, "value": number(c[$0]), "raw": String(c[$0])] },
            "bar": bar,
            "barLabel": label.isEmpty ? "no devices" : label,
        ]
    }

    static func anchor(_ index: Int) -> String { "config-\(index + 1)" }

    static func context(_ report: AuditReport) -> [String: Any] {
        let inv = report.inventory
        let crossed = report.crossedGates.count
        var cards: [[String: Any]] = [
            ["label": "rows read", "value": number(inv.rowsRead), "alert": false],
            ["label": "devices evaluated", "value": number(inv.devices), "alert": false],
            ["label": "rows rejected", "value": number(inv.rowsRejected), "alert": inv.rowsRejected > 0],
            ["label": "configs audited", "value": String(report.configs.count), "alert": false],
        ]
        if !report.failedConfigs.isEmpty {
            cards.append(["label": "configs not loaded", "value": String(report.failedConfigs.count), "alert": true])
        }
        if !report.gates.isEmpty {
            cards.append(["label": "gates crossed", "value": "\(crossed) of \(report.gates.count)", "alert": crossed > 0])
        }
        let configs: [[String: Any]] = report.configs.enumerated().map { index, c in config(c, anchor: anchor(index)) }

        var ranked: [(config: String, anchor: String, rule: AuditReport.RuleReport)] = []
        for (index, c) in report.configs.enumerated() {
            for r in c.rules where r.counts[.forced] + r.counts[.blocked] > 0 { ranked.append((c.id, anchor(index), r)) }
        }
        ranked.sort { a, b in
            let x = a.rule.counts[.forced] + a.rule.counts[.blocked], y = b.rule.counts[.forced] + b.rule.counts[.blocked]
            return x != y ? x > y : (a.config, a.rule.id) < (b.config, b.rule.id)
        }
        let topRules: [[String: Any]] = ranked.prefix(10).map { item in
            ["config": item.config, "anchor": item.anchor, "rule": item.rule.id, "summary": item.rule.summary,
             "forced": number(item.rule.counts[.forced]), "blocked": number(item.rule.counts[.blocked]),
             "unsupportedOS": number(item.rule.counts[.unsupportedOS])]
        }
        let gates: [[String: Any]] = report.gates.map { g in
            ["gate": g.gate.text, "config": g.config, "devices": number(g.devices), "percent": String(format: "%.2f%%", g.percent),
             "crossed": g.crossed, "result": g.crossed ? "crossed" : "holds"]
        }
        let runDiagnostics: [[String: Any]] = report.diagnostics.map(diagnostic)
        let failed: [[String: Any]] = report.failedConfigs.map { ["id": $0.id, "error": $0.error.description] }
        let byReason: [[String: Any]] = inv.rejectionsByReason.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { ["code": $0.key.rawValue, "rows": number($0.value)] }
        let rejections: [[String: Any]] = inv.rejections.map { r in
            ["line": String(r.line), "column": r.column ?? "", "reason": r.reason.rawValue, "message": r.message]
        }
        return [
            "tool": report.tool.name, "toolVersion": report.tool.version,
            "inventorySource": inv.source, "locationKind": inv.locationKind,
            "asOf": Timestamps.iso8601(report.asOf), "generatedAt": Timestamps.iso8601(report.generatedAt),
            "cards": cards,
            "legend": Outcome.allCases.map { ["key": $0.rawValue, "meaning": meanings[$0]!] },
            "outcomes": Outcome.allCases.map(\.rawValue),
            "configs": configs,
            "topRules": topRules, "hasTopRules": !topRules.isEmpty,
            "gates": gates, "hasGates": !gates.isEmpty,
            "runDiagnostics": runDiagnostics, "hasRunDiagnostics": !runDiagnostics.isEmpty,
            "failedConfigs": failed, "hasFailedConfigs": !failed.isEmpty,
            "rowsRead": number(inv.rowsRead), "rowsRejected": number(inv.rowsRejected), "devices": number(inv.devices),
            "rejectionsByReason": byReason, "hasRejectionsByReason": !byReason.isEmpty,
            "rejections": rejections, "rejectionsShown": String(inv.rejections.count),
            "locationLabel": inv.locationKind == "rowid" ? "rowid" : "line",
        ]
    }

    static func diagnostic(_ d: Diagnostic) -> [String: Any] {
        ["severity": d.severity.rawValue, "code": d.code, "message": d.message, "path": d.path ?? "", "hasPath": d.path != nil]
    }

    /// Configs with more rules than this list only the rules that decide some device.
    static let fullRuleTableLimit = 1000

    static func config(_ c: AuditReport.ConfigReport, anchor: String) -> [String: Any] {
        var out = countsContext(c.totals)
        let displayName = FormatRegistry.formats.first { $0.name == c.format }?.displayName ?? c.format
        out.merge([
            "id": c.id, "anchor": anchor, "format": c.format, "formatName": displayName, "source": c.source, "sha256": c.sha256,
            "platforms": c.platforms.isEmpty ? "none" : c.platforms.map(\.name).joined(separator: ", "),
            "outcomes": Outcome.allCases.map(\.rawValue),
        ]) { $1 }
        // A page with a row per rule stops being readable (and takes seconds to render) long before a config
        // with a rule per model does: past `fullRuleTableLimit` rules, those that decide no device are
        // counted instead of listed. The JSON and XML keep every rule.
        let listed = c.rules.count > fullRuleTableLimit ? c.rules.filter { $0.counts.total > 0 } : c.rules
        out["hasOmittedRules"] = listed.count < c.rules.count
        out["omittedRules"] = number(Int64(c.rules.count - listed.count))
        out["ruleCount"] = number(Int64(c.rules.count))
        var rules: [[String: Any]] = listed.map { r in
            var row = countsContext(r.counts)
            row["id"] = r.id
            row["summary"] = r.summary
            row["meta"] = r.meta.map { JSONWriter.compact($0) } ?? ""
            row["hasMeta"] = r.meta != nil
            return row
        }
        if c.unattributed.total > 0 {
            var row = countsContext(c.unattributed)
            row["id"] = "(no rule)"
            row["summary"] = "devices no rule decided"
            row["hasMeta"] = false
            rules.append(row)
        }
        out["rules"] = rules
        out["byPlatform"] = c.byPlatform.map { p -> [String: Any] in
            var row = countsContext(p.counts)
            row["name"] = p.platform.name
            return row
        }
        let top: [[String: Any]] = c.topVersions.filter { !$0.appVersions.isEmpty }.map { t in
            ["outcome": t.outcome.rawValue,
             "apps": t.appVersions.map { ["version": $0.version, "devices": number($0.devices)] },
             "oses": t.osVersions.map { ["version": $0.version, "devices": number($0.devices)] }]
        }
        out["topVersions"] = top
        out["hasTopVersions"] = !top.isEmpty
        let notices: [[String: Any]] = c.notices.map { ["id": $0.notice.id, "kind": $0.notice.kind, "devices": number($0.devices)] }
        out["notices"] = notices
        out["hasNotices"] = !notices.isEmpty
        let diagnostics: [[String: Any]] = c.diagnostics.map { d in
            var row = diagnostic(d.diagnostic)
            row["devices"] = d.devices.map(number) ?? "—"
            return row
        }
        out["diagnostics"] = diagnostics
        out["hasDiagnostics"] = !diagnostics.isEmpty
        return out
    }
}
