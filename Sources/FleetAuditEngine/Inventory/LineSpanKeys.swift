/// A CSV row's raw key taken as its line's bytes: each run of columns a profile is made of (the first field's
/// first byte to the last field's last), joined by the delimiter, when the line was split in place.
///
/// Why: a key made field by field (each part's length, then its bytes: `RowCounter.appendKey`) costs a copy
/// per field, each of a length the branch predictor cannot guess, and most rows only look their key up. The
/// runs of the line that hold the same fields are a copy or two. It is a key because it decodes to exactly one
/// list of values: a line split in place (`CSVReader.inPlaceLine`) has only fields that are either unquoted (no
/// delimiter, no line feed; a quote inside is data) or quoted with no quote and no line feed between the quotes,
/// so reading the key field by field — a leading quote opens a quoted field, else the field ends at the next
/// delimiter — gives back the row's values. Two rows with the same key have the same values; the same values
/// written two ways (quoted and not) are two keys of one profile, whose devices are added up by profile
/// (`RowCounter.foldRawKeys`). An iOS build is kept in the key even when no config reads it: it only makes
/// more keys of the same profile.
///
/// A row not split in place (a `""`, a line break in quotes, a SQLite row) keeps the field-by-field key,
/// after `tag`, a line feed, which no line's fields hold; so the two kinds of key never meet. Classifying a new
/// key (once per key, not per row) first turns it back into the field-by-field key (`canonical`).
struct LineSpanKeys {
    /// The runs of columns the parts are (each part's column once, in column order): `runCount` of them, run `i`
    /// from column `runFirst[i]` to `runLast[i]`.
    private let runFirst: UnsafeMutablePointer<Int>, runLast: UnsafeMutablePointer<Int>
    private let runCount: Int
    /// Per part (`ProfileKeyPlan.parts` order), its column's place among the runs' columns; and the platform's.
    private let partColumns: UnsafeMutablePointer<Int>
    private let partCount: Int
    private let platformColumn: Int
    /// The part that is `app_build` when an iOS build is left out of the key (`RowCounter.appBuildPart`), else -1.
    private let appBuildPart: Int
    /// Each column's value in the key being read back: start and length.
    private let valueStart: UnsafeMutablePointer<Int>, valueLength: UnsafeMutablePointer<Int>

    static let tag = UInt8(ascii: "\n")
    private static let quote = UInt8(ascii: "\"")
    /// More runs than this (columns read and not read alternating) and keys are made field by field.
    static let maximumRuns = 4

    /// Nil when a part's column repeats or the parts' columns are more than `maximumRuns` runs.
    init?(plan: ProfileKeyPlan, appBuildPart: Int) {
        let columns = plan.parts.map(\.index)
        let sorted = columns.sorted()
        guard !sorted.isEmpty, Set(columns).count == columns.count, sorted.contains(plan.platformIndex) else {
            return nil
        }
        var runs: [(Int, Int)] = []
        for c in sorted {
            if let (first, last) = runs.last, last + 1 == c {
                runs[runs.count - 1] = (first, c)
            } else {
                runs.append((c, c))
            }
        }
        guard runs.count <= Self.maximumRuns else { return nil }
        runCount = runs.count
        runFirst = .allocate(capacity: runs.count)
        runLast = .allocate(capacity: runs.count)
        for (i, run) in runs.enumerated() { (runFirst[i], runLast[i]) = run }
        partCount = columns.count
        partColumns = .allocate(capacity: columns.count)
        for (k, column) in columns.enumerated() { partColumns[k] = sorted.firstIndex(of: column)! }
        platformColumn = sorted.firstIndex(of: plan.platformIndex)!
        self.appBuildPart = appBuildPart
        valueStart = .allocate(capacity: columns.count)
        valueLength = .allocate(capacity: columns.count)
    }

    /// Reads each column's value (`valueStart`, `valueLength`) of a key: a leading quote opens a quoted value,
    /// which ends at the next quote (then the delimiter); else the value ends at the next delimiter.
    private func readValues(_ key: UnsafeBufferPointer<UInt8>, delimiter: UInt8) {
        let n = key.count
        var i = 0
        for c in 0..<partCount {
            if i < n && key[i] == Self.quote {
                var j = i + 1
                while j < n && key[j] != Self.quote { j += 1 }
                valueStart[c] = i + 1
                valueLength[c] = j - i - 1
                i = j + 2  // the closing quote and the delimiter after it
            } else {
                var j = i
                while j < n && key[j] != delimiter { j += 1 }
                valueStart[c] = i
                valueLength[c] = j - i
                i = j + 1
            }
        }
    }

    /// Keys up to this long are read by `readValuesByMasks`.
    private static let maskedBytes = 128

