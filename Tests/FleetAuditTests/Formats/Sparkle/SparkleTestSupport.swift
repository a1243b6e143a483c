import Foundation

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditValues

/// Appcasts and Macs for the Sparkle tests.
enum SparkleTestSupport {
    static func fixture(_ name: String) -> String { TestPaths.fixture("sparkle/\(name)") }

    static func load(_ path: String) throws -> LoadedConfig {
        try ConfigLoader().load(path, id: URL(fileURLWithPath: path).lastPathComponent)
    }

    static func load(text: String) throws -> LoadedConfig {
        try load(TestPaths.write(text, named: "appcast.xml", in: TestPaths.temporaryDirectory()))
    }

    /// A Mac: `build` is CFBundleVersion; `columns` are the Sparkle inventory columns (SPEC §5.6).
    static func mac(_ build: String?, os: String = "14.6", appVersion: String? = nil, _ columns: [String: String] = [:])
        -> Profile
    {
        device(.macos, os: os, appVersion: appVersion ?? build ?? "1.0", build: build, columns)
    }

    static func device(
        _ platform: Platform, os: String, appVersion: String, build: String? = nil, _ columns: [String: String] = [:]
    ) -> Profile {
        Profile(
            platform: platform, osVersion: os, apiLevel: platform == .android ? 34 : nil, appVersion: appVersion,
            appBuild: build ?? (platform == .android ? "1" : nil), packageName: nil,
            attributes: Dictionary(uniqueKeysWithValues: columns.map { (InventoryColumn.normalize($0.key), $0.value) }))
    }

    static func decide(
        _ config: LoadedConfig, _ device: Profile, check: FormatOptions.SparkleCheck = .automatic,
        clients: [String] = [], asOf: Date = Date(timeIntervalSince1970: 1_795_000_000)
    ) throws -> Decision {
        var options = FormatOptions()
        options.sparkleCheck = check
        for spec in clients { try options.addAppcastClient(spec) }
        return config.config.evaluate(
            device, context: EvaluationContext(asOf: asOf, asOfIsExplicit: true, options: options))
    }
}
