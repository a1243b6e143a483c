import CPrefetch

/// Distinct byte-string keys → dense ids 0, 1, 2…, with every key stored once, back to back, and beside each
/// key a device count and a payload (what the key stands for), which rows update in place.
///
/// Ingest looks up one key per row (the bytes of the fields a profile is made of), so this is the hottest
/// structure in a run. A `Dictionary<[UInt8], _>` cost about a microsecond per row (SipHash over the key,
/// an array per key, a reference count per lookup). Here a slot holds 32 bits of the key's hash and where the
/// key's entry is; the entry (id, length, devices, payload, bytes) is one contiguous run, so counting a row
/// touches two cache lines — the slot and the entry — which on tens of millions of rows is what the time goes
/// to (separate arrays for ids, counts and payloads were two more cache misses per row).
///
/// Entries live in chunks of 256 KB that never move: a single arena doubled by copying held the old and the
/// new copy at once, and with two parts' tables growing side by side that copy was the peak of a run's memory.
/// Memory: the keys padded to 8 bytes plus about 36 bytes per key (a 16-byte header, 4 for `entries`, a
/// slot at least half full).
package final class ProfileKeyTable {
    // 0 = empty, else (hash high 32 bits << 32) | (entry offset / 8 + 1).
    private var slots: UnsafeMutablePointer<UInt64>
    private var mask: Int
    // Entries: UInt32 length, Int32 payload, Int64 devices, key bytes padded to 8. An entry offset is a place
    // in one offset space; `chunks[offset >> chunkShift]` is where its chunk is.
    private static let header = 16
    private static let chunkShift = EngineTuning.keyTableChunkShift
    private static let chunkSize = 1 << chunkShift
    private var chunks: UnsafeMutablePointer<UnsafeMutableRawPointer>
    private var chunkCount = 0, chunkCapacity = 8
    private var allocations: [UnsafeMutableRawPointer] = []
    private var arenaUsed = 0, arenaEnd = 0
    private var entries: [UInt32] = []  // entry offset / 8 of each id
    var count: Int { entries.count }
    /// The slots keys are found by (for tests of how the table grows).
    var slotCount: Int { mask + 1 }

    @inline(__always) private func address(_ entry: Int) -> UnsafeMutableRawPointer {
        chunks[entry >> Self.chunkShift] + (entry & (Self.chunkSize - 1))
    }

    @inline(__always) private func entryOffset(_ id: Int) -> Int { Int(entries[id]) << 3 }

    package init(capacity: Int = 1 << 12) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0, count: size)
        mask = size - 1
        chunks = .allocate(capacity: chunkCapacity)
    }

    deinit {
        slots.deallocate()
        for allocation in allocations { allocation.deallocate() }
        chunks.deallocate()
    }

    /// Empties the table and gives its memory back (a part's keys once its counts are merged).
    func removeAll() {
        for allocation in allocations { allocation.deallocate() }
        allocations = []
        chunkCount = 0
        arenaUsed = 0
        arenaEnd = 0
        entries = []
        slots.deallocate()
        mask = 15
        slots = .allocate(capacity: 16)
        slots.initialize(repeating: 0, count: 16)
    }

    /// The bytes of key `id`.
    func key(_ id: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = address(entryOffset(id))
        let length = Int(entry.load(as: UInt32.self))
        return UnsafeBufferPointer(start: (entry + Self.header).assumingMemoryBound(to: UInt8.self), count: length)
    }

    /// The devices counted for key `id`.
    func devices(_ id: Int) -> Int64 { address(entryOffset(id)).load(fromByteOffset: 8, as: Int64.self) }

    /// The payload of key `id`: its id until set otherwise.
    func payload(_ id: Int) -> Int32 { address(entryOffset(id)).load(fromByteOffset: 4, as: Int32.self) }

    /// Payload of the entry at `entry` (an offset from `entry(of:)`).
    @inline(__always) func payload(atEntry entry: Int) -> Int32 {
        address(entry).load(fromByteOffset: 4, as: Int32.self)
    }

    @inline(__always) func setPayload(atEntry entry: Int, _ value: Int32) {
        address(entry).storeBytes(of: value, toByteOffset: 4, as: Int32.self)
    }

    /// Adds devices to the entry at `entry` (wrapping; callers cap totals separately).
    @inline(__always) func addDevices(atEntry entry: Int, _ n: Int64) {
        let at = address(entry)
        at.storeBytes(of: at.load(fromByteOffset: 8, as: Int64.self) &+ n, toByteOffset: 8, as: Int64.self)
    }

    /// The id of `key`, adding it when new; for a table whose payloads are left as the ids.
    package func id(of key: UnsafeBufferPointer<UInt8>) -> (id: Int, isNew: Bool) {
        let (entry, isNew) = entry(of: key)
        return (Int(payload(atEntry: entry)), isNew)
    }

    /// The entry offset of `key`, adding it (with no devices, its id as payload) when new. An offset stays valid
    /// until the next key is added.
    @inline(__always)
    func entry(of key: UnsafeBufferPointer<UInt8>) -> (entry: Int, isNew: Bool) {
        entry(of: key, hash: Self.hash(key))
    }

    /// The home slot of a hash, loaded ahead of a lookup so the lookup finds it in cache (the batched lookups
    /// of cores in `RowCounter.classifyByParts`); the value itself means nothing to the caller.
    @inline(__always) func slotValue(hash: UInt64) -> UInt64 {
        slots[Int(truncatingIfNeeded: hash) & mask]
    }

    /// The first word of the entry the home slot of a hash points to, loaded ahead like `slotValue`.
    @inline(__always) func entryValue(hash: UInt64) -> UInt64 {
        let slot = slots[Int(truncatingIfNeeded: hash) & mask]
        return slot == 0 ? 0 : address(Int(slot & 0xFFFF_FFFF - 1) << 3).load(as: UInt64.self)
    }

    /// Asks for the home slot of a hash ahead of its lookup (no wait, no fault).
    @inline(__always) func prefetchSlot(hash: UInt64) {
        fleet_audit_prefetch(slots + (Int(truncatingIfNeeded: hash) & mask))
    }

    /// Asks for the first two cache lines of the entry the home slot of a hash points to: an entry's header and
    /// a key of up to 48 bytes, which straddle two lines wherever the entry starts.
    @inline(__always) func prefetchEntry(hash: UInt64) {
        // The first slot of the probe whose 32 bits of hash match: the key's own entry, but for a collision.
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var i = Int(truncatingIfNeeded: hash) & mask
        var slot = slots[i]
        while slot != 0 && slot & 0xFFFF_FFFF_0000_0000 != tag {
            i = (i + 1) & mask
            slot = slots[i]
        }
        guard slot != 0 else { return }
        let at = address(Int(slot & 0xFFFF_FFFF - 1) << 3)
        fleet_audit_prefetch(at)
        fleet_audit_prefetch(at + 64)
    }

    /// Keeps the loads of `slotValue` and `entryValue` from being optimized away.
    @inline(__always) func keepAlive(_ value: UInt64) { sink ^= value }

    private var sink: UInt64 = 0

    @inline(__always)
    func entry(of key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (entry: Int, isNew: Bool) {
        let (found, empty) = probe(key, hash: hash)
        if let found { return (found, false) }
        let entry = append(key)
        slots[empty] = (hash & 0xFFFF_FFFF_0000_0000) | UInt64(entry >> 3 + 1)
        // At most half the slots full. Exactly half is allowed: the raw key table's limit is a power of two, and
        // its last key would otherwise double its slots, memory that no later key uses and that a row's lookup
        // then spreads over.
        if count * 2 > mask + 1 { rehash() }
        return (entry, true)
    }

    /// The entry of `key`, or the empty slot where it would go.
    @inline(__always)
    private func probe(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (entry: Int?, empty: Int) {
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[i]
            if slot == 0 { return (nil, i) }
            if slot & 0xFFFF_FFFF_0000_0000 == tag {
                let entry = Int(slot & 0xFFFF_FFFF - 1) << 3
                let at = address(entry)
                if Int(at.load(as: UInt32.self)) == key.count
                    && Self.equal(at + Self.header, key.baseAddress, key.count)
                {
                    return (entry, i)
                }
            }
            i = (i + 1) & mask
        }
    }

    /// The entry offset of `key` when the table has it; nothing is added.
    @inline(__always) func existingEntry(of key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        probe(key, hash: hash).entry
    }

    /// Compares a word at a time, the last word overlapping the one before it: keys are short, and a `memcmp`
    /// call per row, or a byte loop for the tail, cost more than comparing.
    @inline(__always)
    static func equal(_ a: UnsafeMutableRawPointer, _ b: UnsafePointer<UInt8>?, _ n: Int) -> Bool {
        guard n > 0, let b else { return true }
        let y = UnsafeRawPointer(b)
        if n < 8 { return tailWord(UnsafeRawPointer(a), n) == tailWord(y, n) }
        var i = 0
        while i + 8 < n {
            if a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                != y.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            {
                return false
            }
            i += 8
        }
        return a.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            == y.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
    }

    /// The `n` < 8 bytes at `p` as one word (two overlapping loads, no byte loop); equal bytes give equal words.
    @inline(__always)
    private static func tailWord(_ p: UnsafeRawPointer, _ n: Int) -> UInt64 {
        if n >= 4 {
            return UInt64(p.loadUnaligned(as: UInt32.self)) | UInt64(
                p.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)) << 32
        }
        if n >= 2 {
            return UInt64(p.loadUnaligned(as: UInt16.self)) | UInt64(
                p.loadUnaligned(fromByteOffset: n - 2, as: UInt16.self)) << 16
        }
        return n == 1 ? UInt64(p.load(as: UInt8.self)) : 0
    }

    private func append(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        let size = Self.header + (key.count + 7) & ~7
        if arenaUsed + size > arenaEnd { addChunks(for: size) }
        let entry = arenaUsed
        let at = address(entry)
        at.storeBytes(of: UInt32(truncatingIfNeeded: key.count), as: UInt32.self)
        at.storeBytes(of: Int32(truncatingIfNeeded: entries.count), toByteOffset: 4, as: Int32.self)
        at.storeBytes(of: Int64(0), toByteOffset: 8, as: Int64.self)
        if let base = key.baseAddress, key.count > 0 { (at + Self.header).copyMemory(from: base, byteCount: key.count) }
        arenaUsed += size
        entries.append(UInt32(truncatingIfNeeded: entry >> 3))
        return entry
    }

    /// Starts a new chunk for an entry of `size` bytes (the rest of the current one stays unused): one chunk,
    /// or for an entry longer than a chunk (a hostile 10 MB field) one allocation spanning several.
    private func addChunks(for size: Int) {
        let n = (size + Self.chunkSize - 1) >> Self.chunkShift
        if chunkCount + n > chunkCapacity {
            var bigger = chunkCapacity * 2
            while bigger < chunkCount + n { bigger *= 2 }
            let new = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: bigger)
            new.moveInitialize(from: chunks, count: chunkCount)
            chunks.deallocate()
            chunks = new
            chunkCapacity = bigger
        }
        let block = UnsafeMutableRawPointer.allocate(byteCount: n << Self.chunkShift, alignment: 8)
        allocations.append(block)
        for k in 0..<n { (chunks + chunkCount + k).initialize(to: block + (k << Self.chunkShift)) }
        chunkCount += n
        arenaUsed = arenaEnd
        arenaEnd += n << Self.chunkShift
    }

    private func rehash() {
        let size = (mask + 1) * 2
        let new = UnsafeMutablePointer<UInt64>.allocate(capacity: size)
        new.initialize(repeating: 0, count: size)
        let newMask = size - 1
        for (id, entry) in entries.enumerated() {
            let hash = Self.hash(key(id))
            var i = Int(truncatingIfNeeded: hash) & newMask
            while new[i] != 0 { i = (i + 1) & newMask }
            new[i] = (hash & 0xFFFF_FFFF_0000_0000) | UInt64(entry + 1)
        }
        slots.deallocate()
        slots = new
        mask = newMask
    }

    /// A fast 64-bit hash (folded multiplies, then a final avalanche). Collisions only cost probes, never
    /// correctness: keys are always compared in full.
    ///
    /// A key longer than 16 bytes is taken 16 bytes per step in two lanes, each word's multiply independent of
    /// the other lane's: ingest hashes every row's key as it is added, and one chain of dependent multiplies
    /// over a 60-byte key was what `perf` found each row waiting on before its slot could be asked for.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let n = key.count
        var a: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(n)
        guard let base = key.baseAddress else { return finalize(a) }
        let raw = UnsafeRawPointer(base)
        if n < 8 { return finalize((a ^ tailWord(raw, n)) &* laneA) }
        var b: UInt64 = 0x1319_8A2E_0370_7344
        var i = 0
        while i + 16 < n {
            a = fold(a ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self), laneA)
            b = fold(b ^ raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self), laneB)
            i += 16
        }
        // The last 16 bytes (or, for 8 to 16, the first and last word) overlap what came before; the length is
        // already in `a`.
        let first = n > 16 ? n - 16 : 0
        a = fold(a ^ raw.loadUnaligned(fromByteOffset: first, as: UInt64.self), laneA)
        b = fold(b ^ raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), laneB)
        return finalize(a ^ ((b << 32) | (b >> 32)))
    }

    /// The high and low halves of a full 128-bit product, folded: each input bit reaches bits on both sides
    /// (a 64-bit multiply carries only upward, so a change in a word's top bit could be undone by one in the
    /// next word; the tests found such pairs).
    @inline(__always)
    private static func fold(_ x: UInt64, _ k: UInt64) -> UInt64 {
        let (high, low) = x.multipliedFullWidth(by: k)
        return high ^ low
    }

    private static var laneA: UInt64 { 0x9E37_79B9_7F4A_7C15 }
    private static var laneB: UInt64 { 0xC2B2_AE3D_27D4_EB4F }

    @inline(__always)
    private static func finalize(_ x: UInt64) -> UInt64 {
        var h = x
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }
}
