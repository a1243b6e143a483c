/// Copies `count` bytes. Short runs (a CSV field, a key part, a row's key) are copied inline a word at a time,
/// the last word overlapping the one before it (the way `memcpy` handles small sizes): ingest copies several
/// of them per row, and a `memmove` call, or a byte loop for the tail, cost more than the copying.
@inline(__always)
func copyBytes(to target: UnsafeMutablePointer<UInt8>, from source: UnsafePointer<UInt8>, count n: Int) {
    let to = UnsafeMutableRawPointer(target)
    let from = UnsafeRawPointer(source)
    if n >= 8 {
        guard n <= 128 else {
            target.update(from: source, count: n)
            return
        }
        var k = 0
        while k + 8 < n {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: k, as: UInt64.self), toByteOffset: k, as: UInt64.self)
            k += 8
        }
        to.storeBytes(
            of: from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), toByteOffset: n - 8, as: UInt64.self)
    } else if n >= 4 {
        let head = from.loadUnaligned(as: UInt32.self)
        let tail = from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
        to.storeBytes(of: head, as: UInt32.self)
        to.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
    } else if n >= 2 {
        let head = from.loadUnaligned(as: UInt16.self)
        let tail = from.loadUnaligned(fromByteOffset: n - 2, as: UInt16.self)
        to.storeBytes(of: head, as: UInt16.self)
        to.storeBytes(of: tail, toByteOffset: n - 2, as: UInt16.self)
    } else if n == 1 {
        target[0] = source[0]
    }
}

/// `buffer` moved into one at least `needed` bytes long (capacity doubled until it fits), keeping its first
/// `used` bytes; the old buffer is freed.
func grown(_ buffer: UnsafeMutablePointer<UInt8>, capacity: inout Int, needed: Int, keeping used: Int)
    -> UnsafeMutablePointer<UInt8>
{
    var bigger = capacity * 2
    while bigger < needed { bigger *= 2 }
    let new = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
    new.update(from: buffer, count: used)
    buffer.deallocate()
    capacity = bigger
    return new
}
