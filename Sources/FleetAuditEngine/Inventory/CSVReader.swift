#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A streaming RFC 4180 reader working on bytes.
///
/// Written by hand because the Swift CSV packages available here parse at about 20 MB/s, where a byte loop
/// reaches hundreds of MB/s; and because accounting needs what they do not give: the line each record starts
/// on, and recovery after an unterminated quote (the bad line is rejected and reading resumes on the next
/// line, instead of the rest of the file vanishing into one field).
///
/// Accepts `""` escapes, CR LF or LF line ends, a UTF-8 byte order mark, any one-byte delimiter. Blank lines
/// are not records. Memory is bounded by the longest record, never by the file.
package final class CSVReader: RowStepper {
    package enum Event {
        case record(line: Int, fields: RowFields)
        case malformed(line: Int, reason: RejectionReason, message: String)
    }

    private let path: String
    private let fd: Int32
    /// A pipe or standard input: read once, front to back, never seeked.
    private let isStream: Bool
    private let closesDescriptor: Bool
    /// Bytes to read instead of a file (the fuzzer's inputs), and how far they have been read.
    private let memory: [UInt8]?
    private var memoryOffset = 0
    /// A record that needs more than this many bytes is rejected and reading resumes on its next line: an
    /// unclosed quote must not pull the rest of a 10 GB file into memory.
    private let maxRecordBytes: Int
    private let delimiter: UInt8
    /// Raw memory rather than `[UInt8]`: every record's parse reached the array through a closure that retained
    /// and released its storage, two atomic operations per row. Bytes are read into the first `capacity`; a
    /// block of zeros follows (`allocateBuffer`), so the line scan reads whole blocks up to the last byte.
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var start = 0  // first unconsumed byte in buffer
    private var end = 0  // bytes valid in buffer
    private var bufferFileOffset = 0  // file offset of buffer[0]
    private var eof = false
    private var started = false
    /// Line number of the next unread byte (1-based, or relative to `startOffset` when reading a part).
    package private(set) var line = 1
    /// Where a part ends: no record starting at or after this file offset is read (see `init`).
    package var stopOffset: Int?
    /// The file offset of the first record not read because of `stopOffset`.
    package private(set) var stoppedAt: Int?
    private let fields = RowFields()
    /// Whether lines are split in place when they can be (`inPlaceLine`); tests turn it off to check that
    /// the in-place path reads every line exactly as the general path does.
    package var readsInPlace = true
    /// `readsInPlace`, unless the delimiter is a byte the in-place scan treats as a quote or line end (the
    /// command line refuses those; the general path reads them as it always has).
    private var splitsInPlace: Bool {
        readsInPlace && delimiter != Self.quote && delimiter != Self.newline && delimiter != Self.cr
    }
    package private(set) var bytesRead = 0
    /// The file as it was when opened: no byte at or after this offset is read, so rows a concurrent writer
    /// appends are outside the audit (nil for a stream or bytes in memory).
    package private(set) var snapshotSize: Int?
    /// When the reader reached `snapshotSize`: how much the file had grown past it, and the bytes of a last
    /// line the snapshot cut (a writer was mid-line when the file was opened), which are outside the
    /// snapshot rather than a malformed row.
    package private(set) var grownBytes = 0
    package private(set) var cutLineBytes = 0
    /// Whether the bytes read end with something other than a line feed (a live file's unfinished last line,
    /// left out as `cutLineBytes`, aside).
    package private(set) var endsWithoutLineFeed = false
    private var lastByte: UInt8 = 0

    private static let quote = UInt8(ascii: "\"")
    private static let newline = UInt8(ascii: "\n")
    private static let cr = UInt8(ascii: "\r")

    /// - Parameters:
    ///   - startOffset: read from this file offset, which must be a line start; lines are counted from 1 there
    ///     and a byte order mark is only looked for at offset 0.
    ///   - stopOffset: stop before the first record that starts at or after this offset. Two readers, one for
    ///     `0..<split` and one from `split`, read the file in parallel; the first reader's `stoppedAt` tells
    ///     whether `split` was a record boundary (equal) or inside a quoted field (past it).
    /// Bytes read from the file at a time (`EngineTuning.csvChunkBytes`). A longer record grows the buffer.
    package static let defaultChunkSize = EngineTuning.csvChunkBytes

    package init(
        path: String, delimiter: UInt8 = UInt8(ascii: ","), chunkSize: Int = CSVReader.defaultChunkSize,
        startOffset: Int = 0, stopOffset: Int? = nil, maxRecordBytes: Int = 64 << 20
    ) throws(InventoryError) {
        self.memory = nil
        self.maxRecordBytes = maxRecordBytes
        var isDirectory = false
        guard FileChecks.exists(path, isDirectory: &isDirectory) else { throw .fileNotFound(path) }
        if isDirectory { throw .unreadable(path, reason: "it is a directory") }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .unreadable(path, reason: String(cString: strerror(errno))) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            close(fd)
            throw .unreadable(path, reason: String(cString: strerror(errno)))
        }
        self.snapshotSize = Int(st.st_size)
        self.fd = fd
        self.isStream = false
        self.closesDescriptor = true
        self.path = path
        self.delimiter = delimiter
        self.capacity = max(chunkSize, 64)
        self.buffer = Self.allocateBuffer(capacity)
        self.stopOffset = stopOffset
        bufferFileOffset = startOffset
    }

    /// A later part of the same file, read through a duplicate of `other`'s descriptor: the file as it was
    /// opened, even if it is renamed or replaced meanwhile, up to the same snapshot size. Reads use `pread`
    /// at the reader's own offset, so the shared file position does not matter.
    package init(
        partOf other: CSVReader, chunkSize: Int = CSVReader.defaultChunkSize, startOffset: Int, stopOffset: Int?
    ) throws(InventoryError) {
        precondition(other.memory == nil && !other.isStream, "only a file is read in parts")
        let fd = dup(other.fd)
        guard fd >= 0 else { throw .unreadable(other.path, reason: String(cString: strerror(errno))) }
        self.memory = nil
        self.maxRecordBytes = other.maxRecordBytes
        self.fd = fd
        self.isStream = false
        self.closesDescriptor = true
        self.path = other.path
        self.delimiter = other.delimiter
        self.capacity = max(chunkSize, 64)
        self.buffer = Self.allocateBuffer(capacity)
        self.stopOffset = stopOffset
        self.snapshotSize = other.snapshotSize
        bufferFileOffset = startOffset
    }

    /// The offset just after the first line feed at or after `offset` within the snapshot, or nil.
    package func lineStart(atOrAfter offset: Int) throws(InventoryError) -> Int? {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var position = offset
        let limit = snapshotSize ?? Int.max
        while position < limit {
            let want = min(chunk.count, limit - position)
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, want, off_t(position)) }
            if n < 0 { throw .unreadable(path, reason: String(cString: strerror(errno))) }
            if n == 0 { return nil }
            if let i = chunk[0..<n].firstIndex(of: UInt8(ascii: "\n")) { return position + i + 1 }
            position += n
        }
        return nil
    }

    /// Reads `bytes` as if they were a file at `name`.
    package init(
        bytes: [UInt8], name: String = "(memory)", delimiter: UInt8 = UInt8(ascii: ","), chunkSize: Int = 1 << 20,
        maxRecordBytes: Int = 64 << 20
    ) {
        self.memory = bytes
        self.maxRecordBytes = maxRecordBytes
        self.fd = -1
        self.isStream = false
        self.closesDescriptor = false
        self.path = name
        self.delimiter = delimiter
        self.capacity = max(chunkSize, 64)
        self.buffer = Self.allocateBuffer(capacity)
        self.stopOffset = nil
    }

    /// Reads a stream (a pipe, standard input) whose first bytes, `prefix`, were already read to tell what it
    /// holds: nothing is read twice and nothing is seeked.
    package init(
        stream fd: Int32, name: String, prefix: [UInt8], closesDescriptor: Bool, delimiter: UInt8 = UInt8(ascii: ","),
        chunkSize: Int = CSVReader.defaultChunkSize, maxRecordBytes: Int = 64 << 20
    ) {
        self.memory = nil
        self.maxRecordBytes = maxRecordBytes
        self.fd = fd
        self.isStream = true
        self.closesDescriptor = closesDescriptor
        self.path = name
        self.delimiter = delimiter
        self.capacity = max(chunkSize, 64, prefix.count * 2)
        self.buffer = Self.allocateBuffer(capacity)
        self.stopOffset = nil
        prefix.withUnsafeBufferPointer { if let bytes = $0.baseAddress { buffer.update(from: bytes, count: $0.count) } }
        end = prefix.count
        bytesRead = prefix.count
    }

    deinit {
        if fd >= 0 && closesDescriptor { close(fd) }
        buffer.deallocate()
    }

    /// `capacity` bytes and a scan block's more, all zero.
    private static func allocateBuffer(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        let size = capacity + FieldBoundaryScanner.width
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        buffer.initialize(repeating: 0, count: size)
        return buffer
    }

    /// Keeps only these fields' bytes in each record (see `RowFields.keepOnly`).
    package func keepOnly(_ fields: Set<Int>) { self.fields.keepOnly(fields) }

    /// The file offset of the next unread byte.
    package var position: Int { bufferFileOffset + start }

    /// Total size of the file (as opened), for progress.
    package var fileSize: Int {
        if let memory { return memory.count }
        if let snapshotSize { return snapshotSize }
        var st = stat()
        return fstat(fd, &st) == 0 ? Int(st.st_size) : 0
    }

    /// Reads the next record, or nil at the end of the file.
    package func next() throws(InventoryError) -> Event? {
        try nextEvent()
    }

    /// The fields of the record `advance()` last returned (valid until the next call).
    var record: RowFields { fields }

    @inline(__always)
    func advance() throws(InventoryError) -> RowStep { try step(keys: nil, into: nil, room: 0) }

    /// `advance`, for a counter that keys rows by their lines' runs of read columns: a line it can take straight
    /// to its key (`LineKeyScan`) is written to the counter's next key and given as `.key`; any other gives the
    /// same step `advance` does.
    func advance(keysFor counter: RowCounter) throws(InventoryError) -> RowStep {
        guard splitsInPlace, let scan = counter.lineKeyScan else { return try advance() }
        let (out, room) = counter.lineKeyRoom
        return try step(keys: scan, into: out, room: room)
    }

    @inline(__always)
    private func step(keys: LineKeyScan?, into out: UnsafeMutablePointer<UInt8>?, room: Int) throws(InventoryError)
        -> RowStep
    {
        while true {
            if !started {
                started = true
                try fill()
                if bufferFileOffset == 0 && end >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
                    start = 3
                }
            }
            // Blank lines are not records.
            while true {
                if let stopOffset, bufferFileOffset + start >= stopOffset {
                    stoppedAt = bufferFileOffset + start
                    return .end
                }
                guard
                    start < end
                        && (buffer[start] == Self.newline
                            || (buffer[start] == Self.cr && start + 1 < end && buffer[start + 1] == Self.newline))
                else { break }
                start += buffer[start] == Self.cr ? 2 : 1
                line += 1
            }
            if start >= end {
                if eof { return .end }
                try fill()
                continue
            }
            if let keys, let out, let (next, length) = keyLine(keys, into: out, room: room) {
                let recordLine = line
                start = next
                line += 1
                return .key(line: recordLine, length: length, delimiter: delimiter)
            }
            switch parseRecord() {
            case .complete(let next, let newlines):
                let recordLine = line
                start = next
                line += newlines
                return .record(line: recordLine)
            case .malformedQuote(let next, let newlines):
                let recordLine = line
                start = next
                line += newlines
                return .malformed(
                    line: recordLine, reason: .malformedQuote,
                    message: "a closing quote is followed by a character other than the delimiter or a line end")
            case .needMore:
                if eof {
                    // Only an open quote can need more at the end of the file.
                    let recordLine = line
                    try resumeAfterLine(startingAt: start)
                    line = recordLine + 1
                    return .malformed(
                        line: recordLine, reason: .unterminatedQuote,
                        message: "a quoted field is never closed; reading resumes on the next line")
                }
                if end - start >= maxRecordBytes {
                    let recordLine = line
                    try resumeAfterLine(startingAt: start)
                    line = recordLine + 1
                    return .malformed(
                        line: recordLine, reason: .unterminatedQuote,
                        message:
                            "a record runs over \(maxRecordBytes) bytes (a quote never closed?); reading resumes on the next line"
                    )
                }
                try fill()
            }
        }
    }

    /// The key of the line at `start` (`LineKeyScan`) written to `out`, and where the next line starts; nil when
    /// the line is not one to take straight to its key.
    @inline(__always)
    private func keyLine(_ scan: LineKeyScan, into out: UnsafeMutablePointer<UInt8>, room: Int) -> (
        next: Int, length: Int
    )? {
        var ends = scan.sink
        guard
            let (result, count) = inPlaceLine(
                UnsafeBufferPointer(start: buffer, count: capacity), delimiter: delimiter, into: &ends),
            count == scan.fieldCount, case .complete(let next, let newlines) = result, newlines == 1,
            let length = scan.key(buffer, lineStart: start, delimiter: delimiter, into: out, room: room)
        else { return nil }
        return (next, length)
    }

    private enum ParseResult {
        case complete(next: Int, newlines: Int)
        case malformedQuote(next: Int, newlines: Int)
        case needMore
    }

    private func parseRecord() -> ParseResult {
        fields.reset()
        let buf = UnsafeBufferPointer(start: buffer, count: capacity)
        do {
            var i = start
            var newlines = 0
            let delimiter = self.delimiter
            let delimiterWord = UInt64(delimiter) &* Self.ones
            if splitsInPlace {
                fields.beginView(line: buffer + start, delimiter: delimiter)
                let (bases, lengths, capacity) = fields.viewSlots()
                var views = FieldViews(base: buffer, bases: bases, lengths: lengths, capacity: capacity)
                if let (fast, count) = inPlaceLine(buf, delimiter: delimiter, into: &views) {
                    fields.endView(count: count)
                    return fast
                }
            }
            fields.reset()  // the fast path may have viewed some fields before giving up
            while true {
                if i < end && buf[i] == Self.quote {
                    i += 1
                    var segment = i
                    while true {
                        guard i < end else { return .needMore }
                        let b = buf[i]
                        if b == Self.quote {
                            fields.appendPart(UnsafeBufferPointer(rebasing: buf[segment..<i]))
                            guard i + 1 < end || eof else { return .needMore }
                            if i + 1 < end && buf[i + 1] == Self.quote {
                                fields.appendByte(Self.quote)
                                i += 2
                                segment = i
                                continue
                            }
                            i += 1
                            break
                        }
                        if b == Self.newline { newlines += 1 }
                        i += 1
                    }
                    fields.endField()
                    // After the closing quote: delimiter, line end or end of file.
                    if i >= end { return .complete(next: i, newlines: newlines) }
                    let b = buf[i]
                    if b == delimiter {
                        i += 1
                        continue
                    }
                    if b == Self.newline { return .complete(next: i + 1, newlines: newlines + 1) }
                    if b == Self.cr {
                        if i + 1 >= end && !eof { return .needMore }
                        if i + 1 >= end { return .complete(next: i + 1, newlines: newlines) }
                        if buf[i + 1] == Self.newline { return .complete(next: i + 2, newlines: newlines + 1) }
                    }
                    // Malformed: skip to the end of this line.
                    var j = i
                    while j < end && buf[j] != Self.newline { j += 1 }
                    if j >= end && !eof { return .needMore }
                    return .malformedQuote(next: min(j + 1, end), newlines: newlines + (j < end ? 1 : 0))
                } else {
                    let fieldStart = i
                    i = Self.firstDelimiterOrNewline(
                        buf, from: i, to: end, delimiterWord: delimiterWord, delimiter: delimiter)
                    if i >= end {
                        guard eof else { return .needMore }
                        var fieldEnd = i
                        if fieldEnd > fieldStart && buf[fieldEnd - 1] == Self.cr { fieldEnd -= 1 }
                        fields.append(UnsafeBufferPointer(rebasing: buf[fieldStart..<fieldEnd]))
                        return .complete(next: i, newlines: newlines)
                    }
                    if buf[i] == delimiter {
                        fields.append(UnsafeBufferPointer(rebasing: buf[fieldStart..<i]))
                        i += 1
                        continue
                    }
                    var fieldEnd = i
                    if fieldEnd > fieldStart && buf[fieldEnd - 1] == Self.cr { fieldEnd -= 1 }
                    fields.append(UnsafeBufferPointer(rebasing: buf[fieldStart..<fieldEnd]))
                    return .complete(next: i + 1, newlines: newlines + 1)
                }
            }
        }
    }

    /// The common case, a whole line in the buffer whose quoted fields (if any) hold no `""` and no line
    /// break: the fields are handed out in place (`RowFields.beginView`; a quoted field is the bytes between its
    /// quotes), with no copy. The line is read 32 bytes at a time (`FieldBoundaryScanner`): only the bytes that
    /// can end or open a field — delimiters, line feeds, quotes — are visited. Anything else (an escaped quote,
    /// a line break inside quotes, a malformed quote, a line not yet complete) takes the general path, which
    /// reads the same line to the same fields.
    ///
    /// Where the fields go is the caller's (`InPlaceFields`): the row's views, or only where each field ends as
    /// written (`LineKeyScan`, a line taken straight to its key). Returns the line's end and its field count.
    @inline(__always)
    private func inPlaceLine<Fields: InPlaceFields>(
        _ buf: UnsafeBufferPointer<UInt8>, delimiter: UInt8, into sink: inout Fields
    ) -> (ParseResult, count: Int)? {
        let base = buf.baseAddress!
        let scanner = FieldBoundaryScanner(delimiter: delimiter)
        let width = FieldBoundaryScanner.width
        var count = 0
        var fieldStart = start
        // Whether the field at `fieldStart` opened with a quote whose closing quote is not yet found.
        var quoted = false
        var block = start
        while block < end {
            // Bytes past `end` (the buffer's zeros at its end) are read and their bits cleared; so are bits before
            // `fieldStart` (the delimiter after a closing quote that ended the block before).
            var masks = scanner.masks(at: base + block)
            var valid: UInt32 = end &- block < width ? (1 << UInt32(end &- block)) &- 1 : ~0
            if fieldStart > block {
                valid &= fieldStart &- block < width ? ~((1 << UInt32(fieldStart &- block)) &- 1) : 0
            }
            masks.delimiters &= valid
            masks.lineFeeds &= valid
            masks.quotes &= valid
            // The line's end, if in this block, and the delimiters before it.
            let lineEnd = masks.lineFeeds.trailingZeroBitCount
            let beforeEnd: UInt32 = lineEnd < width ? (1 << UInt32(lineEnd)) &- 1 : ~0
            if !quoted && masks.quotes & beforeEnd == 0 {
                // No quote: every delimiter ends a field (the common block, taken without looking at a byte).
                var delimiters = masks.delimiters & beforeEnd
                while delimiters != 0 {
                    let p = block &+ delimiters.trailingZeroBitCount
                    delimiters &= delimiters &- 1
                    // No room for more fields: the general path makes room.
                    guard sink.take(count, start: fieldStart, length: p &- fieldStart, writtenEnd: p) else {
                        return nil
                    }
                    count &+= 1
                    fieldStart = p &+ 1
                }
                if lineEnd < width {
                    let p = block &+ lineEnd
                    return endLine(base, field: fieldStart, at: p, index: count, into: &sink, next: p &+ 1, newlines: 1)
                }
                block &+= width
                continue
            }
            // A quote before the line's end: each delimiter, line feed and quote in turn.
            var events = masks.delimiters | masks.lineFeeds | masks.quotes
            while events != 0 {
                let p = block &+ events.trailingZeroBitCount
                events &= events &- 1
                if p < fieldStart { continue }  // the delimiter after a closing quote, already taken
                let b = base[p]
                if quoted {
                    if b == Self.newline { return nil }
                    if b != Self.quote || p == fieldStart { continue }  // a delimiter inside quotes, or the opening one
                    let after = p &+ 1
                    guard sink.take(count, start: fieldStart &+ 1, length: p &- fieldStart &- 1, writtenEnd: after)
                    else { return nil }
                    count &+= 1
                    if after == end {
                        guard eof else { return nil }
                        return (.complete(next: end, newlines: 0), count)
                    }
                    let c = base[after]
                    if c == delimiter {
                        fieldStart = after &+ 1
                        quoted = false
                        continue
                    }
                    if c == Self.newline { return (.complete(next: after &+ 1, newlines: 1), count) }
                    if c == Self.cr {
                        if after &+ 1 < end && base[after &+ 1] == Self.newline {
                            return (.complete(next: after &+ 2, newlines: 1), count)
                        }
                        if after &+ 1 == end && eof { return (.complete(next: end, newlines: 0), count) }
                    }
                    return nil
                }
                if b == delimiter {
                    guard sink.take(count, start: fieldStart, length: p &- fieldStart, writtenEnd: p) else {
                        return nil
                    }
                    count &+= 1
                    fieldStart = p &+ 1
                } else if b == Self.newline {
                    return endLine(base, field: fieldStart, at: p, index: count, into: &sink, next: p &+ 1, newlines: 1)
                } else if p == fieldStart {
                    quoted = true  // a quote inside an unquoted field is data
                }
            }
            block &+= width
        }
        // No line feed before the end of what is read: the file's last line, or a line not yet read whole.
        guard eof, !quoted else { return nil }
        return endLine(base, field: fieldStart, at: end, index: count, into: &sink, next: end, newlines: 0)
    }

    /// Ends a line split in place with its last field `index`, unquoted, from `fieldStart` to the line's end
    /// `lineEnd` (a CR before it left out); nil when there is no room for it.
    @inline(__always)
    private func endLine<Fields: InPlaceFields>(
        _ base: UnsafePointer<UInt8>, field fieldStart: Int, at lineEnd: Int, index: Int, into sink: inout Fields,
        next: Int, newlines: Int
    ) -> (ParseResult, count: Int)? {
        var fieldEnd = lineEnd
        if fieldEnd > fieldStart && base[fieldEnd &- 1] == Self.cr { fieldEnd &-= 1 }
        guard sink.take(index, start: fieldStart, length: fieldEnd &- fieldStart, writtenEnd: fieldEnd) else {
            return nil
        }
        return (.complete(next: next, newlines: newlines), index &+ 1)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080
    private static let newlineWord = UInt64(newline) &* ones

    /// The index of the first delimiter or line feed in `from..<to`, or `to`. Looks at 8 bytes per step
    /// (the "has a zero byte" bit trick on the bytes XOR the wanted byte), for the general path's unquoted
    /// fields. The lowest flagged byte is always a true match; later flags can be false, so only the first is
    /// used.
    @inline(__always)
    private static func firstDelimiterOrNewline(
        _ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int,
        delimiterWord: UInt64, delimiter: UInt8
    ) -> Int {
        var i = from
        let raw = UnsafeRawPointer(buf.baseAddress!)
        // Wrapping arithmetic: indexes stay within the buffer, and the overflow checks were a tenth of the loop.
        while i &+ 8 <= end {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let x = w ^ delimiterWord
            let y = w ^ newlineWord
            let found = (((x &- ones) & ~x) | ((y &- ones) & ~y)) & highs
            if found != 0 { return i &+ (found.littleEndian.trailingZeroBitCount &>> 3) }
            i &+= 8
        }
        while i < end {
            let b = raw.load(fromByteOffset: i, as: UInt8.self)
            if b == delimiter || b == newline { return i }
            i &+= 1
        }
        return end
    }

    /// Keeps the unconsumed bytes and reads more after them, growing the buffer for a long record.
    private func fill() throws(InventoryError) {
        if start > 0 {
            let remaining = end - start
            if remaining > 0 { _ = memmove(buffer, buffer + start, remaining) }
            bufferFileOffset += start
            end = remaining
            start = 0
        }
        if end == capacity {
            let bigger = Self.allocateBuffer(capacity * 2)
            bigger.update(from: buffer, count: end)
            buffer.deallocate()
            buffer = bigger
            capacity *= 2
        }
        let n: Int
        if let memory {
            n = min(memory.count - memoryOffset, capacity - end)
            if n > 0 {
                memory.withUnsafeBufferPointer { (buffer + end).update(from: $0.baseAddress! + memoryOffset, count: n) }
            }
            memoryOffset += n
        } else if isStream {
            #if canImport(Glibc)
                n = Glibc.read(fd, buffer + end, capacity - end)
            #else
                n = Darwin.read(fd, buffer + end, capacity - end)
            #endif
        } else {
            let offset = bufferFileOffset + end
            let room = min(capacity - end, (snapshotSize ?? Int.max) - offset)
            n = room <= 0 ? 0 : pread(fd, buffer + end, room, off_t(offset))
        }
        if n < 0 { throw .unreadable(path, reason: String(cString: strerror(errno))) }
        end += n
        bytesRead += n
        if n > 0 { lastByte = buffer[end - 1] }
        if n == 0 {
            eof = true
            endOfSnapshot()
            endsWithoutLineFeed = bytesRead > 0 && lastByte != Self.newline && cutLineBytes == 0
        }
    }

    /// At the end of what was read: when the file has grown since it was opened and the snapshot does not end
    /// with a line feed, its last line was being written; it is dropped from this read (and counted).
    private func endOfSnapshot() {
        guard let snapshotSize, bufferFileOffset + end == snapshotSize, grownBytes == 0 else { return }
        var st = stat()
        guard fstat(fd, &st) == 0, Int(st.st_size) > snapshotSize else { return }
        grownBytes = Int(st.st_size) - snapshotSize
        guard end > start, buffer[end - 1] != Self.newline else { return }
        var keep = end
        while keep > start && buffer[keep - 1] != Self.newline { keep -= 1 }
        cutLineBytes = end - keep
        end = keep
    }

    /// After an unterminated quote: forget the buffer and continue reading just after the line the record
    /// started on.
    private func resumeAfterLine(startingAt position: Int) throws(InventoryError) {
        var j = position
        while true {
            while j < end && buffer[j] != Self.newline { j += 1 }
            if j < end || eof { break }
            // The line goes on past the buffer (a line longer than the record limit): drop what was read of
            // it and keep looking, so reading really resumes on the next line.
            bufferFileOffset += end
            start = 0
            end = 0
            j = 0
            try fill()
        }
        if isStream {
            // What follows the line is still in the buffer: carry on from there.
            start = min(j + 1, end)
            return
        }
        let resumeOffset = bufferFileOffset + min(j + 1, end)
        if memory != nil { memoryOffset = resumeOffset }
        bufferFileOffset = resumeOffset
        start = 0
        end = 0
        eof = false
        try fill()
    }
}

enum FileChecks {
    static func exists(_ path: String, isDirectory: inout Bool) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        isDirectory = (st.st_mode & S_IFMT) == S_IFDIR
        return true
    }

    /// The file's size in bytes, or nil when it cannot be read.
    static func size(_ path: String) -> Int? {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : nil
    }
}
