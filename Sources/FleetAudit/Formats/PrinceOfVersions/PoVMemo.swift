/// What a PrinceOfVersions evaluator works out from a profile's interned values, kept between the profiles
/// one worker evaluates (`ProfileEvaluator`): how the client reads the device's versions, each requirement's
/// verdict for each attribute value, and the decision a chosen configuration gives a device with those
/// versions. Each is what `PoVDeviceEvaluator` would compute again for the next profile with the same
/// values, so decisions are the same as without it; on a fleet whose devices do not repeat, hundreds of
/// thousands of profiles share a few hundred versions and regions, and that repeated work (version texts
/// parsed, requirements compared and decisions built per profile) was most of the evaluation.
///
/// Ids compare only within one store: the memo starts over when the profiles' store changes.
final class PoVMemo {
    let context: EvaluationContext
    /// False when one profile is evaluated on its own (`explain`): then nothing is kept.
    private let remembers: Bool
    private var store: ObjectIdentifier?
    /// By platform id.
    private var platforms: [PoVPlatformEntry?] = []
    /// A device's reading and the decisions each chosen configuration gives it.
    private var devices: [DeviceKey: DeviceEntry] = [:]
    /// The entry `device` last found, and its profile's row: `decision` for the same profile reads it.
    private var current: (row: Int, entry: DeviceEntry)?
    /// By platform id, configuration, requirement.
    private var requirements: [[[RequirementVerdicts?]]] = []
    private var lastNotifiedColumn: Int?
    /// One per selection seen (a document has one per platform view).
    private var selections: [SelectionCandidates] = []

    // The key hashes its ids folded into two words: `Hasher` then runs twice per lookup, not once per field
    // (equality still compares every field). It holds every field a decision reads: platform, versions,
    // OS, package (installability) and the version last notified.
    private struct DeviceKey: Hashable {
        let platform, app, build, os, api, package, lastNotified: Int32

        func hash(into hasher: inout Hasher) {
            hasher.combine((UInt64(UInt32(bitPattern: app)) << 32 | UInt64(UInt32(bitPattern: os)))
                ^ (UInt64(UInt32(bitPattern: build)) << 20) ^ (UInt64(UInt32(bitPattern: api)) << 8) ^ UInt64(UInt32(bitPattern: platform)))
            hasher.combine(UInt64(UInt32(bitPattern: lastNotified)) << 32 | UInt64(UInt32(bitPattern: package)))
        }
    }

    private final class DeviceEntry {
        let reading: PoVDeviceEvaluator.DeviceReading
        /// By configuration index.
        var decisions: [Decision?] = []
        init(_ reading: PoVDeviceEvaluator.DeviceReading) { self.reading = reading }
    }

    /// A requirement's attribute column and its verdict per attribute value id (0 unknown, 1 holds, 2 fails).
    private final class RequirementVerdicts {
        let column: Int?
        var verdicts: [UInt8] = []
        init(column: Int?) { self.column = column }
    }

    /// A selection's candidates by the values of the attributes its configurations are filed under: by the
    /// value's id when there is one such attribute (the usual case), else by the row of ids.
    private final class SelectionCandidates {
        let selection: ObjectIdentifier
        let columns: [Int?]
        var byValue: [[Int]?] = []
        var byValues: [[Int32]: [Int]] = [:]
        init(selection: ObjectIdentifier, columns: [Int?]) {
            self.selection = selection
            self.columns = columns
        }
    }

    init(context: EvaluationContext, remembers: Bool = true) {
        self.context = context
        self.remembers = remembers
    }

    /// Starts a profile: forgets everything when it comes from another store than the last one.
    func begin(_ profile: Profile) {
        guard remembers else { return }
        let id = profile.storeID
        guard id != store else { return }
        store = id
        platforms = []
        devices = [:]
        current = nil
        requirements = []
        selections = []
        lastNotifiedColumn = profile.attributeColumn(PrinceOfVersionsDocument.lastNotifiedColumn)
    }

    func platform(_ profile: Profile, _ make: () -> PoVPlatformEntry) -> PoVPlatformEntry {
        guard remembers else { return make() }
        let platform = Int(profile.fieldID(ProfileStore.platformColumn))
        if platform < platforms.count, let known = platforms[platform] { return known }
        let made = make()
        if platform >= platforms.count { platforms += Array(repeating: nil, count: platform + 1 - platforms.count) }
        platforms[platform] = made
        return made
    }

