import FleetAuditEngine
import FleetAuditReports

extension FleetCoverage {
    /// The versions on the fleet per (platform, package), from the engine's counts of distinct (app build,
    /// app version) and (API level, OS version) values (`ProfileTable.devices(by:)`), then one parse per distinct
    /// version text: no text is read per profile.
    package init(_ table: ProfileTable) {
        struct Key: Hashable { let platform: String, package: String? }
        final class Tally {
            let platform: Platform, package: String?, android: Bool
            var devices: Int64 = 0
            /// Devices per app text (Android: versionCode; Apple: version) and per OS text (Android: API level;
            /// Apple: version); "" when absent.
            var app: [String: Int64] = [:], os: [String: Int64] = [:]
            /// Android: the version names seen per versionCode.
            var names: [String: Set<String>] = [:]
            init(platform: Platform, package: String?) {
                self.platform = platform
                self.package = package
                android = platform == .android
            }
        }
        let apps = table.devices(by: [.platform, .packageName, .appBuild, .appVersion])
        let oses = table.devices(by: [.platform, .packageName, .apiLevel, .osVersion])
        var packages = Set<String>()
        for c in apps { if let p = c.values[1] { packages.insert(p) } }
        let byPackage = packages.count > 1
        var tallies: [Key: Tally] = [:]
        func tally(_ c: ValueCombination) -> Tally {
            let key = Key(platform: c.values[0] ?? "", package: byPackage ? c.values[1] : nil)
            if let known = tallies[key] { return known }
            let made = Tally(platform: Platform(key.platform), package: key.package)
            tallies[key] = made
            return made
        }
        for c in apps {
            let t = tally(c)
            t.devices += c.devices
            if t.android {
                let code = c.values[2] ?? ""
                t.app[code, default: 0] += c.devices
                if let name = c.values[3] { t.names[code, default: []].insert(name) }
            } else {
                t.app[c.values[3] ?? "", default: 0] += c.devices
            }
        }
        for c in oses {
            let t = tally(c)
            t.os[(t.android ? c.values[2] : c.values[3]) ?? "", default: 0] += c.devices
        }
        let groups = tallies.values.map { tally in
            var app: [(version: [Int]?, label: String, name: [String], devices: Int64)] = []
            for (text, n) in tally.app where n > 0 {
                app.append(
                    (
                        tally.android ? Int(text).map { [$0] } : Self.dotted(text), text,
                        Array(tally.names[text] ?? []), n
                    ))
            }
            var os: [(version: [Int]?, label: String, name: [String], devices: Int64)] = []
            for (text, n) in tally.os where n > 0 {
                os.append((tally.android ? Int(text).map { [$0] } : Self.dotted(text), text, [], n))
            }
            return Group(
                platform: tally.platform, package: tally.package, devices: tally.devices,
                app: Self.axis(tally.android ? "versionCode" : "version", app),
                os: Self.axis(tally.android ? "apiLevel" : "version", os))
        }.sorted { ($0.platform.name, $0.package ?? "") < ($1.platform.name, $1.package ?? "") }
        self.init(groups: groups)
    }

    /// `16.4.1` → [16, 4, 1]; nil unless every component is digits.
    static func dotted(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty else { return nil }
        var out: [Int] = []
        for p in parts {
            guard !p.isEmpty, p.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(p) else { return nil }
            out.append(n)
        }
        return out
    }

    /// Equal versions merged (`16.4` = `16.4.0`), ascending, with the devices at or above each.
    static func axis(_ kind: String, _ entries: [(version: [Int]?, label: String, name: [String], devices: Int64)])
        -> Axis
    {
        var unparsed: Int64 = 0
        var merged: [[Int]: (labels: Set<String>, names: Set<String>, devices: Int64)] = [:]
        for e in entries {
            guard let v = e.version else {
                unparsed += e.devices
                continue
            }
            var key = v
            while key.count > 1 && key.last == 0 { key.removeLast() }
            merged[key, default: ([], [], 0)].devices += e.devices
            merged[key]!.labels.insert(e.label)
            merged[key]!.names.formUnion(e.name)
        }
        let ascending = merged.keys.sorted { a, b in
            for i in 0..<max(a.count, b.count) {
                let x = i < a.count ? a[i] : 0
                let y = i < b.count ? b[i] : 0
                if x != y { return x < y }
            }
            return false
        }
        var above = merged.values.reduce(0) { $0 + $1.devices }
        let versions = ascending.map { key -> Version in
            let m = merged[key]!
            defer { above -= m.devices }
            let label = m.labels.min { ($0.count, $0) < ($1.count, $1) }!
            return Version(
                version: label, names: Array(m.names.sorted().prefix(5)), devices: m.devices, atOrAbove: above)
        }
        return Axis(kind: kind, versions: versions, unparsed: unparsed)
    }
}
