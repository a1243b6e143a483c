import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// The audit evaluates one value of each attribute class (`AttributeClasses`) and reads on each platform
/// only that platform's attributes (`ProfileNeeds.attributes(for:)`): values put in one class must decide
/// alike, values that may decide differently must stay apart. (`HighCardinalityAuditTests` holds the whole
/// audit to a per-row evaluation; these check the classes themselves.)
final class AttributeClassesTests: XCTestCase {
    private func document(_ text: String) throws -> JSONObject {
        try XCTUnwrap(JSONParser.parse(text).objectValue)
    }

    private let rollout = """
        {"ios2": [{"required_version": "5.0", "requirements": {"required_os_version": "16.0", "region": "GB-ENG"}},
                  {"required_version": "4.0", "requirements": {"required_os_version": "15.0"}}],
         "android2": [{"required_version": 352, "requirements": {"required_os_version": 26, "is_tablet": false}}]}
        """

    /// A store whose rows carry these values of `column` (one row each, on iOS).
    private func store(_ column: String, _ values: [String?]) -> ProfileStore {
        let store = ProfileStore(attributeNames: [column])
        for value in values {
            _ = store.append(
                ProfileFields(
                    platform: .ios, osVersion: "17.0", apiLevel: nil, appVersion: "5.0", appBuild: "1",
                    packageName: nil, attributes: value.map { [column: $0] } ?? [:]))
        }
        return store
    }

    private func representative(
        _ store: ProfileStore, _ classes: AttributeClasses, _ platform: Platform, of text: String?
    ) throws -> String? {
        let column = ProfileStore.fixedColumns
        let map = try XCTUnwrap(classes.representatives(platform: platform, column: column, store: store))
        let id = text.map { store.interners[column]!.id($0) } ?? 0
        return store.text(id: map[Int(id)], column: column)
    }

    func testAPrinceOfVersionsDocumentReadsEachPlatformsOwnRequirements() throws {
        let needs = PrinceOfVersionsDocument(try document(rollout)).needs
        XCTAssertEqual(needs.attributes(for: .ios), ["region", "lastnotifiedversion"])
        XCTAssertEqual(needs.attributes(for: .android), ["istablet", "lastnotifiedversion"])
        XCTAssertEqual(needs.attributes(for: .macos), [], "no key for macOS: its devices are read for nothing")
        XCTAssertEqual(needs.attributes, ["region", "istablet", "lastnotifiedversion"])
    }

    func testRegionsAPrinceOfVersionsRequirementCannotTellApartShareAClass() throws {
        let pov = PrinceOfVersionsDocument(try document(rollout))
        let classes = AttributeClasses([pov], options: FormatOptions())
        let store = store("region", ["FR", "GB-ENG", "DE", "gb-eng", nil])
        // GB-ENG in any case holds; every other region, and none, fails alike.
        XCTAssertEqual(try representative(store, classes, .ios, of: "gb-eng"), "GB-ENG")
        XCTAssertEqual(
            try representative(store, classes, .ios, of: "DE"), try representative(store, classes, .ios, of: "FR"))
        XCTAssertEqual(
            try representative(store, classes, .ios, of: "DE"), try representative(store, classes, .ios, of: nil))
        XCTAssertNotEqual(try representative(store, classes, .ios, of: "DE"), "GB-ENG")
        // The version last notified is compared with each configuration's versions: no classes.
        let notified = self.store("lastnotifiedversion", ["6.1", "6.0"])
        XCTAssertNil(classes.representatives(platform: .ios, column: ProfileStore.fixedColumns, store: notified))
    }

