/// The fields of one inventory row as bytes, reused from row to row so reading allocates nothing per row.
///
/// Raw storage rather than `[UInt8]`: ingest appends every field of every row here, and on tens of millions of
/// rows the arrays' capacity and uniqueness checks showed up in profiles; here an append is a `memcpy`.
package final class RowFields {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var used = 0
    private var fieldStarts: UnsafeMutablePointer<Int>
    private var fieldEnds: UnsafeMutablePointer<Int>
    private var fieldStart = 0
    /// Per field, bytes of its own (a SQLite column's; see `addPointerField`), else nil.
    private var fieldBases: UnsafeMutablePointer<UnsafePointer<UInt8>?>
    private var hasFieldBases = false
    private var fieldCapacity: Int
    package private(set) var count = 0
    /// Fields whose bytes are not kept (nobody reads them): `skipped[i]` for i < `skippedCount`.
    private var skipped: UnsafeMutablePointer<Bool>?
    private var skippedCount = 0

    package init() {
        capacity = 1024
        storage = .allocate(capacity: capacity)
        fieldCapacity = 64
        fieldEnds = .allocate(capacity: fieldCapacity)
        fieldStarts = .allocate(capacity: fieldCapacity)
        fieldBases = .allocate(capacity: fieldCapacity)
    }

    deinit {
        storage.deallocate()
        fieldEnds.deallocate()
        fieldStarts.deallocate()
        fieldBases.deallocate()
        skipped?.deallocate()
    }

    /// Keeps only the bytes of these fields (the others read as empty, which saves copying columns nobody
    /// reads, such as a device id); the number of fields is still counted and checked.
    package func keepOnly(_ fields: Set<Int>) {
        skipped?.deallocate()
        skippedCount = (fields.max() ?? -1) + 1
        let mask = UnsafeMutablePointer<Bool>.allocate(capacity: max(skippedCount, 1))
        for i in 0..<skippedCount { mask[i] = !fields.contains(i) }
        skipped = mask
    }

    @inline(__always) private var skipsCurrent: Bool {
        guard let skipped else { return false }
        return count >= skippedCount || skipped[count]
    }

    @inline(__always) package func reset() {
        used = 0
        count = 0
        fieldStart = 0
        hasFieldBases = false
        lineStart = nil
    }

    /// Where the row's line starts in the reader's buffer, when its fields are views of a CSV line split in
    /// place (`beginView(line:)`): a counter may then take the runs of fields it reads as the line writes them
    /// (`LineSpanKeys`). Nil for any other row.
    private(set) var lineStart: UnsafePointer<UInt8>?
    /// The delimiter of that line.
    private(set) var lineDelimiter: UInt8 = 0

    /// Adds a field that is `count` bytes at `base`, valid until the next row (no copy: a SQLite column).
    /// A row is made either only of these or of none of them.
    @inline(__always) package func addPointerField(_ base: UnsafePointer<UInt8>?, _ length: Int) {
        if count == fieldCapacity { growFields() }
        hasFieldBases = true
        fieldBases[count] = base
        fieldStarts[count] = 0
        fieldEnds[count] = base == nil ? 0 : length
        count += 1
    }

    /// Starts a row whose fields all point into a reader's buffer (valid until the next row), written through
    /// `viewSlots`; `line` is where the row's line starts when it is a CSV line whose fields are each its bytes
    /// or, quoted, the bytes between its quotes.
    @inline(__always) func beginView(line: UnsafePointer<UInt8>? = nil, delimiter: UInt8 = 0) {
        reset()
        hasFieldBases = true
        lineStart = line
        lineDelimiter = delimiter
    }

    /// Where a reader that splits a whole line in one loop writes the fields of a row started by `beginView`:
    /// field `i`'s start and length at index `i`, room for `capacity` fields (a line with more is left to a
    /// path that grows them). The reader keeps the count in a local and ends with `endView(count:)`: a method
    /// call per field stored the count and reloaded both pointers each time, as they might alias the bytes.
    @inline(__always) func viewSlots() -> (
        bases: UnsafeMutablePointer<UnsafePointer<UInt8>?>, lengths: UnsafeMutablePointer<Int>, capacity: Int
    ) {
        (fieldBases, fieldEnds, fieldCapacity)
    }

    /// Ends a row started by `beginView` whose first `count` fields were written through `viewSlots`.
    @inline(__always) func endView(count: Int) {
        precondition(count <= fieldCapacity)
        self.count = count
    }

    @inline(__always) package func append(_ field: UnsafeBufferPointer<UInt8>) {
        appendPart(field)
        endField()
    }

    @inline(__always) package func appendPart(_ part: UnsafeBufferPointer<UInt8>) {
        let n = part.count
        if n == 0 || skipsCurrent { return }
        if used + n > capacity { grow(bytes: used + n) }
        copyBytes(to: storage + used, from: part.baseAddress!, count: n)
        used += n
    }

    @inline(__always) package func appendByte(_ byte: UInt8) {
        if skipsCurrent { return }
        if used + 1 > capacity { grow(bytes: used + 1) }
        storage[used] = byte
        used += 1
    }

    @inline(__always) package func endField() {
        if count == fieldCapacity { growFields() }
        fieldStarts[count] = fieldStart
        fieldEnds[count] = used
        fieldStart = used
        count += 1
    }

    /// The bytes of field `i` (valid until the next row).
    @inline(__always) package func field(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        if hasFieldBases { return UnsafeBufferPointer(start: fieldBases[i], count: fieldEnds[i]) }
        return UnsafeBufferPointer(start: storage + fieldStarts[i], count: fieldEnds[i] - fieldStarts[i])
    }

    /// When every field of the row is a view (`beginView`, `addPointerField`): each field's start and length,
    /// field `i` at index `i`, valid until the next row; else nil (the fields are in `storage`). A loop over
    /// several fields reads these once rather than `field(_:)`'s three loads and a branch per field.
    @inline(__always) package var views: (bases: UnsafePointer<UnsafePointer<UInt8>?>, lengths: UnsafePointer<Int>)? {
        hasFieldBases ? (UnsafePointer(fieldBases), UnsafePointer(fieldEnds)) : nil
    }

    package func string(_ i: Int) -> String { String(decoding: field(i), as: UTF8.self) }

    package func strings() -> [String] { (0..<count).map(string) }

    private func grow(bytes needed: Int) {
        storage = grown(storage, capacity: &capacity, needed: needed, keeping: used)
    }

    private func growFields() {
        let biggerEnds = UnsafeMutablePointer<Int>.allocate(capacity: fieldCapacity * 2)
        biggerEnds.update(from: fieldEnds, count: count)
        fieldEnds.deallocate()
        fieldEnds = biggerEnds
        let biggerStarts = UnsafeMutablePointer<Int>.allocate(capacity: fieldCapacity * 2)
        biggerStarts.update(from: fieldStarts, count: count)
        fieldStarts.deallocate()
        fieldStarts = biggerStarts
        let biggerBases = UnsafeMutablePointer<UnsafePointer<UInt8>?>.allocate(capacity: fieldCapacity * 2)
        biggerBases.update(from: fieldBases, count: count)
        fieldBases.deallocate()
        fieldBases = biggerBases
        fieldCapacity *= 2
    }
}
