import XCTest

@testable import FleetAuditEngine

final class FieldBoundaryScannerTests: XCTestCase {
    /// The masks as a byte loop reads them: bit k for byte k.
    private func reference(_ bytes: [UInt8], delimiter: UInt8) -> FieldBoundaryScanner.Masks {
        var masks = FieldBoundaryScanner.Masks(delimiters: 0, lineFeeds: 0, quotes: 0)
        for (k, b) in bytes.enumerated() {
            if b == delimiter { masks.delimiters |= 1 << UInt32(k) }
            if b == 0x0A { masks.lineFeeds |= 1 << UInt32(k) }
            if b == 0x22 { masks.quotes |= 1 << UInt32(k) }
        }
        return masks
    }

    /// Random blocks of the bytes that matter and their neighbours (a byte one bit away from a delimiter,
    /// a line feed or a quote, and the same with the high bit set, where a borrow or a signed compare would
    /// go wrong): the SIMD masks, the portable masks and a byte loop agree bit for bit.
    func testSIMDAndPortableMasksAreTheBytesOfEachKind() {
        var rng = SeededGenerator(seed: 29)
        for delimiter in [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "|"), 0x00, 0xFF] {
            var alphabet: [UInt8] = [0x00, 0x0D, 0x20, 0x41, 0x7F, 0x80, 0xFF]
            for byte: UInt8 in [delimiter, 0x0A, 0x22] {
                alphabet += [byte, byte ^ 1, byte ^ 0x80, byte &+ 1, byte &- 1]
            }
            let scanner = FieldBoundaryScanner(delimiter: delimiter)
            for round in 0..<2_000 {
                let bytes = (0..<FieldBoundaryScanner.width).map { _ in
                    alphabet[Int(rng.next() % UInt64(alphabet.count))]
                }
                let expected = reference(bytes, delimiter: delimiter)
                bytes.withUnsafeBytes { raw in
                    XCTAssertEqual(
                        scanner.masks(at: raw.baseAddress!), expected, "delimiter \(delimiter), round \(round)")
                    XCTAssertEqual(
                        scanner.portableMasks(at: raw.baseAddress!), expected, "delimiter \(delimiter), round \(round)")
                }
            }
        }
    }
}
