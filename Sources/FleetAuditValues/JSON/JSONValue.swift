import Foundation

/// A JSON document as the config formats see it.
///
/// Why not `JSONSerialization`/`Codable`: the clients FleetAudit imitates disagree about what a number is
/// (Android PrinceOfVersions wants JSON integers, Moshi accepts `"18"` and `18.0`), configs in the wild carry
/// trailing commas that the clients accept, and a release manager needs the line and column of a syntax
/// error. Keeping the literal text of every number and the order of every object's keys answers all three.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    package var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    package var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    package var numberValue: JSONNumber? {
        if case .number(let number) = self { return number }
        return nil
    }

    package var isNull: Bool { self == .null }

    /// A short name of the JSON type, for diagnostics ("a string", "an object").
    package var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number(let n): return n.isInteger ? "an integer" : "a fraction"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON number with its literal text, so integer-ness survives parsing.
public struct JSONNumber: Equatable, Sendable, CustomStringConvertible {
    package let literal: String

    package init(literal: String) { self.literal = literal }
    package init(_ value: Int) { self.literal = String(value) }

    /// True when the literal has no fraction and no exponent (`5`, `-3`), as JSON integer parsers read it.
    package var isInteger: Bool { !literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) }
    /// The value as a 64-bit integer when the literal is an integer that fits.
    package var int64: Int64? { isInteger ? Int64(literal) : nil }
    package var double: Double { Double(literal) ?? .nan }
    /// The integral value of the number when it has no fractional part, whatever its spelling (`18.0` → 18).
    package var integralValue: Int64? {
        if let exact = int64 { return exact }
        let d = double
        guard d.isFinite, d.rounded() == d, abs(d) < 9.0e18 else { return nil }
        return Int64(d)
    }
    public var description: String { literal }
}

/// A JSON object that keeps its keys in document order. A repeated key keeps its last value, as
/// Foundation's and Moshi's decoders do.
public struct JSONObject: Equatable, Sendable {
    package private(set) var pairs: [(key: String, value: JSONValue)]
    /// Each key's last pair (the one clients read), so a lookup is not a scan: an object of 100,000 keys
    /// walked key by key was quadratic (29 s to validate 1.3 MB). Kept only past `indexedFrom` pairs: most
    /// objects (a report's, a config entry's) have a few keys, found by a short scan, and hashing every key
    /// of every object into a table of its own was much of writing a large report.
    private var lastIndex: [String: Int] = [:]
    private static var indexedFrom: Int { 12 }

    /// Where the document put a comma before this object's `}`: FleetAudit and Foundation accept it, Android's
    /// org.json does not (`JSONTokener.readObject` reads a value after every comma).
    package internal(set) var trailingComma: JSONSyntaxError? = nil
    /// Keys whose array value ends with a comma before `]`: org.json reads one more element there, null.
    package internal(set) var arraysWithTrailingComma: Set<String> = []
    /// On a root object parsed with `JSONParser.parse(_:lenientStrings:)`: the first place strict JSON refused
    /// (a raw control character in a string, an unpaired surrogate, bytes that are not UTF-8).
    package internal(set) var strictJSONRefusal: JSONSyntaxError? = nil
    /// On a root object: whether the document began with a UTF-8 byte-order mark, which `JSONParser` skips and
    /// some clients' parsers read as a character.
    package internal(set) var byteOrderMark = false

    /// This object as Apple's Foundation reads it: of a key written more than once, the first copy, at every depth
    /// (`JSONDecoder` since iOS 17 — checked with Swift 6's Foundation here — and `NSJSONSerialization` before it;
    /// Android's parsers keep the last). The object itself when no key repeats.
    package func keepingFirstCopies() -> JSONObject {
        var copy = self
        var seen = Set<String>()
        var changed = false
        var pairs: [(key: String, value: JSONValue)] = []
        pairs.reserveCapacity(self.pairs.count)
        for pair in self.pairs {
            guard seen.insert(pair.key).inserted else {
                changed = true
                continue
            }
            let value = pair.value.keepingFirstCopies()
            if !changed, value != pair.value { changed = true }
            pairs.append((pair.key, value))
        }
        guard changed else { return self }
        copy.pairs = pairs
        copy.lastIndex = [:]
        copy.indexIfLarge()
        return copy
    }

    /// This object as the root of a document another client's parser read where strict JSON stopped at `error`.
    package func refusedByStrictJSON(at error: JSONSyntaxError) -> JSONObject {
        var copy = self
        copy.strictJSONRefusal = error
        return copy
    }

    package init(_ pairs: [(key: String, value: JSONValue)] = []) {
        self.pairs = pairs
        indexIfLarge()
    }

