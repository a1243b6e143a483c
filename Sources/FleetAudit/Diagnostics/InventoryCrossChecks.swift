/// What the inventory, the configs and the releases file say about each other, as run diagnostics: a
/// platform value nothing targets, a config for a package no device has, an attribute no column provides,
/// a platform/package the releases file never mentions. Each would otherwise decide outcomes without a word.
enum InventoryCrossChecks {
    static func diagnostics(
        _ table: ProfileTable, headers: [String], configs: [LoadedConfig], releases: Releases?,
        columnOverrides: [String: String], leftOut: [String: Int64] = [:]
    ) -> [Diagnostic] {
        let groups = FleetGroups(table)
        return unreadPlatforms(groups, configs: configs)
            + unmatchedPackages(groups, configs: configs, leftOut: leftOut)
            + packagesOnOtherPlatforms(groups, configs: configs)
            + packagesUnknown(groups, configs: configs, releases: releases)
            + missingAttributes(configs, headers: headers, overrides: columnOverrides)
            + packagesWithoutReleases(groups, releases: releases)
    }

    /// Devices by (platform, package), counted by the engine (`ProfileTable.devices(by:)`): no text is made per
    /// profile, only one per group.
    struct FleetGroups {
        struct Group { let platform: Platform, package: String?, devices: Int64 }
        let all: [Group]

        init(_ table: ProfileTable) {
            all = table.devices(by: [.platform, .packageName]).map { c in
                Group(platform: Platform(c.values[0] ?? ""), package: c.values[1], devices: c.devices)
            }.sorted { ($0.platform.name, $0.package ?? "") < ($1.platform.name, $1.package ?? "") }
        }

        func devices<K: Hashable>(by key: (Group) -> K?) -> [K: Int64] {
            var out: [K: Int64] = [:]
            for g in all { if let k = key(g) { out[k, default: 0] += g.devices } }
            return out
        }
    }

    /// Platform values no loaded config targets and FleetAudit does not know (`Andriod`).
    static func unreadPlatforms(_ groups: FleetGroups, configs: [LoadedConfig]) -> [Diagnostic] {
        let devices = groups.devices { $0.platform }
        let known = Set([Platform.ios, .macos, .android] + configs.flatMap(\.config.platforms))
        return devices.keys.filter { !known.contains($0) }.sorted().map { platform in
            let names = ["android", "ios", "macos", "ipados"] + known.map(\.name).sorted()
            let hint =
                (productPlatform(platform.name) ?? NearMiss.closest(to: platform.name, among: names))
                .flatMap { $0 == platform.name ? nil : "; did you mean \($0)?" } ?? ""
            return Diagnostic(
                "inventory.unknownPlatform", .warning,
                "platform \"\(platform.name)\" (\(devices[platform]!.groupedDigits) devices) is no platform a loaded config targets, "
                    + "so every config leaves those devices notTargeted\(hint)")
        }
    }

    /// The platform an OS product name belongs to, as MDM and analytics exports write it (`Windows 11`, `Ubuntu`,
    /// `Mac OS X`, `iPhone OS`): an edit distance does not see these.
    static func productPlatform(_ value: String) -> String? {
        let words = value.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        guard let first = words.first else { return nil }
        let linux = [
            "ubuntu", "debian", "fedora", "centos", "rhel", "redhat", "red", "mint", "opensuse", "suse",
            "arch", "manjaro", "elementary", "pop", "gentoo", "alpine", "kali", "rocky", "almalinux",
        ]
        if first.hasPrefix("win") || words.contains("windows") { return "windows" }
        if words.contains("linux") || linux.contains(first) { return "linux" }
        if ["mac", "macintosh", "osx", "darwin"].contains(first) || words.starts(with: ["os", "x"]) { return "macos" }
        if ["iphone", "ipad", "ipod", "ipados"].contains(first) || words.contains("ios") { return "ios" }
        return nil
    }

