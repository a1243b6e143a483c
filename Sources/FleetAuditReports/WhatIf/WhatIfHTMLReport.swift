import Foundation

/// `whatif`'s HTML page, rendered from `Templates/whatif.html.mustache` in the audit report's style: the
/// choice first, then the candidates as a chart (one stacked bar per candidate: the shares forced,
/// unsupportedOS and blocked, with the bound as a dashed line) and as a table. Static SVG, no script.
package enum WhatIfHTMLReport {
    package static let templateName = "whatif.html"

    package static func render(_ report: WhatIfReport, templates: ReportTemplates = .embedded) throws(ReportError)
        -> String
    {
        try templates.render(context(report), template: templateName)
    }

    struct Row {
        let minimumApp: String, minimumOS: String, upToDate: String, recommended: String, forced: String,
            blocked: String, unsupportedOS: String
        let notTargeted: String, affected: String, stranded: String, chosen: Bool, within: Bool
        /// Android: the version names of the versionCode; `live`: the published config's minimum (`--from`).
        let appNames: String, hasAppNames: Bool, live: Bool
    }
    struct Segment { let outcome: String, x: String, y: String, width: String, height: String, title: String }
    struct Label { let x: String, text: String, chosen: Bool }
    struct Chart {
        let segments: [Segment], labels: [Label], hasBound: Bool, boundY: String, boundLabel: String, summary: String,
            axis: String
    }

    struct Page {
        let tool: String, toolVersion: String, inventorySource: String, generatedAt: String, releases: String
        let platform: String, package: String, hasPackage: Bool, compares: String
        /// A sweep counted by a format's own decision: its recommended column and how it counted.
        let countedBy: String, hasCountedBy: Bool
        let cards: [HTMLReport.Card]
        let choice: String, hasChoice: Bool, noneWithin: Bool, bounds: String, hasBounds: Bool
        let live: String, hasLive: Bool
        let hasApp: Bool, hasOS: Bool
        let rows: [Row]
        let chart: Chart?, hasChart: Bool
    }

    static let width = 640.0, plotHeight = 160.0, top = 8.0, left = 36.0, right = 8.0

    static func context(_ report: WhatIfReport) -> Page {
        let sweep = report.sweep
        let n = sweep.devices
        let rows = sweep.candidates.enumerated().map { i, c in
            let names = sweep.names(ofApp: c.minimumApp)
            return Row(
                minimumApp: c.minimumApp ?? "", minimumOS: c.minimumOS ?? "", upToDate: c.counts.upToDate.groupedDigits,
                recommended: c.counts.recommended.groupedDigits, forced: c.counts.forced.groupedDigits,
                blocked: c.counts.blocked.groupedDigits,
                unsupportedOS: c.counts.unsupportedOS.groupedDigits, notTargeted: c.counts.notTargeted.groupedDigits,
                affected: WhatIfReport.percent(c.counts.affected, of: n),
                stranded: WhatIfReport.percent(c.counts.stranded, of: n),
                chosen: i == report.choice,
                within: !report.bounds.isEmpty && report.bounds.admits(c.counts, devices: n),
                appNames: names.joined(separator: ", "), hasAppNames: !names.isEmpty, live: report.isLive(c))
        }
        var cards = [
            HTMLReport.Card(label: "\(sweep.platform.name) devices", value: n.groupedDigits, alert: false),
            HTMLReport.Card(label: "candidates", value: String(sweep.candidates.count), alert: false),
            HTMLReport.Card(
                label: "versions unreadable (notTargeted)", value: sweep.unreadable.groupedDigits, alert: false),
        ]
        if let c = report.chosen {
            cards.insert(
                HTMLReport.Card(
                    label: "chosen: " + WhatIfReport.describe(c),
                    value: WhatIfReport.percent(c.counts.affected, of: n) + " affected", alert: false), at: 0)
        }
        let first = sweep.candidates.first
        let chart = self.chart(report)
        return Page(
            tool: "fleet-audit", toolVersion: FleetAuditVersion.current, inventorySource: report.inventory.source,
            generatedAt: Timestamps.iso8601(report.generatedAt), releases: report.releasesNote,
            platform: sweep.platform.name, package: report.package ?? "", hasPackage: report.package != nil,
            compares: sweep.comparesText, countedBy: sweep.countedBy ?? "", hasCountedBy: sweep.countedBy != nil,
            cards: cards,
            choice: report.choiceSentence ?? "", hasChoice: report.chosen != nil,
            noneWithin: report.noCandidateWithinBounds,
            bounds: report.boundsText, hasBounds: !report.bounds.isEmpty,
            live: report.liveSentence ?? "", hasLive: report.live != nil,
            hasApp: first?.minimumApp != nil, hasOS: first?.minimumOS != nil, rows: rows, chart: chart,
            hasChart: chart != nil)
    }

    /// One bar per candidate when the candidates vary along one axis (a two-axis sweep is a table).
    static func chart(_ report: WhatIfReport) -> Chart? {
        let sweep = report.sweep
        let candidates = sweep.candidates
        let apps = Set(candidates.compactMap(\.minimumApp)).count
        let oses = Set(candidates.compactMap(\.minimumOS)).count
        guard candidates.count > 1, apps <= 1 || oses <= 1 else { return nil }
        let byApp = apps > 1
        let total = Double(max(sweep.devices, 1))
        let slot = (width - left - right) / Double(candidates.count)
        func fmt(_ d: Double) -> String { String((d * 10).rounded() / 10) }
        var segments: [Segment] = []
        for (i, c) in candidates.enumerated() {
            var base = 0.0
            let name = byApp ? c.minimumApp! : c.minimumOS!
            for outcome in [Outcome.forced, .unsupportedOS, .blocked] where c.counts[outcome] > 0 {
                let share = Double(c.counts[outcome]) / total
                segments.append(
                    Segment(
                        outcome: outcome.rawValue, x: fmt(left + Double(i) * slot + slot * 0.15),
                        y: fmt(top + plotHeight * (1 - base - share)), width: fmt(max(slot * 0.7, 0.5)),
                        height: fmt(plotHeight * share),
                        title:
                            "minimum \(name): \(c.counts[outcome].groupedDigits) \(outcome.rawValue) (\(WhatIfReport.percent(c.counts[outcome], of: sweep.devices)))"
                    ))
                base += share
            }
        }
        let every = max(1, Int((Double(candidates.count) / 12).rounded(.up)))
        let labels = candidates.indices.filter { $0 % every == 0 || $0 == candidates.count - 1 || $0 == report.choice }
            .map { i in
                Label(
                    x: fmt(left + (Double(i) + 0.5) * slot),
                    text: byApp ? candidates[i].minimumApp! : candidates[i].minimumOS!, chosen: i == report.choice)
            }
        let allowed = report.bounds.targetCoverage.map { 1 - Double($0.millionths) / 1_000_000 }
        let range = "\(labels.first?.text ?? "") to \(labels.last?.text ?? "")"
        return Chart(
            segments: segments, labels: labels, hasBound: allowed != nil,
            boundY: fmt(top + plotHeight * (1 - (allowed ?? 0))),
            boundLabel: report.bounds.targetCoverage.map { "target coverage \($0.text)" } ?? "",
            summary:
                "Devices each candidate minimum \(byApp ? "app" : "OS") version affects, \(candidates.count) candidates from \(range): forced, unsupportedOS and blocked stacked",
            axis: byApp ? "minimum app (\(sweep.scale.appKind))" : "minimum OS (\(sweep.scale.osKind))")
    }
}

