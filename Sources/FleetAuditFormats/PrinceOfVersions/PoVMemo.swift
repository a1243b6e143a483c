/// What a PrinceOfVersions evaluator works out from a device's value numbers (`Device.valueNumber`), kept between the profiles
/// one worker evaluates (`ProfileEvaluator`): how the client reads the device's versions, each requirement's
/// verdict for each attribute value, and the decision a chosen configuration gives a device with those
/// versions. Each is what `PoVDeviceEvaluator` would compute again for the next profile with the same
/// values, so decisions are the same as without it; on a fleet whose devices do not repeat, hundreds of
/// thousands of profiles share a few hundred versions and regions, and that repeated work (version texts
/// parsed, requirements compared and decisions built per profile) was most of the evaluation.
///
/// Numbers compare only within one scope (`Device.valueNumbers`): the memo starts over when it changes.
final class PoVMemo {
    let context: EvaluationContext
    /// False when one profile is evaluated on its own (`explain`): then nothing is kept.
    private let remembers: Bool
    private var scope: ValueNumberScope?
    /// By platform number.
    private var platforms: [PoVPlatformEntry?] = []
    /// The last device's key and entry: its reading and the decisions each chosen configuration gives it. One,
    /// not one per device: the engine visits the profiles that share a device's fields one after the other, and
    /// a memo per device and per config grew with the number of configs (a thousand configs: 1.9 GB).
    private var last: (key: DeviceKey, entry: DeviceEntry)?
    /// The entry `device` found for the device being evaluated (`begin` clears it): `decision` reads it.
    private var current: DeviceEntry?
    /// How the client reads the device at hand, shared by the worker's PrinceOfVersions evaluators.
    private let readings: PoVDeviceReadings
    /// By platform number, configuration, requirement.
    private var requirements: [[[RequirementVerdicts?]]] = []
    /// The fields of the device key, made ready to number in this scope.
    private var keyFields: [NumberedField] = []
    /// One per selection seen (a document has one per platform view).
    private var selections: [SelectionCandidates] = []
    /// The decisions equal views of the worker's documents give the profile at hand (nil when nothing is kept),
    /// and the number there of each of this document's views.
    private let shared: SharedDecisions<PoVViewKey>?
    private var viewSlots: [(view: ObjectIdentifier, slot: Int)] = []

    // The key hashes its numbers folded into two words: `Hasher` then runs twice per lookup, not once per field
    // (equality still compares every field). It holds every field a decision reads: platform, versions,
    // OS, package (installability) and the version last notified.
    private struct DeviceKey: Hashable {
        let platform, app, build, os, api, package, lastNotified: Int32

        func hash(into hasher: inout Hasher) {
            hasher.combine(
                (UInt64(UInt32(bitPattern: app)) << 32 | UInt64(UInt32(bitPattern: os)))
                    ^ (UInt64(UInt32(bitPattern: build)) << 20) ^ (UInt64(UInt32(bitPattern: api)) << 8)
                    ^ UInt64(UInt32(bitPattern: platform)))
            hasher.combine(UInt64(UInt32(bitPattern: lastNotified)) << 32 | UInt64(UInt32(bitPattern: package)))
        }
    }

    /// Reused from device to device (`device` starts it over in place): with a thousand documents a new entry
    /// per profile and document was a tenth of their evaluation.
    private final class DeviceEntry {
        private(set) var reading: PoVDeviceEvaluator.DeviceReading
        /// By configuration index.
        var decisions: [Decision?] = []
        init(_ reading: PoVDeviceEvaluator.DeviceReading) { self.reading = reading }

        func restart(_ reading: PoVDeviceEvaluator.DeviceReading) {
            self.reading = reading
            for k in decisions.indices { decisions[k] = nil }
        }
    }

    /// A requirement's attribute and its verdict per value number (0 unknown, 1 holds, 2 fails).
    private final class RequirementVerdicts {
        let field: NumberedField
        var verdicts: [UInt8] = []
        init(field: NumberedField) { self.field = field }
    }

    /// A selection's candidates by the values of the attributes its configurations are filed under: by the
    /// value's number when there is one such attribute (the usual case), else by the numbers of all.
    private final class SelectionCandidates {
        let selection: ObjectIdentifier
        let fields: [NumberedField]
        var byValue: [[Int]?] = []
        var byValues: [[Int]: [Int]] = [:]
        init(selection: ObjectIdentifier, fields: [NumberedField]) {
            self.selection = selection
            self.fields = fields
        }
    }

    init(context: EvaluationContext, remembers: Bool = true) {
        self.context = context
        self.remembers = remembers
        readings = context.worker?.kept(PoVDeviceReadings.self, PoVDeviceReadings.init) ?? PoVDeviceReadings()
        shared = context.worker.flatMap { worker in
            remembers ? worker.kept(SharedDecisions<PoVViewKey>.self) { SharedDecisions(worker) } : nil
        }
    }