    func device(_ profile: Profile, _ make: () -> PoVDeviceEvaluator.DeviceReading) -> PoVDeviceEvaluator.DeviceReading {
        guard remembers else { return make() }
        let key = DeviceKey(platform: profile.fieldID(ProfileStore.platformColumn), app: profile.fieldID(ProfileStore.appVersionColumn),
                            build: profile.fieldID(ProfileStore.appBuildColumn), os: profile.fieldID(ProfileStore.osVersionColumn),
                            api: profile.fieldID(ProfileStore.apiLevelColumn), package: profile.fieldID(ProfileStore.packageColumn),
                            lastNotified: lastNotifiedColumn.map { profile.fieldID($0) } ?? 0)
        let entry: DeviceEntry
        if let known = devices[key] {
            entry = known
        } else {
            entry = DeviceEntry(make())
            devices[key] = entry
        }
        current = (profile.row, entry)
        return entry.reading
    }

    /// Whether requirement `requirement` (attribute `name`) of configuration `configuration` holds, `check`ed
    /// once per attribute value.
    func holds(_ profile: Profile, configuration: Int, requirement: Int, name: String, _ check: () -> Bool) -> Bool {
        guard remembers else { return check() }
        let platform = Int(profile.fieldID(ProfileStore.platformColumn))
        if platform >= requirements.count { requirements += Array(repeating: [], count: platform + 1 - requirements.count) }
        if configuration >= requirements[platform].count {
            requirements[platform] += Array(repeating: [], count: configuration + 1 - requirements[platform].count)
        }
        if requirement >= requirements[platform][configuration].count {
            requirements[platform][configuration] += Array(repeating: nil, count: requirement + 1 - requirements[platform][configuration].count)
        }
        let memo: RequirementVerdicts
        if let known = requirements[platform][configuration][requirement] {
            memo = known
        } else {
            memo = RequirementVerdicts(column: profile.attributeColumn(name))
            requirements[platform][configuration][requirement] = memo
        }
        let value = memo.column.map { Int(profile.fieldID($0)) } ?? 0
        if value < memo.verdicts.count, memo.verdicts[value] != 0 { return memo.verdicts[value] == 1 }
        let verdict = check()
        if value >= memo.verdicts.count { memo.verdicts += Array(repeating: 0, count: value + 1 - memo.verdicts.count) }
        memo.verdicts[value] = verdict ? 1 : 2
        return verdict
    }

    /// The configurations of `selection` that may hold for this device: they depend only on the values of
    /// the attributes they are filed under.
    func candidates(_ profile: Profile, selection: PoVSelection, _ make: () -> [Int]) -> [Int] {
        guard remembers else { return make() }
        let id = ObjectIdentifier(selection)
        let memo: SelectionCandidates
        if let known = selections.first(where: { $0.selection == id }) {
            memo = known
        } else {
            memo = SelectionCandidates(selection: id, columns: selection.filedKeys.map { profile.attributeColumn($0) })
            selections.append(memo)
        }
        if memo.columns.count == 1 {
            let value = memo.columns[0].map { Int(profile.fieldID($0)) } ?? 0
            if value < memo.byValue.count, let known = memo.byValue[value] { return known }
            let made = make()
            if value >= memo.byValue.count { memo.byValue += Array(repeating: nil, count: value + 1 - memo.byValue.count) }
            memo.byValue[value] = made
            return made
        }
        let values = memo.columns.map { $0.map { profile.fieldID($0) } ?? 0 }
        if let known = memo.byValues[values] { return known }
        let made = make()
        memo.byValues[values] = made
        return made
    }

    /// The decision configuration `configuration` gives this device: it depends on the device's versions,
    /// platform, OS, package (installability) and the version last notified — the key of the device entry
    /// `device` found for this profile.
    func decision(_ profile: Profile, configuration: Int, _ make: () -> Decision) -> Decision {
        guard remembers, let (row, entry) = current, row == profile.row else { return make() }
        if configuration < entry.decisions.count, let known = entry.decisions[configuration] { return known }
        let made = make()
        if configuration >= entry.decisions.count {
            entry.decisions += Array(repeating: nil, count: configuration + 1 - entry.decisions.count)
        }
        entry.decisions[configuration] = made
        return made
    }
}

/// A PrinceOfVersions document's evaluator for one worker, with its `PoVMemo`.
final class PoVProfileEvaluator: ProfileEvaluator {
    private let document: PrinceOfVersionsDocument
    private let memo: PoVMemo

    init(_ document: PrinceOfVersionsDocument, context: EvaluationContext) {
        self.document = document
        memo = PoVMemo(context: context)
    }

    func evaluate(_ profile: Profile) -> Decision {
        memo.begin(profile)
        return document.evaluate(profile, memo: memo)
    }
}

/// What a document has for a platform: its view, or the decision for devices of a platform it has no key for.
enum PoVPlatformEntry {
    case view(PoVViewRef)
    case missing(Decision)
}

/// A platform's view by reference: evaluation reads a few of its fields per profile, and a copy of the
/// whole view retained and released each of them.
final class PoVViewRef: Sendable {
    let view: PoVPlatformView
    init(_ view: PoVPlatformView) { self.view = view }
}
