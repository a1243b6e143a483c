import Foundation

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
