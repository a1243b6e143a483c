/// The plan's XML report: the JSON plan report's numbers in namespace `urn:fleet-audit:plan:1`, checked
/// against `Templates/fleet-audit-plan-1.xsd`.
package enum PlanXMLReport {
    package static let namespace = "urn:fleet-audit:plan:1"
    package static let schemaVersion = "1.5"
    package static let schemaFile = "fleet-audit-plan-1.xsd"

    package static func render(_ report: PlanReport) -> String {
        let w = XMLWriter()
        w.start("plan", namespace: namespace)
        w.attribute("schemaVersion", schemaVersion)
        w.attribute("asOf", Timestamps.iso8601(report.asOf))
        w.attribute("generatedAt", Timestamps.iso8601(report.generatedAt))
        w.element("tool", [("name", "fleet-audit"), ("version", FleetAuditVersion.current)])
        if let status = report.status {
            let attributes = [("state", status.state), ("exitCode", String(status.exitCode))]
            if let failure = report.failure {
                w.element("status", attributes, text: failure.message)
            } else {
                w.element("status", attributes)
            }
        }
        let inv = report.inventory
        w.start("inventory")
        for (k, v) in [
            ("source", inv.source), ("rowsRead", String(inv.rowsRead)), ("rowsEvaluated", String(inv.rowsEvaluated)),
            ("rowsRejected", String(inv.rowsRejected)), ("devices", String(inv.devices)),
        ] { w.attribute(k, v) }
        if let snapshot = inv.snapshot { w.element("snapshot", XMLReport.snapshotAttributes(snapshot)) }
        w.end()
        w.start("totals")
        w.attribute("worse", report.worse)
        w.attribute("better", report.better)
        w.attribute("ruleOnly", report.ruleOnly)
        w.attribute("undecided", report.undecided)
        for (name, counts) in [("before", report.before), ("after", report.after)] {
            w.element(name, Outcome.allCases.map { ($0.rawValue, String(counts[$0])) })
        }
        w.end()
        w.start("gates")
        for g in report.gates {
            w.element(
                "gate",
                [
                    ("gate", g.gate.text), ("config", g.config), ("devices", String(g.devices)),
                    ("crossed", g.crossed ? "true" : "false"),
                ])
        }
        w.end()
        w.start("failedConfigs")
        for f in report.failed {
            w.element(
                "failedConfig", [("side", f.side), ("id", f.config.id), ("source", f.config.source)],
                text: f.config.error.description)
        }
        w.end()
        w.start("pairs")
        for p in report.pairs { pair(p, w) }
        w.end()
        w.end()
        return w.finish()
    }

    private static func pair(_ p: PlanReport.Pair, _ w: XMLWriter) {
        w.start("pair")
        w.attribute("id", p.id)
        w.attribute("status", p.status.rawValue)
        w.attribute("worse", p.worse)
        w.attribute("better", p.better)
        w.attribute("ruleOnly", p.ruleOnly)
        w.attribute("undecided", p.undecided)
        w.element("summary", text: p.summary)
        for (name, side) in [("published", p.published), ("draft", p.draft)] {
            if let side {
                w.element(name, [("source", side.source), ("sha256", side.sha256), ("format", side.format)])
            }
        }
        w.start("matrix")
        for from in Outcome.allCases {
            for to in Outcome.allCases where p.tally.count(from: from, to: to) > 0 {
                w.element(
                    "cell",
                    [
                        ("from", from.rawValue), ("to", to.rawValue),
                        ("devices", String(p.tally.count(from: from, to: to))),
                    ])
            }
        }
        w.end()
        w.start("ruleMoves")
        for (move, devices) in PlanJSONReport.sortedMoves(p.tally) {
            var attributes = [("from", move.from.rawValue), ("to", move.to.rawValue)]
            if let r = move.fromRule { attributes.append(("fromRule", r)) }
            if let r = move.toRule { attributes.append(("toRule", r)) }
            attributes.append(("devices", String(devices)))
            w.element("move", attributes)
        }
        w.end()
        w.start("newDiagnostics")
        for d in p.newDiagnostics { w.element("diagnostic", XMLReport.diagnosticAttributes(d), text: d.message) }
        w.end()
        // Since schema 1.4, only for a pair whose documents change with time alone.
        if !p.reach.isEmpty {
            w.start("reach")
            for point in p.reach {
                w.start("point")
                w.attribute("at", Timestamps.iso8601(point.at))
                for (name, counts) in [("published", point.published), ("draft", point.draft)] {
                    w.element(name, Outcome.allCases.map { ($0.rawValue, String(counts[$0])) })
                }
                w.end()
            }
            w.end()
        }
        w.end()
    }
}
