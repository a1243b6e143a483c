/// What `os.release()` returns on a device — the value electron-updater compares `minimumSystemVersion` with: the
/// `os_release` column when the inventory has it, else what the platform's product version implies.
enum KernelRelease {
    /// The device's kernel release, and whether it was derived (not read from `os_release`); nil when unknown.
    static func of(_ device: any Device, platform: ElectronPlatform) -> (release: String, derived: Bool)? {
        if let written = device.attribute("os_release")?.trimmedWhitespace, !written.isEmpty { return (written, false) }
        let product = device.osVersion
        switch platform {
        case .mac: return darwin(forMacOS: product).map { ($0, true) }
        case .windows: return windows(product).map { ($0, true) }
        // A Linux inventory's os_version is most often `uname -r` already; a distribution's version ("22.04") is
        // not a semver version, so the comparison throws and the device is let through, as with the real kernel's.
        case .linux: return (product, true)
        }
    }

    /// Darwin's version for a macOS product version. Source: the Darwin release table (Apple's open-source XNU
    /// releases, as listed in Wikipedia's "Darwin (operating system)" article): macOS 10.x runs Darwin x+4, macOS 11
    /// to 15 run Darwin major+9, macOS 26 runs Darwin 25; within a major release each minor release moved Darwin's
    /// minor by one (11.0 → 20.1, 12.0 → 21.1, 13.0 → 22.1, but 14.0 → 23.0 and 15.0 → 24.0, 26.0 → 25.0), the last
    /// minor releases sharing the previous one's kernel minor (14.7 runs 23.6). Patch releases report patch 0. Within
    /// a major release the minor is approximate: an `os_release` column gives the exact value.
    static func darwin(forMacOS product: String) -> String? {
        let parts = product.trimmedWhitespace.split(separator: ".").map { Int($0) }
        guard let first = parts.first, let major = first, parts.allSatisfy({ $0 != nil }) else { return nil }
        let minor = parts.count > 1 ? parts[1]! : 0
        switch major {
        case 10:
            // Darwin's minor follows the product's patch release, not always one for one (10.15.7 runs 19.6,
            // 10.14.6 runs 18.7): approximate within a major release, which is what a minimum names in practice.
            guard (5...15).contains(minor) else { return nil }
            let patch = parts.count > 2 ? parts[2]! : 0
            return "\(minor + 4).\(min(patch, 6)).0"
        case 11, 12, 13:
            return "\(major + 9).\(min(minor + 1, 6)).0"
        case 14, 15:
            return "\(major + 9).\(min(minor, 6)).0"
        case 26:
            return "25.\(minor).0"
        default:
            return nil
        }
    }

    /// Windows 10 and 11 both report `10.0.<build>`: the first three parts of a `10.0.22631.2861` version.
    static func windows(_ product: String) -> String? {
        let parts = product.trimmedWhitespace.split(separator: ".")
        guard parts.count >= 3, parts.prefix(3).allSatisfy({ Int($0) != nil }) else { return nil }
        return parts.prefix(3).joined(separator: ".")
    }

    /// The macOS product version a Darwin major release is (for messages): 22 → "13", 19 → "10.15".
    static func macOS(forDarwinMajor major: Int) -> String? {
        switch major {
        case 9...19: "10.\(major - 4)"
        case 20...24: "\(major - 9)"
        case 25: "26"
        default: nil
        }
    }

    /// The Darwin major release of a macOS major product version (for messages): 13 → 22, 10.15 → 19.
    static func darwinMajor(forMacOS major: Int, minor: Int) -> Int? {
        switch major {
        case 10 where (5...15).contains(minor): minor + 4
        case 11...15: major + 9
        case 26: 25
        default: nil
        }
    }
}
