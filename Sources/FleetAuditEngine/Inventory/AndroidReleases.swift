import Foundation

/// Android release → API level (docs/inventory.md), for inventories without an `os_api_level` column.
package enum AndroidReleases {
    /// (major, minor) → API level, a missing minor read as 0.
    private static let table: [(major: Int, minor: Int, level: Int)] = [
        (4, 4, 19), (5, 0, 21), (5, 1, 22), (6, 0, 23), (7, 0, 24), (7, 1, 25), (8, 0, 26), (8, 1, 27),
        (9, 0, 28), (10, 0, 29), (11, 0, 30), (12, 0, 31), (13, 0, 33), (14, 0, 34), (15, 0, 35), (16, 0, 36),
    ]

    /// The API level of an Android release as users see it (`6.0.1` → 23, `9` → 28, `12L` → 32), or nil.
    /// Major and minor are read as `Int(_:)` reads them; parts after the second are ignored. Read on bytes:
    /// ingest asks this for every new Android profile.
    package static func apiLevel(forRelease release: String) -> Int? {
        var trimmed = release.trimmedWhitespace
        return trimmed.withUTF8 { bytes -> Int? in
            if bytes.count == 3 && bytes[0] == UInt8(ascii: "1") && bytes[1] == UInt8(ascii: "2")
                && bytes[2] | 0x20 == UInt8(ascii: "l")
            {
                return 32
            }
            let dot = bytes.firstIndex(of: UInt8(ascii: "."))
            guard let major = swiftInt(UnsafeBufferPointer(rebasing: bytes[..<(dot ?? bytes.count)])) else {
                return nil
            }
            var minor = 0
            if let dot {
                let rest = bytes[(dot + 1)...]
                guard
                    let m = swiftInt(
                        UnsafeBufferPointer(
                            rebasing: rest[..<(rest.firstIndex(of: UInt8(ascii: ".")) ?? rest.endIndex)]))
                else {
                    return nil
                }
                minor = m
            }
            return table.first { $0.major == major && $0.minor == minor }?.level
        }
    }
}
