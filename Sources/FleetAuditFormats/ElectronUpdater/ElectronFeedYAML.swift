import Foundation
import Yams

/// A feed's value as electron-updater holds it after js-yaml 4's `load` (default schema: core + timestamp): what
/// JavaScript sees, so that `semver.parse`, `parseInt` and truthiness read it as the client does.
enum FeedValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// A YAML timestamp, which js-yaml makes a `Date`: truthy, never a string.
    case date(String)
    case sequence([FeedValue])
    case mapping([String: FeedValue])

    /// JavaScript's truthiness (`if (min)` in the OS check).
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let b): b
        case .number(let x): x != 0 && !x.isNaN
        case .string(let s): !s.isEmpty
        case .date, .sequence, .mapping: true
        }
    }

    /// `String(value)` in JavaScript, as far as `parseInt` reads it (its leading sign and digits).
    var javaScriptString: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let x): Self.javaScriptNumber(x)
        case .string(let s): s
        // `Date.prototype.toString` starts with the weekday's name.
        case .date: "Date"
        // An array's elements joined by commas, null ones empty.
        case .sequence(let items): items.map { $0 == .null ? "" : $0.javaScriptString }.joined(separator: ",")
        case .mapping: "[object Object]"
        }
    }

    /// `Number.prototype.toString` up to what `parseInt` reads: decimal notation from 1e-6 to 1e21, exponential
    /// notation (its first significant digit first) outside it.
    static func javaScriptNumber(_ x: Double) -> String {
        if x.isNaN { return "NaN" }
        if x.isInfinite { return x < 0 ? "-Infinity" : "Infinity" }
        if x == 0 { return "0" }
        let sign = x < 0 ? "-" : ""
        let magnitude = abs(x)
        if magnitude >= 1e21 || magnitude < 1e-6 {
            // Swift's shortest round-trip digits are JavaScript's: the first of them leads both.
            let digits = "\(magnitude)".filter { $0.isNumber && $0 != "0" }
            return sign + String(digits.first ?? "0") + "e"
        }
        return sign + String(format: "%.0f", magnitude.rounded(.towardZero))
    }
}

/// The top-level keys of a feed, with where each value stands.
struct FeedMapping: Sendable {
    var values: [String: FeedValue]
    var locations: [String: SourceLocation]
}

/// Reads a feed's YAML as js-yaml 4 does, through libyaml (Yams) for the syntax. Written here: no Swift YAML library
/// resolves plain scalars by js-yaml's rules (Yams follows YAML 1.1: `yes` is true, `010` is octal), and the decision
/// turns on them (`version: 1.10` is the number 1.1, which semver refuses).
enum ElectronFeedYAML {
    /// Feeds are a few kilobytes; a larger document is refused before parsing (docs/security.md).
    static let maximumBytes = 1 << 20
    /// Values in one document, aliases expanded: bounds an alias bomb.
    static let maximumValues = 100_000

    /// Every plain scalar without a tag gets this tag, so that an explicit `!!str` (a string) tells apart from a
    /// plain scalar (typed by js-yaml's rules): Yams's resolvers give both `str`.
    static let plainTag = Tag.Name(rawValue: "tag:fleet-audit,2026:plain")
    static let plainMarking = Resolver.basic.appending(try! Resolver.Rule(plainTag, "^"))

    struct Failure: Error, Equatable {
        let message: String
        let location: SourceLocation?
    }

    /// The document's top-level mapping, or why js-yaml's `load` (or the feed's cast) fails on it.
    static func read(_ bytes: [UInt8]) -> Result<FeedValue, Failure> {
        guard bytes.count <= maximumBytes else {
            return .failure(Failure(message: "the feed is larger than 1 MB", location: nil))
        }
        var text = bytes
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
        guard let string = String(validating: text, as: UTF8.self) else {
            return .failure(Failure(message: "the feed is not UTF-8", location: nil))
        }
        do {
            guard let root = try Yams.compose(yaml: string, plainMarking) else { return .success(.null) }
            var budget = maximumValues
            return .success(try value(root, budget: &budget))
        } catch let failure as Failure {
            return .failure(failure)
        } catch let error as YamlError {
            return .failure(failure(error))
        } catch {
            return .failure(Failure(message: "\(error)", location: nil))
        }
    }

    /// The locations of the top-level keys' values (for diagnostics), when the document is a mapping.
    static func locations(_ bytes: [UInt8]) -> [String: SourceLocation] {
        var text = bytes
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
        guard bytes.count <= maximumBytes, let string = String(validating: text, as: UTF8.self),
            let root = try? Yams.compose(yaml: string, plainMarking), case .mapping(let mapping) = root
        else { return [:] }
        var out: [String: SourceLocation] = [:]
        for (key, value) in mapping {
            guard let name = key.scalar?.string, let mark = value.mark else { continue }
            out[name] = SourceLocation(line: mark.line, column: mark.column)
        }
        return out
    }