    /// Configs for a package no device has: they decide nothing, which looks like "no device affected"
    /// unless said. Only when the inventory names packages at all.
    static func unmatchedPackages(_ groups: FleetGroups, configs: [LoadedConfig], leftOut: [String: Int64] = [:])
        -> [Diagnostic]
    {
        guard configs.contains(where: { !$0.config.packageNames.isEmpty }) else { return [] }
        let devices = groups.devices { $0.package }
        guard !devices.isEmpty else { return [] }
        let found = devices.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let listed =
            found.prefix(5).map { "\($0.key) (\($0.value.groupedDigits))" }.joined(separator: ", ")
            + (found.count > 5 ? ", …" : "")
        return configs.compactMap { loaded in
            let names = loaded.config.packageNames
            guard !names.isEmpty, !names.contains(where: { devices[$0] != nil }) else { return nil }
            // Its devices are there, and --package left them out: say that, not that the inventory lacks them.
            let excluded = names.compactMap { name in leftOut[name].flatMap { $0 > 0 ? (name, $0) : nil } }
            if !excluded.isEmpty {
                return Diagnostic(
                    "inventory.packageNotFound", .warning,
                    "\(loaded.id) is for package "
                        + excluded.map { "\($0.0) (\($0.1.groupedDigits) devices)" }.joined(separator: ", ")
                        + ", which --package left out, so it decides no device")
            }
            let hint =
                names.lazy.compactMap { NearMiss.closest(to: $0, among: Array(devices.keys)) }.first.map {
                    "; did you mean \($0)?"
                } ?? ""
            return Diagnostic(
                "inventory.packageNotFound", .warning,
                "\(loaded.id) is for package \(names.joined(separator: ", ")), which no device of the inventory has, so it decides "
                    + "no device (packages found, with devices: \(listed))\(hint)")
        }
    }

    /// Configs whose package the inventory has only on platforms none of their rules can decide: an Android
    /// updater written with the iOS bundle id leaves the iOS devices up to date and decides no Android device,
    /// which reads as "nothing to do" unless said.
    static func packagesOnOtherPlatforms(_ groups: FleetGroups, configs: [LoadedConfig]) -> [Diagnostic] {
        configs.compactMap { loaded in
            let names = Set(loaded.config.packageNames)
            let deciding = Set(loaded.config.decidingPlatforms)
            guard !names.isEmpty, !deciding.isEmpty else { return nil }
            let own = groups.all.filter { $0.package.map(names.contains) ?? false }
            guard !own.isEmpty, !own.contains(where: { deciding.contains($0.platform) }) else { return nil }
            var ownByPlatform: [Platform: Int64] = [:]
            for g in own { ownByPlatform[g.platform, default: 0] += g.devices }
            var others: [String: Int64] = [:]
            for g in groups.all where deciding.contains(g.platform) {
                if let package = g.package { others[package, default: 0] += g.devices }
            }
            let found = others.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            let listed =
                found.isEmpty
                ? "the inventory has no device there"
                : "packages there: "
                    + found.prefix(5).map { "\($0.key) (\($0.value.groupedDigits))" }.joined(separator: ", ")
                    + (found.count > 5 ? ", …" : "")
            let hint =
                names.sorted().lazy.compactMap { name in
                    others.keys.sorted().first { $0.lowercased() == name.lowercased() }
                        ?? NearMiss.closest(to: name, among: others.keys.sorted())
                }.first.map { "; did you mean \($0)?" } ?? ""
            let onPlatforms = ownByPlatform.sorted { $0.key < $1.key }.map {
                "\($0.key.name) (\($0.value.groupedDigits))"
            }
            let rulesFor = deciding.sorted().map(\.name).joined(separator: ", ")
            return Diagnostic(
                "inventory.packageOnOtherPlatform", .warning,
                "\(loaded.id) is for package \(names.sorted().joined(separator: ", ")), whose devices are on "
                    + "\(onPlatforms.joined(separator: ", ")), while its rules decide only \(rulesFor) devices: it decides "
                    + "none of them, and no \(rulesFor) device has that package (\(listed))\(hint)")
        }
    }

