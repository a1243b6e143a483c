import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditValues

/// Issue 34: where FleetAudit and the OSAM common module's 3.x clients (modul_comu_osam @ feat/OSAM_january_2026:
/// kotlinx.serialization 1.7.3 with `ignoreUnknownKeys`, `DtoModels.kt` L12-51) disagreed on a differential run of
/// 4,000 random documents (session 20: 73.5% agreed, 493 of the rest already `osam.rejectedByCurrentClients`).
/// What the clients read, FleetAudit now reads the same way; what they refuse is named in that error (the
/// document is still evaluated as written, for older clients: docs/formats/osam.md).
final class OSAMClientFidelityTests: XCTestCase {
    static func document(_ changes: [String: String] = [:], removing: Set<String> = []) -> String {
        let text = #"{"es": "a", "en": "a", "ca": "a"}"#
        var fields: [(String, String)] = [
            ("id", "1"), ("appId", "2"), ("packageName", #""p""#), ("versionCode", "352"), ("versionName", #""1""#),
            ("platform", #""ANDROID""#), ("comparisonMode", #""FORCE""#), ("serverDate", "3000"), ("title", text),
            ("message", text), ("ok", text), ("cancel", text), ("url", #""u""#), ("checkBoxDontShowAgain", "true"),
            ("dialogDisplayDuration", "3600"),
        ]
        fields = fields.filter { !removing.contains($0.0) }.map { ($0.0, changes[$0.0] ?? $0.1) }
        for (key, value) in changes.sorted(by: { $0.key < $1.key }) where !fields.contains(where: { $0.0 == key }) {
            fields.append((key, value))
        }
        return #"{"data": {"# + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}}"
    }

    func load(_ json: String) throws -> LoadedConfig {
        let path = TestPaths.write(json, named: "osam.json", in: TestPaths.temporaryDirectory())
        return try ConfigLoader().load(path, id: "osam.json")
    }

    func decide(_ json: String, opens: String? = nil) throws -> Decision {
        let device = Profile(
            platform: .android, osVersion: "11", apiLevel: 30, appVersion: "1.0", appBuild: "351", packageName: nil,
            attributes: opens.map { ["appopens": $0, "minutessincerating": "100"] } ?? [:])
        return try load(json).config.evaluate(device, context: EvaluationContext())
    }

    func rejection(_ json: String) throws -> String? {
        try load(json).config.diagnostics.first { $0.code == "osam.rejectedByCurrentClients" }?.message
    }

    func testTheSharedDocumentIsReadByTheClients() throws {
        XCTAssertEqual(try decide(Self.document()).outcome, .forced)
        XCTAssertNil(try rejection(Self.document()))
    }

    /// `AbstractJsonLexer.consumeNumericLiteral` (L583-672) reads a quoted number and an exponent.
    func testQuotedAndExponentNumbersAreRead() throws {
        for value in [#""352""#, "352e0", "3520e-1"] {
            let json = Self.document(["versionCode": value])
            XCTAssertEqual(try decide(json).outcome, .forced, value)
            XCTAssertNil(try rejection(json), value)
        }
        // A quoted serverDate inside the window decides (it was read as missing: the audit's time, outside it).
        let window = Self.document(["startDate": "4000", "endDate": "6000", "serverDate": #""5000""#])
        XCTAssertEqual(try decide(window).outcome, .forced)
        // Rating: a quoted numAperture.
        let rating =
            #"{"data": {"id": 1, "appId": 2, "packageName": "p", "platform": "ANDROID", "minutes": 10, "numAperture": "5", "message": {"es": "a", "en": "a", "ca": "a"}}}"#
        XCTAssertEqual(try decide(rating, opens: "6").notices, ["rating"])
        XCTAssertNil(try rejection(rating))
    }

    /// What the clients refuse is named: a fraction (L636), a number past the field's range (L296-301, L642), a
    /// text or boolean of the wrong kind, an enum name not as written (`JsonNamesMap.kt` L83-95), a required field
    /// FleetAudit did not list (`packageName`, `versionName`, `serverDate`, L15-22), a comma before `}` (L246).
    func testWhatTheClientsRefuseIsNamed() throws {
        for (changes, removing, expected) in [
            (["id": "1.0"], [], "data.id is 1.0, not an Int"),
            (["id": #""abc""#], [], #"data.id is "abc", not an Int"#),
            (["id": "2147483648"], [], "data.id is 2147483648, not an Int"),
            (["dialogDisplayDuration": "3600.0"], [], "data.dialogDisplayDuration is 3600.0, not a Long"),
            (["dialogDisplayDuration": "9223372036854775808"], [], "not a Long"),
            (["checkBoxDontShowAgain": "1"], [], "data.checkBoxDontShowAgain is 1, not true or false"),
            (["url": "1"], [], "data.url is 1, not a JSON string"),
            (["comparisonMode": #""force""#], [], "one of FORCE, LAZY, INFO, NONE as written"),
            (["platform": #""android""#], [], "one of ANDROID, IOS as written"),
            (["serverDate": "3000.0"], [], "data.serverDate is 3000.0, not a Long"),
            ([:], ["packageName", "versionName", "serverDate"], "it lacks packageName, versionName, serverDate"),
        ] as [([String: String], Set<String>, String)] {
            let message = try rejection(Self.document(changes, removing: removing))
            XCTAssertTrue(message?.contains(expected) == true, "\(changes) \(removing): \(message ?? "none")")
        }
        // Every copy of a key is decoded (StreamingJsonDecoder.kt L176): an earlier bad copy rejects the document.
        for json in [
            Self.document().replacingOccurrences(
                of: #""comparisonMode": "FORCE""#, with: #""comparisonMode": null, "comparisonMode": "FORCE""#),
            Self.document().replacingOccurrences(of: #""id": 1,"#, with: #""id": 2147483648, "id": 1,"#),
            Self.document().replacingOccurrences(of: #""url": "u""#, with: #""url": 1, "url": "u""#),
        ] {
            XCTAssertNotNil(try rejection(json), json)
        }
        // A second exponent is no number (the first `e` or `E` only starts one).
        XCTAssertTrue(try rejection(Self.document(["versionCode": #""352e0e0""#]))?.contains("versionCode") == true)
        // consumeBooleanLenient (AbstractJsonLexer.kt L679-696): a quoted boolean in any case is read.
        XCTAssertNil(try rejection(Self.document(["checkBoxDontShowAgain": #""FALSE""#])))
        // The value of a key the clients do not know is skipped unread, commas and all.
        XCTAssertNil(try rejection(Self.document(["extra": #"{"a": 1,}"#])))
        let comma = Self.document().replacingOccurrences(of: "3600}}", with: "3600,}}")
        XCTAssertTrue(try rejection(comma)?.contains("a comma before } at line 1") == true)
        let rating =
            #"{"data": {"id": 1, "appId": 2, "packageName": "p", "platform": "ANDROID", "minutes": 10, "numAperture": 5.0, "message": {"es": "a", "en": "a", "ca": "a"}}}"#
        XCTAssertTrue(try rejection(rating)?.contains("data.numAperture is 5.0, not an Int") == true)
    }

    /// `isDialogDurationOver` (`CommonRepositoryUtils.kt` L218-220): a LAZY or INFO dialog waits
    /// `dialogDisplayDuration` seconds after the last click, 0 on a fresh install.
    func testADialogDurationLongerThanTheEpochShowsNothing() throws {
        let lazy = Self.document(["comparisonMode": #""LAZY""#])
        XCTAssertEqual(try decide(lazy).outcome, .recommended)
        let waiting = Self.document(["comparisonMode": #""LAZY""#, "dialogDisplayDuration": "2000000000"])
        let decision = try decide(waiting)
        XCTAssertEqual(decision.outcome, .upToDate)
        XCTAssertTrue(decision.reason.contains("has not passed since the epoch"), decision.reason)
        let info = Self.document(["comparisonMode": #""INFO""#, "dialogDisplayDuration": "9223372036854775807"])
        XCTAssertEqual(try decide(info).notices, [])
        XCTAssertEqual(try decide(Self.document(["comparisonMode": #""INFO""#])).notices, ["versionControl.info"])
    }
}
