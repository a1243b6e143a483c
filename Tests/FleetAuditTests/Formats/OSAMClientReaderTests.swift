import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditValues

/// Issue 34: documents that are not JSON and that the OSAM 3.x clients read all the same. On the session-20
/// differential run (10,000 random documents against kotlinx.serialization 1.7.3's lexer and decoder, compiled
/// here), 406 such documents were refused by FleetAudit (exit 65) while the clients read them and decided. Each
/// case below is one of those causes, with the kotlinx line that accepts it; the client's answer is the
/// decision asserted (FORCE for a build below `versionCode`).
final class OSAMClientReaderTests: XCTestCase {
    private func load(_ json: String, named name: String = "osam.json") throws -> LoadedConfig {
        let path = TestPaths.write(json, named: name, in: TestPaths.temporaryDirectory())
        return try ConfigLoader().load(path, id: name)
    }

    private func device(build: String = "351") -> Profile {
        Profile(
            platform: .android, osVersion: "11", apiLevel: 30, appVersion: "1.0", appBuild: build, packageName: nil,
            attributes: [:])
    }

    private static func replacing(_ old: String, _ new: String) -> String {
        let document = OSAMClientFidelityTests.document()
        precondition(document.contains(old))
        return document.replacingOccurrences(of: old, with: new)
    }