    /// Configs or releases that name packages, read with an inventory whose devices have none (no package
    /// column, or an empty one): every per-package config then decides every device, and every package's releases
    /// reach every device. With one package named that is right for a one-app inventory (a warning); with more,
    /// the numbers mix apps (an error, so the run fails unless `--allow-errors`).
    static func packagesUnknown(_ groups: FleetGroups, configs: [LoadedConfig], releases: Releases?) -> [Diagnostic] {
        guard !groups.all.isEmpty, groups.all.allSatisfy({ $0.package == nil }) else { return [] }
        var namedBy: [String: [String]] = [:]
        for loaded in configs {
            for package in Set(loaded.config.packageNames) { namedBy[package, default: []].append(loaded.id) }
        }
        if let releases {
            for package in Set(releases.all.compactMap(\.package)) {
                namedBy[package, default: []].append(releases.source)
            }
        }
        guard !namedBy.isEmpty else { return [] }
        let listed = namedBy.sorted { $0.key < $1.key }.prefix(5).map { package, names in
            "\(package) (\(names.prefix(3).joined(separator: ", "))\(names.count > 3 ? ", …" : ""))"
        }
        let several = namedBy.count > 1
        return [
            Diagnostic(
                several ? "inventory.noPackage" : "inventory.noPackageOneNamed", several ? .error : .warning,
                "no device of the inventory has a package (no package_name column, or an empty one), while "
                    + "\(several ? "\(namedBy.count) packages are" : "a package is") named: "
                    + listed.joined(separator: "; ") + (namedBy.count > 5 ? "; …" : "")
                    + ": every device is taken to be each config's app, and every release to reach it"
                    + (several
                        ? ", so the numbers mix apps"
                        : " (right if the inventory holds only that app)")
                    + " — map the inventory's package column with --column package_name=HEADER")
        ]
    }

    /// Attributes a config reads (a PrinceOfVersions requirement, a Turkcell filter, an OSAM counter) that no
    /// column provides; not the device history a client defines an absence for (`EvaluableConfig.deviceHistory`).
    static func missingAttributes(_ configs: [LoadedConfig], headers: [String], overrides: [String: String])
        -> [Diagnostic]
    {
        guard !headers.isEmpty else { return [] }
        let provided = Set(headers.map(InventoryColumn.normalize) + overrides.keys.map(InventoryColumn.normalize))
        return configs.compactMap { loaded in
            let optional = Set(loaded.config.deviceHistory.map(InventoryColumn.normalize))
            let missing = loaded.config.needs.attributes.subtracting(provided).subtracting(optional).sorted()
            guard !missing.isEmpty else { return nil }
            let hints = missing.compactMap { name in
                NearMiss.closest(to: name, among: headers).map { "\(name) → \($0)?" }
            }
            return Diagnostic(
                "inventory.missingColumn", .warning,
                "\(loaded.id) reads \(missing.joined(separator: ", ")), which no inventory column provides: every device reads "
                    + "\(missing.count == 1 ? "it" : "them") as absent (map a column with --column NAME=HEADER"
                    + (hints.isEmpty ? ")" : "; near misses: \(hints.joined(separator: ", ")))"))
        }
    }

    /// `--package`: which devices were audited, and which were left out, in one line every report shows.
    package static func packagesKept(_ summary: InventorySummary) -> Diagnostic? {
        summary.packageFilterSentence.map { Diagnostic("inventory.packageFilter", .info, $0) }
    }

    /// The known columns read from a warehouse's name for them, in one line.
    package static func columnAliases(_ summary: InventorySummary) -> Diagnostic? {
        guard !summary.columnAliases.isEmpty else { return nil }
        let read = summary.columnAliases.map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return "\(parts[1]) as \(parts[0])"
        }
        return Diagnostic(
            "inventory.columnAlias", .info,
            "the inventory has no column of these names, so FleetAudit read \(read.joined(separator: ", ")) "
                + "(--column \(summary.columnAliases[0]) says so explicitly; map another header the same way)")
    }

    /// A WAL-mode SQLite inventory read from a read-only file system, opened immutable: said, since a reader
    /// elsewhere would need write access to the folder to read the same file.
    package static func readOnlyWAL(_ summary: InventorySummary) -> Diagnostic? {
        guard summary.snapshot?.immutable == true else { return nil }
        return Diagnostic(
            "inventory.readOnlyWAL", .info,
            "the SQLite inventory is in WAL mode on a read-only file system and has no -wal file with commits in "
                + "it: FleetAudit opened it immutable, which reads every committed row")
    }

    /// Platforms/packages the releases file has no release for: forcing those devices counts them blocked, and
    /// the reason is the file's gap, not the store's — say which.
    static func packagesWithoutReleases(_ groups: FleetGroups, releases: Releases?) -> [Diagnostic] {
        guard let releases, !releases.all.isEmpty else { return [] }
        return groups.all.filter { !releases.hasRelease(platform: $0.platform, package: $0.package) }.map { group in
            Diagnostic(
                "releases.noReleaseForPackage", .warning,
                "\(releases.source) has no \(group.platform.name) release" + (group.package.map { " of \($0)" } ?? "")
                    + " (\(group.devices.groupedDigits) devices): a config that forces them counts them blocked")
        }
    }
}
