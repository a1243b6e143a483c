import CPrefetch
import Dispatch

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
        if needs.packageName, let i = map.index[.packageName] {
            parts.append(Part(column: .packageName, attribute: nil, index: i))
        }
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
///
/// Two tiers: the first `rawKeyLimit` distinct keys are kept as their bytes (`keys`), so a row that repeats
/// one costs one lookup. Past that — a fleet whose devices do not repeat — a new key is not kept: its row
/// is classified by its parts (small tables of distinct cores and attribute values) into the row of ids of
/// its profile, found in the store itself (`ProfileRowSet`) and counted there. The most frequent keys come
/// early and stay in the first tier; memory then grows by a profile's row of ids (and a few bytes of slots
/// and count), not by a copy of its text: on 1M distinct profiles the raw keys were most of the peak.
///
/// Rows are looked up 16 at a time: each row's key is hashed and its slot asked for (a prefetch) as the row is
/// added, its entry `EngineTuning.entryLead` rows later; then the batch is looked up and counted in order. On a
/// large fleet the key table does not fit in the core's cache, and one row at a time each lookup waited for two
/// memory loads in turn; asked for ahead, they arrive while the next rows are read. The rows a full raw key
/// table lacks wait for `EngineTuning.missBatch` of them to be classified together, for the same reason.
final class RowCounter {
    let plan: ProfileKeyPlan
    /// Each key's payload is its profile index (≥ 0), or `-1 - problemIndex` for a key whose values cannot
    /// make a profile; its device count is the profile's.
    let keys = ProfileKeyTable()
    static let rawKeyLimit = EngineTuning.rawKeyLimit
    private let keyLimit: Int
    /// The profiles made so far, as rows of small integers (`ProfileStore`), each once (`rows`).
    let store: ProfileStore
    private let rows: ProfileRowSet
    /// Devices counted per profile outside `keys` (second-tier rows, absorbed parts).
    private var rowDevices: [Int64] = []
    private(set) var problems: [RowProblem] = []
    private var counted: InventorySummary

    /// `plan.parts` field indexes, and which part is `app_build`, as raw memory for the per-row loop.
    private let partFields: UnsafeMutableBufferPointer<Int>
    private let appBuildPart: Int
    /// Raw keys taken as the line's runs of read columns (`LineSpanKeys`) while rows are counted by raw key; nil
    /// when the parts' columns are more than `LineSpanKeys.maximumRuns` runs, or when turned off (tests: the
    /// straight path, every key made field by field). The line's delimiter, for reading a key back (one reader
    /// per counter: one delimiter).
    private let spans: LineSpanKeys?
    private var spanDelimiter: UInt8 = 0
    /// How a CSV reader takes a line straight to its raw key (`addLineKey`), when rows have no count column.
    private let lineKeys: LineKeyScan?
    /// Keys turned back into field-by-field keys for classifying (`classifiable`): the waiting misses' keys back
    /// to back (miss `i`'s from `missKeyStart[i]` to `missKeyStart[i + 1]`), then scratch for a new raw key's.
    private var canonicalBytes: UnsafeMutablePointer<UInt8>
    private var canonicalCapacity = 1 << 12
    /// The bytes `canonicalBytes` holds room for (for tests: misses with long keys do not pile up).
    var missKeyCapacity: Int { canonicalCapacity }

    // The misses: rows a full raw key table lacks, waiting to be classified by their parts together
    // (`drainMisses`). Classifying needs two loads per row from tables far larger than the cache (the profiles'
    // slots, then the profile's row); a batch of 16 rows held one or two misses, whose loads then waited in turn.
    // Waiting rows are counted before any later row is rejected, and before the tier is chosen or the counts are
    // read, so rejections stay in line order and profiles are numbered as if each row were counted as it came
    // (once the table is full, only misses make new profiles).
    private static let missBatch = EngineTuning.missBatch
    private let missKeyStart = UnsafeMutablePointer<Int>.allocate(capacity: RowCounter.missBatch + 1)
    private let missLine = UnsafeMutablePointer<Int>.allocate(capacity: RowCounter.missBatch)
    private let missDevices = UnsafeMutablePointer<Int64>.allocate(capacity: RowCounter.missBatch)  // 0: invalid count
    private var missCountText: [Int: String] = [:]
    private var missCount = 0

    // The batch: keys back to back, and per row where its key is, its hash, line and device count.
    private static let batchSize = EngineTuning.lookupBatch
    private static let entryLead = EngineTuning.entryLead
    private var keyBytes: UnsafeMutablePointer<UInt8>
    private var keyCapacity = 1 << 14
    private var keyUsed = 0
    private let batchKeyStart = UnsafeMutablePointer<Int>.allocate(capacity: RowCounter.batchSize + 1)
    private let batchHash = UnsafeMutablePointer<UInt64>.allocate(capacity: RowCounter.batchSize)
    private let batchLine = UnsafeMutablePointer<Int>.allocate(capacity: RowCounter.batchSize)
    private let batchDevices = UnsafeMutablePointer<Int64>.allocate(capacity: RowCounter.batchSize)  // 0: invalid count
    private var batchCountText: [Int: String] = [:]
    private var batchCount = 0
    /// Each batch row's profile slot (or problem) and raw-key entry (-1: a miss).
    private let batchSlot = UnsafeMutablePointer<Int32>.allocate(capacity: RowCounter.batchSize)
    private let batchEntry = UnsafeMutablePointer<Int>.allocate(capacity: RowCounter.batchSize)
    // Classifying by parts (`classifyByParts`, a batch's rows or the misses): per key its core's end and hash,
    // its slot (or problem); the keys' rows of ids back to back, and what `ProfileRowSet.rows` found.
    private static let partsCapacity = max(RowCounter.batchSize, RowCounter.missBatch)
    private let partsCoreEnd = UnsafeMutablePointer<Int>.allocate(capacity: RowCounter.partsCapacity)
    private let partsHash = UnsafeMutablePointer<UInt64>.allocate(capacity: RowCounter.partsCapacity)
    private let partsSlot = UnsafeMutablePointer<Int32>.allocate(capacity: RowCounter.partsCapacity)
    private let partsIDs: UnsafeMutablePointer<Int32>
    private let partsFound = UnsafeMutablePointer<Int32>.allocate(capacity: RowCounter.partsCapacity)
    private let partsIsNew = UnsafeMutablePointer<Bool>.allocate(capacity: RowCounter.partsCapacity)

