import FleetAuditXML

/// `whatif`'s XML report: the JSON what-if report's numbers in namespace `urn:fleet-audit:whatif:1`,
/// checked against `Templates/fleet-audit-whatif-1.xsd`.
package enum WhatIfXMLReport {
    package static let namespace = "urn:fleet-audit:whatif:1"
    package static let schemaVersion = "1.2"
    package static let schemaFile = "fleet-audit-whatif-1.xsd"

    package static func render(_ report: WhatIfReport) -> String {
        let w = XMLWriter()
        let sweep = report.sweep
        let inv = report.inventory
        w.start("whatif", namespace: namespace)
        w.attribute("schemaVersion", schemaVersion)
        w.attribute("generatedAt", Timestamps.iso8601(report.generatedAt))
        w.attribute("platform", sweep.platform.name)
        if let package = report.package { w.attribute("package", package) }
        w.attribute("appCompares", sweep.scale.appKind)
        w.attribute("osCompares", sweep.scale.osKind)
        if let format = sweep.countedBy { w.attribute("countedBy", format) }
        w.attribute("assumedInstallable", report.releases == nil ? "true" : "false")
        w.attribute("devices", sweep.devices)
        w.attribute("unreadable", sweep.unreadable)
        w.element("tool", [("name", "fleet-audit"), ("version", FleetAuditVersion.current)])
        w.element(
            "inventory",
            [
                ("source", inv.source), ("rowsRead", String(inv.rowsRead)),
                ("rowsEvaluated", String(inv.rowsEvaluated)),
                ("rowsRejected", String(inv.rowsRejected)), ("devices", String(inv.devices)),
            ])
        if let r = report.releases { w.element("releases", [("source", r.source), ("sha256", r.sha256)]) }
        var bounds: [(String, String)] = []
        if let t = report.bounds.targetCoverage { bounds.append(("targetCoverage", t.text)) }
        if let m = report.bounds.maxStranded { bounds.append(("maxStranded", m.description)) }
        w.element("bounds", bounds)
        if let live = report.live {
            w.start("live")
            w.attribute("source", live.source)
            for v in live.app { w.element("minimumApp", text: v) }
            for v in live.os { w.element("minimumOS", text: v) }
            w.end()
        }
        if let c = report.chosen { w.element("choice", attributes(c, report)) }
        w.start("candidates")
        for c in sweep.candidates { w.element("candidate", attributes(c, report)) }
        w.end()
        w.end()
        return w.finish()
    }

    private static func attributes(_ c: MinimumSweep.Candidate, _ report: WhatIfReport) -> [(String, String)] {
        var out: [(String, String)] = []
        if let a = c.minimumApp { out.append(("minimumApp", a)) }
        let names = report.sweep.names(ofApp: c.minimumApp)
        if !names.isEmpty { out.append(("appVersionNames", names.joined(separator: ", "))) }
        if let o = c.minimumOS { out.append(("minimumOS", o)) }
        for outcome in report.sweep.outcomes { out.append((outcome.rawValue, String(c.counts[outcome]))) }
        if report.live != nil { out.append(("live", report.isLive(c) ? "true" : "false")) }
        return out
    }
}
