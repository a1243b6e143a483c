import FleetAuditEngine
import FleetAuditReports

// Work is on the distinct (package, app version, OS version) cells of the fleet, never per device and never
// per candidate × profile: the cells are sorted by app version once; walking the app candidates upwards adds
// the cells that fall below each to a per-OS-version array, and one suffix sum of that array answers every
// OS candidate. Whether a release installs is asked once per distinct OS version and set of releases.
extension MinimumSweep {
    public enum Failure: Error, Equatable {
        case unreadableMinimum(axis: String, text: String, kind: String)
    }

    /// One distinct (package, app, OS) of the fleet: indexes into the sorted version lists.
    private struct Cell: Hashable { let package: String?, app: Int, os: Int }

    /// A version list being gathered: distinct versions with the shortest spelling seen for each.
    private struct Versions {
        var labels: [DottedVersion: String] = [:]
        mutating func add(_ v: DottedVersion, _ text: String) {
            if let known = labels[v], (known.count, known) <= (text.count, text) { return }
            labels[v] = text
        }
        var sorted: [DottedVersion] { labels.keys.sorted() }
    }

    /// Sweeps the candidates over the platform's profiles. `package` keeps one package's devices (the table
    /// must then have been read with the package column); `releases` nil: every minimum assumed installable.
    static func run(
        _ table: ProfileTable, platform: Platform, package: String?, releases: Releases?,
        app: Candidates, os: Candidates
    ) throws(Failure) -> MinimumSweep {
        let scale = MinimumScale(platform)
        // The fleet's distinct (package, app, OS) values with their devices, counted by the engine; each
        // distinct text parsed once: its version, nil when unreadable.
        let appField: DeviceField = scale == .versionCode ? .appBuild : .appVersion
        let osField: DeviceField = scale == .versionCode ? .apiLevel : .osVersion
        var appByText: [String: DottedVersion?] = [:]
        var osByText: [String: DottedVersion?] = [:]
        var appVersions = Versions()
        var osVersions = Versions()
        var rawCells: [(package: String?, app: DottedVersion, os: DottedVersion, devices: Int64)] = []
        var devices: Int64 = 0
        var unreadableByPackage: [String?: Int64] = [:]
        for c in table.devices(by: [.platform, .packageName, appField, osField]) where c.values[0] == platform.name {
            let pkg = c.values[1]
            if let package, pkg != package { continue }
            let n = c.devices
            devices += n
            var appVersion: DottedVersion?
            if let text = c.values[2] {
                if let known = appByText[text] {
                    appVersion = known
                } else {
                    appVersion = scale.deviceApp(text)
                    appByText[text] = appVersion
                    if let v = appVersion { appVersions.add(v, text) }
                }
            }
            var osVersion: DottedVersion?
            if let text = c.values[3] {
                switch scale {
                case .versionCode:
                    osVersion = Int(text).map { DottedVersion(major: $0) }
                    if let osVersion { osVersions.add(osVersion, text) }
                case .dotted, .client:
                    if let known = osByText[text] {
                        osVersion = known
                    } else {
                        osVersion = DottedVersion(text)
                        osByText[text] = osVersion
                        if let v = osVersion { osVersions.add(v, text) }
                    }
                }
            }
            guard let appVersion, let osVersion else {
                unreadableByPackage[pkg, default: 0] += n
                continue
            }
            rawCells.append((pkg, appVersion, osVersion, n))
        }

        // Candidates and the versions of the releases join the fleet's in one ordering.
        let platformReleases =
            releases?.all.filter {
                $0.platform == platform && (package == nil || $0.package == nil || $0.package == package)
            } ?? []
        func candidates(
            _ source: Candidates, axis: String, kind: String, into versions: inout Versions,
            fromReleases: (Release) -> (DottedVersion, String)?
        ) throws(Failure) -> [DottedVersion?] {
            switch source {
            case .none: return [nil]
            case .given(let texts):
                var out = Set<DottedVersion>()
                for text in texts {
                    guard let v = scale.minimum(text) else {
                        throw .unreadableMinimum(axis: axis, text: text, kind: kind)
                    }
                    // Written as the user wrote it: that is the value a draft gets (`6.00`, not the fleet's `6.0`).
                    versions.labels[v] = text.trimmedWhitespace
                    out.insert(v)
                }
                return out.sorted()
            case .sweep:
                for r in platformReleases { if let (v, text) = fromReleases(r) { versions.add(v, text) } }
                return versions.sorted
            }
        }
        let appCandidates = try candidates(app, axis: "--min-app", kind: scale.appKind, into: &appVersions) { r in
            scale.releaseApp(r).map { ($0, scale == .versionCode ? String($0.major) : r.version!.trimmedWhitespace) }
        }
        let osCandidates = try candidates(os, axis: "--min-os", kind: scale.osKind, into: &osVersions) { r in
            scale.releaseMinOS(r).map { ($0, r.minOS!.trimmedWhitespace) }
        }
        let appOrder = appVersions.sorted
        let osOrder = osVersions.sorted
        let appRank = Dictionary(uniqueKeysWithValues: appOrder.enumerated().map { ($1, $0) })
        let osRank = Dictionary(uniqueKeysWithValues: osOrder.enumerated().map { ($1, $0) })

        var cells: [Cell: Int64] = [:]
        for c in rawCells {
            cells[Cell(package: c.package, app: appRank[c.app]!, os: osRank[c.os]!), default: 0] += c.devices
        }
        let packages = Set(cells.keys.map(\.package)).union(unreadableByPackage.keys).sorted { ($0 ?? "") < ($1 ?? "") }

        var grid = Array(repeating: Array(repeating: Counts(), count: osCandidates.count), count: appCandidates.count)
        for pkg in packages {
            let group = cells.filter { $0.key.package == pkg }.sorted { $0.key.app < $1.key.app }
            let name = pkg
            let offered = releases.map { $0.all.filter { $0.offered(to: platform, package: name) } }
            let partial = sweepGroup(
                group.map { ($0.key.app, $0.key.os, $0.value) }, osOrder: osOrder, osLabels: osVersions.labels,
                scale: scale, platform: platform, offered: offered,
                appCandidates: appCandidates.map { $0.map { (appRank[$0]!, $0) } },
                osCandidates: osCandidates.map { $0.map { osRank[$0]! } })
            let unreadable = unreadableByPackage[pkg] ?? 0
            for i in grid.indices {
                for j in grid[i].indices {
                    var c = partial[i][j]
                    c.notTargeted = unreadable
                    grid[i][j] = grid[i][j] + c
                }
            }
        }
        var out: [Candidate] = []
        for (i, a) in appCandidates.enumerated() {
            for (j, o) in osCandidates.enumerated() {
                out.append(
                    Candidate(
                        minimumApp: a.map { appVersions.labels[$0]! }, minimumOS: o.map { osVersions.labels[$0]! },
                        counts: grid[i][j]))
            }
        }
        return MinimumSweep(
            platform: platform, scale: scale, devices: devices,
            unreadable: unreadableByPackage.values.reduce(0, +), candidates: out,
            appVersionNames: scale == .versionCode
                ? versionNames(table, platform: platform, package: package, releases: platformReleases) : [:])
    }