    /// - Parameters:
    ///   - window: rows over which the counter chooses its tier (`tierWindow`).
    ///   - keyLimit: distinct raw keys kept (`rawKeyLimit`; tests fill the table with fewer).
    ///   - lineSpans: whether a CSV line's runs of read columns may be its raw key (`LineSpanKeys`).
    ///   - linesToKeys: whether the reader may write such a key straight from the line (`LineKeyScan`; tests
    ///     compare with the rows' fields made first).
    init(
        plan: ProfileKeyPlan, summary: InventorySummary, window: Int = RowCounter.tierWindow,
        keyLimit: Int = RowCounter.rawKeyLimit, lineSpans: Bool = true, linesToKeys: Bool = true
    ) {
        self.plan = plan
        self.window = window
        self.keyLimit = keyLimit
        store = ProfileStore(attributeNames: plan.parts.compactMap(\.attribute))
        rows = ProfileRowSet(store)
        self.counted = summary
        keyBytes = .allocate(capacity: keyCapacity)
        partFields = .allocate(capacity: plan.parts.count)
        for (k, part) in plan.parts.enumerated() { partFields[k] = part.index }
        appBuildPart = plan.needs.appBuildOffAndroid ? -1 : (plan.parts.firstIndex { $0.column == .appBuild } ?? -1)
        spans = lineSpans ? LineSpanKeys(plan: plan, appBuildPart: appBuildPart) : nil
        // A count column is parsed from the row's fields: grouped exports keep `add`.
        lineKeys =
            linesToKeys && plan.countIndex == nil
            ? spans.map { LineKeyScan(runs: $0.runs, fieldCount: plan.headerCount) } : nil
        canonicalBytes = .allocate(capacity: canonicalCapacity)
        missKeyStart[0] = 0
        attributeKeys = plan.parts.filter { $0.attribute != nil }.map { _ in ProfileKeyTable(capacity: 1 << 8) }
        corePartCount = plan.parts.prefix { $0.column != nil }.count
        row = [Int32](repeating: 0, count: store.width)
        partsIDs = .allocate(capacity: Self.partsCapacity * store.width)
    }

    deinit {
        keyBytes.deallocate()
        partFields.deallocate()
        batchKeyStart.deallocate()
        batchHash.deallocate()
        batchLine.deallocate()
        batchDevices.deallocate()
        for slots in [batchSlot, partsSlot, partsFound] { slots.deallocate() }
        batchEntry.deallocate()
        partsCoreEnd.deallocate()
        partsHash.deallocate()
        partsIsNew.deallocate()
        partsIDs.deallocate()
        spans?.deallocate()
        lineKeys?.deallocate()
        canonicalBytes.deallocate()
        missKeyStart.deallocate()
        missLine.deallocate()
        missDevices.deallocate()
    }

    /// The accounting so far (rows still in the batch or waiting as misses are counted first).
    var summary: InventorySummary {
        flush()
        var summary = counted
        summary.endsMidRow = lastRowShort && endsWithoutLineFeed ? lastLine : nil
        return summary
    }

    /// Whether the last record read had too few or too many fields, and its line; with `endsWithoutLineFeed`
    /// (set by the loader from the CSV reader), the file ends in the middle of a row: it looks cut.
    private var lastRowShort = false, lastLine = 0
    var endsWithoutLineFeed = false

    /// Counts one record, or rejects it with its line.
    @inline(__always)
    func add(_ fields: RowFields, line: Int) {
        lastLine = line
        lastRowShort = fields.count != plan.headerCount
        guard fields.count == plan.headerCount else {
            reject(
                Rejection(
                    line: line, column: nil, reason: .fieldCount,
                    message: "expected \(plan.headerCount) fields, found \(fields.count)"))
            return
        }
        let row = batchCount
        batchKeyStart[row] = keyUsed
        if let spans, !byParts { appendRawKey(fields, spans) } else { appendKey(fields) }
        if !byParts { askAhead(row) }
        batchLine[row] = line
        if let countIndex = plan.countIndex {
            let parsed = Self.parseCount(fields.field(countIndex))
            batchDevices[row] = parsed ?? 0
            if parsed == nil { batchCountText[row] = fields.string(countIndex) }
        } else {
            batchDevices[row] = 1
        }
        endRow()
    }

