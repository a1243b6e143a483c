import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// The key table compares and hashes keys a word at a time with overlapping tail loads; these check every
/// length around the word sizes, and a one-byte difference at every position.
final class ProfileKeyTableTests: XCTestCase {
    func testKeysDifferingInAnyOneByteAreDistinctAndEqualKeysAreFound() {
        let table = ProfileKeyTable(capacity: 4)
        var expected: [[UInt8]: Int] = [:]
        for length in 0...40 {
            let base = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ length) }
            var variants = [base]
            for position in 0..<length {
                var changed = base
                changed[position] ^= 0x01
                variants.append(changed)
            }
            for key in variants {
                let (id, isNew) = key.withUnsafeBufferPointer { table.id(of: $0) }
                if let known = expected[key] {
                    XCTAssertFalse(isNew, "\(key)")
                    XCTAssertEqual(id, known)
                } else {
                    XCTAssertTrue(isNew, "a key of length \(length) that differs in one byte is new: \(key)")
                    expected[key] = id
                }
            }
        }
        XCTAssertEqual(table.count, expected.count)
        // Looked up again (after the rehashes on the way), every key finds its own id and bytes.
        for (key, id) in expected {
            let (found, isNew) = key.withUnsafeBufferPointer { table.id(of: $0) }
            XCTAssertFalse(isNew)
            XCTAssertEqual(found, id)
            XCTAssertEqual(Array(table.key(id)), key)
        }
    }

    /// Equal hashes are rare, so the table alone seldom reaches the byte comparison: it is checked directly.
    func testByteComparisonSeesADifferenceAtEveryPosition() {
        for length in 0...40 {
            let a = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
            var copy = a
            a.withUnsafeBytes { x in
                copy.withUnsafeMutableBytes { y in
                    XCTAssertTrue(
                        ProfileKeyTable.equal(y.baseAddress!, x.bindMemory(to: UInt8.self).baseAddress, length),
                        "length \(length)")
                }
            }
            for position in 0..<length {
                var b = a
                b[position] ^= 0x80
                a.withUnsafeBytes { x in
                    b.withUnsafeMutableBytes { y in
                        XCTAssertFalse(
                            ProfileKeyTable.equal(y.baseAddress!, x.bindMemory(to: UInt8.self).baseAddress, length),
                            "length \(length), position \(position)")
                    }
                }
            }
        }
    }

    func testCopyBytesCopiesExactlyTheBytesAskedFor() {
        for length in 0...70 {
            let source = (0..<length).map { UInt8(truncatingIfNeeded: $0 + 1) }
            var target = [UInt8](repeating: 0xEE, count: length + 16)
            source.withUnsafeBufferPointer { s in
                target.withUnsafeMutableBufferPointer { t in
                    if let from = s.baseAddress { copyBytes(to: t.baseAddress! + 3, from: from, count: length) }
                }
            }
            XCTAssertEqual(Array(target[3..<(3 + length)]), source, "length \(length)")
            XCTAssertEqual(Array(target[0..<3]), [0xEE, 0xEE, 0xEE], "nothing before, length \(length)")
            XCTAssertTrue(target[(3 + length)...].allSatisfy { $0 == 0xEE }, "nothing after, length \(length)")
        }
    }

    /// The hash reads every byte of a key of any length (two lanes of words, overlapping tails): a key and each of
    /// its one-bit changes hash apart, in the 32 high bits the slots keep as well as in all 64.
    func testHashSeesEveryBitOfKeysOfEveryLength() {
        var hashes = Set<UInt64>()
        var tags = Set<UInt64>()
        var count = 0
        for length in 0...96 {
            let base = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 7) }
            var keys = [base]
            for position in 0..<length {
                for bit in 0..<8 {
                    var changed = base
                    changed[position] ^= 1 << bit
                    keys.append(changed)
                }
            }
            for key in keys {
                let hash = key.withUnsafeBufferPointer { ProfileKeyTable.hash($0) }
                XCTAssertTrue(hashes.insert(hash).inserted, "length \(length): \(key)")
                tags.insert(hash >> 32)
                count += 1
            }
        }
        // 37,000 random 32-bit tags would collide about 0.2 times.
        XCTAssertGreaterThanOrEqual(tags.count, count - 2)
    }

    /// Keys that differ only in a few digits, as a fleet's rows do, spread evenly over the slots the low bits
    /// choose.
    func testHashSpreadsSimilarKeysOverSlots() {
        var buckets = [Int](repeating: 0, count: 1 << 12)
        let keys = 1 << 16
        for k in 0..<keys {
            let key = Array("ios,17.\(k % 7),6.\(k / 7 % 300),\(k),com.example.app,R-0\(k % 50),l00-XX,false".utf8)
            let hash = key.withUnsafeBufferPointer { ProfileKeyTable.hash($0) }
            buckets[Int(truncatingIfNeeded: hash) & (buckets.count - 1)] += 1
        }
        // 16 keys per bucket on average; a uniform hash's fullest of 4,096 buckets holds about 32.
        XCTAssertLessThanOrEqual(buckets.max()!, 48)
        XCTAssertEqual(buckets.filter { $0 == 0 }.count, 0)
    }

    /// A table holding exactly half as many keys as it has slots keeps them: the raw key table's limit is a
    /// power of two, and its last key must not double memory no later key uses.
    func testSlotsDoubleOnlyPastHalfFull() {
        let table = ProfileKeyTable(capacity: 16)
        let slots = table.slotCount
        for n in 0..<(slots / 2) { _ = withUnsafeBytes(of: UInt64(n)) { table.id(of: $0.bindMemory(to: UInt8.self)) } }
        XCTAssertEqual(table.slotCount, slots, "\(slots / 2) keys in \(slots) slots")
        _ = withUnsafeBytes(of: UInt64(slots)) { table.id(of: $0.bindMemory(to: UInt8.self)) }
        XCTAssertEqual(table.slotCount, slots * 2)
    }
}