    func testDocumentsOnlyTheClientsReadAreEvaluatedAsTheyReadThem() throws {
        for (json, why, column) in [
            // decodeObjectIndex (StreamingJsonDecoder.kt L222-249) asks for no comma between entries.
            (Self.replacing(#""appId": 2, "packageName""#, #""appId": 2 "packageName""#), "no comma", 31),
            (
                Self.replacing(#""title": {"es": "a", "en": "a""#, #""title": {"es": "a" "en": "a""#),
                "no comma in a text", 0
            ),
            // skipElement (AbstractJsonLexer.kt L526-564): an unknown key's value, by its brackets alone.
            (OSAMClientFidelityTests.document(["extra": "{:::}"]), "a skipped object", 0),
            (OSAMClientFidelityTests.document(["extra": "hello"]), "a bare word", 0),
            (OSAMClientFidelityTests.document(["extra": "NaN"]), "NaN", 0),
            // consumeKeyString (StringJsonLexer.kt L75-99) looks for the closing quote only.
            (Self.replacing(#""versionName": "1""#, "\"versionName\": \"1\n\t\""), "raw control characters", 0),
            // consumeBooleanLenient (AbstractJsonLexer.kt L679-696): any case, unquoted.
            (OSAMClientFidelityTests.document(["checkBoxDontShowAgain": "TRUE"]), "TRUE", 0),
            // consumeNumericLiteral (L583-672) reads leading zeros.
            (OSAMClientFidelityTests.document(["versionCode": "0352"]), "a leading zero", 0),
        ] {
            let loaded = try load(json)
            let note = loaded.diagnostics.first { $0.code == "config.notStrictJSON" }
            XCTAssertNotNil(note, why)
            XCTAssertNotNil(note?.location, why)
            if column > 0 { XCTAssertEqual(note?.location, SourceLocation(line: 1, column: column), why) }
            XCTAssertFalse(loaded.diagnostics.contains { $0.code == "osam.rejectedByCurrentClients" }, why)
            XCTAssertEqual(loaded.config.evaluate(device(), context: EvaluationContext()).outcome, .forced, why)
            XCTAssertEqual(
                loaded.config.evaluate(device(build: "352"), context: EvaluationContext()).outcome, .upToDate, why)
        }
        // What the clients read is what counts: the last copy of a key.
        let twice = Self.replacing(#""versionCode": 352,"#, #""versionCode": 100 "versionCode": 400,"#)
        XCTAssertEqual(
            try load(twice).config.evaluate(device(build: "399"), context: EvaluationContext()).outcome, .forced)
    }

    func testWhatTheClientsRefuseTooIsStillRefused() throws {
        for (json, why) in [
            (Self.replacing(#""id": 1, "appId""#, #""id": 1,, "appId""#), "two commas (invalidTrailingComma, L246)"),
            (Self.replacing(#"{"data": {"id""#, #"{"data": {, "id""#), "a leading comma (checkLeadingComma)"),
            (Self.replacing(#""packageName": "p""#, #""packageName": p"#), "an unquoted string (consumeKeyString)"),
            (OSAMClientFidelityTests.document(["extra": ":"]), "no value to skip (consumeStringLenient)"),
            (OSAMClientFidelityTests.document(["extra": "[}"]), "brackets that do not match (skipElement)"),
            (OSAMClientFidelityTests.document() + " x", "text after the document (expectEof)"),
            (Self.replacing(#""id": 1,"#, #""id": 1 "id": 1.5,"#), "a bad copy of a key"),
            (Self.replacing(#""url": "u""#, #""url": "\q""#), "an escape JSON has not (appendEsc)"),
            ("\u{FEFF}" + Self.replacing(#""id": 1,"#, #""id": 1"#), "a byte-order mark (no '{' first)"),
        ] {
            XCTAssertThrowsError(try load(json), why) { error in
                guard case .syntax = (error as? ConfigError)?.kind else {
                    return XCTFail("\(why): \(error)")
                }
            }
        }
    }

    /// A byte-order mark: FleetAudit's parser skips it, and Ktor hands kotlinx the decoded text, whose first
    /// character is then U+FEFF, not `{` (`beginStructure`, "Expected start of the object"; the 27 documents of
    /// the 10,000 the client refused and FleetAudit did not flag). Still evaluated, for older clients; now flagged.
    func testAByteOrderMarkIsRejectedByTheCurrentClients() throws {
        let loaded = try load("\u{FEFF}" + OSAMClientFidelityTests.document())
        let rejection = loaded.diagnostics.first { $0.code == "osam.rejectedByCurrentClients" }
        XCTAssertTrue(rejection?.message.contains("a byte-order mark before the first {") == true)
        XCTAssertEqual(loaded.config.evaluate(device(), context: EvaluationContext()).outcome, .forced)
        XCTAssertNil(OSAMClientReader.read(Array(("\u{FEFF}" + OSAMClientFidelityTests.document()).utf8)))
        XCTAssertFalse(
            try load(OSAMClientFidelityTests.document()).diagnostics.contains {
                $0.code == "osam.rejectedByCurrentClients"
            })
    }

    /// No other format's clients read more than JSON: such a document is refused, as before.
    func testOtherFormatsStillRefuseWhatIsNotJSON() throws {
        let pov = #"{"android": [{"required_version": 5 "last_version_available": 6}]}"#
        XCTAssertThrowsError(try load(pov, named: "pov.json"))
        let osamLike = #"{"data": {"comparisonMode": "FORCE" "platform": "ANDROID"}}"#
        XCTAssertThrowsError(try load(osamLike), "the clients lack required fields: they refuse it too")
    }

    /// Two independent readings of the same rules: on JSON documents, the reader accepts exactly those the
    /// strict path does not flag `osam.rejectedByCurrentClients`.
    func testTheReaderAgreesWithTheFlagOnJSONDocuments() throws {
        let base = OSAMClientFidelityTests.document()
        var documents = [base]
        let values: [String: [String]] = [
            "id": ["1.0", #""7""#, "2147483648", "null", "-5", "1e2"],
            "versionCode": [#""352""#, "352e0", "3520e-1", "352.5", #"" 352""#, "9223372036854775808"],
            "checkBoxDontShowAgain": [#""FALSE""#, "1", "false", "null"],
            "comparisonMode": [#""force""#, #""LAZY""#, "null", "1"],
            "platform": [#""IOS""#, #""android""#],
            "startDate": ["null", #""5""#, "5.5"],
            "title": [#"{"es": "a", "en": "a"}"#, "null", #""t""#, #"{"es": "a", "en": "a", "ca": 1}"#],
            "url": ["1", "null", #""""#],
            "extra": [#"{"a": 1,}"#, "[1, 2]", "null"],
        ]
        for (key, variants) in values.sorted(by: { $0.key < $1.key }) {
            documents += variants.map { OSAMClientFidelityTests.document([key: $0]) }
        }
        documents += ["packageName", "serverDate", "dialogDisplayDuration", "endDate"].map {
            OSAMClientFidelityTests.document(removing: [$0])
        }
        documents.append(base.replacingOccurrences(of: "3600}}", with: "3600,}}"))
        var flagged = 0
        for json in documents {
            let loaded = try load(json)
            let rejected = loaded.diagnostics.contains { $0.code == "osam.rejectedByCurrentClients" }
            if rejected { flagged += 1 }
            XCTAssertEqual(OSAMClientReader.read(Array(json.utf8)) == nil, rejected, json)
        }
        XCTAssertGreaterThan(flagged, 15)
        XCTAssertLessThan(flagged, documents.count - 10)
    }
}
