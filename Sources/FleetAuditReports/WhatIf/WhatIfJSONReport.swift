/// `whatif`'s JSON report, schema `fleet-audit-whatif/1` (docs/commands/plan.md): `candidates[]`, each with `minimumApp`
/// and/or `minimumOS` and the devices `upToDate`, `forced`, `blocked`, `unsupportedOS` (and `notTargeted`:
/// devices whose versions the client cannot read), ascending; then the bounds and the candidate they choose.
public enum WhatIfJSONReport {
    package static let schema = "fleet-audit-whatif/1"

    package static func render(_ report: WhatIfReport) -> String { JSONWriter.write(value(report)) }

    static func candidate(_ c: MinimumSweep.Candidate, _ report: WhatIfReport) -> JSONValue {
        var fields: [(String, JSONValue)] = []
        if let a = c.minimumApp { fields.append(("minimumApp", .string(a))) }
        let names = report.sweep.names(ofApp: c.minimumApp)
        if !names.isEmpty { fields.append(("appVersionNames", .array(names.map { .string($0) }))) }
        if let o = c.minimumOS { fields.append(("minimumOS", .string(o))) }
        for outcome in report.sweep.outcomes { fields.append((outcome.rawValue, .int64(c.counts[outcome]))) }
        if report.live != nil { fields.append(("live", .bool(report.isLive(c)))) }
        return .obj(fields)
    }

    package static func value(_ report: WhatIfReport) -> JSONValue {
        let inv = report.inventory
        let sweep = report.sweep
        let (tool, inventory, releases) = JSONReport.runHeader(inventory: inv, releases: report.releases)
        let bounds: JSONValue = .obj([
            ("targetCoverage", .optionalString(report.bounds.targetCoverage?.text)),
            ("maxStranded", .optionalString(report.bounds.maxStranded?.description)),
        ])
        let countedBy: [(String, JSONValue)] = sweep.countedBy.map { [("countedBy", .string($0))] } ?? []
        return .obj(
            [
                ("schema", .string(schema)), ("tool", tool),
                ("generatedAt", .string(Timestamps.iso8601(report.generatedAt))),
                ("inventory", inventory), ("releases", releases),
                ("assumedInstallable", .bool(report.releases == nil)),
                ("platform", .string(sweep.platform.name)), ("package", .optionalString(report.package)),
                ("compares", .obj([("app", .string(sweep.scale.appKind)), ("os", .string(sweep.scale.osKind))])),
            ] + countedBy + [
                ("devices", .int64(sweep.devices)), ("unreadable", .int64(sweep.unreadable)),
                ("bounds", bounds),
                (
                    "live",
                    report.live.map {
                        .obj([
                            ("source", .string($0.source)), ("minimumApp", .array($0.app.map { .string($0) })),
                            ("minimumOS", .array($0.os.map { .string($0) })),
                        ])
                    } ?? .null
                ),
                ("choice", report.chosen.map { candidate($0, report) } ?? .null),
                ("candidates", .array(sweep.candidates.map { candidate($0, report) })),
            ])
    }

    /// The terminal's view: one line per candidate, then the choice.
    public static func text(_ report: WhatIfReport) -> String {
        let sweep = report.sweep
        let n = sweep.devices
        var rows: [[String]] = [
            [
                sweep.candidates.first?.minimumApp != nil ? "min app" : nil,
                sweep.candidates.first?.minimumOS != nil ? "min OS" : nil,
            ].compactMap { $0 }
                + sweep.outcomes.map(\.rawValue) + ["affected", ""]
        ]
        for (i, c) in sweep.candidates.enumerated() {
            let names = sweep.names(ofApp: c.minimumApp)
            let app = c.minimumApp.map { names.isEmpty ? $0 : "\($0) (\(names.joined(separator: ", ")))" }
            let marks = [i == report.choice ? "chosen" : nil, report.isLive(c) ? "live" : nil].compactMap { $0 }
            rows.append(
                [app, c.minimumOS].compactMap { $0 }
                    + sweep.outcomes.map { c.counts[$0].groupedDigits }
                    + [
                        WhatIfReport.percent(c.counts.affected, of: n),
                        marks.isEmpty ? "" : "← " + marks.joined(separator: ", "),
                    ])
        }
        var lines = [
            "\(sweep.platform.name)\(report.package.map { " \($0)" } ?? ""): \(n.groupedDigits) devices; \(sweep.comparesText); \(report.releasesNote)"
        ]
        let keys = rows[0].count - sweep.outcomes.count - 2
        lines += TextSummary.table(rows, leftAligned: Set(0..<keys).union([rows[0].count - 1]))
        if let live = report.liveSentence { lines.append(live) }
        if let sentence = report.choiceSentence { lines.append(sentence) }
        return lines.joined(separator: "\n") + "\n"
    }
}
