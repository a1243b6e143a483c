import Foundation

/// Reads `--releases` from CSV (header `platform,version,build,min_os,package`) or JSON (an array of objects
/// with those keys, or `{"releases": [...]}`).
package enum ReleasesLoader {
    package struct LoadError: Error, CustomStringConvertible {
        package let description: String
    }

    package static func load(path: String) throws(LoadError) -> Releases {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(description: "releases file not found or unreadable: \(path)")
        }
        let bytes = [UInt8](data)
        let digest = SHA256Digest.hex(bytes)
        let firstByte = bytes.drop(while: {
            $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
        }).first
        let releases: [Release]
        let names: [String]
        if firstByte == UInt8(ascii: "[") || firstByte == UInt8(ascii: "{") {
            (releases, names) = try fromJSON(bytes, path: path)
        } else {
            (releases, names) = try fromCSV(path: path)
        }
        return Releases(releases, source: path, sha256: digest, diagnostics: unknownColumns(names, path: path))
    }

    /// The columns (or JSON keys) read, each with the other spellings it is read under. `minimum_os` is the
    /// name people reach for, and reading it as something else silently made every release installable
    /// everywhere.
    static let columns: [String: [String]] = [
        "platform": [], "version": [], "build": [], "package": ["package_name"],
        "min_os": ["minimum_os", "min_os_version", "minimum_os_version"],
    ]

    /// The file's column for `name`, under any of its spellings (normalized like inventory headers).
    static func column(_ name: String, in normalized: [String]) -> Int? {
        for spelling in [name] + columns[name]! {
            if let i = normalized.firstIndex(of: InventoryColumn.normalize(spelling)) { return i }
        }
        return nil
    }

    /// `releases.unknownColumn` for each column nothing reads, with the near miss it probably is.
    static func unknownColumns(_ names: [String], path: String) -> [Diagnostic] {
        let spellings = columns.flatMap { [$0.key] + $0.value }
        let known = Set(spellings.map(InventoryColumn.normalize))
        var seen = Set<String>()
        return names.filter { !known.contains(InventoryColumn.normalize($0)) && seen.insert($0).inserted }.map { name in
            let lowered = name.lowercased()
            let aboutOS = ["os", "sdk", "api"].contains { lowered.contains($0) }
            let near = NearMiss.closest(to: name, among: spellings) ?? (aboutOS ? "min_os" : nil)
            return Diagnostic(
                "releases.unknownColumn", .warning,
                "\(path): column \(name) is not read (columns read: platform, version, build, min_os, package)"
                    + (near.map { "; did you mean \($0)?" } ?? ""))
        }
    }

    private static func fromJSON(_ bytes: [UInt8], path: String) throws(LoadError) -> (
        releases: [Release], keys: [String]
    ) {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch { throw LoadError(description: "\(path):\(error)") }
        guard let items = root.arrayValue ?? root.objectValue?["releases"]?.arrayValue else {
            throw LoadError(description: "\(path): expected an array of releases or {\"releases\": [...]}")
        }
        var out: [Release] = []
        var keys: [String] = []
        for (i, item) in items.enumerated() {
            guard let o = item.objectValue else {
                throw LoadError(description: "\(path): releases[\(i)] is not an object")
            }
            keys += o.keys
            // Keys match like CSV headers: `min_os`, `minOS` and `min-os` are one key.
            func text(_ key: String) -> String? {
                let normalized = o.pairs.map { InventoryColumn.normalize($0.key) }
                guard let index = column(key, in: normalized) else { return nil }
                switch o.pairs[index].value {
                case .string(let s): return s.isEmpty ? nil : s
                case .number(let n): return n.literal
                default: return nil
                }
            }
            out.append(
                try release(
                    platform: text("platform"), version: text("version"), build: text("build"),
                    minOS: text("min_os"), package: text("package"), at: "\(path): releases[\(i)]"))
        }
        return (out, keys)
    }

    private static func fromCSV(path: String) throws(LoadError) -> (releases: [Release], headers: [String]) {
        do {
            let source = try CSVInventorySource(path: path)
            let normalized = source.headers.map(InventoryColumn.normalize)
            func column(_ name: String) -> Int? { Self.column(name, in: normalized) }
            let version = column("version")
            let build = column("build")
            guard let platform = column("platform"), version != nil || build != nil else {
                throw LoadError(
                    description:
                        "\(path): a releases CSV needs the column platform and at least one of version and build; found: \(source.headers.joined(separator: ", "))"
                )
            }
            let minOS = column("min_os")
            let package = column("package")
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
                out.append(
                    try release(
                        platform: text(platform), version: text(version), build: text(build),
                        minOS: text(minOS), package: text(package), at: "\(path):\(line)"))
            }
            return (out, source.headers)
        } catch let error as LoadError {
            throw error
        } catch {
            throw LoadError(description: "\(error)")
        }
    }

    private static func release(
        platform: String?, version: String?, build: String?, minOS: String?, package: String?,
        at location: String
    ) throws(LoadError) -> Release {
        guard let platform, version != nil || build != nil else {
            throw LoadError(description: "\(location): platform and at least one of version and build are required")
        }
        var buildNumber: Int? = nil
        if let build {
            guard let n = Int(build) else {
                throw LoadError(description: "\(location): build \"\(build)\" is not an integer")
            }
            buildNumber = n
        }
        return Release(
            platform: Platform(platform), version: version, build: buildNumber, minOS: minOS, package: package)
    }
}
