/// Copies `count` bytes. Short runs (a CSV field, a key part) are copied a word at a time inline: ingest
/// copies ten of them per row, and a `memmove` call for each cost more than the copying.
@inline(__always)
func copyBytes(to target: UnsafeMutablePointer<UInt8>, from source: UnsafePointer<UInt8>, count n: Int) {
    guard n <= 32 else {
        target.update(from: source, count: n)
        return
    }
    let to = UnsafeMutableRawPointer(target), from = UnsafeRawPointer(source)
    var k = 0
    while k + 8 <= n {
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: k, as: UInt64.self), toByteOffset: k, as: UInt64.self)
        k += 8
    }
    while k < n {
        target[k] = source[k]
        k += 1
    }
}

/// `buffer` moved into one at least `needed` bytes long (capacity doubled until it fits), keeping its first
/// `used` bytes; the old buffer is freed.
func grown(_ buffer: UnsafeMutablePointer<UInt8>, capacity: inout Int, needed: Int, keeping used: Int) -> UnsafeMutablePointer<UInt8> {
    var bigger = capacity * 2
    while bigger < needed { bigger *= 2 }
    let new = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
    new.update(from: buffer, count: used)
    buffer.deallocate()
    capacity = bigger
    return new
}