// The templates' names for each context type (see `MustacheFields`).
extension WhatIfHTMLReport.Row: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "minimumApp": \.minimumApp, "minimumOS": \.minimumOS, "upToDate": \.upToDate, "recommended": \.recommended,
        "forced": \.forced, "blocked": \.blocked, "unsupportedOS": \.unsupportedOS, "notTargeted": \.notTargeted,
        "affected": \.affected, "stranded": \.stranded, "chosen": \.chosen, "within": \.within,
        "appNames": \.appNames, "hasAppNames": \.hasAppNames, "live": \.live,
    ]
}
extension WhatIfHTMLReport.Segment: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "outcome": \.outcome, "x": \.x, "y": \.y, "width": \.width, "height": \.height, "title": \.title,
    ]
}
extension WhatIfHTMLReport.Label: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "x": \.x, "text": \.text, "chosen": \.chosen,
    ]
}
extension WhatIfHTMLReport.Chart: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "segments": \.segments, "labels": \.labels, "hasBound": \.hasBound, "boundY": \.boundY,
        "boundLabel": \.boundLabel, "summary": \.summary, "axis": \.axis,
    ]
}
extension WhatIfHTMLReport.Page: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "tool": \.tool, "toolVersion": \.toolVersion, "inventorySource": \.inventorySource,
        "generatedAt": \.generatedAt, "releases": \.releases, "platform": \.platform, "package": \.package,
        "hasPackage": \.hasPackage, "compares": \.compares, "countedBy": \.countedBy, "hasCountedBy": \.hasCountedBy,
        "cards": \.cards, "choice": \.choice, "hasChoice": \.hasChoice, "noneWithin": \.noneWithin,
        "bounds": \.bounds, "hasBounds": \.hasBounds, "live": \.live, "hasLive": \.hasLive, "hasApp": \.hasApp,
        "hasOS": \.hasOS, "rows": \.rows, "chart": \.chart, "hasChart": \.hasChart,
    ]
}