    /// How the reader takes the next line straight to its raw key: nil unless rows are counted by raw key, their
    /// keys are lines' runs and they have no count column.
    var lineKeyScan: LineKeyScan? { byParts ? nil : lineKeys }

    /// Where the reader writes that key, and how many bytes it may write (a longer one takes `add`'s path,
    /// which makes room).
    var lineKeyRoom: (UnsafeMutablePointer<UInt8>, Int) {
        (keyBytes + keyUsed, keyCapacity - keyUsed - LineSpanKeys.slack)
    }

    /// Counts one row whose raw key the reader wrote at `lineKeyRoom` (`CSVReader.advance(keysFor:)`): a line
    /// with exactly the header's fields, keyed by its runs of read columns, as `add` keys it.
    @inline(__always)
    func addLineKey(length: Int, line: Int, delimiter: UInt8) {
        lastLine = line
        lastRowShort = false
        let row = batchCount
        batchKeyStart[row] = keyUsed
        keyUsed &+= length
        spanDelimiter = delimiter
        rowsKeyedByLineRuns &+= 1
        rowsTakenStraightToKeys &+= 1
        askAhead(row)
        batchLine[row] = line
        batchDevices[row] = 1
        endRow()
    }

    /// Hashes the raw key of batch row `row` (its last key) and asks for its home slot now, while the rest of
    /// the batch is read: by `countByKeys` it is in cache. Asks for the entry of the row `entryLead` rows back.
    @inline(__always)
    private func askAhead(_ row: Int) {
        let key = UnsafeBufferPointer(start: keyBytes + batchKeyStart[row], count: keyUsed - batchKeyStart[row])
        batchHash[row] = ProfileKeyTable.hash(key)
        keys.prefetchSlot(hash: batchHash[row])
        if row >= Self.entryLead { keys.prefetchEntry(hash: batchHash[row - Self.entryLead]) }
    }

    @inline(__always)
    private func endRow() {
        batchCount += 1
        // A batch of long keys (a hostile 10 MB field) is counted at once rather than piled up.
        if batchCount == Self.batchSize || keyUsed > EngineTuning.batchKeyBytes { countBatch() }
    }

    /// Rejects a row the reader could not split into fields, after the rows before it.
    func reject(_ rejection: Rejection) {
        flush()
        // A row that does not split into its fields has no readable count: its devices are unknown.
        counted.reject(plan.countIndex == nil ? rejection : rejection.withDevices(nil))
    }

    /// Counts every row added so far: the batch's, then the misses still waiting.
    func flush() {
        countBatch()
        drainMisses()
    }

    /// Looks up and counts the rows in the batch, in order (a miss waits in `missKeyStart`'s list).
    private func countBatch() {
        let n = batchCount
        guard n > 0 else { return }
        batchKeyStart[n] = keyUsed
        if byParts { countByParts(n) } else { countByKeys(n) }
        batchCount = 0
        keyUsed = 0
        if !batchCountText.isEmpty { batchCountText.removeAll() }
        windowRows += n
        if windowRows >= window { chooseTier() }
    }

    // Which tier counts rows. The raw keys pay when rows repeat; when they do not (a grouped export, where
    // almost every row is a profile of its own), each row's raw key was hashed, looked up in a table too big
    // for the core's cache, missed, and was classified by its parts anyway. So over each window of rows this
    // counts the rows whose profile was already made (found by raw key or by parts): with fewer than 1 in 8
    // the raw keys are folded into the profiles' counts and left, with a quarter or more they are taken up
    // again. Measured in the first window: a grouped export of 1M rows and a fleet of 1M devices that never
    // repeat 0.5% (later windows up to 14%); the benchmark's high- and low-cardinality fleets 55–57% (later
    // more). A window is short so that a grouped export leaves the raw keys early: classifying a new raw key
    // costs more than counting a row by parts. The tier changes nothing but speed: both give a row the same
    // profile, and rows are counted in order either way.
    static let tierWindow = EngineTuning.tierWindow
    private let window: Int
    private var windowRows = 0, windowHits = 0
    private var byParts = false
    /// Rows counted by their parts (the rest by raw key), rows whose raw key was their line's runs, and of those
    /// the rows the reader wrote straight to their keys (`addLineKey`); for tests.
    private(set) var rowsCountedByParts = 0
    private(set) var rowsKeyedByLineRuns = 0
    private(set) var rowsTakenStraightToKeys = 0

    private func chooseTier() {
        // The hits of the window's waiting misses count in it; the table may be folded next.
        drainMisses()
        if !byParts && windowHits * 8 < windowRows {
            byParts = true
            foldRawKeys()
        } else if byParts && windowHits * 4 >= windowRows {
            byParts = false
        }
        windowRows = 0
        windowHits = 0
    }

    /// The batch's rows by their parts (`classifyByParts`), then counted in order.
    private func countByParts(_ n: Int) {
        rowsCountedByParts += n
        classifyByParts(n, keys: keyBytes, starts: batchKeyStart)
        for r in 0..<n {
            count(
                slot: Int(partsSlot[r]), entry: nil, line: batchLine[r], devices: batchDevices[r],
                countText: batchCountText[r])
        }
    }

