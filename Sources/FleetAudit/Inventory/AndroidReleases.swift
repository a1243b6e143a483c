import Foundation

/// Android release → API level (SPEC §2.2), for inventories without an `os_api_level` column.
public enum AndroidReleases {
    /// Keyed by (major, minor) with a missing minor read as 0.
    private static let table: [String: Int] = [
        "4.4": 19, "5.0": 21, "5.1": 22, "6.0": 23, "7.0": 24, "7.1": 25, "8.0": 26, "8.1": 27,
        "9.0": 28, "10.0": 29, "11.0": 30, "12.0": 31, "13.0": 33, "14.0": 34, "15.0": 35, "16.0": 36,
    ]

    /// The API level of an Android release as users see it (`6.0.1` → 23, `9` → 28, `12L` → 32), or nil.
    public static func apiLevel(forRelease release: String) -> Int? {
        let trimmed = release.trimmedWhitespace
        if trimmed.uppercased() == "12L" { return 32 }
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard let first = parts.first, let major = Int(first) else { return nil }
        var minor = 0
        if parts.count > 1 {
            guard let m = Int(parts[1]) else { return nil }
            minor = m
        }
        return table["\(major).\(minor)"]
    }
}