    func testLanguagesATurkcellDocumentCannotTellApartShareAClass() throws {
        let turkcell = TurkcellDocument(
            try document(
                """
                {"updates": [{"filters": {"deviceLanguage": "cy"}, "descriptions": {"*": {"message": "m"}}, "forceUpdate": true},
                             {"filters": {"deviceOsName": "ios"}, "descriptions": {"pl": {"message": "p"}, "*": {"message": ""}}}]}
                """))
        let classes = AttributeClasses([turkcell], options: FormatOptions())
        let store = store("language", ["cy-GB", "en-GB", "cy", "en-US", "pl-PL", "de-DE"])
        for platform in [Platform.ios, .android] {
            // The SDKs read the first two letters.
            XCTAssertEqual(try representative(store, classes, platform, of: "cy"), "cy-GB")
            // Neither the filter nor a description names English or German.
            XCTAssertEqual(try representative(store, classes, platform, of: "en-US"), "en-GB")
            XCTAssertEqual(try representative(store, classes, platform, of: "de-DE"), "en-GB")
            // Polish has a description of its own.
            XCTAssertEqual(try representative(store, classes, platform, of: "pl-PL"), "pl-PL")
        }
    }

    /// Documents that tell different values apart merge their classes: Welsh and Polish apart, English and German
    /// together, whatever the order of the documents.
    func testDocumentsThatTellDifferentValuesApartMergeTheirClasses() throws {
        let welsh = """
            {"updates": [{"filters": {"deviceLanguage": "cy"}, "descriptions": {"*": {"message": "m"}}, "forceUpdate": true}]}
            """
        let polish = """
            {"updates": [{"filters": {"deviceOsName": "ios"}, "descriptions": {"pl": {"message": "p"}, "*": {"message": ""}}}]}
            """
        let configs = try [welsh, polish].map { TurkcellDocument(try document($0)) }
        let store = store("language", ["cy-GB", "en-GB", "cy", "en-US", "pl-PL", "de-DE", "pl"])
        let column = ProfileStore.fixedColumns
        for members in [configs, configs.reversed()] {
            let both = try XCTUnwrap(
                AttributeClasses(members, options: FormatOptions()).representatives(
                    platform: .ios, column: column, store: store))
            let id = { (text: String) in Int(store.interners[column]!.id(text)) }
            XCTAssertNotEqual(both[id("cy")], both[id("pl")])
            XCTAssertNotEqual(both[id("cy")], both[id("en-US")])
            XCTAssertNotEqual(both[id("pl")], both[id("en-US")])
            XCTAssertEqual(both[id("de-DE")], both[id("en-US")])
        }
    }

    func testAnAttributeSomeConfigReadsAsWrittenHasNoClasses() throws {
        // A filter keyed by the column's own name reads the whole value.
        let raw = TurkcellDocument(
            try document(
                """
                {"updates": [{"filters": {"language": "cy-GB"}, "descriptions": {"*": {"message": "m"}}, "forceUpdate": true}]}
                """))
        XCTAssertNil(
            AttributeClasses([raw], options: FormatOptions())
                .representatives(
                    platform: .ios, column: ProfileStore.fixedColumns, store: store("language", ["cy-GB", "cy-XX"])))
        // Grouped with a config that reads regions as written, PoV's classes do not apply.
        let region = TurkcellDocument(
            try document(
                """
                {"updates": [{"filters": {"region": "FR"}, "descriptions": {"*": {"message": "m"}}, "forceUpdate": true}]}
                """))
        let pov = PrinceOfVersionsDocument(try document(rollout))
        XCTAssertNil(
            AttributeClasses([pov, region], options: FormatOptions())
                .representatives(
                    platform: .ios, column: ProfileStore.fixedColumns, store: store("region", ["FR", "DE"])))
    }

    func testNeedsReadByEveryPlatformOutweighAPerPlatformMap() throws {
        let pov = PrinceOfVersionsDocument(try document(rollout)).needs
        var grouped = ProfileNeeds()
        grouped.formUnion(pov)
        XCTAssertEqual(
            grouped.attributes(for: .android), ["istablet", "lastnotifiedversion"],
            "needs that read nothing keep the map")
        grouped.formUnion(ProfileNeeds(attributes: ["model"]))
        XCTAssertNil(grouped.attributesByPlatform)
        XCTAssertEqual(grouped.attributes(for: .android), ["istablet", "lastnotifiedversion", "region", "model"])
    }
}