    /// Sets `partsSlot` of `m` keys (key `i` from `keys + starts[i]` to `keys + starts[i + 1]`, each
    /// classifiable) to their profile's slot (added when new) or problem: each key's profile ids (or its
    /// problem), then the profiles looked up together (`ProfileRowSet.rows`). New profiles are numbered in the
    /// keys' order.
    private func classifyByParts(_ m: Int, keys: UnsafePointer<UInt8>, starts: UnsafePointer<Int>) {
        let width = store.width
        @inline(__always) func key(_ i: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: keys + starts[i], count: starts[i + 1] - starts[i])
        }
        // The cores' lookups, then their fixed ids, each a batch of loads in flight at once: the table of cores
        // is small, but the profiles' rows push it out of the core's cache.
        for i in 0..<m {
            let key = key(i)
            partsCoreEnd[i] = coreEnd(key)
            partsHash[i] = ProfileKeyTable.hash(UnsafeBufferPointer(rebasing: key[0..<partsCoreEnd[i]]))
        }
        var touched: UInt64 = 0
        for i in 0..<m { touched &+= coreKeys.slotValue(hash: partsHash[i]) }
        for i in 0..<m { touched &+= coreKeys.entryValue(hash: partsHash[i]) }
        for i in 0..<m {
            partsSlot[i] = coreResult(UnsafeBufferPointer(rebasing: key(i)[0..<partsCoreEnd[i]]), hash: partsHash[i])
        }
        coreIDs.withUnsafeBufferPointer { ids in
            for i in 0..<m where partsSlot[i] >= 0 { touched &+= UInt64(truncatingIfNeeded: ids[Int(partsSlot[i])]) }
        }
        coreKeys.keepAlive(touched)
        var valid = 0
        for i in 0..<m {
            let problem = idsByParts(
                key(i), coreEnd: partsCoreEnd[i], coreResult: partsSlot[i], into: partsIDs + valid * width)
            partsSlot[i] = problem
            if problem >= 0 { valid += 1 }
        }
        rows.rows(of: partsIDs, count: valid, into: partsFound, isNew: partsIsNew)
        var k = 0
        for i in 0..<m where partsSlot[i] >= 0 {
            // New rows are numbered in order: each new one is the next of `rowDevices`.
            if partsIsNew[k] { rowDevices.append(0) } else { windowHits += 1 }
            partsSlot[i] = partsFound[k]
            k += 1
        }
        // Each found profile's device count is asked for now, all at once: counting the rows (next) adds to them
        // in turn, and in a table of many profiles each was otherwise a wait for memory.
        rowDevices.withUnsafeBufferPointer { counts in
            for f in 0..<valid { fleet_audit_prefetch(counts.baseAddress! + Int(partsFound[f])) }
        }
    }

    private func countByKeys(_ n: Int) {
        // Each key was hashed as its row was added; debug builds (the tests) check it is still that key's hash.
        assert(
            (0..<n).allSatisfy { batchHash[$0] == ProfileKeyTable.hash(batchKey($0)) }, "a key changed after its hash")
        // The last rows' entries (the others were asked for as rows were added), all at once before the first
        // lookup waits on one. Prefetches are hints: they change no lookup's result, only when its bytes arrive.
        for r in max(0, n - Self.entryLead)..<n { keys.prefetchEntry(hash: batchHash[r]) }
        // Once the table is full, a key it lacks is not added: its row waits with the other misses to be
        // classified by its parts (`drainMisses`).
        for r in 0..<n {
            let key = batchKey(r)
            if keys.count < keyLimit {
                let (found, isNew) = keys.entry(of: key, hash: batchHash[r])
                if isNew {
                    keys.setPayload(atEntry: found, classify(classifiable(key, at: missKeyStart[missCount])))
                } else {
                    windowHits += 1
                }
                batchEntry[r] = found
                batchSlot[r] = keys.payload(atEntry: found)
            } else if let found = keys.existingEntry(of: key, hash: batchHash[r]) {
                windowHits += 1
                batchEntry[r] = found
                batchSlot[r] = keys.payload(atEntry: found)
            } else {
                batchEntry[r] = -1
            }
        }
        for r in 0..<n {
            let entry = batchEntry[r]
            guard entry >= 0 else {
                addMiss(r)
                continue
            }
            // A rejection is recorded after the waiting misses' (the rows before it).
            if batchSlot[r] < 0 || batchDevices[r] <= 0 { drainMisses() }
            count(
                slot: Int(batchSlot[r]), entry: entry, line: batchLine[r], devices: batchDevices[r],
                countText: batchCountText[r])
        }
    }

    /// Adds batch row `r` to the waiting misses, its key made classifiable; classifies and counts them once
    /// there are `missBatch` of them, or their keys hold `batchKeyBytes` (a hostile 10 MB field).
    @inline(__always)
    private func addMiss(_ r: Int) {
        let start = missKeyStart[missCount]
        let key = classifiable(batchKey(r), at: start)
        // A key made field by field is classifiable as it is: it is copied from the batch, which is reused.
        if key.baseAddress != UnsafePointer(canonicalBytes + start) {
            let needed = start + key.count
            if needed > canonicalCapacity {
                canonicalBytes = grown(canonicalBytes, capacity: &canonicalCapacity, needed: needed, keeping: start)
            }
            if key.count > 0 { copyBytes(to: canonicalBytes + start, from: key.baseAddress!, count: key.count) }
        }
        missLine[missCount] = batchLine[r]
        missDevices[missCount] = batchDevices[r]
        if let text = batchCountText[r] { missCountText[missCount] = text }
        missCount += 1
        missKeyStart[missCount] = start + key.count
        if missCount == Self.missBatch || missKeyStart[missCount] > EngineTuning.batchKeyBytes { drainMisses() }
    }

    /// Classifies the waiting misses by their parts, together, and counts them in order.
    private func drainMisses() {
        let m = missCount
        guard m > 0 else { return }
        classifyByParts(m, keys: canonicalBytes, starts: missKeyStart)
        for i in 0..<m {
            count(
                slot: Int(partsSlot[i]), entry: nil, line: missLine[i], devices: missDevices[i],
                countText: missCountText[i])
        }
        missCount = 0
        if !missCountText.isEmpty { missCountText.removeAll() }
    }

    /// Counts a row into its profile (by its raw key's entry when it has one), or rejects it. A count's text is
    /// looked up only for a row whose count is refused.
    @inline(__always)
    private func count(slot: Int, entry: Int?, line: Int, devices: Int64, countText: @autoclosure () -> String?) {
        guard slot >= 0 else {
            let problem = problems[-1 - slot]
            counted.reject(
                Rejection(
                    line: line, column: problem.column, reason: problem.reason, message: problem.message,
                    devices: devices > 0 ? devices : nil))
            return
        }
        guard devices > 0 else {
            counted.reject(
                Rejection(
                    line: line, column: "count", reason: .invalidCount,
                    message: Self.countProblem(countText() ?? ""), devices: nil))
            return
        }
        if let entry { keys.addDevices(atEntry: entry, devices) } else { rowDevices[slot] &+= devices }
        counted.rowsRead += 1
        counted.rowsEvaluated += 1
        let (sum, overflow) = counted.devices.addingReportingOverflow(devices)
        counted.devices = overflow ? Int64.max : sum
    }

    @inline(__always)
    private func batchKey(_ r: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: keyBytes + batchKeyStart[r], count: batchKeyStart[r + 1] - batchKeyStart[r])
    }

    /// A raw key while rows are counted by raw key: a line split in place by its runs of read columns, any other row
    /// by its parts after the tag (see `LineSpanKeys`).
    @inline(__always)
    private func appendRawKey(_ fields: RowFields, _ spans: LineSpanKeys) {
        guard let line = fields.lineStart, let (bases, lengths) = fields.views else {
            if keyUsed + 1 > keyCapacity { growKeys(keyUsed + 1, keeping: keyUsed) }
            keyBytes[keyUsed] = LineSpanKeys.tag
            keyUsed += 1
            appendKey(fields)
            return
        }
        spanDelimiter = fields.lineDelimiter
        rowsKeyedByLineRuns &+= 1
        let room = keyUsed &+ LineSpanKeys.bound(bases, lengths, count: fields.count, line: line) &+ LineSpanKeys.slack
        if room > keyCapacity { growKeys(room, keeping: keyUsed) }
        keyUsed &+= spans.write(bases, lengths, line: line, delimiter: spanDelimiter, to: keyBytes + keyUsed)
    }

    /// A raw key as `classify` reads it, field by field: the key itself when counting by parts or when keys are
    /// never runs; else written to `canonicalBytes` from `at`: its runs read back, or a tagged key's bytes after
    /// the tag.
    @inline(__always)
    private func classifiable(_ key: UnsafeBufferPointer<UInt8>, at offset: Int = 0) -> UnsafeBufferPointer<UInt8> {
        guard let spans, !byParts else { return key }
        let needed = offset + spans.canonicalBound(key.count)
        if needed > canonicalCapacity {
            canonicalBytes = grown(canonicalBytes, capacity: &canonicalCapacity, needed: needed, keeping: offset)
        }
        let out = canonicalBytes + offset
        if key.first == LineSpanKeys.tag {
            if key.count > 1 { copyBytes(to: out, from: key.baseAddress! + 1, count: key.count - 1) }
            return UnsafeBufferPointer(start: out, count: key.count - 1)
        }
        return UnsafeBufferPointer(start: out, count: spans.canonical(key, delimiter: spanDelimiter, into: out))
    }

    /// Each part's bytes preceded by its length (`putLength`), so `a|bc` ≠ `ab|c`.
    @inline(__always)
    private func appendKey(_ fields: RowFields) {
        // iOS build numbers only when some config reads them (see `ProfileNeeds.appBuildOffAndroid`).
        let dropsPart = appBuildPart >= 0 && !Self.isAndroid(fields.field(plan.platformIndex)) ? appBuildPart : -1
        let partFields = self.partFields
        guard let (bases, lengths) = fields.views else {
            for k in 0..<partFields.count {
                appendPart(k == dropsPart ? UnsafeBufferPointer(start: nil, count: 0) : fields.field(partFields[k]))
            }
            return
        }
        // A CSV line split in place or a SQLite row: the fields' starts and lengths are read from the reader's
        // arrays directly, room for the whole key is made once, and the key is written through locals (kept in
        // the object, the buffer and its capacity were reloaded after every byte stored, as they might alias).
        var room = keyUsed &+ 5 &* partFields.count
        for k in 0..<partFields.count { room &+= lengths[partFields[k]] }
        if room > keyCapacity { growKeys(room, keeping: keyUsed) }
        let out = keyBytes
        var used = keyUsed
        for k in 0..<partFields.count {
            let index = partFields[k]
            let n = k == dropsPart ? 0 : lengths[index]
            used &+= Self.putLength(n, at: out + used)
            if n > 0 { copyBytes(to: out + used, from: bases[index]!, count: n) }
            used &+= n
        }
        keyUsed = used
    }

    /// Appends one part of a key (its length, then its bytes).
    @inline(__always)
    private func appendPart(_ field: UnsafeBufferPointer<UInt8>) {
        let n = field.count
        if keyUsed + n + 5 > keyCapacity { growKeys(keyUsed + n + 5, keeping: keyUsed) }
        keyUsed += Self.putLength(n, at: keyBytes + keyUsed)
        if n > 0 { copyBytes(to: keyBytes + keyUsed, from: field.baseAddress!, count: n) }
        keyUsed += n
    }

    /// Writes a part's length where its bytes are to start (one byte, or 0xFF and four bytes for 255 or more);
    /// returns the bytes written.
    @inline(__always)
    static func putLength(_ n: Int, at out: UnsafeMutablePointer<UInt8>) -> Int {
        if n < 0xFF {
            out[0] = UInt8(truncatingIfNeeded: n)
            return 1
        }
        out[0] = 0xFF
        for b in 0..<4 { out[1 + b] = UInt8(truncatingIfNeeded: n >> (8 * b)) }
        return 5
    }

    private func growKeys(_ needed: Int, keeping used: Int) {
        keyBytes = grown(keyBytes, capacity: &keyCapacity, needed: needed, keeping: used)
    }

    /// Calls `body` with each part of a key in turn (the inverse of `appendKey`); returns the bytes they took.
    @inline(__always) @discardableResult
    static func forEachPart(
        ofKey key: UnsafeBufferPointer<UInt8>, parts: Int, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void
    ) -> Int {
        var i = 0
        for k in 0..<parts {
            var n = Int(key[i])
            i += 1
            if n == 0xFF {
                n = (0..<4).reduce(0) { $0 | Int(key[i + $1]) << (8 * $1) }
                i += 4
            }
            body(k, UnsafeBufferPointer(rebasing: key[i..<(i + n)]))
            i += n
        }
        return i
    }

    // A new key by its parts. The core (platform, versions, build, package) decides whether the row makes a
    // profile at all, and repeats even when devices do not: its result — the fixed ids, or the problem — is
    // kept per distinct core; each attribute's value id per distinct bytes. So a new profile costs a few
    // byte-hash lookups and a row of ids, not a String per field, a dictionary of attributes and a
    // `ProfileFields` (which with their hashing were most of ingest on a fleet whose devices do not repeat).
    // Each part classifies its own new keys: a cache the parts shared would cost a lock and a copy of each key
    // and of its profile's texts, more than classifying the key again.
    private let coreKeys = ProfileKeyTable(capacity: 1 << 10)
    /// Each core's fixed ids, back to back; a core's payload in `coreKeys` is the start of its ids here, or
    /// its problem slot (`-1 - index`, as in `keys`).
    private var coreIDs: [Int32] = []
    // Set once in `init`, not `lazy`: a lazy property's getter ran, with a retain and a release of the array, for
    // each attribute of each new key.
    private let attributeKeys: [ProfileKeyTable]
    private let corePartCount: Int
    /// The ids of the key being classified (`store.width` of them), reused from key to key.
    private var row: [Int32]

    private func classify(_ key: UnsafeBufferPointer<UInt8>) -> Int32 {
        let end = coreEnd(key)
        let core = UnsafeBufferPointer(rebasing: key[0..<end])
        let result = coreResult(core, hash: ProfileKeyTable.hash(core))
        let problem = row.withUnsafeMutableBufferPointer { ids in
            ids.update(repeating: 0)
            return idsByParts(key, coreEnd: end, coreResult: result, into: ids.baseAddress!)
        }
        return problem < 0 ? problem : slot(of: row)
    }

    /// Where a key's core ends: the core is the key's prefix (plan.parts lists the columns before the attributes).
    @inline(__always)
    private func coreEnd(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        Self.forEachPart(ofKey: key, parts: corePartCount) { _, _ in }
    }

    /// A core's payload in `coreKeys`, the core classified when new.
    @inline(__always)
    private func coreResult(_ core: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32 {
        let (entry, isNew) = coreKeys.entry(of: core, hash: hash)
        if isNew {
            switch buildCore(core) {
            case .success(let fields):
                coreKeys.setPayload(atEntry: entry, Int32(coreIDs.count))
                coreIDs += store.fixedIDs(fields)
            case .failure(let problem):
                coreKeys.setPayload(atEntry: entry, add(problem))
            }
        }
        return coreKeys.payload(atEntry: entry)
    }

    /// Writes the ids of a key's profile (`store.width` of them) to `out`; returns 0, or the key's problem
    /// slot (`-1 - index`) when its values make no profile.
    @inline(__always)
    private func idsByParts(
        _ key: UnsafeBufferPointer<UInt8>, coreEnd: Int, coreResult result: Int32,
        into out: UnsafeMutablePointer<Int32>
    ) -> Int32 {
        guard result >= 0 else { return result }
        coreIDs.withUnsafeBufferPointer { ids in
            for c in 0..<ProfileStore.fixedColumns { out[c] = ids[Int(result) + c] }
        }
        let attributes = UnsafeBufferPointer(rebasing: key[coreEnd...])
        Self.forEachPart(ofKey: attributes, parts: plan.parts.count - corePartCount) { k, bytes in
            let (entry, isNew) = attributeKeys[k].entry(of: bytes)
            if isNew {
                attributeKeys[k].setPayload(
                    atEntry: entry, store.attributeID(k, String(decoding: bytes, as: UTF8.self).trimmedWhitespace))
            }
            out[ProfileStore.fixedColumns + k] = attributeKeys[k].payload(atEntry: entry)
        }
        return 0
    }

    /// The profile with these ids, added when new.
    private func slot(of ids: [Int32]) -> Int32 {
        let (slot, isNew) = ids.withUnsafeBufferPointer { rows.row(of: $0.baseAddress!) }
        if isNew { rowDevices.append(0) } else { windowHits += 1 }
        return Int32(slot)
    }

    /// The fixed fields of a key's core (its first `corePartCount` parts: columns, no attributes), or why the
    /// row makes no profile.
    private func buildCore(_ core: UnsafeBufferPointer<UInt8>) -> Result<ProfileFields, RowProblem> {
        // Values by part in a plain array, searched in order: a `[InventoryColumn: String]` hashed each
        // column's raw name, which with the strings was most of the cost of a new core.
        var columns: [(InventoryColumn, String)] = []
        columns.reserveCapacity(corePartCount)
        Self.forEachPart(ofKey: core, parts: corePartCount) { k, bytes in
            if let column = plan.parts[k].column { columns.append((column, String(decoding: bytes, as: UTF8.self))) }
        }
        return ProfileBuilder.build(
            value: { column in columns.first { $0.0 == column }?.1 }, attributes: [:], needs: plan.needs)
    }

    private func add(_ problem: RowProblem) -> Int32 {
        problems.append(problem)
        return Int32(-problems.count)
    }

    /// Folds in the counts of a later part of the same inventory, whose lines start `lineOffset` later: its
    /// profiles, translated into this store's ids, found or added here with their devices. (Its keys are not
    /// merged: no row follows a merge.)
    ///
    /// A part's profiles are distinct, and translating keeps distinct profiles distinct, so each of them is
    /// either found here or new, and no two of them are found in the same row. Finding them only reads, and
    /// adding a found one's devices writes a row no other thread writes, so both run on `threads` threads, a
    /// chunk of rows at a time; the new ones (on a grouped export nearly all of them) are then appended in order.
    /// Once `last`, the profiles are only appended: no lookup follows.
    func absorb(_ other: RowCounter, lineOffset: Int, threads: Int = 1, last: Bool = false) {
        // No row follows: both parts' raw keys are folded into their counts by profile and let go before the
        // merge adds its rows (on 1M distinct profiles they were a fifth of the peak).
        foldKeys()
        other.foldKeys()
        releaseFreedMemory()
        // The later part holds the end of the file.
        (lastRowShort, lastLine, endsWithoutLineFeed) = (
            other.lastRowShort, other.lastLine + lineOffset, other.endsWithoutLineFeed
        )
        let devices = other.rowDevices
        let count = other.store.count
        let width = store.width
        let remap = store.remap(from: other.store)
        if !last { rows.reserve(store.count + count) }
        let chunk = EngineTuning.mergeChunkProfiles
        let translated = UnsafeMutablePointer<Int32>.allocate(capacity: min(chunk, max(count, 1)) * width)
        let found = UnsafeMutablePointer<Int32>.allocate(capacity: min(chunk, max(count, 1)))
        defer {
            translated.deallocate()
            found.deallocate()
        }
        let sinks = UnsafeMutablePointer<UInt64>.allocate(capacity: max(threads, 1))
        sinks.initialize(repeating: 0, count: max(threads, 1))
        defer { sinks.deallocate() }
        // Room for every profile of the part: the counts the merge's threads add to then have storage even when
        // this part made no profile (an empty array's buffer may have no address).
        rowDevices.reserveCapacity(rowDevices.count + count)
        var start = 0
        while start < count {
            let n = min(chunk, count - start)
            let base = start
            let parts = n >= 4096 ? max(threads, 1) : 1
            rowDevices.withUnsafeMutableBufferPointer { counts in
                devices.withUnsafeBufferPointer { added in
                    let shared = MergeBuffers(
                        store: store, rows: rows, source: other.store, remap: remap, translated: translated,
                        found: found, sinks: sinks, counts: counts.baseAddress!, added: added.baseAddress! + base)
                    DispatchQueue.concurrentPerform(iterations: parts) { t in
                        shared.findAndCount(from: n * t / parts, to: n * (t + 1) / parts, sourceRow: base, thread: t)
                    }
                }
            }
            for j in 0..<n where found[j] < 0 {
                if last {
                    _ = store.append(ids: translated + j * width)
                } else {
                    _ = rows.row(of: translated + j * width)
                }
                rowDevices.append(devices[base + j])
            }
            start += n
        }
        counted.absorb(other.counted, lineOffset: lineOffset)
    }

    /// Returns memory freed on the reading threads to the system: glibc keeps a thread's freed blocks in
    /// that thread's arena, where the merge (on another thread) cannot reuse them.
    private func releaseFreedMemory() {
        #if os(Linux)
            _ = glibcMallocTrim(0)
        #endif
    }

    /// Moves the devices counted by key to the profiles' counts and empties the key table.
    private func foldKeys() {
        flush()
        foldRawKeys()
    }

    private func foldRawKeys() {
        for id in 0..<keys.count {
            let slot = Int(keys.payload(id))
            if slot >= 0 { rowDevices[slot] &+= keys.devices(id) }
        }
        keys.removeAll()
    }

    func table() -> ProfileTable {
        foldKeys()
        return ProfileTable(store: store, devices: rowDevices)
    }

    /// Whether the platform field says `android` as `ProfileBuilder` reads it (any case, blanks around it),
    /// without making a String for ASCII text; other text goes through `ProfileBuilder.platform` itself, so
    /// a no-break space or an ideographic space around `android` reads the same here as there.
    @inline(__always)
    static func isAndroid(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        // The usual field, exactly seven bytes: compared in one word, each byte's 0x20 bit set (which makes an
        // ASCII capital its small letter, and nothing else one of these small letters). Seven bytes holding
        // anything but `android` in some case are not `android` by any reading: the text around it, blanks
        // included, would need more bytes.
        if field.count == 7 {
            let p = UnsafeRawPointer(field.baseAddress!)
            let word =
                UInt64(p.loadUnaligned(as: UInt32.self)) | UInt64(p.loadUnaligned(fromByteOffset: 3, as: UInt32.self))
                << 24
            return word | 0x0020_2020_2020_2020 == Self.androidWord
        }
        if field.contains(where: { $0 >= 0x80 }) {
            return ProfileBuilder.platform(String(decoding: field, as: UTF8.self)) == .android
        }
        // ASCII: `trimmedWhitespace` trims spaces and tabs, and only ASCII letters lower-case to ASCII letters.
        var lo = 0
        var hi = field.count
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

    /// `android` as the seven low bytes of a little-endian word (a literal: a computed `static let` cost a
    /// `swift_once` call per row).
    static var androidWord: UInt64 { 0x0064_696F_7264_6E61 }

    /// A positive whole number of devices, at most `InventorySummary.maxDevices`, spaces around it allowed,
    /// and written as a warehouse or pandas may write a whole number (`12.0`, `12.00`).
    static func parseCount(_ field: UnsafeBufferPointer<UInt8>) -> Int64? {
        var value: Int64 = 0
        var digits = 0
        var seenEnd = false
        var inFraction = false
        for b in field {
            if b == 0x20 || b == 0x09 {
                if digits > 0 { seenEnd = true }
                continue
            }
            guard !seenEnd else { return nil }
            if b == UInt8(ascii: ".") && digits > 0 && !inFraction {
                inFraction = true
                continue
            }
            guard b >= 0x30, b <= 0x39 else { return nil }
            if inFraction {
                guard b == 0x30 else { return nil }
                continue
            }
            guard digits < 16 else { return nil }
            value = value * 10 + Int64(b - 0x30)
            digits += 1
        }
        return digits > 0 && value > 0 && value <= InventorySummary.maxDevices ? value : nil
    }

    /// Why `parseCount` refused `text`, in words.
    static func countProblem(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), trimmed.contains(where: { $0 != "0" }) {
            return
                "count \"\(text)\" is more than the \(InventorySummary.maxDevicesText) devices FleetAudit counts exactly"
        }
        return "count \"\(text)\" is not a positive whole number"
    }
}

