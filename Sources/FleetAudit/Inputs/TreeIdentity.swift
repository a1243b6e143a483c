import Crypto
import FleetAuditValues

/// Which tree a JSON config was parsed to, for `LoadedConfig.documentIdentity`: the SHA-256 of the tree written out
/// with every kind, length and parser note that `JSONValue.isIdentical` compares, after the format's name. A format
/// reads a document from its tree alone (`ConfigFormat.load`), so documents of one identity decide every device
/// alike, and the engine evaluates one of them (`EvaluationCore.run`): a folder of copies that differ in layout
/// only (blank lines, indentation) is one evaluation. Equal identities are identical trees (two encodings with
/// one digest would be a SHA-256 collision). It is the loader's, not a format's: no format can say two documents
/// are alike when they are not.
///
/// `JSONValue.isIdentical` stays the straight path; `TreeIdentityTests` holds the two to the same answer.
package struct TreeIdentity: Hashable, Sendable {
    private let digest: SIMD4<UInt64>

    /// The digest as 64 hexadecimal digits.
    package var hex: String {
        (0..<4).map { k in
            let word = String(digest[k], radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
    }

    /// - Parameters:
    ///   - kind: what else than the tree the document was read with (its format's name).
    package init(kind: String, tree: JSONValue) {
        var encoding = TreeEncoding()
        encoding.text(kind)
        encoding.value(tree)
        let hash = SHA256.hash(data: encoding.bytes)
        digest = hash.withUnsafeBytes { raw in
            SIMD4(
                raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
        }
    }
}

/// A tree as bytes that tell every two trees `JSONValue.isIdentical` tells apart apart: each value starts with
/// its kind, each text and list with its length, so no two trees write the same bytes.
private struct TreeEncoding {
    var bytes: [UInt8] = []

    mutating func count(_ n: Int) {
        withUnsafeBytes(of: UInt64(truncatingIfNeeded: n).littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// UTF-8 bytes as written: texts compare byte for byte (`sameBytes`), not by canonical equivalence.
    mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            count(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func value(_ tree: JSONValue) {
        switch tree {
        case .null: bytes.append(0)
        case .bool(let b): bytes.append(b ? 2 : 1)
        case .number(let n):
            bytes.append(3)
            text(n.literal)
        case .string(let s):
            bytes.append(4)
            text(s)
        case .array(let elements):
            bytes.append(5)
            count(elements.count)
            for element in elements { value(element) }
        case .object(let o):
            bytes.append(6)
            object(o)
        }
    }

    private mutating func object(_ o: JSONObject) {
        count(o.pairs.count)
        for pair in o.pairs {
            text(pair.key)
            value(pair.value)
        }
        note(o.trailingComma)
        // A set: written in the order of its keys' bytes, as `isIdentical` compares it.
        let arrays = o.arraysWithTrailingComma.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        count(arrays.count)
        for key in arrays { text(key) }
        note(o.strictJSONRefusal)
        bytes.append(o.byteOrderMark ? 1 : 0)
    }

    private mutating func note(_ error: JSONSyntaxError?) {
        guard let error else {
            bytes.append(0)
            return
        }
        bytes.append(1)
        count(error.line)
        count(error.column)
        text(error.message)
    }
}
