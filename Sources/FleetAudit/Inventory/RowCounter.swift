/// Which fields make a profile key, worked out once from the header and what the configs read.
struct ProfileKeyPlan: Sendable {
    struct Part: Sendable {
        let column: InventoryColumn?
        let attribute: String?
        let index: Int
    }

    let parts: [Part]
    let countIndex: Int?
    /// Every field a profile or its count is made of.
    var fieldsRead: Set<Int> { Set(parts.map(\.index) + [countIndex, platformIndex].compactMap { $0 }) }
    let platformIndex: Int
    let headerCount: Int
    let needs: ProfileNeeds

    init(map: ColumnMap, headerCount: Int, needs: ProfileNeeds) {
        var parts: [Part] = []
        for column in [InventoryColumn.platform, .osVersion, .osAPILevel, .appVersion, .appBuild] {
            if let i = map.index[column] { parts.append(Part(column: column, attribute: nil, index: i)) }
        }
        if needs.packageName, let i = map.index[.packageName] { parts.append(Part(column: .packageName, attribute: nil, index: i)) }
        for name in needs.attributes.sorted() {
            if let i = map.attributes[name] { parts.append(Part(column: nil, attribute: name, index: i)) }
        }
        self.parts = parts
        countIndex = map.index[.count]
        platformIndex = map.index[.platform]!
        self.headerCount = headerCount
        self.needs = needs
    }
}

/// Counts one stream of rows (a whole inventory, or one part of it read by one thread) into distinct
/// profiles. Each distinct key is validated once, when first seen; later rows cost a hash lookup.
final class RowCounter {
    let plan: ProfileKeyPlan
    /// Each key's payload is its profile index (≥ 0), or `-1 - problemIndex` for a key whose values cannot
    /// make a profile; its device count is the profile's.
    let keys = ProfileKeyTable()
    private(set) var profiles: [Profile] = []
    private(set) var problems: [RowProblem] = []
    var summary: InventorySummary
    private var scratch: UnsafeMutablePointer<UInt8>
    private var scratchCapacity = 4096

    /// `plan.parts` field indexes, and which part is `app_build`, as raw memory for the per-row loop.
    private let partFields: UnsafeMutableBufferPointer<Int>
    private let appBuildPart: Int

    init(plan: ProfileKeyPlan, summary: InventorySummary) {
        self.plan = plan
        self.summary = summary
        scratch = .allocate(capacity: scratchCapacity)
        partFields = .allocate(capacity: plan.parts.count)
        for (k, part) in plan.parts.enumerated() { partFields[k] = part.index }
        appBuildPart = plan.needs.appBuildOffAndroid ? -1 : (plan.parts.firstIndex { $0.column == .appBuild } ?? -1)
    }

    deinit {
        scratch.deallocate()
        partFields.deallocate()
    }

    /// Counts one record, or rejects it with its line.
    @inline(__always)
    func add(_ fields: RowFields, line: Int) {
        guard fields.count == plan.headerCount else {
            summary.reject(Rejection(line: line, column: nil, reason: .fieldCount,
                                     message: "expected \(plan.headerCount) fields, found \(fields.count)"))
            return
        }
        let key = makeKey(fields)
        let (entry, isNew) = keys.entry(of: key)
        if isNew { keys.setPayload(atEntry: entry, classify(fields)) }
        let slot = Int(keys.payload(atEntry: entry))
        guard slot >= 0 else {
            let problem = problems[-1 - slot]
            summary.reject(Rejection(line: line, column: problem.column, reason: problem.reason, message: problem.message))
            return
        }
        var n: Int64 = 1
        if let countIndex = plan.countIndex {
            guard let parsed = Self.parseCount(fields.field(countIndex)) else {
                summary.reject(Rejection(line: line, column: "count", reason: .invalidCount,
                                         message: "count \"\(fields.string(countIndex))\" is not a positive integer"))
                return
            }
            n = parsed
        }
        keys.addDevices(atEntry: entry, n)
        summary.rowsRead += 1
        summary.rowsEvaluated += 1
        let (sum, overflow) = summary.devices.addingReportingOverflow(n)
        summary.devices = overflow ? Int64.max : sum
    }

    func reject(_ rejection: Rejection) { summary.reject(rejection) }

