import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// `PoVSelection` must choose exactly what the client's scan in array order chooses, on arrays of every
/// shape: runs of OS-only entries, entries filed under a text, entries checked one by one, mixed.
final class PoVSelectionTests: XCTestCase {
    private let models = ["Pixel 7", "pixel 7", "SM-G973F", "iPhone15,2", "Model-1"]

    private func randomConfiguration(_ i: Int, _ rng: inout SystemRandomNumberGenerator) -> PoVConfiguration {
        var requirements: [(key: String, value: JSONValue)] = []
        switch Int.random(in: 0..<6, using: &rng) {
        case 0, 1, 2: break
        case 3: requirements = [("model", .string(models.randomElement(using: &rng)!))]
        case 4: requirements = [("ram", .number(JSONNumber(Int.random(in: 1...8, using: &rng))))]
        default:
            requirements = [
                ("ram", .number(JSONNumber(Int.random(in: 1...8, using: &rng)))),
                ("model", .string(models.randomElement(using: &rng)!)),
            ]
        }
        let os: PoVVersion? = Bool.random(using: &rng) ? nil : .code(Int64.random(in: 20...36, using: &rng))
        return PoVConfiguration(
            id: "android2[\(i)]", required: .code(10), last: nil, frequency: .once, requiredOS: os,
            requirements: requirements.map { PoVRequirement(key: $0.key, value: $0.value) }, meta: .null)
    }

    func testChoosesWhatAScanInArrayOrderChooses() {
        var rng = SystemRandomNumberGenerator()
        let options = FormatOptions()
        for _ in 0..<400 {
            let configurations = (0..<Int.random(in: 0...40, using: &rng)).map { randomConfiguration($0, &rng) }
            let selection = PoVSelection(configurations)
            for _ in 0..<20 {
                var attributes: [String: String] = [:]
                if Bool.random(using: &rng) { attributes["model"] = models.randomElement(using: &rng)!.uppercased() }
                if Bool.random(using: &rng) { attributes["ram"] = String(Int.random(in: 1...8, using: &rng)) }
                let profile = Profile(
                    platform: .android, osVersion: "x", apiLevel: 30, appVersion: "1", appBuild: "1",
                    packageName: nil, attributes: attributes)
                let os = PoVVersion.code(Int64.random(in: 18...38, using: &rng))
                func hold(_ i: Int) -> Bool {
                    configurations[i].requirements.allSatisfy {
                        PoVRequirements.holds($0.key, $0.value, profile: profile, options: options)
                    }
                }
                // The client's scan.
                var expected: (Int?, Int?) = (nil, nil)
                for (i, c) in configurations.enumerated() {
                    let osHolds = c.requiredOS.map { os >= $0 } ?? true
                    if osHolds && hold(i) {
                        expected.0 = i
                        break
                    }
                    if !osHolds && hold(i) && expected.1 == nil { expected.1 = i }
                }
                for filing in [true, false] {
                    let got = selection.choose(
                        os: os, useFiling: filing, attribute: { profile.attribute($0) }, requirementsHold: hold)
                    XCTAssertEqual(got.chosen, expected.0, "filing \(filing)")
                    XCTAssertEqual(got.failedOnlyOnOS, expected.1, "filing \(filing)")
                }
            }
        }
    }

    func testFilingIsOffWhenARequirementComparisonIsOverridden() throws {
        let c = PoVConfiguration(
            id: "ios2[0]", required: nil, last: nil, frequency: .once, requiredOS: nil,
            requirements: [PoVRequirement(key: "model", value: .string("a"))], meta: .null)
        var options = FormatOptions()
        XCTAssertTrue(PoVSelection([c]).filingApplies(options))
        try options.addRequirement("model=atLeast")
        XCTAssertFalse(PoVSelection([c]).filingApplies(options))
    }
}
