/// What an appcast does to the fleet as a whole (`EvaluableConfig.fleetDiagnostics`).
extension AppcastDocument {
    func fleetDiagnostics(_ fleet: any FleetValues) -> [Diagnostic] {
        guard rejection == nil else { return [] }
        let channelItems = sparkleItems.filter {
            $0.channel != nil && ($0.os == nil || $0.os == "macos") && !$0.isDelta
        }
        guard !channelItems.isEmpty else { return [] }
        let macs = fleet.devices(on: .macos, by: [.attribute("sparkle_channels"), .attribute("sparkle_framework")])
            .filter { $0.devices > 0 }
        // Without Macs the audit says it (notTargeted everywhere); Sparkle 1.x reads no channel, so a Mac on it is
        // offered every channel's items.
        guard !macs.isEmpty,
            !macs.contains(where: { SparkleHost.Settings.framework(SparkleHost.Settings.cell($0.values[1])) == .v1 })
        else { return [] }
        var allowed = Set<String>()
        for mac in macs { allowed.formUnion(SparkleHost.Settings.channels(SparkleHost.Settings.cell(mac.values[0]))) }
        return channelItems.filter { !allowed.contains($0.channel!) }.map { item in
            Self.located(
                Diagnostic(
                    "sparkle.channelNotAllowed", .warning,
                    "item[\(item.index)] is on channel \(item.channel!), which no Mac of the inventory allows (sparkle_channels): Sparkle offers it to none",
                    path: "item[\(item.index)]"), line: item.line)
        }
    }
}
