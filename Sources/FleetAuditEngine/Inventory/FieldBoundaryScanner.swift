#if arch(x86_64)
    // The compiler's own x86 intrinsics (clang's builtin headers), not a third-party library: Swift's `SIMD16`
    // comparisons compile to a loop over the lanes on this toolchain, where these are one `pcmpeqb` each and one
    // `pmovmskb` per 16 bytes. SSE2 is part of every x86-64 CPU, so no feature check is needed.
    import _Builtin_intrinsics.intel
#endif

/// Finds the bytes that can end or open a CSV field — the delimiter, a line feed, a quote — 32 bytes at a
/// time: bit `k` of a mask is set when byte `k` is that byte. The CSV reader splits a line by visiting the set
/// bits rather than looking at each byte (or each field's 8-byte words) in turn.
///
/// Two implementations give the same bits: SSE2 on x86-64, and words of 8 bytes with an exact per-byte
/// equality test elsewhere (`portableMasks`, which tests compare with the SSE2 one on random bytes).
struct FieldBoundaryScanner {
    struct Masks: Equatable {
        var delimiters: UInt32
        var lineFeeds: UInt32
        var quotes: UInt32
    }

    /// Bytes looked at per call.
    static let width = 32

    let delimiter: UInt8

    /// The masks of the 32 bytes at `p` (all readable).
    @inline(__always)
    func masks(at p: UnsafeRawPointer) -> Masks {
        #if arch(x86_64)
            let low = Self.sse2Masks(p, delimiter)
            let high = Self.sse2Masks(p + 16, delimiter)
            return Masks(
                delimiters: low.delimiters | high.delimiters << 16, lineFeeds: low.lineFeeds | high.lineFeeds << 16,
                quotes: low.quotes | high.quotes << 16)
        #else
            return portableMasks(at: p)
        #endif
    }

    #if arch(x86_64)
        @inline(__always)
        private static func sse2Masks(_ p: UnsafeRawPointer, _ delimiter: UInt8) -> Masks {
            let v = _mm_loadu_si128(p.assumingMemoryBound(to: __m128i.self))
            let d = _mm_cmpeq_epi8(v, _mm_set1_epi8(CChar(bitPattern: delimiter)))
            let n = _mm_cmpeq_epi8(v, _mm_set1_epi8(0x0A))
            let q = _mm_cmpeq_epi8(v, _mm_set1_epi8(0x22))
            return Masks(
                delimiters: UInt32(truncatingIfNeeded: _mm_movemask_epi8(d)),
                lineFeeds: UInt32(truncatingIfNeeded: _mm_movemask_epi8(n)),
                quotes: UInt32(truncatingIfNeeded: _mm_movemask_epi8(q)))
        }
    #endif

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The same masks without SIMD: each 8-byte word tested for each byte exactly (no false positives, unlike
    /// the borrow trick the general path uses to find the first match only), then one bit per byte gathered
    /// with a multiply.
    @inline(__always)
    func portableMasks(at p: UnsafeRawPointer) -> Masks {
        var masks = Masks(delimiters: 0, lineFeeds: 0, quotes: 0)
        for k in 0..<4 {
            let w = p.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self).littleEndian
            let shift = UInt32(8 * k)
            masks.delimiters |= Self.gather(Self.zeroBytes(w ^ (UInt64(delimiter) &* Self.ones))) << shift
            masks.lineFeeds |= Self.gather(Self.zeroBytes(w ^ (0x0A &* Self.ones))) << shift
            masks.quotes |= Self.gather(Self.zeroBytes(w ^ (0x22 &* Self.ones))) << shift
        }
        return masks
    }

    /// The high bit of each byte of `x` that is zero, and no other bit (no carry crosses a byte).
    @inline(__always)
    private static func zeroBytes(_ x: UInt64) -> UInt64 {
        ~(((x & lows) &+ lows) | x) & ~lows
    }

    /// Byte j's high bit as bit j: shifted to bit 8j and multiplied, flag j lands on bit 56 + j alone.
    @inline(__always)
    private static func gather(_ flags: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: ((flags >> 7) &* 0x0102_0408_1020_4080) >> 56)
    }
}
