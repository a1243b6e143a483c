import Foundation

/// One published store release (SPEC §4).
public struct Release: Equatable, Sendable {
    public let platform: Platform
    /// The version name; nil for a release given by build alone (formats that compare versionCodes read
    /// only `build`, and a comparison that needs the missing one skips the release).
    public let version: String?
    /// Android versionCode; iOS CFBundleVersion when known.
    public let build: Int?
    /// Lowest OS it installs on: an OS version on iOS/macOS, an API level on Android.
    public let minOS: String?
    public let package: String?

    public init(platform: Platform, version: String?, build: Int? = nil, minOS: String? = nil, package: String? = nil) {
        self.platform = platform
        self.version = version
        self.build = build
        self.minOS = minOS
        self.package = package
    }
}

extension Release {
    /// The version, or the build when the release names only a build.
    var label: String { version ?? build.map { "build \($0)" } ?? "?" }
}

/// Whether a required version can be installed on a device.
public enum Installability: Equatable, Sendable {
    /// No releases file: assumed installable, and reports say so.
    case assumed
    case installable(Release)
    /// No release for the platform (and package) reaches the required version.
    case noRelease
    /// Releases reach it, but each needs a newer OS than the device has.
    case needsNewerOS(Release)

    /// The outcome of a rule that forces an update (SPEC §4).
    public var forcedOutcome: Outcome {
        switch self {
        case .assumed, .installable: return .forced
        case .noRelease: return .blocked
        case .needsNewerOS: return .unsupportedOS
        }
    }

    public var explanation: String {
        switch self {
        case .assumed: return "assumed installable (no --releases)"
        case .installable(let r): return "release \(r.label) is installable"
        case .noRelease: return "no published release reaches it"
        case .needsNewerOS(let r): return "release \(r.label) needs OS \(r.minOS ?? "?")"
        }
    }
}

/// What the stores publish. `nil` releases (no `--releases`) means every required version is installable.
public struct Releases: Sendable {
    public let all: [Release]
    public let source: String
    public let sha256: String

    public init(_ releases: [Release], source: String = "(inline)", sha256: String = "") {
        self.all = releases
        self.source = source
        self.sha256 = sha256
    }

    /// Releases a device could be offered: its platform, and its package when both name one.
    public func candidates(for profile: Profile) -> [Release] {
        all.filter { r in
            r.platform == profile.platform
                && (r.package == nil || profile.packageName == nil || r.package == profile.packageName)
        }
    }

    /// Whether some release satisfying `reaches` installs on the device's OS.
    public func installability(for profile: Profile, reaches: (Release) -> Bool) -> Installability {
        let reaching = candidates(for: profile).filter(reaches)
        guard !reaching.isEmpty else { return .noRelease }
        if let ok = reaching.first(where: { Self.installs($0, on: profile) }) { return .installable(ok) }
        return .needsNewerOS(reaching[0])
    }

    /// `min_os` ≤ the device's OS: an API level on Android, a version elsewhere. A `min_os` that cannot be
    /// read does not stop the install.
    public static func installs(_ release: Release, on profile: Profile) -> Bool {
        guard let minOS = release.minOS, !minOS.isEmpty else { return true }
        if profile.platform == .android {
            guard let required = Int(minOS), let level = profile.apiLevel else { return true }
            return level >= required
        }
        guard let required = LenientVersion(minOS), let device = LenientVersion(profile.osVersion) else { return true }
        return device >= required
    }
}

extension Optional where Wrapped == Releases {
    public func installability(for profile: Profile, reaches: (Release) -> Bool) -> Installability {
        guard let releases = self else { return .assumed }
        return releases.installability(for: profile, reaches: reaches)
    }
}

/// Reads `--releases` from CSV (header `platform,version,build,min_os,package`) or JSON (an array of objects
/// with those keys, or `{"releases": [...]}`).
public enum ReleasesLoader {
    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    public static func load(path: String) throws(LoadError) -> Releases {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(description: "releases file not found or unreadable: \(path)")
        }
        let bytes = [UInt8](data)
        let digest = SHA256Digest.hex(bytes)
        let firstByte = bytes.drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }).first
        let releases: [Release]
        if firstByte == UInt8(ascii: "[") || firstByte == UInt8(ascii: "{") {
            releases = try fromJSON(bytes, path: path)
        } else {
            releases = try fromCSV(path: path)
        }
        return Releases(releases, source: path, sha256: digest)
    }

    private static func fromJSON(_ bytes: [UInt8], path: String) throws(LoadError) -> [Release] {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch { throw LoadError(description: "\(path):\(error)") }
        guard let items = root.arrayValue ?? root.objectValue?["releases"]?.arrayValue else {
            throw LoadError(description: "\(path): expected an array of releases or {\"releases\": [...]}")
        }
        var out: [Release] = []
        for (i, item) in items.enumerated() {
            guard let o = item.objectValue else { throw LoadError(description: "\(path): releases[\(i)] is not an object") }
            // Keys match like CSV headers: `min_os`, `minOS` and `min-os` are one key.
            func text(_ key: String) -> String? {
                let wanted = InventoryColumn.normalize(key)
                switch o.pairs.last(where: { InventoryColumn.normalize($0.key) == wanted })?.value {
                case .string(let s)?: return s.isEmpty ? nil : s
                case .number(let n)?: return n.literal
                default: return nil
                }
            }
            out.append(try release(platform: text("platform"), version: text("version"), build: text("build"),
                                   minOS: text("min_os"), package: text("package"), at: "\(path): releases[\(i)]"))
        }
        return out
    }

    private static func fromCSV(path: String) throws(LoadError) -> [Release] {
        do {
            let source = try CSVInventorySource(path: path)
            let normalized = source.headers.map(InventoryColumn.normalize)
            func column(_ name: String) -> Int? { normalized.firstIndex(of: InventoryColumn.normalize(name)) }
            let version = column("version"), build = column("build")
            guard let platform = column("platform"), version != nil || build != nil else {
                throw LoadError(description: "\(path): a releases CSV needs the column platform and at least one of version and build; found: \(source.headers.joined(separator: ", "))")
            }
            let minOS = column("min_os"), package = column("package") ?? column("package_name")
            var out: [Release] = []
            while let event = try source.next() {
                guard case .record(let line, let fields) = event, fields.count == source.headers.count else {
                    throw LoadError(description: "\(path): malformed row in the releases file")
                }
                func text(_ i: Int?) -> String? {
                    guard let i else { return nil }
                    let s = fields.string(i).trimmedWhitespace
                    return s.isEmpty ? nil : s
                }
                out.append(try release(platform: text(platform), version: text(version), build: text(build),
                                       minOS: text(minOS), package: text(package), at: "\(path):\(line)"))
            }
            return out
        } catch let error as LoadError {
            throw error
        } catch {
            throw LoadError(description: "\(error)")
        }
    }

    private static func release(platform: String?, version: String?, build: String?, minOS: String?, package: String?,
                                at location: String) throws(LoadError) -> Release {
        guard let platform, version != nil || build != nil else {
            throw LoadError(description: "\(location): platform and at least one of version and build are required")
        }
        var buildNumber: Int? = nil
        if let build {
            guard let n = Int(build) else { throw LoadError(description: "\(location): build \"\(build)\" is not an integer") }
            buildNumber = n
        }
        return Release(platform: Platform(platform), version: version, build: buildNumber, minOS: minOS, package: package)
    }
}
