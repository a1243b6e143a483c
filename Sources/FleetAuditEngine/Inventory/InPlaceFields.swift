/// Where `CSVReader` puts the fields of a line it splits in place (one algorithm, `inPlaceLine`, for both):
/// the row's field views (`FieldViews`), or only where each field ends as written, for a line taken straight
/// to its raw key (`LineKeyScan`).
protocol InPlaceFields {
    /// Field `index`: its value is `length` bytes from buffer offset `start` (a quoted field's bytes between its
    /// quotes); as written (its closing quote included) it ends at `writtenEnd`. False when there is no room for
    /// it: the line then takes the general path.
    mutating func take(_ index: Int, start: Int, length: Int, writtenEnd: Int) -> Bool
}

/// The row's fields as views into the reader's buffer (`RowFields.viewSlots`).
struct FieldViews: InPlaceFields {
    let base: UnsafePointer<UInt8>
    let bases: UnsafeMutablePointer<UnsafePointer<UInt8>?>
    let lengths: UnsafeMutablePointer<Int>
    let capacity: Int

    @inline(__always)
    mutating func take(_ index: Int, start: Int, length: Int, writtenEnd: Int) -> Bool {
        guard index < capacity else { return false }
        bases[index] = base + start
        lengths[index] = length
        return true
    }
}

/// A CSV line taken straight to the raw key `LineSpanKeys.write` makes of it — each run of read columns as the
/// line writes it, the runs joined by the delimiter — without making the row's fields first
/// (`CSVReader.advance(keysFor:)`, `RowCounter.addLineKey`). Only a line with exactly `fieldCount` fields, split
/// in place and ended by a line feed, is taken; any other gets its fields and `RowCounter.add`.
///
/// Why: on a fleet whose rows repeat, a row costs its split, its key and a lookup; writing every field's view,
/// then reading back the four that bound the runs and checking each for a quote before it, is work the key does
/// not need. A line this path declines (a `""`, a line break in quotes, the wrong number of fields) is split
/// again by `add`'s path, which such lines took anyway.
struct LineKeyScan {
    /// The runs: run `i` is columns `runFirst[i]` through `runLast[i]`. Raw memory, so that the per-row path
    /// retains nothing (an array or a class here cost a retain and a release per row); its counter frees it.
    private let runFirst: UnsafeMutablePointer<Int>, runLast: UnsafeMutablePointer<Int>
    private let runCount: Int
    let fieldCount: Int
    /// Where each field of the line being scanned ends as written (`WrittenEnds`).
    private let ends: UnsafeMutablePointer<Int>

    init(runs: [(first: Int, last: Int)], fieldCount: Int) {
        runCount = runs.count
        runFirst = .allocate(capacity: max(runs.count, 1))
        runLast = .allocate(capacity: max(runs.count, 1))
        for (i, run) in runs.enumerated() { (runFirst[i], runLast[i]) = run }
        self.fieldCount = fieldCount
        ends = .allocate(capacity: max(fieldCount, 1))
    }

    func deallocate() {
        runFirst.deallocate()
        runLast.deallocate()
        ends.deallocate()
    }

    /// The sink for one line: room for exactly `fieldCount` fields, so a line with more takes the general path.
    var sink: WrittenEnds { WrittenEnds(ends: ends, capacity: fieldCount) }

    struct WrittenEnds: InPlaceFields {
        let ends: UnsafeMutablePointer<Int>
        let capacity: Int

        @inline(__always)
        mutating func take(_ index: Int, start: Int, length: Int, writtenEnd: Int) -> Bool {
            guard index < capacity else { return false }
            ends[index] = writtenEnd
            return true
        }
    }

    /// Writes the key of the line that starts at buffer offset `lineStart`, whose fields' ends are in the sink,
    /// to `out`; nil (nothing to use) when it needs more than `room` bytes. A field starts just after the
    /// delimiter that ends the one before it, whether or not that one was quoted.
    @inline(__always)
    func key(
        _ buffer: UnsafePointer<UInt8>, lineStart: Int, delimiter: UInt8, into out: UnsafeMutablePointer<UInt8>,
        room: Int
    ) -> Int? {
        var used = 0
        for i in 0..<runCount {
            let first = runFirst[i]
            let from = first == 0 ? lineStart : ends[first &- 1] &+ 1
            let n = ends[runLast[i]] &- from
            guard used &+ n &+ 1 <= room else { return nil }
            if i > 0 {
                out[used] = delimiter
                used &+= 1
            }
            copyBytes(to: out + used, from: buffer + from, count: n)
            used &+= n
        }
        return used
    }
}