    /// The decision of view `ref` for the profile at hand, made once for every equal view of the worker's
    /// documents (a device's decision reads only the view, the device and the context, which a worker's
    /// evaluators share).
    func viewDecision(_ ref: PoVViewRef, _ make: () -> Decision) -> Decision {
        guard let shared, let worker = context.worker else { return make() }
        let id = ObjectIdentifier(ref)
        let slot: Int
        if let known = viewSlots.first(where: { $0.view == id }) {
            slot = known.slot
        } else {
            slot = shared.slot(PoVViewKey(view: ref.view))
            viewSlots.append((id, slot))
        }
        return shared.decision(slot: slot, visit: worker.profileVisit, make)
    }

    /// Starts a device: forgets the last device's entry, and everything when its value numbers are of another scope than the last one's.
    func begin(_ profile: any Device) {
        guard remembers else { return }
        current = nil
        let scope = profile.valueNumbers
        guard scope != self.scope else { return }
        self.scope = scope
        platforms = []
        last = nil
        current = nil
        requirements = []
        selections = []
        let fields: [DeviceField] = [
            .platform, .appVersion, .appBuild, .osVersion, .apiLevel, .packageName,
            .attribute(PrinceOfVersionsDocument.lastNotifiedColumn),
        ]
        keyFields = fields.map { profile.numbered($0) }
    }

    func platform(_ profile: any Device, _ make: () -> PoVPlatformEntry) -> PoVPlatformEntry {
        guard remembers else { return make() }
        let platform = profile.valueNumber(keyFields[0])
        if platform < platforms.count, let known = platforms[platform] { return known }
        let made = make()
        if platform >= platforms.count { platforms += Array(repeating: nil, count: platform + 1 - platforms.count) }
        platforms[platform] = made
        return made
    }

    func device(_ profile: any Device, _ make: () -> PoVDeviceEvaluator.DeviceReading)
        -> PoVDeviceEvaluator.DeviceReading
    {
        guard remembers else { return make() }
        func number(_ k: Int) -> Int32 { Int32(truncatingIfNeeded: profile.valueNumber(keyFields[k])) }
        let key = DeviceKey(
            platform: number(0), app: number(1), build: number(2), os: number(3), api: number(4),
            package: number(5), lastNotified: number(6))
        let entry: DeviceEntry
        if let last, last.key == key {
            entry = last.entry
        } else if let last {
            entry = last.entry
            entry.restart(readings.reading(profile, make))
            self.last = (key, entry)
        } else {
            entry = DeviceEntry(readings.reading(profile, make))
            last = (key, entry)
        }
        current = entry
        return entry.reading
    }

    /// The device's releases, shared by the worker's evaluators (nil when nothing is kept, or there is no
    /// releases file).
    func releases(_ profile: any Device) -> PoVDeviceReleases? {
        guard remembers, let releases = context.releases else { return nil }
        return readings.releases(profile, releases)
    }

    /// Whether requirement `requirement` (attribute `name`) of configuration `configuration` holds, `check`ed
    /// once per attribute value.
    func holds(_ profile: any Device, configuration: Int, requirement: Int, name: String, _ check: () -> Bool) -> Bool {
        guard remembers else { return check() }
        let platform = profile.valueNumber(keyFields[0])
        if platform >= requirements.count {
            requirements += Array(repeating: [], count: platform + 1 - requirements.count)
        }
        if configuration >= requirements[platform].count {
            requirements[platform] += Array(repeating: [], count: configuration + 1 - requirements[platform].count)
        }
        if requirement >= requirements[platform][configuration].count {
            requirements[platform][configuration] += Array(
                repeating: nil, count: requirement + 1 - requirements[platform][configuration].count)
        }
        let memo: RequirementVerdicts
        if let known = requirements[platform][configuration][requirement] {
            memo = known
        } else {
            memo = RequirementVerdicts(field: profile.numbered(.attribute(name)))
            requirements[platform][configuration][requirement] = memo
        }
        let value = profile.valueNumber(memo.field)
        if value < memo.verdicts.count, memo.verdicts[value] != 0 { return memo.verdicts[value] == 1 }
        let verdict = check()
        if value >= memo.verdicts.count { memo.verdicts += Array(repeating: 0, count: value + 1 - memo.verdicts.count) }
        memo.verdicts[value] = verdict ? 1 : 2
        return verdict
    }

