/// Device counts for one config: per outcome, per rule, per platform, plus notices, the diagnostics
/// devices ran into and the versions most often locked out.
///
/// Recorded once per profile, so kept in forms that cost no `String` hashing there: platforms in a short
/// list searched by equality, rules by index (the last one found remembered), locked versions by the
/// profiles' interned ids. The dictionaries reports read are made from them when read. (With a dictionary
/// per field, hashing a platform, a rule and two made-up version texts per profile was a tenth of a run on a
/// fleet whose devices do not repeat.)
package struct ConfigTally: DecisionAccumulator {
    package struct RuleTally: Sendable {
        package var counts = OutcomeCounts()
        fileprivate var platformCounts = PlatformCounts()
        package var byPlatform: [Platform: OutcomeCounts] { platformCounts.dictionary }

        package init() {}

        mutating func add(_ outcome: Outcome, platform: Platform, devices: Int64) {
            counts[outcome] += devices
            platformCounts.add(outcome, platform: platform, devices: devices)
        }

        mutating func merge(_ o: RuleTally) {
            counts.add(o.counts)
            platformCounts.merge(o.platformCounts)
        }
    }

    package var totals = OutcomeCounts()
    private var platformCounts = PlatformCounts()
    package var byPlatform: [Platform: OutcomeCounts] { platformCounts.dictionary }
    private var ruleNames: [String] = []
    private var ruleTallies: [RuleTally] = []
    private var ruleIndex: [String: Int] = [:]
    private var lastRule: (name: String, index: Int)?
    package var rules: [String: RuleTally] { Dictionary(uniqueKeysWithValues: zip(ruleNames, ruleTallies)) }
    package var unattributed = OutcomeCounts()
    private var noticeCounts = SmallCounts<String>()
    private var diagnosticCounts = SmallCounts<Diagnostic>()
    package var notices: [String: Int64] { noticeCounts.dictionary }
    package var diagnosticDevices: [Diagnostic: Int64] { diagnosticCounts.dictionary }
    private var lockedVersions = LockedVersions()
    /// For forced, blocked and unsupportedOS: devices by app version and by platform + OS version.
    package var appVersions: [Outcome: [String: Int64]] { lockedVersions.texts(os: false) }
    package var osVersions: [Outcome: [String: Int64]] { lockedVersions.texts(os: true) }

    package init() {}

    /// Counts one profile's decision (an audit's unit is one config).
    package mutating func record(_ decisions: [Decision], for visit: ProfileVisit) {
        record(decisions[0], for: visit)
    }

    mutating func record(_ decision: Decision, for visit: ProfileVisit) {
        let devices = visit.devices
        let platform = visit.platform
        totals[decision.outcome] += devices
        platformCounts.add(decision.outcome, platform: platform, devices: devices)
        if let rule = decision.rule {
            ruleTallies[ruleSlot(rule)].add(decision.outcome, platform: platform, devices: devices)
        } else {
            unattributed[decision.outcome] += devices
        }
        for notice in decision.notices { noticeCounts.add(notice, devices) }
        for diagnostic in decision.diagnostics { diagnosticCounts.add(diagnostic, devices) }
        if decision.outcome.isLocking { lockedVersions.add(decision.outcome, visit, devices: devices) }
    }

    private mutating func ruleSlot(_ rule: String) -> Int {
        if let last = lastRule, last.name == rule { return last.index }
        let index: Int
        // A config's few rules alternate from profile to profile: a short scan (equal copies of a rule's id
        // compare by identity) before hashing the id.
        if let listed = ruleNames.prefix(8).firstIndex(of: rule) {
            index = listed
        } else if let known = ruleIndex[rule] {
            index = known
        } else {
            index = ruleNames.count
            ruleIndex[rule] = index
            ruleNames.append(rule)
            ruleTallies.append(RuleTally())
        }
        lastRule = (rule, index)
        return index
    }

    /// Adds another worker's tally of other profiles.
    package mutating func merge(_ o: ConfigTally) {
        totals.add(o.totals)
        platformCounts.merge(o.platformCounts)
        for (k, name) in o.ruleNames.enumerated() { ruleTallies[ruleSlot(name)].merge(o.ruleTallies[k]) }
        unattributed.add(o.unattributed)
        noticeCounts.merge(o.noticeCounts)
        diagnosticCounts.merge(o.diagnosticCounts)
        lockedVersions.merge(o.lockedVersions)
    }
}

/// Devices per key, for the few distinct notices and diagnostics a config's decisions carry: found by
/// equality in a short list (equal copies of one text compare by identity), so a profile's diagnostic is not
/// hashed — its code, message and path — once per profile. Past `listLimit` keys, a dictionary.
struct SmallCounts<Key: Hashable & Sendable>: Sendable {
    private static var listLimit: Int { 16 }
    private var keys: [Key] = []
    private var counts: [Int64] = []
    private var overflow: [Key: Int64] = [:]

    mutating func add(_ key: Key, _ devices: Int64) {
        if let i = keys.firstIndex(of: key) {
            counts[i] += devices
        } else if keys.count < Self.listLimit {
            keys.append(key)
            counts.append(devices)
        } else {
            overflow[key, default: 0] += devices
        }
    }

