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
