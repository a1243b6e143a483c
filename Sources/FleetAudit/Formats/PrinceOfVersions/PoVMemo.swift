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
    private var views: [Int32: PoVViewRef?] = [:]
    private var devices: [DeviceKey: PoVDeviceEvaluator.DeviceReading] = [:]
    private var requirements: [RequirementKey: RequirementVerdicts] = [:]
    private var decisions: [DecisionKey: Decision] = [:]
    private var lastNotifiedColumn: Int?
    private var candidateColumns: [ObjectIdentifier: [Int?]] = [:]
    private var candidates: [CandidatesKey: [Int]] = [:]

    /// The values of a selection's first two filed attributes (the rest, rarely any, in `more`).
    private struct CandidatesKey: Hashable {
        let selection: ObjectIdentifier
        let first, second: Int32
        let more: [Int32]

        func hash(into hasher: inout Hasher) {
            hasher.combine(selection)
            hasher.combine(UInt64(UInt32(bitPattern: first)) << 32 | UInt64(UInt32(bitPattern: second)))
        }
    }

    // The keys hash their ids folded into one or two words: `Hasher` then runs once or twice per lookup, not
    // once per field (equality still compares every field).
    private struct DeviceKey: Hashable {
        let platform, app, build, os, api: Int32

        var folded: UInt64 {
            (UInt64(UInt32(bitPattern: app)) << 32 | UInt64(UInt32(bitPattern: os)))
                ^ (UInt64(UInt32(bitPattern: build)) << 20) ^ (UInt64(UInt32(bitPattern: api)) << 8) ^ UInt64(UInt32(bitPattern: platform))
        }

        func hash(into hasher: inout Hasher) { hasher.combine(folded) }
    }

    private struct RequirementKey: Hashable {
        let platform, configuration, requirement: Int32

        func hash(into hasher: inout Hasher) {
            hasher.combine(UInt64(UInt32(bitPattern: configuration)) << 32 | UInt64(UInt32(bitPattern: requirement)) << 8
                           ^ UInt64(UInt32(bitPattern: platform)))
        }
    }

    private struct DecisionKey: Hashable {
        let device: DeviceKey
        let configuration, package, lastNotified: Int32

        func hash(into hasher: inout Hasher) {
            hasher.combine(device.folded)
            hasher.combine(UInt64(UInt32(bitPattern: configuration)) << 32 | UInt64(UInt32(bitPattern: lastNotified)) << 8
                           ^ UInt64(UInt32(bitPattern: package)))
        }
    }

    /// A requirement's attribute column and its verdict per attribute value id (0 unknown, 1 holds, 2 fails).
    private final class RequirementVerdicts {
        let column: Int?
        var verdicts: [UInt8] = []
        init(column: Int?) { self.column = column }
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
        views = [:]
        devices = [:]
        requirements = [:]
        decisions = [:]
        candidateColumns = [:]
        candidates = [:]
        lastNotifiedColumn = profile.attributeColumn(PrinceOfVersionsDocument.lastNotifiedColumn)
    }

    private func deviceKey(_ profile: Profile) -> DeviceKey {
        DeviceKey(platform: profile.fieldID(ProfileStore.platformColumn), app: profile.fieldID(ProfileStore.appVersionColumn),
                  build: profile.fieldID(ProfileStore.appBuildColumn), os: profile.fieldID(ProfileStore.osVersionColumn),
                  api: profile.fieldID(ProfileStore.apiLevelColumn))
    }

    func view(_ profile: Profile, _ make: () -> PoVViewRef?) -> PoVViewRef? {
        guard remembers else { return make() }
        let platform = profile.fieldID(ProfileStore.platformColumn)
        if let known = views[platform] { return known }
        let made = make()
        views[platform] = made
        return made
    }

    func device(_ profile: Profile, _ make: () -> PoVDeviceEvaluator.DeviceReading) -> PoVDeviceEvaluator.DeviceReading {
        guard remembers else { return make() }
        let key = deviceKey(profile)
        if let known = devices[key] { return known }
        let made = make()
        devices[key] = made
        return made
    }

    /// Whether requirement `requirement` (attribute `name`) of configuration `configuration` holds, `check`ed
    /// once per attribute value.
    func holds(_ profile: Profile, configuration: Int, requirement: Int, name: String, _ check: () -> Bool) -> Bool {
        guard remembers else { return check() }
        let key = RequirementKey(platform: profile.fieldID(ProfileStore.platformColumn), configuration: Int32(configuration),
                                 requirement: Int32(requirement))
        let memo: RequirementVerdicts
        if let known = requirements[key] {
            memo = known
        } else {
            memo = RequirementVerdicts(column: profile.attributeColumn(name))
            requirements[key] = memo
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
        let columns: [Int?]
        if let known = candidateColumns[id] {
            columns = known
        } else {
            columns = selection.filedKeys.map { profile.attributeColumn($0) }
            candidateColumns[id] = columns
        }
        func value(_ k: Int) -> Int32 { k < columns.count ? columns[k].map { profile.fieldID($0) } ?? 0 : 0 }
        let key = CandidatesKey(selection: id, first: value(0), second: value(1),
                                more: columns.count > 2 ? (2..<columns.count).map(value) : [])
        if let known = candidates[key] { return known }
        let made = make()
        candidates[key] = made
        return made
    }

    /// The decision configuration `configuration` gives this device: it depends on the device's versions,
    /// platform, OS, package (installability) and the version last notified, all in the key.
    func decision(_ profile: Profile, configuration: Int, _ make: () -> Decision) -> Decision {
        guard remembers else { return make() }
        let key = DecisionKey(device: deviceKey(profile), configuration: Int32(configuration),
                              package: profile.fieldID(ProfileStore.packageColumn),
                              lastNotified: lastNotifiedColumn.map { profile.fieldID($0) } ?? 0)
        if let known = decisions[key] { return known }
        let made = make()
        decisions[key] = made
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

/// A platform's view by reference: evaluation reads a few of its fields per profile, and a copy of the
/// whole view retained and released each of them.
final class PoVViewRef: Sendable {
    let view: PoVPlatformView
    init(_ view: PoVPlatformView) { self.view = view }
}