    /// `readValues` for a key of at most `maskedBytes`, followed by `slack` readable bytes: where its delimiters
    /// and quotes are is worked out 8 bytes at a time into bit masks first, and each value's end is the next bit
    /// set. A byte loop per value mispredicted its end on every value; on a fleet whose keys do not repeat every
    /// new key is read back.
    private func readValuesByMasks(_ key: UnsafeBufferPointer<UInt8>, delimiter: UInt8) {
        let n = key.count
        let raw = UnsafeRawPointer(key.baseAddress!)
        let delimiters = UInt64(delimiter) &* 0x0101_0101_0101_0101
        let quotes = UInt64(Self.quote) &* 0x0101_0101_0101_0101
        var d: (UInt64, UInt64) = (0, 0)
        var q: (UInt64, UInt64) = (0, 0)
        var k = 0
        while k < n {
            // The last word may take up to 7 bytes past the key (`slack`); their bits are cleared below.
            let w = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            let dk = Self.matches(w, delimiters) << UInt64(k & 63)
            let qk = Self.matches(w, quotes) << UInt64(k & 63)
            if k < 64 {
                d.0 |= dk
                q.0 |= qk
            } else {
                d.1 |= dk
                q.1 |= qk
            }
            k += 8
        }
        let valid: (UInt64, UInt64) =
            n < 64 ? ((1 << UInt64(n)) &- 1, 0) : (~0, n - 64 >= 64 ? ~0 : (1 << UInt64(n - 64)) &- 1)
        d = (d.0 & valid.0, d.1 & valid.1)
        q = (q.0 & valid.0, q.1 & valid.1)
        @inline(__always) func next(_ mask: (UInt64, UInt64), from i: Int) -> Int {
            if i < 64 {
                let m = mask.0 & (~0 << UInt64(i))
                if m != 0 { return min(m.trailingZeroBitCount, n) }
            }
            if i < 128 {
                let m = mask.1 & (~0 << UInt64(max(i - 64, 0)))
                if m != 0 { return min(64 + m.trailingZeroBitCount, n) }
            }
            return n
        }
        var i = 0
        for c in 0..<partCount {
            if i < n && key[i] == Self.quote {
                let j = next(q, from: i + 1)
                valueStart[c] = i + 1
                valueLength[c] = j - i - 1
                i = j + 2
            } else {
                let j = next(d, from: i)
                valueStart[c] = min(i, n)
                valueLength[c] = max(j - i, 0)
                i = j + 1
            }
        }
    }

    /// The bytes of `word` equal to the byte repeated in `pattern`, as 8 bits (bit j: byte j). Exact: the
    /// high bit of each byte is cleared before adding, so no carry crosses from one byte into the next.
    @inline(__always)
    private static func matches(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
        let x = word ^ pattern
        let low7 = (x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F
        let zero = ~(low7 | x) & 0x8080_8080_8080_8080
        return ((zero >> 7) &* 0x0102_0408_1020_4080) >> 56
    }

    /// The runs of columns, each its first and last column.
    var runs: [(first: Int, last: Int)] { (0..<runCount).map { (runFirst[$0], runLast[$0]) } }

    /// Frees its memory (a struct of raw memory, so that the per-row path retains nothing; its counter frees it).
    func deallocate() {
        runFirst.deallocate()
        runLast.deallocate()
        partColumns.deallocate()
        valueStart.deallocate()
        valueLength.deallocate()
    }

    /// The most bytes `canonical` writes for a key of `n` bytes.
    func canonicalBound(_ n: Int) -> Int { n + 5 * partCount }

    /// Field `column` of a line split in place, as it is written in the line: from its opening quote, when
    /// quoted, to its closing one. A field is quoted when the byte before its value is a quote: before an
    /// unquoted field's value comes the delimiter, or the line's start.
    @inline(__always)
    private func written(
        _ column: Int, _ bases: UnsafePointer<UnsafePointer<UInt8>?>, _ lengths: UnsafePointer<Int>,
        line: UnsafePointer<UInt8>
    ) -> (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) {
        let value = bases[column].unsafelyUnwrapped
        let quoted = value > line && value[-1] == Self.quote
        return quoted ? (value - 1, value + lengths[column] + 1) : (value, value + lengths[column])
    }

    /// Bytes after a key that `canonical` may read (and ignores): its buffer keeps them past every key.
    static let slack = 8

    /// The most bytes `write` writes for a row of `count` fields: its line up to the end of its last field (a
    /// closing quote included); what lies between two runs holds at least the delimiter `write` puts there.
    @inline(__always)
    static func bound(
        _ bases: UnsafePointer<UnsafePointer<UInt8>?>, _ lengths: UnsafePointer<Int>, count: Int,
        line: UnsafePointer<UInt8>
    ) -> Int {
        bases[count &- 1].unsafelyUnwrapped + lengths[count &- 1] + 1 - line
    }

    /// Writes the row's key to `out` (room for `bound` bytes): each run as the line has it, the runs joined by
    /// the delimiter; returns the bytes written.
    @inline(__always)
    func write(
        _ bases: UnsafePointer<UnsafePointer<UInt8>?>, _ lengths: UnsafePointer<Int>, line: UnsafePointer<UInt8>,
        delimiter: UInt8, to out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var used = 0
        for i in 0..<runCount {
            if i > 0 {
                out[used] = delimiter
                used &+= 1
            }
            let start = written(runFirst[i], bases, lengths, line: line).start
            let n = written(runLast[i], bases, lengths, line: line).end - start
            copyBytes(to: out + used, from: start, count: n)
            used &+= n
        }
        return used
    }

    /// Writes the field-by-field key of the row whose key `write` made is `key` (read with `delimiter`, and
    /// followed by `slack` readable bytes) to `out`, which has `canonicalBound(key.count)` bytes of room;
    /// returns the bytes written.
    func canonical(_ key: UnsafeBufferPointer<UInt8>, delimiter: UInt8, into out: UnsafeMutablePointer<UInt8>) -> Int {
        if key.count > 0 && key.count <= Self.maskedBytes {
            readValuesByMasks(key, delimiter: delimiter)
        } else {
            readValues(key, delimiter: delimiter)
        }
        let base = key.baseAddress
        let platform = UnsafeBufferPointer(
            start: base.map { $0 + valueStart[platformColumn] }, count: valueLength[platformColumn])
        let drops = appBuildPart >= 0 && !RowCounter.isAndroid(platform) ? appBuildPart : -1
        var used = 0
        for k in 0..<partCount {
            let c = partColumns[k]
            let length = k == drops ? 0 : valueLength[c]
            used += RowCounter.putLength(length, at: out + used)
            if length > 0 { copyBytes(to: out + used, from: base.unsafelyUnwrapped + valueStart[c], count: length) }
            used += length
        }
        return used
    }
}