    private static func failure(_ error: YamlError) -> Failure {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return Failure(message: problem, location: SourceLocation(line: mark.line, column: mark.column))
        case .duplicatedKeysInMapping(let duplicates, _):
            return Failure(
                message: "duplicated mapping key \(duplicates.joined(separator: ", "))", location: nil)
        default:
            return Failure(message: "\(error)", location: nil)
        }
    }

    private static func value(_ node: Node, budget: inout Int) throws -> FeedValue {
        budget -= 1
        guard budget >= 0 else {
            throw Failure(message: "more than 100,000 values (aliases expanded)", location: node.mark.map(location))
        }
        switch node {
        case .scalar(let scalar): return try self.scalar(scalar)
        case .sequence(let sequence):
            try accept(
                sequence.tag, as: [Tag.Name.seq.rawValue, "tag:yaml.org,2002:omap", "tag:yaml.org,2002:pairs"], node)
            return .sequence(try sequence.map { try value($0, budget: &budget) })
        case .mapping(let mapping):
            try accept(mapping.tag, as: [Tag.Name.map.rawValue, "tag:yaml.org,2002:set"], node)
            return .mapping(try self.mapping(mapping, budget: &budget))
        case .alias:
            return .null
        }
    }

    /// js-yaml's `storeMappingPair`, merge keys included: `<<: {…}` (or a list of mappings) adds each key the
    /// mapping does not hold yet, earlier sources first; a key written in the mapping overrides a merged one.
    private static func mapping(_ mapping: Node.Mapping, budget: inout Int) throws -> [String: FeedValue] {
        var out: [String: FeedValue] = [:]
        for (key, item) in mapping {
            let isMerge =
                key.scalar.map { $0.string == "<<" && $0.style == .plain && $0.tag.description == plainTag.rawValue }
                ?? false
            let value = try value(item, budget: &budget)
            guard isMerge else {
                // js-yaml makes every key a string; a repeated key is an error (Yams raises it first).
                out[key.scalar?.string ?? "[object Object]"] = value
                continue
            }
            let sources: [FeedValue]
            if case .sequence(let items) = value { sources = items } else { sources = [value] }
            for source in sources {
                guard case .mapping(let pairs) = source else {
                    throw Failure(
                        message: "cannot merge mappings; the provided source object is unacceptable",
                        location: item.mark.map(location))
                }
                for (k, v) in pairs where out[k] == nil { out[k] = v }
            }
        }
        return out
    }

    /// A collection's explicit tag must be one js-yaml constructs that kind of node with.
    private static func accept(_ tag: Tag, as known: [String], _ node: Node) throws {
        let name = tag.description
        guard name.isEmpty || name == "!" || known.contains(name) else {
            throw Failure(message: unresolved(name), location: node.mark.map(location))
        }
    }

    private static func unresolved(_ tag: String) -> String {
        tag.hasPrefix("tag:yaml.org,2002:")
            ? "cannot resolve a node with !<\(tag)> explicit tag" : "unknown tag !<\(tag)>"
    }

    private static func location(_ mark: Mark) -> SourceLocation {
        SourceLocation(line: mark.line, column: mark.column)
    }

    /// A scalar as js-yaml constructs it: quoted and block scalars are strings; a plain one is null, a boolean, an
    /// integer, a float or a timestamp when its text is one by js-yaml's patterns, else a string. An explicit tag
    /// must fit its text (`!!int 2.0.0` makes js-yaml throw), and a tag js-yaml does not know throws too.
    static func scalar(_ scalar: Node.Scalar) throws -> FeedValue {
        let text = scalar.string
        let tag = scalar.tag.description
        let fail = Failure(message: unresolved(tag), location: scalar.mark.map(location))
        switch tag {
        case plainTag.rawValue, Tag.Name.implicit.rawValue:
            guard scalar.style == .plain || scalar.style == .any else { return .string(text) }
            return plain(text) ?? .string(text)
        case Tag.Name.nonSpecific.rawValue, Tag.Name.str.rawValue, "tag:yaml.org,2002:binary":
            return .string(text)
        case Tag.Name.int.rawValue:
            guard let n = JSYAMLNumbers.integer(text) else { throw fail }
            return .number(n)
        case Tag.Name.float.rawValue:
            guard let x = JSYAMLNumbers.integer(text) ?? JSYAMLNumbers.float(text) else { throw fail }
            return .number(x)
        case Tag.Name.bool.rawValue:
            guard case .bool(let b)? = plain(text) else { throw fail }
            return .bool(b)
        case Tag.Name.null.rawValue:
            guard plain(text) == .null else { throw fail }
            return .null
        case "tag:yaml.org,2002:timestamp":
            guard JSYAMLNumbers.isTimestamp(text) else { throw fail }
            return .date(text)
        default:
            throw fail
        }
    }

    /// js-yaml 4's implicit types of a plain scalar, in its order: null, bool, int, float, timestamp.
    static func plain(_ text: String) -> FeedValue? {
        if ["", "~", "null", "Null", "NULL"].contains(text) { return .null }
        if ["true", "True", "TRUE"].contains(text) { return .bool(true) }
        if ["false", "False", "FALSE"].contains(text) { return .bool(false) }
        if let integer = JSYAMLNumbers.integer(text) { return .number(integer) }
        if let float = JSYAMLNumbers.float(text) { return .number(float) }
        if JSYAMLNumbers.isTimestamp(text) { return .date(text) }
        return nil
    }
}
