/// The JSON report, schema `fleet-audit/1` (docs/reports.md): the stable machine contract.
package enum JSONReport {
    package static let schema = "fleet-audit/1"

    package static func render(_ report: AuditReport) -> String {
        JSONWriter.write(value(report))
    }

    static func counts(_ c: OutcomeCounts) -> JSONValue {
        .obj(Outcome.allCases.map { ($0.rawValue, .int64(c[$0])) })
    }

    static func byPlatform(_ list: [(platform: Platform, counts: OutcomeCounts)]) -> JSONValue {
        .obj(list.map { ($0.platform.name, counts($0.counts)) })
    }

    static func diagnostic(_ d: Diagnostic, devices: Int64? = nil) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("code", .string(d.code)), ("severity", .string(d.severity.rawValue)),
            ("message", .string(d.message)),
        ]
        if let path = d.path { pairs.append(("path", .string(path))) }
        if let at = d.location { pairs += [("line", .int(at.line)), ("column", .int(at.column))] }
        if let devices { pairs.append(("devices", .int64(devices))) }
        return .obj(pairs)
    }

    /// `outcome` and `devices` for an outcome gate (as in 1.0); `subject`, `count` and `unit` for every gate;
    /// `note` when a change gate was not checked or its config changed.
    static func gate(_ g: GateResult) -> JSONValue {
        var fields: [(String, JSONValue)] = [("gate", .string(g.gate.text)), ("config", .string(g.config))]
        if let outcome = g.gate.outcome {
            fields += [("outcome", .string(outcome.rawValue)), ("devices", .int64(g.devices))]
        }
        fields += [
            ("subject", .string(g.gate.subject.name)), ("count", .int64(g.devices)),
            ("unit", .string(g.gate.subject.unit)),
            ("crossed", .bool(g.crossed)),
        ]
        if !g.checked { fields.append(("checked", .bool(false))) }
        if let note = g.note { fields.append(("note", .string(note))) }
        return .obj(fields)
    }

    /// One platform's (or package's) devices by app and OS version, ascending, with the devices at or above each.
    static func coverage(_ g: FleetCoverage.Group) -> JSONValue {
        func axis(_ a: FleetCoverage.Axis) -> JSONValue {
            .obj([
                ("axis", .string(a.kind)), ("unparsed", .int64(a.unparsed)),
                (
                    "versions",
                    .array(
                        a.versions.map { v in
                            var fields: [(String, JSONValue)] = [("version", .string(v.version))]
                            if a.kind == "versionCode" { fields.append(("names", .array(v.names.map { .string($0) }))) }
                            fields += [
                                ("devices", .int64(v.devices)), ("atOrAbove", .int64(v.atOrAbove)),
                                ("atOrAbovePercent", .number(JSONNumber(literal: v.percentAtOrAbove(of: g.devices)))),
                            ]
                            return .obj(fields)
                        })
                ),
            ])
        }
        return .obj([
            ("platform", .string(g.platform.name)), ("package", .optionalString(g.package)),
            ("devices", .int64(g.devices)),
            ("app", axis(g.app)), ("os", axis(g.os)),
        ])
    }

    /// `--history`: the file, the baseline run (or why there is none). Only present with `--history`.
    static func history(_ h: HistoryComparison) -> JSONValue {
        let baseline: JSONValue =
            h.baseline.map { b in
                .obj([
                    ("run", .int64(b.id ?? 0)), ("asOf", .string(Timestamps.iso8601(b.asOf))),
                    ("devices", .int64(b.devices)),
                    ("inventory", .string(b.inventory)),
                ])
            } ?? .null
        return .obj([
            ("file", .string(h.file)), ("selectedBy", .string(h.selector.description)), ("baseline", baseline),
            ("note", .optionalString(h.missingBaseline)),
        ])
    }

    /// A config's change since the baseline: its totals then, now minus then, and whether the config itself changed.
    static func change(_ c: HistoryComparison.ConfigChange) -> JSONValue {
        .obj([
            ("baseline", c.baseline.map(counts) ?? .null), ("delta", c.delta.map(counts) ?? .null),
            ("configChanged", .bool(c.configChanged)), ("new", .bool(c.isNew)),
        ])
    }

    /// What the plan's and whatif's JSON open with: the tool, the inventory's accounting and the releases read.
    static func runHeader(inventory inv: InventorySummary, releases: Releases?) -> (
        tool: JSONValue, inventory: JSONValue, releases: JSONValue
    ) {
        let tool: JSONValue = .obj([("name", .string("fleet-audit")), ("version", .string(FleetAuditVersion.current))])
        var fields: [(String, JSONValue)] = [
            ("source", .string(inv.source)), ("rowsRead", .int64(inv.rowsRead)),
            ("rowsEvaluated", .int64(inv.rowsEvaluated)), ("rowsRejected", .int64(inv.rowsRejected)),
            ("devices", .int64(inv.devices)), ("snapshot", inv.snapshot.map(snapshot) ?? .null),
        ]
        // `--package`: the packages kept and the devices of the others left out (absent without it).
        if !inv.packagesKept.isEmpty {
            fields.append(("packages", .array(inv.packagesKept.map { .string($0) })))
            fields.append(
                (
                    "devicesLeftOut",
                    .obj(inv.devicesLeftOut.sorted { $0.key < $1.key }.map { ($0.key, .int64($0.value)) })
                ))
        }
        let inventory: JSONValue = .obj(fields)
        let releases: JSONValue =
            releases.map { .obj([("source", .string($0.source)), ("sha256", .string($0.sha256))]) } ?? .null
        return (tool, inventory, releases)
    }

    /// Which state of the inventory was read: the fields its kind has.
    static func snapshot(_ s: InventorySnapshot) -> JSONValue {
        var fields: [(String, JSONValue)] = [("kind", .string(s.kind.rawValue))]
        if let bytes = s.bytes {
            fields += [
                ("bytes", .int64(bytes)), ("grownBytes", .int64(s.grownBytes)),
                ("cutLineBytes", .int64(s.cutLineBytes)),
            ]
        }
        if let mode = s.journalMode { fields.append(("journalMode", .string(mode))) }
        if let counter = s.changeCounter { fields.append(("changeCounter", .int64(counter))) }
        if let n = s.connections { fields.append(("connections", .int(n))) }
        if let n = s.restarts { fields.append(("restarts", .int(n))) }
        return .obj(fields)
    }

    /// The inventory's summary: rows read, evaluated and rejected, each rejection, the snapshot.
    static func inventory(_ inv: InventorySummary) -> JSONValue {
        return .obj([
            ("source", .string(inv.source)),
            ("locationKind", .string(inv.locationKind)),
            ("rowsRead", .int64(inv.rowsRead)),
            ("rowsEvaluated", .int64(inv.rowsEvaluated)),
            ("rowsRejected", .int64(inv.rowsRejected)),
            ("devices", .int64(inv.devices)),
            ("grouped", .bool(inv.grouped)),
            ("devicesRejected", .int64(inv.devicesRejected)),
            ("rejectedUncounted", .int64(inv.rejectedUncounted)),
            (
                "rejections",
                .array(
                    inv.rejections.map { r in
                        // `line` is the rowid for SQLite (schema 1 keeps the key; `locationKind` says which); a
                        // SQLite rejection names it as `rowid` too, so a reader need not know the rule.
                        .obj(
                            [("line", .int(r.line))] + (inv.locationKind == "rowid" ? [("rowid", .int(r.line))] : [])
                                + [
                                    ("column", .optionalString(r.column)),
                                    ("reason", .string(r.reason.rawValue)), ("message", .string(r.message)),
                                    ("devices", r.devices.map { .int64($0) } ?? .null),
                                ])
                    })
            ),
            (
                "rejectionsByReason",
                .obj(
                    inv.rejectionsByReason.sorted { $0.key.rawValue < $1.key.rawValue }
                        .map { ($0.key.rawValue, .int64($0.value)) })
            ),
            (
                "devicesRejectedByReason",
                .obj(
                    inv.devicesRejectedByReason.sorted { $0.key.rawValue < $1.key.rawValue }
                        .map { ($0.key.rawValue, .int64($0.value)) })
            ),
            ("snapshot", inv.snapshot.map(snapshot) ?? .null),
        ])
    }

    /// One config: its totals, rules, notices, diagnostics and top versions (and its change, with a history).
    static func config(_ c: AuditReport.ConfigReport, history: HistoryComparison?) -> JSONValue {
        .obj(
            [
                ("id", .string(c.id)),
                ("source", .string(c.source)),
                ("sha256", .string(c.sha256)),
                ("format", .string(c.format)),
                ("platforms", .array(c.platforms.map { .string($0.name) })),
                ("totals", counts(c.totals)),
                ("targeted", .int64(c.targeted)),
            ] + (history.map { [("change", change($0.change(c)))] } ?? []) + [
                ("byPlatform", byPlatform(c.byPlatform)),
                (
                    "rules",
                    .array(
                        c.rules.map { r in
                            var fields: [(String, JSONValue)] = [
                                ("id", .string(r.id)), ("summary", .string(r.summary)),
                                ("counts", counts(r.counts)), ("byPlatform", byPlatform(r.byPlatform)),
                            ]
                            if let meta = r.meta { fields.append(("meta", meta)) }
                            return .obj(fields)
                        })
                ),
                ("unattributed", counts(c.unattributed)),
                (
                    "notices",
                    .array(
                        c.notices.map { n in
                            .obj([
                                ("id", .string(n.notice.id)), ("kind", .string(n.notice.kind)),
                                ("devices", .int64(n.devices)),
                            ])
                        })
                ),
                ("diagnostics", .array(c.diagnostics.map { diagnostic($0.diagnostic, devices: $0.devices) })),
                ("topVersions", topVersions(c.topVersions)),
            ])
    }

    /// Each locking outcome's most common app and OS versions.
    static func topVersions(_ top: [AuditReport.TopVersions]) -> JSONValue {
        .obj(
            top.map { t in
                (
                    t.outcome.rawValue,
                    .obj([
                        (
                            "appVersions",
                            .array(
                                t.appVersions.map {
                                    .obj([
                                        ("version", .string($0.version)),
                                        ("devices", .int64($0.devices)),
                                    ])
                                })
                        ),
                        (
                            "osVersions",
                            .array(
                                t.osVersions.map {
                                    .obj([
                                        ("version", .string($0.version)),
                                        ("devices", .int64($0.devices)),
                                    ])
                                })
                        ),
                    ])
                )
            })

    }

    package static func value(_ report: AuditReport) -> JSONValue {
        var releases: JSONValue = .null
        if let r = report.releases {
            releases = .obj([
                ("source", .string(r.source)), ("sha256", .string(r.sha256)), ("releases", .int(r.all.count)),
            ])
        }
        return .obj(
            [
                ("schema", .string(schema)),
                ("tool", .obj([("name", .string(report.tool.name)), ("version", .string(report.tool.version))])),
                ("asOf", .string(Timestamps.iso8601(report.asOf))),
                ("generatedAt", .string(Timestamps.iso8601(report.generatedAt))),
                (
                    "status",
                    .obj([
                        ("state", .string(report.status.state)), ("exitCode", .int(Int(report.status.exitCode))),
                        ("message", .optionalString(report.status.message)),
                    ])
                ),
                ("inventory", inventory(report.inventory)),
                ("releases", releases),
                ("options", .obj(report.options.map { ($0.0, .string($0.1)) })),
                ("diagnostics", .array(report.diagnostics.map { diagnostic($0) })),
                (
                    "failedConfigs",
                    .array(
                        report.failedConfigs.map { f in
                            .obj([
                                ("id", .string(f.id)), ("source", .string(f.source)),
                                ("error", .string(f.error.description)),
                            ])
                        })
                ),
                ("gates", .array(report.gates.map(gate))),
                // Gates given that no config could be checked against (`--keep-going`): the run is not green on them.
                ("uncheckedGates", .array(report.uncheckedGates.map { .string($0) })),
            ] + (report.history.map { [("history", history($0))] } ?? []) + [
                ("configs", .array(report.configs.map { config($0, history: report.history) })),
                ("coverage", .array((report.coverage?.groups ?? []).map(coverage))),
            ])
    }
}
