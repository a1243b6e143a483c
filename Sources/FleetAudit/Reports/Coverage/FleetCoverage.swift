import FleetAuditEngine

/// How the fleet spreads over app and OS versions, per platform (and per package when the inventory has
/// several): each version's devices and the devices at or above it, ordered by version — the numbers a
/// release manager reads before choosing a minimum ("a minimum of 352 leaves 81% of Android devices as they
/// are"). Android counts app versions by versionCode (`app_build`, with the `app_version` names seen for each
/// code) and the OS by API level; Apple platforms by dotted numeric version (components compared as
/// integers, missing ones as 0). Texts that do not parse are counted as such, never dropped.
public struct FleetCoverage: Sendable, Equatable {
    public struct Version: Sendable, Equatable {
        /// The version as shown: a versionCode, an API level, or a dotted version (the shortest spelling seen).
        public let version: String
        /// Android app axis: the `app_version` names devices with this versionCode report (at most five, sorted).
        public let names: [String]
        public let devices: Int64
        /// Devices at this version or above it.
        public let atOrAbove: Int64
    }

    public struct Axis: Sendable, Equatable {
        /// `versionCode`, `apiLevel` or `version`.
        public let kind: String
        /// Ascending.
        public let versions: [Version]
        /// Devices whose text does not parse as this axis's version (or has none).
        public let unparsed: Int64
    }

    public struct Group: Sendable, Equatable {
        public let platform: Platform
        /// Set when the inventory has more than one package.
        public let package: String?
        public let devices: Int64
        public let app: Axis
        public let os: Axis
    }

    public let groups: [Group]

    public init(groups: [Group]) { self.groups = groups }

    /// One pass over the distinct profiles on the store's value ids (no text, and no hashing but the group's,
    /// per profile: devices are added into arrays indexed by the interned ids), then one parse per distinct
    /// version text. On 882k distinct profiles this is about 0.1 s.
    public init(_ table: ProfileTable) {
        struct Key: Hashable { let platform: Int32, package: Int32 }
        final class Tally {
            let row: Int, android: Bool
            var devices: Int64 = 0
            /// Devices per app id (Android: versionCode id; Apple: version id) and per OS id (Android: API
            /// level + 1; Apple: version id), the ids of the store's interners (0: absent).
            var app: [Int64], os: [Int64]
            /// Android: (versionCode id, name id) pairs seen.
            var names = Set<Int64>()
            init(row: Int, android: Bool, appIDs: Int, osIDs: Int) {
                self.row = row
                self.android = android
                app = Array(repeating: 0, count: appIDs)
                os = Array(repeating: 0, count: osIDs)
            }
        }
        let store = table.store
        let osTexts = store.interners[ProfileStore.osVersionColumn]!.texts
        let appTexts = store.interners[ProfileStore.appVersionColumn]!.texts
        let codeTexts = store.interners[ProfileStore.appBuildColumn]!.texts
        var packages = Set<Int32>()
        for row in 0..<table.devices.count where store.id(row, ProfileStore.packageColumn) != 0 {
            packages.insert(store.id(row, ProfileStore.packageColumn))
            if packages.count > 1 { break }
        }
        let byPackage = packages.count > 1
        var tallies: [Key: Tally] = [:]
        // Without packages, a group is a platform: found by its id, not hashed once per profile.
        var byPlatform: [Tally?] = Array(repeating: nil, count: store.platformCount + 1)
        // The name last recorded per versionCode id: almost always the same one, so the set is rarely touched.
        var lastName = [Int32](repeating: -1, count: codeTexts.count)
        var maxAPILevelID: Int32 = 0
        for row in 0..<table.devices.count {
            maxAPILevelID = max(maxAPILevelID, store.id(row, ProfileStore.apiLevelColumn))
        }
        for row in 0..<table.devices.count {
            let platform = store.id(row, ProfileStore.platformColumn)
            let key = Key(platform: platform, package: byPackage ? store.id(row, ProfileStore.packageColumn) : 0)
            let known = byPackage ? tallies[key] : byPlatform[Int(platform)]
            let tally =
                known
                ?? {
                    let android = Profile(store: store, row: row).platform == .android
                    let t = Tally(
                        row: row, android: android, appIDs: android ? codeTexts.count : appTexts.count,
                        osIDs: android ? Int(maxAPILevelID) + 1 : osTexts.count)
                    tallies[key] = t
                    if !byPackage { byPlatform[Int(platform)] = t }
                    return t
                }()
            let n = table.devices[row]
            tally.devices += n
            if tally.android {
                let code = store.id(row, ProfileStore.appBuildColumn)
                let name = store.id(row, ProfileStore.appVersionColumn)
                tally.app[Int(code)] += n
                tally.os[Int(store.id(row, ProfileStore.apiLevelColumn))] += n
                if byPackage || lastName[Int(code)] != name {
                    tally.names.insert(Int64(code) << 32 | Int64(name))
                    lastName[Int(code)] = name
                }
            } else {
                tally.app[Int(store.id(row, ProfileStore.appVersionColumn))] += n
                tally.os[Int(store.id(row, ProfileStore.osVersionColumn))] += n
            }
        }
        groups = tallies.values.map { tally in
            let first = Profile(store: store, row: tally.row)
            var namesByCode: [Int: [String]] = [:]
            for pair in tally.names where Int32(truncatingIfNeeded: pair & 0xFFFF_FFFF) != 0 {
                namesByCode[Int(pair >> 32), default: []].append(appTexts[Int(pair & 0xFFFF_FFFF)])
            }
            var app: [(version: [Int]?, label: String, name: [String], devices: Int64)] = []
            for (id, n) in tally.app.enumerated() where n > 0 {
                let text = id == 0 ? "" : tally.android ? codeTexts[id] : appTexts[id]
                app.append((tally.android ? Int(text).map { [$0] } : Self.dotted(text), text, namesByCode[id] ?? [], n))
            }
            var os: [(version: [Int]?, label: String, name: [String], devices: Int64)] = []
            for (id, n) in tally.os.enumerated() where n > 0 {
                if tally.android {
                    os.append((id == 0 ? nil : [id - 1], id == 0 ? "" : String(id - 1), [], n))
                } else {
                    let text = id == 0 ? "" : osTexts[id]
                    os.append((Self.dotted(text), text, [], n))
                }
            }
            return Group(
                platform: first.platform, package: byPackage ? first.packageName : nil, devices: tally.devices,
                app: Self.axis(tally.android ? "versionCode" : "version", app),
                os: Self.axis(tally.android ? "apiLevel" : "version", os))
        }.sorted { ($0.platform.name, $0.package ?? "") < ($1.platform.name, $1.package ?? "") }
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

extension FleetCoverage.Version {
    /// The share of the group's devices at or above this version, in percent with two decimals (`81.25`).
    public func percentAtOrAbove(of devices: Int64) -> String {
        devices > 0 ? String(format: "%.2f", Double(atOrAbove) * 100 / Double(devices)) : "0.00"
    }
}
