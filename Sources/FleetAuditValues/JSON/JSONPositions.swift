/// A 1-based line and column in a document (columns count characters, as an editor's cursor does).
package struct SourceLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
    package let line: Int
    package let column: Int
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    package var description: String { "\(line):\(column)" }
}

/// Finds where JSON paths (`updates[0].filters.deviceModel`, the paths diagnostics name) stand in a
/// document's text: an object member at its key, an array element or the root at its value.
///
/// Only the requested paths are tracked — a trie of them is walked alongside the document — so locating the
/// few paths a config's diagnostics name costs one pass of tokenizing, with nothing built for the rest of a
/// document that may hold hundreds of thousands of entries. The document has already been parsed; a path
/// that is not in it (or text that stops parsing) simply has no location.
package enum JSONPositions {
    private final class Node {
        var members: [String: Node] = [:]
        var elements: [Int: Node] = [:]
        var wanted: String?
    }

    package static func locate(_ paths: Set<String>, in bytes: [UInt8]) -> [String: SourceLocation] {
        let root = trie(paths)
        var scanner = Scanner(bytes: bytes)
        scanner.skipBOM()
        scanner.skipWhitespace()
        if let path = root.wanted { scanner.found[path] = scanner.location() }
        scanner.value(root)
        return scanner.found
    }

    /// The byte range of each path's value in the text (`minimumAppVersion.value` → the `"4.2.0"` literal with
    /// its quotes), so a value can be replaced with everything around it — formatting, key order, other
    /// values — left byte for byte as written (`whatif --emit`).
    package static func valueRanges(_ paths: Set<String>, in bytes: [UInt8]) -> [String: Range<Int>] {
        let root = trie(paths)
        var scanner = Scanner(bytes: bytes)
        scanner.skipBOM()
        scanner.skipWhitespace()
        let start = scanner.index
        scanner.value(root)
        if let path = root.wanted { scanner.ranges[path] = start..<scanner.index }
        return scanner.ranges
    }

    /// The paths as a trie the scanner walks alongside the document.
    private static func trie(_ paths: Set<String>) -> Node {
        let root = Node()
        for path in paths {
            guard let components = components(of: path) else { continue }
            var node = root
            for c in components {
                switch c {
                case .member(let key):
                    node =
                        node.members[key]
                        ?? {
                            let n = Node()
                            node.members[key] = n
                            return n
                        }()
                case .element(let i):
                    node =
                        node.elements[i]
                        ?? {
                            let n = Node()
                            node.elements[i] = n
                            return n
                        }()
                }
            }
            node.wanted = path
        }
        return root
    }

    package enum Component {
        case member(String), element(Int)
    }

    /// `a.b[0].c` → member a, member b, element 0, member c (nil for a malformed path).
    package static func components(of path: String) -> [Component]? {
        var out: [Component] = []
        for segment in path.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(segment)
            let name = rest.prefix { $0 != "[" }
            if !name.isEmpty { out.append(.member(String(name))) }
            rest = rest.dropFirst(name.count)
            while rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"),
                    let i = Int(rest[rest.index(after: rest.startIndex)..<close])
                else { return nil }
                out.append(.element(i))
                rest = rest[rest.index(after: close)...]
            }
            guard rest.isEmpty else { return nil }
        }
        return out
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0
        var found: [String: SourceLocation] = [:]
        var ranges: [String: Range<Int>] = [:]

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipBOM() {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                index = 3
                lineStart = 3
            }
        }

        /// The last column worked out, so that locating many values of one long line (a minified document of
        /// 100,000 keys) counts each byte once, not once per value.
        var columnMark = (index: 0, column: 1)

        mutating func location() -> SourceLocation {
            if columnMark.index < lineStart || columnMark.index > index { columnMark = (lineStart, 1) }
            var (i, column) = columnMark
            while i < index && i < bytes.count {
                if bytes[i] & 0xC0 != 0x80 { column += 1 }
                i += 1
            }
            columnMark = (i, column)
            return SourceLocation(line: line, column: column)
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x0A:
                    index += 1
                    line += 1
                    lineStart = index
                case 0x20, 0x09, 0x0D: index += 1
                default: return
                }
            }
        }

        /// Skips one value, recording the wanted paths below `node` (nil: nothing wanted below).
        mutating func value(_ node: Node?) {
            guard index < bytes.count else { return }
            switch bytes[index] {
            case UInt8(ascii: "{"): object(node)
            case UInt8(ascii: "["): array(node)
            case UInt8(ascii: "\""): _ = string(keep: false)
            default:
                // A number, true, false or null: up to the next delimiter.
                while index < bytes.count {
                    switch bytes[index] {
                    case 0x2C, 0x5D, 0x7D, 0x20, 0x0A, 0x0D, 0x09: return
                    default: index += 1
                    }
                }
            }
        }

        mutating func object(_ node: Node?) {
            index += 1
            skipWhitespace()
            while index < bytes.count, bytes[index] != UInt8(ascii: "}") {
                guard bytes[index] == UInt8(ascii: "\"") else {
                    index = bytes.count
                    return
                }
                let at = location()
                let key = string(keep: node.map { !$0.members.isEmpty } ?? false)
                let child = key.flatMap { node?.members[$0] }
                if let path = child?.wanted, found[path] == nil { found[path] = at }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    index = bytes.count
                    return
                }
                index += 1
                skipWhitespace()
                let start = index
                value(child)
                if let path = child?.wanted, ranges[path] == nil { ranges[path] = start..<index }
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipWhitespace()
                }
            }
            index += 1
        }

        mutating func array(_ node: Node?) {
            index += 1
            skipWhitespace()
            var i = 0
            while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
                let child = node?.elements[i]
                if let path = child?.wanted, found[path] == nil { found[path] = location() }
                let start = index
                value(child)
                // A character strict JSON has no value at (org.json's `;` or a stray `}`: the document was read
                // leniently) would stop every later step here: the paths after it have no location.
                guard index > start else {
                    index = bytes.count
                    return
                }
                if let path = child?.wanted, ranges[path] == nil { ranges[path] = start..<index }
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipWhitespace()
                }
                i += 1
            }
            index += 1
        }

        /// Skips a string; returns its text when `keep` (escapes decoded as the parser decodes them).
        mutating func string(keep: Bool) -> String? {
            let start = index
            index += 1
            var escaped = false
            while index < bytes.count {
                let b = bytes[index]
                index += 1
                if escaped {
                    escaped = false
                    continue
                }
                if b == UInt8(ascii: "\\") {
                    escaped = true
                    continue
                }
                if b == UInt8(ascii: "\"") { break }
            }
            guard keep else { return nil }
            if let decoded = try? JSONParser.parse(Array(bytes[start..<index])), case .string(let s) = decoded {
                return s
            }
            return nil
        }
    }
}
