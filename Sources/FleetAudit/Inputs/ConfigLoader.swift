import FleetAuditHTTP
import FleetAuditXML
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Loads configs from files, folders and URLs.
public struct ConfigLoader: Sendable {
    package var forcedFormat: String?
    package var timeout: TimeInterval = 30

    public init(forcedFormat: String? = nil, timeout: TimeInterval = 30) {
        self.forcedFormat = forcedFormat
        self.timeout = timeout
    }

    /// Expands `--config` and `--config-dir` into sources: folders give every `*.json`, `*.xml` (appcasts) and
    /// `*.yml` (electron-updater feeds) below them, sorted; each is then recognised by its content.
    public static func sources(configs: [String], directories: [String]) throws(ConfigError) -> [String] {
        var out = configs
        for dir in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ConfigError(source: dir, kind: .unreadable("--config-dir needs a folder"))
            }
            let base = URL(fileURLWithPath: dir)
            var found: [String] = []
            if let walker = FileManager.default.enumerator(atPath: dir) {
                for case let relative as String in walker
                where Self.configExtensions.contains(where: relative.lowercased().hasSuffix) {
                    found.append(relative)
                }
            }
            // A reports folder (`--out`) inside --config-dir holds this tool's own report.json and report.xml: never
            // configs (the second night's run read them as such, and exited 64).
            found.removeAll { Self.isFleetAuditReport(base.appendingPathComponent($0).path) }
            out += found.sorted().map { dir.hasSuffix("/") ? dir + $0 : base.relativePath + "/" + $0 }
        }
        return out
    }

    /// The most bytes a config file may have: 16 MB, as a config URL's body.
    static let maximumConfigBytes = 16 << 20

    /// Whether a file is one of FleetAudit's own reports: its first bytes carry a `fleet-audit` schema (JSON) or
    /// the report namespace (XML).
    static func isFleetAuditReport(_ path: String) -> Bool {
        // Only regular files are opened: a named pipe would block the walk (it is refused later, with a reason).
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            let handle = FileHandle(forReadingAtPath: path)
        else { return false }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 512)) ?? Data(), as: UTF8.self)
        return head.contains("\"schema\": \"fleet-audit") || head.contains("xmlns=\"urn:fleet-audit:")
    }

    /// What `--config-dir` picks up: every format's file endings (JSON documents, XML appcasts, YAML feeds).
    static var configExtensions: [String] { FormatRegistry.fileExtensions }

    /// Reads and parses one source.
    package func load(_ source: String, id: String) throws(ConfigError) -> LoadedConfig {
        let (bytes, root, format, notStrict) = try document(source)
        return loaded(bytes, root, format, source: source, id: id, notStrict: notStrict)
    }

    /// Reads a document already parsed (a draft `whatif` wrote and parsed to check it), as `load` reads a file.
    package func loaded(
        _ bytes: [UInt8], _ root: ConfigDocument, _ format: any ConfigFormat.Type, source: String, id: String,
        notStrict: Diagnostic? = nil
    ) -> LoadedConfig {
        let config = format.load(root)
        guard case .json(let json) = root else {
            // An XML or text format locates its own diagnostics (libxml2 gives each element its line, YAML its mark).
            var readName: String? = nil
            if case .text(let document) = root { readName = document.fileName }
            return LoadedConfig(
                id: id, source: source, sha256: SHA256Digest.hex(bytes), format: format.name, config: config,
                readName: readName)
        }
        let unknownKeys =
            (notStrict.map { [$0] } ?? []) + (format.keySchema?.diagnostics(json, format: format.displayName) ?? [])
            + Self.duplicateKeys(json)
        let paths = Set((config.diagnostics + unknownKeys).compactMap(\.path))
        return LoadedConfig(
            id: id, source: source, sha256: SHA256Digest.hex(bytes), format: format.name, config: config,
            loaderDiagnostics: unknownKeys,
            locations: paths.isEmpty ? [:] : JSONPositions.locate(paths, in: bytes), text: bytes,
            treeDigest: TreeIdentity(kind: format.name, tree: json).hex)
    }

    /// `config.duplicateKey` for each key an object holds twice: Android's parsers keep the last copy, Apple's the
    /// first, and an editor's eye stops at the first.
    static func duplicateKeys(_ root: JSONValue) -> [Diagnostic] {
        var out: [Diagnostic] = []
        func walk(_ value: JSONValue, _ path: String) {
            if let array = value.arrayValue {
                for (i, element) in array.enumerated() { walk(element, "\(path)[\(i)]") }
            } else if let object = value.objectValue {
                var seen = Set<String>()
                var reported = Set<String>()
                for pair in object.pairs {
                    let keyPath = path.isEmpty ? pair.key : "\(path).\(pair.key)"
                    if !seen.insert(pair.key).inserted && reported.insert(pair.key).inserted {
                        out.append(
                            Diagnostic(
                                "config.duplicateKey", .warning,
                                "\(keyPath) appears more than once in its object: Android's parsers read the last copy and Apple's Foundation the first, so the platforms may decide differently (docs/configs.md says which copy the audit reads for each format)",
                                path: keyPath))
                    }
                }
                for key in object.keys { walk(object[key]!, path.isEmpty ? key : "\(path).\(key)") }
            }
        }
        walk(root, "")
        return out
    }

    /// Reads, parses and recognises one source: its bytes, its document (JSON, or XML when its first
    /// character after a byte-order mark and blanks is `<`) and its format.
    package func document(_ source: String) throws(ConfigError) -> (
        bytes: [UInt8], root: ConfigDocument, format: any ConfigFormat.Type, notStrict: Diagnostic?
    ) {
        let bytes = try fetch(source)
        let (root, format, notStrict) = try document(bytes: bytes, source: source)
        return (bytes, root, format, notStrict)
    }

    /// Parses and recognises bytes that came from `source`; `notStrict` when they are not JSON but a format's
    /// clients read them (`JSONConfigFormat.clientReading(nonStrict:)`).
    package func document(bytes: [UInt8], source: String) throws(ConfigError) -> (
        root: ConfigDocument, format: any ConfigFormat.Type, notStrict: Diagnostic?
    ) {
        let root: ConfigDocument
        let text = TextDocument(bytes: bytes, fileName: Self.fileName(source))
        if let format = FormatRegistry.textFormat(for: text, forced: forcedFormat) {
            return (.text(text), format, nil)
        }
        if Self.looksLikeXML(bytes) {
            do { root = .xml(try XMLDocumentReader.parse(bytes)) } catch {
                throw ConfigError(
                    source: source, kind: .xmlSyntax(line: error.line, column: error.column, message: error.message))
            }
        } else {
            do { root = .json(try JSONParser.parse(bytes)) } catch {
                if let read = clientReading(bytes, error) { return read }
                throw ConfigError(
                    source: source, kind: .syntax(line: error.line, column: error.column, message: error.message))
            }
        }
        switch FormatRegistry.detect(root, forced: forcedFormat) {
        case .failure(let kind): throw ConfigError(source: source, kind: kind)
        case .success(let format): return (root, format, nil)
        }
    }

    /// A document strict JSON refuses that some format's clients read: the first JSON format (the forced one,
    /// with `--format`) whose clients' reading of it is a document of that format, and the warning at the
    /// syntax error that says so.
    private func clientReading(_ bytes: [UInt8], _ error: JSONSyntaxError) -> (
        root: ConfigDocument, format: any ConfigFormat.Type, notStrict: Diagnostic?
    )? {
        for case let format as any JSONConfigFormat.Type in FormatRegistry.formats
        where forcedFormat == nil || format.name == forcedFormat {
            guard let (root, readers) = format.clientReading(nonStrict: bytes, refusedAt: error),
                forcedFormat != nil || root.objectValue.map({ format.matches($0) }) == true
            else { continue }
            var note = Diagnostic(
                "config.notStrictJSON", .warning,
                "not JSON at line \(error.line), column \(error.column) (\(error.message)): JSON parsers refuse the document, but \(readers); the audit evaluates what they read"
            )
            note.location = SourceLocation(line: error.line, column: error.column)
            return (.json(root), format, note)
        }
        return nil
    }

    /// The name of a source's file, or of a URL's last path part (no query): what a format that chooses its
    /// devices by file name reads.
    static func fileName(_ source: String) -> String {
        if ConfigSource.isURL(source) {
            return URLComponents(string: source).flatMap { $0.path.split(separator: "/").last.map(String.init) } ?? ""
        }
        return source.split(separator: "/").last.map(String.init) ?? source
    }

    /// Whether the document starts, after a UTF-8 byte-order mark and blanks, with `<` (no JSON document does).
    package static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        // UTF-16 with its byte-order mark, which Sparkle's XML parser reads (libxml2 does too): `<` as two bytes.
        if bytes.starts(with: [0xFF, 0xFE, 0x3C, 0x00]) || bytes.starts(with: [0xFE, 0xFF, 0x00, 0x3C]) {
            return true
        }
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: "<")
    }

    /// `https://host/a/b.json?x` → `["host", "a", "b.json"]`: the path's parts after the host, no query.
    static func urlParts(_ url: String) -> [String] {
        guard let c = URLComponents(string: url), let host = c.host else { return [url] }
        // A `;jsessionid=…` path parameter is a secret, not part of the name.
        let path = c.path.split(separator: "/").compactMap { $0.split(separator: ";").first.map(String.init) }
        return path.isEmpty ? [host] : [host] + path
    }

    private func fetch(_ source: String) throws(ConfigError) -> [UInt8] {
        if ConfigSource.isURL(source) {
            do { return try HTTPFetcher(timeout: timeout).get(source) } catch {
                throw ConfigError(source: source, kind: .fetch(error.description, temporary: error.temporary))
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
            if source.contains("\u{FFFD}") {
                // Swift reads arguments and folder listings as UTF-8, replacing what is not: such a name cannot
                // be opened as given.
                throw ConfigError(
                    source: source,
                    kind: .unreadable(
                        "its name is not valid UTF-8, which FleetAudit cannot open by name: rename the file"))
            }
            throw ConfigError(source: source, kind: .notFound)
        }
        if isDirectory.boolValue {
            throw ConfigError(source: source, kind: .unreadable("it is a folder: use --config-dir"))
        }
        var info = stat()
        if stat(source, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
            // A pipe would block and a device (/dev/zero) never end: a config is a file.
            throw ConfigError(
                source: source, kind: .unreadable("it is not a regular file (a pipe, a socket or a device)"))
        }
        // The bound a URL's body has (docs/security.md): a 500 MB file is no config, and reading it whole twice once
        // aborted the run under a 1 GB memory limit.
        if info.st_size > Self.maximumConfigBytes {
            throw ConfigError(
                source: source,
                kind: .unreadable(
                    "it is \(info.st_size) bytes, more than the \(Self.maximumConfigBytes) a config may be"))
        }
        return try Self.readWhole(source, size: Int(info.st_size))
    }

    /// The file's bytes, or the error the system gave (`Permission denied`, `Too many open files`), which
    /// `FileManager.contents(atPath:)` does not say.
    private static func readWhole(_ source: String, size: Int) throws(ConfigError) -> [UInt8] {
        let fd = open(source, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw ConfigError(source: source, kind: .unreadable(String(cString: strerror(errno))))
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else {
                throw ConfigError(source: source, kind: .unreadable(String(cString: strerror(errno))))
            }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
            // The file grew past the bound since it was sized: refused as a file that size would be.
            if bytes.count > maximumConfigBytes {
                throw ConfigError(
                    source: source,
                    kind: .unreadable("it is more than the \(maximumConfigBytes) bytes a config may be"))
            }
        }
    }

    /// Ids are file names, with as many parent folders as it takes to tell them apart. A URL's id is its file
    /// name too (then its parent paths, then its host), so `--fail-on 'availability-ios.json:forced>1000'`
    /// works whether the config is a file or a URL.
    package static func ids(for sources: [String]) -> [String] {
        let parts = sources.map { ConfigSource.isURL($0) ? urlParts($0) : $0.split(separator: "/").map(String.init) }
        var depth = Array(repeating: 1, count: sources.count)
        func id(_ i: Int) -> String { parts[i].suffix(depth[i]).joined(separator: "/") }
        var changed = true
        while changed {
            changed = false
            let current = sources.indices.map(id)
            for i in sources.indices where current.filter({ $0 == current[i] }).count > 1 && depth[i] < parts[i].count {
                depth[i] += 1
                changed = true
            }
        }
        // Still equal (the same source given twice, or URLs that differ only in their query): number them.
        var seen: [String: Int] = [:]
        return sources.indices.map { i in
            let base = id(i)
            seen[base, default: 0] += 1
            return seen[base]! == 1 ? base : "\(base)#\(seen[base]!)"
        }
    }
}