#if os(Linux)
    /// glibc's `malloc_trim` (malloc.h, which the Glibc module does not export).
    @_silgen_name("malloc_trim")
    private func glibcMallocTrim(_ pad: Int) -> Int32
#endif

/// What the merge's threads share: the stores, the row set and the remap, which they only read; the buffers,
/// of which each writes only its own rows and its own sink; and the profiles' device counts, of which each
/// writes only the rows it found (no two profiles of a part are found in the same row).
private final class MergeBuffers: @unchecked Sendable {
    let store: ProfileStore, rows: ProfileRowSet, source: ProfileStore, remap: StoreRemap
    let translated: UnsafeMutablePointer<Int32>
    let found: UnsafeMutablePointer<Int32>
    let sinks: UnsafeMutablePointer<UInt64>
    /// This store's devices per profile, and the chunk's devices per source profile.
    let counts: UnsafeMutablePointer<Int64>, added: UnsafePointer<Int64>

    init(
        store: ProfileStore, rows: ProfileRowSet, source: ProfileStore, remap: StoreRemap,
        translated: UnsafeMutablePointer<Int32>, found: UnsafeMutablePointer<Int32>,
        sinks: UnsafeMutablePointer<UInt64>,
        counts: UnsafeMutablePointer<Int64>, added: UnsafePointer<Int64>
    ) {
        (self.store, self.rows, self.source, self.remap) = (store, rows, source, remap)
        self.translated = translated
        self.found = found
        self.sinks = sinks
        self.counts = counts
        self.added = added
    }

    /// Translates the chunk's profiles `from..<to` (source rows `sourceRow + j`), finds each here (`found`,
    /// -1 when new) and adds a found one's devices to its row; 16 at a time, so their lookups overlap.
    func findAndCount(from: Int, to end: Int, sourceRow base: Int, thread t: Int) {
        let width = store.width
        var k = from
        while k < end {
            let batch = min(16, end - k)
            for j in k..<(k + batch) {
                store.translate(row: base + j, of: source, remap: remap, into: translated + j * width)
            }
            rows.existingRows(of: translated + k * width, count: batch, into: found + k, sink: &sinks[t])
            for j in k..<(k + batch) where found[j] >= 0 { counts[Int(found[j])] &+= added[j] }
            k += batch
        }
    }
}
