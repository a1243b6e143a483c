import Crypto

/// SHA-256 of config and releases bytes, shown in reports so a reader knows exactly what was audited.
package enum SHA256Digest {
    package static func hex(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { byte in
            let s = String(byte, radix: 16)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }
}