    mutating func merge(_ o: SmallCounts) {
        for (k, key) in o.keys.enumerated() { add(key, o.counts[k]) }
        for (key, n) in o.overflow { add(key, n) }
    }

    var dictionary: [Key: Int64] {
        var out = overflow
        for (k, key) in keys.enumerated() { out[key, default: 0] += counts[k] }
        return out
    }
}

/// Outcome counts per platform: a handful of platforms, found by equality in a short list.
struct PlatformCounts: Sendable {
    private var platforms: [Platform] = []
    private var counts: [OutcomeCounts] = []

    mutating func add(_ outcome: Outcome, platform: Platform, devices: Int64) {
        counts[slot(platform)][outcome] += devices
    }

    private mutating func slot(_ platform: Platform) -> Int {
        for i in platforms.indices where platforms[i].name == platform.name { return i }
        platforms.append(platform)
        counts.append(OutcomeCounts())
        return platforms.count - 1
    }

    mutating func merge(_ o: PlatformCounts) {
        for (k, platform) in o.platforms.enumerated() { counts[slot(platform)].add(o.counts[k]) }
    }

    var dictionary: [Platform: OutcomeCounts] { Dictionary(uniqueKeysWithValues: zip(platforms, counts)) }
}

/// Devices of locking outcomes by app version and by OS version, each with its platform, kept by the interned
/// ids of the profiles' store and written as "platform version" texts when read. Profiles from a store whose
/// ids are not the first one's (a table built by hand) are kept by text.
struct LockedVersions: Sendable {
    private var store: ProfileStore?
    /// (outcome, platform id, column, version id) packed into one integer → devices.
    private var byID: [Int64: Int64] = [:]
    private var byText: [Outcome: (app: [String: Int64], os: [String: Int64])] = [:]

    /// `add(_:_:devices:)` with the ids the visit read once for every config's tally.
    mutating func add(_ outcome: Outcome, _ visit: ProfileVisit, devices: Int64) {
        let ids = visit.versionIDs
        if store == nil { store = ids.store }
        guard let store, ids.store === store else { return add(outcome, visit.profile, devices: devices) }
        byID[Self.key(outcome, ids.platform, ProfileStore.appVersionColumn, ids.app), default: 0] += devices
        byID[Self.key(outcome, ids.platform, ProfileStore.osVersionColumn, ids.os), default: 0] += devices
    }

    mutating func add(_ outcome: Outcome, _ profile: Profile, devices: Int64) {
        if store == nil { store = profile.store }
        guard let store, profile.store.sharesFixedIDs(with: store) else {
            byText[outcome, default: ([:], [:])].app["\(profile.platform) \(profile.appVersion)", default: 0] += devices
            byText[outcome, default: ([:], [:])].os["\(profile.platform) \(profile.osVersion)", default: 0] += devices
            return
        }
        let platform = profile.fieldID(ProfileStore.platformColumn)
        byID[
            Self.key(outcome, platform, ProfileStore.appVersionColumn, profile.fieldID(ProfileStore.appVersionColumn)),
            default: 0] += devices
        byID[
            Self.key(outcome, platform, ProfileStore.osVersionColumn, profile.fieldID(ProfileStore.osVersionColumn)),
            default: 0] += devices
    }

    private static func key(_ outcome: Outcome, _ platform: Int32, _ column: Int, _ id: Int32) -> Int64 {
        Int64(outcome.index) << 56 | Int64(platform) << 40 | Int64(column) << 32 | Int64(UInt32(bitPattern: id))
    }

    mutating func merge(_ o: LockedVersions) {
        if store == nil { store = o.store }
        if let mine = store, let theirs = o.store, theirs.sharesFixedIDs(with: mine) {
            for (k, v) in o.byID { byID[k, default: 0] += v }
        } else {
            for (outcome, map) in o.texts(os: false) {
                for (k, v) in map { byText[outcome, default: ([:], [:])].app[k, default: 0] += v }
            }
            for (outcome, map) in o.texts(os: true) {
                for (k, v) in map { byText[outcome, default: ([:], [:])].os[k, default: 0] += v }
            }
            return
        }
        for (outcome, maps) in o.byText {
            for (k, v) in maps.app { byText[outcome, default: ([:], [:])].app[k, default: 0] += v }
            for (k, v) in maps.os { byText[outcome, default: ([:], [:])].os[k, default: 0] += v }
        }
    }

    /// Devices by "platform version" per outcome, of the app versions or the OS versions.
    func texts(os: Bool) -> [Outcome: [String: Int64]] {
        var out: [Outcome: [String: Int64]] = [:]
        for (outcome, maps) in byText {
            for (k, v) in os ? maps.os : maps.app { out[outcome, default: [:]][k, default: 0] += v }
        }
        guard let store else { return out }
        let wanted = os ? ProfileStore.osVersionColumn : ProfileStore.appVersionColumn
        for (key, devices) in byID where Int((key >> 32) & 0xFF) == wanted {
            let outcome = Outcome.allCases.first { $0.index == Int(key >> 56) }!
            let platform = store.platform(id: Int32((key >> 40) & 0xFFFF))
            let text = store.text(id: Int32(truncatingIfNeeded: key), column: wanted) ?? ""
            out[outcome, default: [:]]["\(platform) \(text)", default: 0] += devices
        }
        return out
    }
}
