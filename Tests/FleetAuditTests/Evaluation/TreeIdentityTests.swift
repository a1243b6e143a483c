import XCTest

@testable import FleetAudit
@testable import FleetAuditFormats
@testable import FleetAuditValues

/// `TreeIdentity`, the loader's digest of a JSON config's tree (copies with one are evaluated once), against the straight path it replaced:
/// `JSONValue.isIdentical`, the whole trees compared. Equal identities exactly when the trees are identical.
final class TreeIdentityTests: XCTestCase {
    /// The loader's identity of a JSON config: layout alone (blank lines, spaces) does not tell copies apart, a
    /// parser note (a comma before the last `}`, which Android's parsers refuse) or another value does, and so
    /// does the format a document is read with.
    func testTheLoaderGivesLayoutOnlyCopiesOneIdentity() throws {
        let directory = TestPaths.temporaryDirectory()
        let text = try String(contentsOfFile: TestPaths.sample("configs/nhs/availability-ios.json"), encoding: .utf8)
        let close = try XCTUnwrap(text.lastIndex(of: "}"))
        let variants = [
            text, text + "\n\n", text.replacingOccurrences(of: ": ", with: ":   "),
            String(text[..<close]) + ",}" + String(text[text.index(after: close)...]),
            text.replacingOccurrences(of: "\"value\": \"", with: "\"value\": \"1"),
        ]
        let identities = try variants.enumerated().map { k, variant in
            let path = TestPaths.write(variant, named: "copy-\(k).json", in: directory)
            return try ConfigLoader().load(path, id: "copy-\(k).json").documentIdentity
        }
        XCTAssertEqual(identities[0], identities[1])
        XCTAssertEqual(identities[0], identities[2])
        XCTAssertNotEqual(identities[0], identities[3])
        XCTAssertNotEqual(identities[0], identities[4])
        XCTAssertNotEqual(identity(.null, kind: "nhs-availability"), identity(.null, kind: "turkcell-updater"))
    }

    private func tree(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8), lenientStrings: true)
    }

    private func identity(_ value: JSONValue, kind: String = "k") -> TreeIdentity {
        TreeIdentity(kind: kind, tree: value)
    }

    /// Random documents from a small alphabet (so that many pairs are identical trees written differently):
    /// every pair's identities are equal exactly when `isIdentical` says so.
    func testIdentitiesAreEqualExactlyWhenTreesAreIdentical() throws {
        var random = SeededGenerator(seed: 36)
        let documents = try (0..<400).map { _ in try tree(Self.document(&random)) }
        var identical = 0
        var different = 0
        let identities = documents.map { identity($0) }
        for i in documents.indices {
            for j in documents.indices where j > i {
                let same = documents[i].isIdentical(to: documents[j])
                XCTAssertEqual(
                    identities[i] == identities[j], same,
                    "\(JSONWriter.compact(documents[i])) vs \(JSONWriter.compact(documents[j]))")
                if same { identical += 1 } else { different += 1 }
            }
        }
        XCTAssertGreaterThan(identical, 100, "the alphabet is small enough to give identical trees")
        XCTAssertGreaterThan(different, 10_000)
    }

    /// Trees one boundary, one kind or one parser note apart.
    func testNearMissesAreDifferent() throws {
        let pairs = [
            (#"{"a": ["ab", "c"]}"#, #"{"a": ["a", "bc"]}"#),
            (#"{"a": "1"}"#, #"{"a": 1}"#),
            (#"{"a": 1}"#, #"{"a": 1.0}"#),
            (#"{"a": {}}"#, #"{"a": []}"#),
            (#"{"a": null}"#, #"{"a": false}"#),
            (#"{"a": "caf\#u{e9}"}"#, #"{"a": "cafe\#u{301}"}"#),
            (#"{"a": 1, "b": 2}"#, #"{"b": 2, "a": 1}"#),
            (#"{"a": 1}"#, #"{"a": 1,}"#),
            (#"{"a": [1]}"#, #"{"a": [1,]}"#),
            (#"{"a": 1}"#, "\u{FEFF}" + #"{"a": 1}"#),
            (#"{"a": "\u0001"}"#, "{\"a\": \"\u{01}\"}"),
            // The same pairs byte for byte; the comma before `]` on the other of two canonically equivalent keys.
            ("{\"\u{e9}\": [1,], \"e\u{301}\": [1]}", "{\"\u{e9}\": [1], \"e\u{301}\": [1,]}"),
        ]
        for (a, b) in pairs {
            let (x, y) = (try tree(a), try tree(b))
            XCTAssertFalse(x.isIdentical(to: y), "\(a) vs \(b)")
            XCTAssertNotEqual(identity(x), identity(y), "\(a) vs \(b)")
        }
        let same = try tree(#"{"a": [1, "x"]}"#)
        XCTAssertEqual(identity(same), identity(try tree("{\n  \"a\": [1,\n \"x\"]\n}\n\n")))
        XCTAssertNotEqual(identity(same, kind: "nhs"), identity(same, kind: "osam rating"))
    }

    private static func document(_ random: inout SeededGenerator) -> String {
        (random.next() % 8 == 0 ? "\u{FEFF}" : "") + object(&random, depth: 0)
    }

    private static func value(_ random: inout SeededGenerator, depth: Int) -> String {
        switch random.next() % (depth < 2 ? 7 : 5) {
        case 0: return ["null", "true", "false"][Int(random.next() % 3)]
        case 1: return ["1", "1.0", "10", "-0"][Int(random.next() % 4)]
        case 2, 3:
            // The last is a raw control character, which strict JSON refuses (a parser note).
            return [
                "\"\"", "\"a\"", "\"ab\"", "\"b\"", "\"caf\u{e9}\"", "\"cafe\u{301}\"", "\"\\u0001\"", "\"\u{01}\"",
            ][
                Int(random.next() % 8)]
        case 4: return "\"1\""
        case 5:
            let elements = (0..<Int(random.next() % 3)).map { _ in value(&random, depth: depth + 1) }
            return "[" + elements.joined(separator: space(&random) + ",") + trailingComma(&random, elements) + "]"
        default: return object(&random, depth: depth + 1)
        }
    }

    private static func object(_ random: inout SeededGenerator, depth: Int) -> String {
        let pairs = (0..<Int(random.next() % 3)).map { _ in
            // Keys that are canonically equivalent but not the same bytes, too.
            ["\"a\"", "\"b\"", "\"ab\"", "\"\u{e9}\"", "\"e\u{301}\""][Int(random.next() % 5)] + ":" + space(&random)
                + value(&random, depth: depth)
        }
        return "{" + pairs.joined(separator: "," + space(&random)) + trailingComma(&random, pairs) + "}"
    }

    private static func space(_ random: inout SeededGenerator) -> String { random.next() % 4 == 0 ? "\n" : "" }

    private static func trailingComma(_ random: inout SeededGenerator, _ elements: [String]) -> String {
        !elements.isEmpty && random.next() % 6 == 0 ? "," : ""
    }
}
