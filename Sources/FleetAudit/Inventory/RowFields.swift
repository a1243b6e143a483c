/// The fields of one inventory row as bytes, reused from row to row so reading allocates nothing per row.
public final class RowFields {
    public private(set) var bytes: [UInt8] = []
    public private(set) var ends: [Int] = []

    public init() {
        bytes.reserveCapacity(1024)
        ends.reserveCapacity(64)
    }

    public var count: Int { ends.count }

    public func reset() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    public func append(_ field: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: field)
        ends.append(bytes.count)
    }

    public func appendPart(_ part: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: part) }
    public func appendByte(_ byte: UInt8) { bytes.append(byte) }
    public func endField() { ends.append(bytes.count) }

    public func range(_ i: Int) -> Range<Int> { (i == 0 ? 0 : ends[i - 1])..<ends[i] }

    public func isEmpty(_ i: Int) -> Bool { range(i).isEmpty }

    public func string(_ i: Int) -> String { String(decoding: bytes[range(i)], as: UTF8.self) }

    public func strings() -> [String] { (0..<count).map(string) }
}
