/// The platforms electron-updater runs on, as the inventory names them.
enum ElectronPlatform: String, Sendable, CaseIterable {
    case mac, windows, linux

    /// The inventory platforms of this one: `macos` (and its spellings), `windows`/`win32`, `linux`.
    func includes(_ platform: Platform) -> Bool {
        switch self {
        case .mac: platform == .macos || platform.name == "darwin"
        case .windows: ["windows", "win32", "win"].contains(platform.name)
        case .linux: platform.name == "linux"
        }
    }

    var inventoryPlatform: Platform { self == .mac ? .macos : Platform(rawValue) }
    var displayName: String { self == .mac ? "macOS" : self == .windows ? "Windows" : "Linux" }
}

/// Which devices read a feed file: `Provider.ts` names it `<channel>` + `-mac` (any Mac), `-linux` (x64),
/// `-linux-<arch>` (another Linux arch; armv7l is `arm`), or nothing (Windows), + `.yml`.
struct ElectronFeedFile: Equatable, Sendable {
    let channel: String
    let platform: ElectronPlatform
    /// `process.arch` on Linux (`x64`, `arm64`, `arm`, `ia32`…); nil elsewhere, where every arch reads one file.
    let arch: String?
    /// Whether the name said it (else the download names did, or the default: Windows).
    let fromName: Bool

    /// The file a feed's name is, or nil when it is not `*.yml`.
    static func named(_ fileName: String) -> ElectronFeedFile? {
        var base = Substring(fileName)
        for suffix in [".yml", ".yaml"] where base.lowercased().hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
            break
        }
        guard base.count < fileName.count, !base.isEmpty else { return nil }
        if base.hasSuffix("-mac") {
            return ElectronFeedFile(channel: String(base.dropLast(4)), platform: .mac, arch: nil, fromName: true)
        }
        if base.hasSuffix("-linux") {
            return ElectronFeedFile(channel: String(base.dropLast(6)), platform: .linux, arch: "x64", fromName: true)
        }
        if let dash = base.range(of: "-linux-", options: .backwards) {
            let arch = String(base[dash.upperBound...])
            if !arch.isEmpty, arch.allSatisfy({ $0.isLetter || $0.isNumber }) {
                return ElectronFeedFile(
                    channel: String(base[..<dash.lowerBound]), platform: .linux, arch: arch, fromName: true)
            }
        }
        return ElectronFeedFile(channel: String(base), platform: .windows, arch: nil, fromName: true)
    }

    /// The file the downloads a feed lists belong to (`.dmg`/`.zip`: a Mac; `.exe`: Windows; `.AppImage`, `.deb`,
    /// `.rpm`: Linux x64), for a feed whose name does not say (a URL without one).
    static func byDownloads(_ names: [String]) -> ElectronFeedFile? {
        let lowered = names.map { $0.lowercased() }
        func any(_ endings: [String]) -> Bool { lowered.contains { n in endings.contains { n.hasSuffix($0) } } }
        let platform: ElectronPlatform? =
            any([".dmg", ".zip", ".pkg"])
            ? .mac
            : any([".exe", ".msi"])
                ? .windows
                : any([".appimage", ".deb", ".rpm", ".pacman"]) ? .linux : nil
        return platform.map {
            ElectronFeedFile(channel: "latest", platform: $0, arch: $0 == .linux ? "x64" : nil, fromName: false)
        }
    }

    /// `process.arch` for an inventory's `arch` value (`uname -m`, MDM and Node spellings); nil when unknown.
    static func nodeArch(_ value: String) -> String? {
        switch value.trimmedWhitespace.lowercased() {
        case "x64", "x86_64", "amd64", "x86-64": "x64"
        case "arm64", "aarch64", "armv8", "arm64e": "arm64"
        case "arm", "armv7l", "armv7", "armhf", "armv6l": "arm"
        case "ia32", "i386", "i686", "x86": "ia32"
        case let other where !other.isEmpty && other.allSatisfy({ $0.isLetter || $0.isNumber }): other
        default: nil
        }
    }

    /// The file's name as the client asks for it.
    var name: String {
        switch platform {
        case .mac: "\(channel)-mac.yml"
        case .windows: "\(channel).yml"
        case .linux: arch == "x64" ? "\(channel)-linux.yml" : "\(channel)-linux-\(arch ?? "x64").yml"
        }
    }
}