    /// Each key once, in the order it first appears.
    package var keys: [String] {
        var seen = Set<String>()
        return pairs.compactMap { seen.insert($0.key).inserted ? $0.key : nil }
    }

    /// The value of the key's last occurrence, as the clients' parsers keep it.
    package subscript(key: String) -> JSONValue? {
        if pairs.count < Self.indexedFrom {
            for i in pairs.indices.reversed() where pairs[i].key == key { return pairs[i].value }
            return nil
        }
        return lastIndex[key].map { pairs[$0].value }
    }

    package mutating func append(_ key: String, _ value: JSONValue) {
        pairs.append((key, value))
        if pairs.count == Self.indexedFrom {
            indexIfLarge()
        } else if pairs.count > Self.indexedFrom {
            lastIndex[key] = pairs.count - 1
        }
    }

    private mutating func indexIfLarge() {
        guard pairs.count >= Self.indexedFrom else { return }
        for (i, pair) in pairs.enumerated() { lastIndex[pair.key] = i }
    }

    /// Whether the two are the same document to every reader: the same keys and values in the same order, texts
    /// the same scalar for scalar (not merely canonically equivalent, as `==` on `String` compares), and the same
    /// notes of the parser at every depth (a comma before `}`, a refusal of strict JSON, a byte-order mark).
    package func isIdentical(to other: JSONObject) -> Bool {
        pairs.count == other.pairs.count && trailingComma == other.trailingComma
            && Self.sameKeys(arraysWithTrailingComma, other.arraysWithTrailingComma)
            && strictJSONRefusal == other.strictJSONRefusal && byteOrderMark == other.byteOrderMark
            && zip(pairs, other.pairs).allSatisfy {
                sameBytes($0.key, $1.key) && $0.value.isIdentical(to: $1.value)
            }
    }

    /// Two sets of keys, byte for byte (a `Set`'s `==` takes canonically equivalent keys as one).
    private static func sameKeys(_ a: Set<String>, _ b: Set<String>) -> Bool {
        guard a.count == b.count else { return false }
        let order: (String, String) -> Bool = { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return zip(a.sorted(by: order), b.sorted(by: order)).allSatisfy { sameBytes($0, $1) }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.pairs.count == rhs.pairs.count
            && zip(lhs.pairs, rhs.pairs).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

extension JSONValue {
    /// `JSONObject.isIdentical(to:)` for any value.
    package func isIdentical(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.object(let a), .object(let b)): return a.isIdentical(to: b)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isIdentical(to: $1) }
        case (.string(let a), .string(let b)): return sameBytes(a, b)
        default: return self == other
        }
    }

    /// The value as Apple's Foundation reads it (`JSONObject.keepingFirstCopies`).
    package func keepingFirstCopies() -> JSONValue {
        switch self {
        case .object(let o): return .object(o.keepingFirstCopies())
        case .array(let a):
            let kept = a.map { $0.keepingFirstCopies() }
            return kept == a ? self : .array(kept)
        default: return self
        }
    }

    /// The path of the first object member, in document order, whose number is too large for a double
    /// (`1e400`): Android's org.json refuses it while parsing (`JSONObject.put` checks every number, an array's
    /// `put` does not), so an Android client rejects the whole document. nil when there is none.
    package func firstNonFiniteMember(at path: String = "") -> String? {
        switch self {
        case .object(let o):
            for (key, value) in o.pairs {
                let here = path.isEmpty ? key : path + "." + key
                if case .number(let n) = value, !n.double.isFinite { return here }
                if let inner = value.firstNonFiniteMember(at: here) { return inner }
            }
            return nil
        case .array(let a):
            for (i, value) in a.enumerated() {
                if let inner = value.firstNonFiniteMember(at: path + "[\(i)]") { return inner }
            }
            return nil
        default:
            return nil
        }
    }

    /// The first object, in document order, written with a comma before its `}`.
    package var firstObjectTrailingComma: JSONSyntaxError? {
        switch self {
        case .object(let o):
            if let here = o.trailingComma { return here }
            return o.pairs.lazy.compactMap { $0.value.firstObjectTrailingComma }.first
        case .array(let a):
            return a.lazy.compactMap { $0.firstObjectTrailingComma }.first
        default:
            return nil
        }
    }
}

/// Whether two texts are the same bytes of UTF-8 (`==` on `String` also takes canonically equivalent texts).
func sameBytes(_ a: String, _ b: String) -> Bool {
    var a = a
    var b = b
    // memcmp: the generic `elementsEqual` compared byte by byte, most of comparing a thousand documents' trees.
    return a.withUTF8 { x in
        b.withUTF8 { y in x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) }
    }
}
