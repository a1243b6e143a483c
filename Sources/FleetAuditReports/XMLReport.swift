/// The XML report (docs/reports.md): the same numbers as the JSON report, in namespace `urn:fleet-audit:report:1`
/// (the schema's major version), checked against `Templates/fleet-audit-report-1.xsd`.
package enum XMLReport {
    package static let namespace = "urn:fleet-audit:report:1"
    package static let schemaVersion = "1.5"
    package static let schemaFile = "fleet-audit-report-1.xsd"

    package static func render(_ report: AuditReport) -> String {
        let w = XMLWriter()
        w.start("report", namespace: namespace)
        w.attribute("schemaVersion", schemaVersion)
        w.attribute("asOf", Timestamps.iso8601(report.asOf))
        w.attribute("generatedAt", Timestamps.iso8601(report.generatedAt))
        w.element("tool", [("name", report.tool.name), ("version", report.tool.version)])
        let status = report.status
        let statusAttributes = [("state", status.state), ("exitCode", String(status.exitCode))]
        if let message = status.message {
            w.element("status", statusAttributes, text: message)
        } else {
            w.element("status", statusAttributes)
        }
        inventory(report.inventory, w)
        if let r = report.releases {
            w.element("releases", [("source", r.source), ("sha256", r.sha256), ("count", String(r.all.count))])
        }
        w.start("options")
        for (name, value) in report.options { w.element("option", [("name", name), ("value", value)]) }
        w.end()
        diagnostics(report.diagnostics.map { ($0, nil) }, w)
        w.start("failedConfigs")
        for f in report.failedConfigs {
            w.element("failedConfig", [("id", f.id), ("source", f.source)], text: f.error.description)
        }
        w.end()
        w.start("gates")
        for g in report.gates {
            var attributes = [("gate", g.gate.text), ("config", g.config)]
            if let outcome = g.gate.outcome {
                attributes += [("outcome", outcome.rawValue), ("devices", String(g.devices))]
            }
            attributes += [
                ("subject", g.gate.subject.name), ("count", String(g.devices)), ("unit", g.gate.subject.unit),
                ("crossed", g.crossed ? "true" : "false"),
            ]
            if !g.checked { attributes.append(("checked", "false")) }
            if let note = g.note { attributes.append(("note", note)) }
            w.element("gate", attributes)
        }
        w.end()
        if let h = report.history { history(h, w) }
        w.start("configs")
        for c in report.configs { config(c, w, history: report.history) }
        w.end()
        coverage(report.coverage, w)
        w.end()
        return w.finish()
    }

    /// Which state of the inventory was read, as attributes (shared with the plan's XML).
    static func snapshotAttributes(_ s: InventorySnapshot) -> [(String, String)] {
        var attributes = [("kind", s.kind.rawValue)]
        if let bytes = s.bytes {
            attributes += [
                ("bytes", String(bytes)), ("grownBytes", String(s.grownBytes)),
                ("cutLineBytes", String(s.cutLineBytes)),
            ]
        }
        if let mode = s.journalMode { attributes.append(("journalMode", mode)) }
        if let counter = s.changeCounter { attributes.append(("changeCounter", String(counter))) }
        if let n = s.connections { attributes.append(("connections", String(n))) }
        if let n = s.restarts { attributes.append(("restarts", String(n))) }
        return attributes
    }

    private static func inventory(_ inv: InventorySummary, _ w: XMLWriter) {
        w.start("inventory")
        for (k, v) in [("source", inv.source), ("locationKind", inv.locationKind)] { w.attribute(k, v) }
        w.attribute("rowsRead", inv.rowsRead)
        w.attribute("rowsEvaluated", inv.rowsEvaluated)
        w.attribute("rowsRejected", inv.rowsRejected)
        w.attribute("devices", inv.devices)
        w.attribute("grouped", inv.grouped ? "true" : "false")
        w.attribute("devicesRejected", inv.devicesRejected)
        w.attribute("rejectedUncounted", inv.rejectedUncounted)
        w.start("rejectionsByReason")
        for (reason, rows) in inv.rejectionsByReason.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            w.element(
                "reason",
                [
                    ("code", reason.rawValue), ("rows", String(rows)),
                    ("devices", String(inv.devicesRejectedByReason[reason] ?? 0)),
                ])
        }
        w.end()
        w.start("rejections")
        w.attribute("shown", Int64(inv.rejections.count))
        for r in inv.rejections {
            var attributes = [("line", String(r.line))]
            if let column = r.column { attributes.append(("column", column)) }
            attributes.append(("reason", r.reason.rawValue))
            if let n = r.devices { attributes.append(("devices", String(n))) }
            w.element("rejection", attributes, text: r.message)
        }
        w.end()
        if let s = inv.snapshot { w.element("snapshot", snapshotAttributes(s)) }
        w.end()
    }

    private static func counts(_ name: String, _ c: OutcomeCounts, _ w: XMLWriter, platform: Platform? = nil) {
        w.start(name)
        if let platform { w.attribute("name", platform.name) }
        for outcome in Outcome.allCases { w.attribute(outcome.rawValue, c[outcome]) }
        w.end()
    }

    private static func byPlatform(_ list: [(platform: Platform, counts: OutcomeCounts)], _ w: XMLWriter) {
        w.start("byPlatform")
        for p in list { counts("platformCounts", p.counts, w, platform: p.platform) }
        w.end()
    }

    /// A diagnostic's code, severity and, when known, where it stands (path, line, column): both XML reports.
    static func diagnosticAttributes(_ d: Diagnostic) -> [(String, String)] {
        var attributes = [("code", d.code), ("severity", d.severity.rawValue)]
        if let path = d.path { attributes.append(("path", path)) }
        if let at = d.location { attributes += [("line", String(at.line)), ("column", String(at.column))] }
        return attributes
    }

    private static func diagnostics(_ list: [(Diagnostic, Int64?)], _ w: XMLWriter) {
        w.start("diagnostics")
        for (d, devices) in list {
            var attributes = diagnosticAttributes(d)
            if let devices { attributes.append(("devices", String(devices))) }
            w.element("diagnostic", attributes, text: d.message)
        }
        w.end()
    }

    /// The fleet by app and OS version (1.3): per group, each axis's versions ascending with the devices at or above.
    private static func coverage(_ coverage: FleetCoverage?, _ w: XMLWriter) {
        w.start("coverage")
        for g in coverage?.groups ?? [] {
            w.start("group")
            w.attribute("platform", g.platform.name)
            if let package = g.package { w.attribute("package", package) }
            w.attribute("devices", g.devices)
            for (name, axis) in [("app", g.app), ("os", g.os)] {
                w.start(name)
                w.attribute("axis", axis.kind)
                w.attribute("unparsed", axis.unparsed)
                for v in axis.versions {
                    w.start("version")
                    w.attribute("version", v.version)
                    w.attribute("devices", v.devices)
                    w.attribute("atOrAbove", v.atOrAbove)
                    w.attribute("atOrAbovePercent", v.percentAtOrAbove(of: g.devices))
                    for n in v.names { w.element("name", text: n) }
                    w.end()
                }
                w.end()
            }
            w.end()
        }
        w.end()
    }

    private static func history(_ h: HistoryComparison, _ w: XMLWriter) {
        w.start("history")
        w.attribute("file", h.file)
        w.attribute("selectedBy", h.selector.description)
        if let b = h.baseline {
            w.element(
                "baseline",
                [
                    ("run", String(b.id ?? 0)), ("asOf", Timestamps.iso8601(b.asOf)), ("devices", String(b.devices)),
                    ("inventory", b.inventory),
                ])
        }
        if let note = h.missingBaseline { w.element("note", text: note) }
        w.end()
    }

    private static func config(_ c: AuditReport.ConfigReport, _ w: XMLWriter, history: HistoryComparison?) {
        w.start("config")
        for (k, v) in [("id", c.id), ("source", c.source), ("sha256", c.sha256), ("format", c.format)] {
            w.attribute(k, v)
        }
        w.attribute("targeted", String(c.targeted))
        w.start("platforms")
        for p in c.platforms { w.element("platform", text: p.name) }
        w.end()
        counts("totals", c.totals, w)
        if let history {
            let change = history.change(c)
            w.start("change")
            w.attribute("configChanged", change.configChanged ? "true" : "false")
            w.attribute("new", change.isNew ? "true" : "false")
            if let b = change.baseline { counts("baseline", b, w) }
            if let d = change.delta { counts("delta", d, w) }
            w.end()
        }
        byPlatform(c.byPlatform, w)
        w.start("rules")
        for r in c.rules {
            w.start("rule")
            w.attribute("id", r.id)
            w.element("summary", text: r.summary)
            counts("counts", r.counts, w)
            byPlatform(r.byPlatform, w)
            if let meta = r.meta { w.element("meta", text: JSONWriter.compact(meta)) }
            w.end()
        }
        w.end()
        counts("unattributed", c.unattributed, w)
        w.start("notices")
        for n in c.notices {
            w.element("notice", [("id", n.notice.id), ("kind", n.notice.kind), ("devices", String(n.devices))])
        }
        w.end()
        diagnostics(c.diagnostics.map { ($0.diagnostic, $0.devices) }, w)
        w.start("topVersions")
        for t in c.topVersions {
            w.start("locked")
            w.attribute("outcome", t.outcome.rawValue)
            for v in t.appVersions {
                w.element("appVersion", [("version", v.version), ("devices", String(v.devices))])
            }
            for v in t.osVersions { w.element("osVersion", [("version", v.version), ("devices", String(v.devices))]) }
            w.end()
        }
        w.end()
        w.end()
    }
}
