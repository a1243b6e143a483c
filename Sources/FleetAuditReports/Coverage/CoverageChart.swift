import Foundation

/// One coverage axis drawn as an inline SVG: a bar per version (its share of the group's devices) and the
/// cumulative curve of the share at or above each version, on a labelled version axis. Geometry is computed
/// here so the template only places numbers (no script; the report's Content-Security-Policy).
struct CoverageChart {
    struct Bar { let x: String, y: String, width: String, height: String, title: String }
    struct Label { let x: String, text: String }

    static let width = 640.0, plotHeight = 120.0, top = 8.0, left = 36.0, right = 8.0

    let title: String
    let bars: [Bar]
    /// The at-or-above curve, `x,y x,y …`.
    let curve: String
    let labels: [Label]
    let unparsed: String, hasUnparsed: Bool
    let rows: [Row]
    /// What a screen reader says about the chart.
    let summary: String

    struct Row { let version: String, names: String, devices: String, atOrAbove: String, percent: String }

    init(_ axis: FleetCoverage.Axis, devices: Int64, title: String) {
        self.title = title
        let n = max(axis.versions.count, 1)
        let plotWidth = Self.width - Self.left - Self.right
        let slot = plotWidth / Double(n)
        func fmt(_ d: Double) -> String { String((d * 10).rounded() / 10) }
        func y(_ share: Double) -> Double { Self.top + Self.plotHeight * (1 - share) }
        let total = Double(max(devices, 1))
        bars = axis.versions.enumerated().map { i, v in
            let share = Double(v.devices) / total
            return Bar(
                x: fmt(Self.left + Double(i) * slot + slot * 0.15), y: fmt(y(share)), width: fmt(max(slot * 0.7, 0.5)),
                height: fmt(Self.plotHeight * share),
                title:
                    "\(v.version): \(v.devices.groupedDigits) devices; \(v.percentAtOrAbove(of: devices))% at or above")
        }
        curve = axis.versions.enumerated().map { i, v in
            "\(fmt(Self.left + (Double(i) + 0.5) * slot)),\(fmt(y(Double(v.atOrAbove) / total)))"
        }.joined(separator: " ")
        // At most about twelve labels, evenly spaced, always the first and the last.
        let every = max(1, Int((Double(n) / 12).rounded(.up)))
        labels = axis.versions.indices.filter { $0 % every == 0 || $0 == n - 1 }.map { i in
            Label(x: fmt(Self.left + (Double(i) + 0.5) * slot), text: axis.versions[i].version)
        }
        unparsed = axis.unparsed.groupedDigits
        hasUnparsed = axis.unparsed > 0
        rows = axis.versions.map { v in
            Row(
                version: v.version, names: v.names.joined(separator: ", "), devices: v.devices.groupedDigits,
                atOrAbove: v.atOrAbove.groupedDigits, percent: v.percentAtOrAbove(of: devices) + "%")
        }
        let firstAndLast =
            axis.versions.first.map { "from \($0.version) to \(axis.versions.last!.version)" } ?? "no versions"
        summary =
            "\(title): \(axis.versions.count) versions \(firstAndLast); bars are each version's share of devices, the line the share at or above it"
    }
}

// The templates' names for the chart's values (see `MustacheFields`).
extension CoverageChart: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "title": \.title, "bars": \.bars, "curve": \.curve, "labels": \.labels,
        "unparsed": \.unparsed, "hasUnparsed": \.hasUnparsed, "rows": \.rows,
        "summary": \.summary,
    ]
}
extension CoverageChart.Bar: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "x": \.x, "y": \.y, "width": \.width, "height": \.height, "title": \.title,
    ]
}
extension CoverageChart.Label: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = ["x": \.x, "text": \.text]
}
extension CoverageChart.Row: MustacheFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "version": \.version, "names": \.names, "devices": \.devices,
        "atOrAbove": \.atOrAbove, "percent": \.percent,
    ]
}