    /// The names each versionCode goes by on the fleet and in the releases, counted by the engine over distinct
    /// (build, name) values: a candidate `312` reads as the `4.39.1` release managers know.
    private static func versionNames(
        _ table: ProfileTable, platform: Platform, package: String?, releases: [Release]
    ) -> [String: [String]] {
        var names: [Int: Set<String>] = [:]
        for c in table.devices(by: [.platform, .packageName, .appBuild, .appVersion])
        where c.values[0] == platform.name && (package == nil || c.values[1] == package) {
            guard let code = c.values[2].flatMap({ Int($0.trimmedWhitespace) }), let name = c.values[3] else {
                continue
            }
            names[code, default: []].insert(name)
        }
        for r in releases { if let code = r.build, let name = r.version { names[code, default: []].insert(name) } }
        return Dictionary(
            uniqueKeysWithValues: names.map { code, set in
                let ordered = set.sorted { a, b in
                    switch (LenientVersion(a), LenientVersion(b)) {
                    case (let x?, let y?) where x != y: return x < y
                    default: return a < b
                    }
                }
                return (String(code), Array(ordered.prefix(3)))
            })
    }

    /// One package's readable cells (app rank, OS rank, devices) against every candidate (nil: none).
    private static func sweepGroup(
        _ cells: [(app: Int, os: Int, devices: Int64)], osOrder: [DottedVersion],
        osLabels: [DottedVersion: String], scale: MinimumScale, platform: Platform,
        offered: [Release]?, appCandidates: [(rank: Int, version: DottedVersion)?],
        osCandidates: [Int?]
    ) -> [[Counts]] {
        let osCount = osOrder.count
        // atOrAboveOS[o]: the group's devices on OS o or a later one.
        var atOrAboveOS = Array(repeating: Int64(0), count: osCount + 1)
        for c in cells { atOrAboveOS[c.os] += c.devices }
        for o in stride(from: osCount - 1, through: 0, by: -1) { atOrAboveOS[o] += atOrAboveOS[o + 1] }
        let total = atOrAboveOS[0]
        // below[o]: devices on OS o whose app is below the current app candidate (cells sorted by app).
        var below = Array(repeating: Int64(0), count: osCount)
        var next = 0
        // Releases that can satisfy a minimum, highest first: those reaching A are a prefix of this list.
        let reachable = (offered ?? []).compactMap { r in scale.releaseApp(r).map { (release: r, version: $0) } }
            .sorted { $0.version > $1.version }
        // installableWith[k][o]: whether one of the k highest releases installs on OS o — each release asked
        // once per distinct OS, the prefixes OR-ed together.
        var installableWith = [Array(repeating: false, count: osCount)]
        for (release, _) in reachable {
            var row = installableWith[installableWith.count - 1]
            for (o, os) in osOrder.enumerated() where !row[o] {
                row[o] = Releases.installs(
                    release, platform: platform, osVersion: osLabels[os]!,
                    apiLevel: scale == .versionCode ? os.major : nil)
            }
            installableWith.append(row)
        }
        var result: [[Counts]] = []
        for a in appCandidates {
            // From each OS upwards: the devices below the app minimum, and those of them that can install.
            var belowFrom = Array(repeating: Int64(0), count: osCount + 1)
            var canInstallFrom = Array(repeating: Int64(0), count: osCount + 1)
            var reachesAny = true
            if let a {
                while next < cells.count && cells[next].app < a.rank {
                    below[cells[next].os] += cells[next].devices
                    next += 1
                }
                let k = reachable.prefix { $0.version >= a.version }.count
                reachesAny = offered == nil || k > 0
                let installs = offered == nil ? Array(repeating: true, count: osCount) : installableWith[k]
                for o in stride(from: osCount - 1, through: 0, by: -1) {
                    belowFrom[o] = belowFrom[o + 1] + below[o]
                    canInstallFrom[o] = canInstallFrom[o + 1] + (installs[o] ? below[o] : 0)
                }
            }
            result.append(
                osCandidates.map { o in
                    let from = o ?? 0
                    var c = Counts()
                    c.unsupportedOS = total - atOrAboveOS[from]
                    if reachesAny {
                        // No release installable on the device's OS although some reach the minimum (docs/configs.md).
                        c.forced = canInstallFrom[from]
                        c.unsupportedOS += belowFrom[from] - canInstallFrom[from]
                    } else {
                        // No release reaches it, or none at all for this package.
                        c.blocked = belowFrom[from]
                    }
                    c.upToDate = atOrAboveOS[from] - belowFrom[from]
                    return c
                })
        }
        return result
    }
}