    /// Each part's bytes preceded by its length (one byte, or 0xFF and four bytes), so `a|bc` ≠ `ab|c`.
    @inline(__always)
    private func makeKey(_ fields: RowFields) -> UnsafeBufferPointer<UInt8> {
        // iOS build numbers only when some config reads them (see `ProfileNeeds.appBuildOffAndroid`).
        let dropsPart = appBuildPart >= 0 && !Self.isAndroid(fields.field(plan.platformIndex)) ? appBuildPart : -1
        var used = 0
        for k in 0..<partFields.count {
            let field = k == dropsPart ? UnsafeBufferPointer(start: nil, count: 0) : fields.field(partFields[k])
            let n = field.count
            if used + n + 5 > scratchCapacity { growScratch(used + n + 5) }
            if n < 0xFF {
                scratch[used] = UInt8(n)
                used += 1
            } else {
                scratch[used] = 0xFF
                for k in 0..<4 { scratch[used + 1 + k] = UInt8(truncatingIfNeeded: n >> (8 * k)) }
                used += 5
            }
            if n > 0 { (scratch + used).update(from: field.baseAddress!, count: n) }
            used += n
        }
        return UnsafeBufferPointer(start: scratch, count: used)
    }

    private func growScratch(_ needed: Int) {
        var bigger = scratchCapacity * 2
        while bigger < needed { bigger *= 2 }
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
        new.update(from: scratch, count: scratchCapacity)
        scratch.deallocate()
        scratch = new
        scratchCapacity = bigger
    }

    /// Builds the profile (or finds the problem) for a key seen for the first time.
    private func classify(_ fields: RowFields) -> Int32 {
        var attributes: [String: String] = [:]
        var values: [InventoryColumn: String] = [:]
        for part in plan.parts {
            if let column = part.column { values[column] = fields.string(part.index) }
            if let name = part.attribute { attributes[name] = fields.string(part.index).trimmedWhitespace }
        }
        switch ProfileBuilder.build(value: { values[$0] }, attributes: attributes, needs: plan.needs) {
        case .success(let profile): return add(profile)
        case .failure(let problem): return add(problem)
        }
    }

    private func add(_ profile: Profile) -> Int32 {
        profiles.append(profile)
        return Int32(profiles.count - 1)
    }

    private func add(_ problem: RowProblem) -> Int32 {
        problems.append(problem)
        return Int32(-problems.count)
    }

    /// Folds in the counts of a later part of the same inventory, whose lines start `lineOffset` later.
    func absorb(_ other: RowCounter, lineOffset: Int) {
        for otherID in 0..<other.keys.count {
            let (entry, isNew) = keys.entry(of: other.keys.key(otherID))
            let otherSlot = Int(other.keys.payload(otherID))
            if isNew {
                keys.setPayload(atEntry: entry, otherSlot >= 0 ? add(other.profiles[otherSlot]) : add(other.problems[-1 - otherSlot]))
            }
            keys.addDevices(atEntry: entry, other.keys.devices(otherID))
        }
        summary.absorb(other.summary, lineOffset: lineOffset)
    }

    func table() -> ProfileTable {
        var devices = Array(repeating: Int64(0), count: profiles.count)
        for id in 0..<keys.count {
            let slot = Int(keys.payload(id))
            if slot >= 0 { devices[slot] &+= keys.devices(id) }
        }
        return ProfileTable(profiles: profiles, devices: devices)
    }

    /// Whether the platform field says `android` (any case, spaces around it), without making a String.
    @inline(__always)
    static func isAndroid(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        var lo = 0, hi = field.count
        while lo < hi, field[lo] == 0x20 || field[lo] == 0x09 { lo += 1 }
        while hi > lo, field[hi - 1] == 0x20 || field[hi - 1] == 0x09 { hi -= 1 }
        guard hi - lo == 7 else { return false }
        var k = 0
        for c in "android".utf8 {
            if field[lo + k] | 0x20 != c { return false }
            k += 1
        }
        return true
    }

    /// A positive integer of at most 18 digits, spaces around it allowed.
    static func parseCount(_ field: UnsafeBufferPointer<UInt8>) -> Int64? {
        var value: Int64 = 0
        var digits = 0
        var seenEnd = false
        for b in field {
            if b == 0x20 || b == 0x09 {
                if digits > 0 { seenEnd = true }
                continue
            }
            guard !seenEnd, b >= 0x30, b <= 0x39, digits < 18 else { return nil }
            value = value * 10 + Int64(b - 0x30)
            digits += 1
        }
        return digits > 0 && value > 0 ? value : nil
    }
}
