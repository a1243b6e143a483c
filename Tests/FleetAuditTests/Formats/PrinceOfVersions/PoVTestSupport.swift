import Foundation

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Loads PrinceOfVersions fixtures and builds devices for the PoV tests.
enum PoV {
    static func load(_ relative: String) throws -> LoadedConfig {
        try ConfigLoader().load(TestPaths.fixture("princeofversions/" + relative), id: relative)
    }

    static func load(json: String) throws -> LoadedConfig {
        let path = TestPaths.write(json, named: "pov.json", in: TestPaths.temporaryDirectory())
        return try ConfigLoader().load(path, id: "pov.json")
    }

    static func android(code: Int, sdk: Int, version: String = "1.0.0", attributes: [String: String] = [:]) -> Profile {
        Profile(
            platform: .android, osVersion: "x", apiLevel: sdk, appVersion: version, appBuild: String(code),
            packageName: nil, attributes: normalized(attributes))
    }

    static func apple(
        _ platform: Platform = .ios, os: String, app: String, build: String? = nil,
        attributes: [String: String] = [:]
    ) -> Profile {
        Profile(
            platform: platform, osVersion: os, apiLevel: nil, appVersion: app, appBuild: build,
            packageName: nil, attributes: normalized(attributes))
    }

    private static func normalized(_ a: [String: String]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: a.map { (InventoryColumn.normalize($0.key), $0.value) })
    }

    static func decide(
        _ c: LoadedConfig, _ p: Profile, options: FormatOptions = FormatOptions(),
        releases: Releases? = nil
    ) -> Decision {
        c.config.evaluate(p, context: EvaluationContext(releases: releases, options: options))
    }
}