    /// The configurations of `selection` that may hold for this device: they depend only on the values of
    /// the attributes they are filed under.
    func candidates(_ profile: any Device, selection: PoVSelection, _ make: () -> [Int]) -> [Int] {
        guard remembers else { return make() }
        let id = ObjectIdentifier(selection)
        let memo: SelectionCandidates
        if let known = selections.first(where: { $0.selection == id }) {
            memo = known
        } else {
            memo = SelectionCandidates(
                selection: id, fields: selection.filedKeys.map { profile.numbered(.attribute($0)) })
            selections.append(memo)
        }
        if memo.fields.count == 1 {
            let value = profile.valueNumber(memo.fields[0])
            if value < memo.byValue.count, let known = memo.byValue[value] { return known }
            let made = make()
            if value >= memo.byValue.count {
                memo.byValue += Array(repeating: nil, count: value + 1 - memo.byValue.count)
            }
            memo.byValue[value] = made
            return made
        }
        let values = memo.fields.map { profile.valueNumber($0) }
        if let known = memo.byValues[values] { return known }
        let made = make()
        memo.byValues[values] = made
        return made
    }

    /// The decision configuration `configuration` gives this device: it depends on the device's versions,
    /// platform, OS, package (installability) and the version last notified — the key of the device entry
    /// `device` found for this profile.
    func decision(_ profile: any Device, configuration: Int, _ make: () -> Decision) -> Decision {
        guard remembers, let entry = current else { return make() }
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

    func evaluate(_ profile: any Device) -> Decision {
        memo.begin(profile)
        return document.evaluate(profile, memo: memo)
    }
}

/// What a document has for a platform: its view, or the decision for devices of a platform it has no key for
/// (by reference: the entry is copied out of the memo for every profile, and a decision copied by value retained
/// each of its fields).
enum PoVPlatformEntry {
    case view(PoVViewRef)
    case missing(PoVMissingPlatform)
}

/// The decision every device of a platform the document has no key for gets.
final class PoVMissingPlatform {
    let decision: Decision
    init(_ decision: Decision) { self.decision = decision }
}

/// A platform's view by reference: evaluation reads a few of its fields per profile, and a copy of the
/// whole view retained and released each of them.
final class PoVViewRef: Sendable {
    let view: PoVPlatformView
    init(_ view: PoVPlatformView) { self.view = view }
}

/// A view as a key of `SharedDecisions`: equal views (every field, and every version's text) decide every device
/// alike. The hash reads only the view's shape and versions; equality compares the rest.
struct PoVViewKey: Hashable {
    let view: PoVPlatformView

    static func == (lhs: PoVViewKey, rhs: PoVViewKey) -> Bool {
        lhs.view == rhs.view && lhs.view.versionTexts == rhs.view.versionTexts
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(view.platform)
        hasher.combine(view.v4Present)
        hasher.combine(view.v4?.count ?? -1)
        for c in view.v4 ?? [] {
            hasher.combine(c.required)
            hasher.combine(c.last)
            hasher.combine(c.requiredOS)
        }
    }
}

/// How the PrinceOfVersions client reads the device at hand (`PoVDeviceEvaluator.DeviceReading`: its versions as
/// the client parses them), the same for every document: shared by a worker's evaluators (`WorkerMemory`), which
/// decide a profile for every config before the next. The last device read is kept, known again by the value
/// numbers of every field the reading reads.
final class PoVDeviceReadings {
    private var scope: ValueNumberScope?
    /// platform, app_version, app_build, os_version, the API level, the package.
    private var fields: [NumberedField] = []
    private var key = SIMD8<Int32>()
    private var last: PoVDeviceEvaluator.DeviceReading?
    /// The last device's releases (`releases`), and the key it was made for.
    private var lastReleases: (key: SIMD8<Int32>, releases: PoVDeviceReleases)?

    /// The value numbers of what a reading and the device's releases read.
    private func key(_ device: any Device) -> SIMD8<Int32> {
        if device.valueNumbers != scope {
            scope = device.valueNumbers
            fields = [.platform, .appVersion, .appBuild, .osVersion, .apiLevel, .packageName].map {
                device.numbered($0)
            }
            last = nil
            lastReleases = nil
        }
        var key = SIMD8<Int32>()
        for (k, field) in fields.enumerated() { key[k] = Int32(truncatingIfNeeded: device.valueNumber(field)) }
        return key
    }

    func releases(_ device: any Device, _ releases: Releases) -> PoVDeviceReleases {
        let key = key(device)
        if let lastReleases, lastReleases.key == key { return lastReleases.releases }
        let made = PoVDeviceReleases(releases, device: device)
        lastReleases = (key, made)
        return made
    }

    func reading(_ device: any Device, _ make: () -> PoVDeviceEvaluator.DeviceReading)
        -> PoVDeviceEvaluator.DeviceReading
    {
        let key = key(device)
        if let last, key == self.key { return last }
        let made = make()
        (self.key, last) = (key, made)
        return made
    }
}
