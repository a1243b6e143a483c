/// A `ProfileStore`'s rows found by their ids: the profile a row of ids stands for, added when new. The keys
/// are the store's own rows — nothing is stored twice — so a profile found this way costs its row (4 bytes a
/// field) and about 12 bytes of slots, against a raw key table's copy of the row's text (about 100 bytes a
/// profile with its entry and slots). Ingest finds profiles here once its raw key table is full
/// (`RowCounter`), and merges the profiles of the parts read in parallel here.
package final class ProfileRowSet {
    let store: ProfileStore
    // 0 = empty, else (hash high 32 bits << 32) | (row + 1). A row's home slot is taken from those same high
    // bits, so growing moves slots without reading the rows again (rehashing from the rows was a tenth of a
    // run on a million distinct profiles: each one a cache miss).
    private var slots: UnsafeMutablePointer<UInt64>
    private var mask: Int
    private var count = 0

    package init(_ store: ProfileStore) {
        self.store = store
        mask = (1 << 12) - 1
        slots = .allocate(capacity: mask + 1)
        slots.initialize(repeating: 0, count: mask + 1)
        for row in 0..<store.count { insert(row) }
    }

    deinit { slots.deallocate() }

    /// The row with these ids (`store.width` of them), appended to the store when it has none; and whether it is new.
    package func row(of ids: UnsafePointer<Int32>) -> (row: Int, isNew: Bool) {
        row(of: ids, hash: Self.hash(ids, store.width))
    }

    /// The rows of `count` keys of ids back to back at `keys` (a projection's batch), added when new. Every
    /// key's home slot is loaded, then the row it points to, then the keys are looked up in order, so the
    /// loads of the batch overlap instead of each lookup waiting for two in turn (as `RowCounter` does rows).
    package func rows(
        of keys: UnsafePointer<Int32>, count: Int, into rows: UnsafeMutablePointer<Int32>,
        isNew: UnsafeMutablePointer<Bool>
    ) {
        let width = store.width
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { hashes in
            sink ^= load(keys, count: count, hashes: hashes.baseAddress!)
            for k in 0..<count {
                let (row, new) = row(of: keys + k * width, hash: hashes[k])
                rows[k] = Int32(row)
                isNew[k] = new
            }
        }
    }

    /// Keeps the loads of `load` from being optimized away.
    private var sink: UInt64 = 0

    /// The rows of `count` keys back to back at `keys`, or -1 for a key the set does not have; nothing is
    /// added, so several threads may look up at once while no one adds (the merge of parts). The loads are
    /// batched as in `rows(of:count:into:isNew:)`; `sink` (the caller's own) keeps them from being dropped.
    package func existingRows(
        of keys: UnsafePointer<Int32>, count: Int, into rows: UnsafeMutablePointer<Int32>,
        sink: inout UInt64
    ) {
        let width = store.width
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { hashes in
            sink ^= load(keys, count: count, hashes: hashes.baseAddress!)
            for k in 0..<count { rows[k] = Int32(probe(keys + k * width, hash: hashes[k]).row ?? -1) }
        }
    }

    /// Hashes a batch of keys into `hashes` and loads each one's home slot, then the row that slot points to,
    /// so that the lookups after it find both in cache; returns what it loaded (for a sink).
    @inline(__always)
    private func load(_ keys: UnsafePointer<Int32>, count: Int, hashes: UnsafeMutablePointer<UInt64>) -> UInt64 {
        let width = store.width
        for k in 0..<count { hashes[k] = Self.hash(keys + k * width, width) }
        var touched: UInt64 = 0
        for k in 0..<count { touched &+= slots[Self.home(hashes[k], mask)] }
        for k in 0..<count {
            let slot = slots[Self.home(hashes[k], mask)]
            if slot != 0 {
                touched &+= UInt64(truncatingIfNeeded: store.withRow(Int(slot & 0xFFFF_FFFF) - 1) { $0[0] })
            }
        }
        return touched
    }

    /// The row with these ids, or the empty slot where it would go.
    @inline(__always)
    private func probe(_ ids: UnsafePointer<Int32>, hash: UInt64) -> (row: Int?, empty: Int) {
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var i = Self.home(hash, mask)
        while true {
            let slot = slots[i]
            if slot == 0 { return (nil, i) }
            if slot & 0xFFFF_FFFF_0000_0000 == tag {
                let row = Int(slot & 0xFFFF_FFFF) - 1
                if store.row(row, equals: ids) { return (row, i) }
            }
            i = (i + 1) & mask
        }
    }

    @inline(__always)
    private func row(of ids: UnsafePointer<Int32>, hash: UInt64) -> (row: Int, isNew: Bool) {
        let (found, i) = probe(ids, hash: hash)
        if let found { return (found, false) }
        let row = store.append(ids: ids)
        slots[i] = (hash & 0xFFFF_FFFF_0000_0000) | UInt64(row + 1)
        count += 1
        if count * 4 > (mask + 1) * 3 { grow() }
        return (row, true)
    }

    /// Makes room for `rows` rows in all, so that adding them does not grow the slots step by step (each
    /// step held the old slots and the new at once).
    package func reserve(_ rows: Int) {
        while rows * 4 > (mask + 1) * 3 { grow() }
    }

    private func insert(_ row: Int) {
        let hash = store.withRow(row) { Self.hash($0, store.width) }
        var i = Self.home(hash, mask)
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = (hash & 0xFFFF_FFFF_0000_0000) | UInt64(row + 1)
        count += 1
        if count * 4 > (mask + 1) * 3 { grow() }
    }

    /// Doubles the slots.
    private func grow() {
        let old = slots
        let oldSize = mask + 1
        mask = oldSize * 2 - 1
        slots = .allocate(capacity: mask + 1)
        slots.initialize(repeating: 0, count: mask + 1)
        count = 0
        for k in 0..<oldSize where old[k] != 0 {
            var i = Self.home(old[k], mask)
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = old[k]
            count += 1
        }
        old.deallocate()
    }

    @inline(__always)
    private static func home(_ hashOrSlot: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: hashOrSlot >> 32) & mask
    }

    @inline(__always)
    private static func hash(_ ids: UnsafePointer<Int32>, _ width: Int) -> UInt64 {
        ProfileKeyTable.hash(
            UnsafeBufferPointer(start: UnsafeRawPointer(ids).assumingMemoryBound(to: UInt8.self), count: width * 4))
    }
}
