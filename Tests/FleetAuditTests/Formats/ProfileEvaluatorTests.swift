import XCTest

@testable import FleetAuditFormats
@testable import FleetAuditValues

/// `SharedDecisions`, what a worker's evaluators share about the profiles of a block: a decision is made once per
/// profile for the evaluators of one part, kept for every profile of the block, never given to another profile,
/// and not kept at all for a part only one evaluator decides.
final class ProfileEvaluatorTests: XCTestCase {
    private func decision(_ label: String) -> Decision { Decision(.upToDate, rule: label, reason: label) }

    func testADecisionIsMadeOncePerProfileOfABlockAndNeverGivenToAnother() {
        let worker = WorkerMemory(profilesPerBlock: 4)
        let shared = SharedDecisions<String>(worker)
        let part = shared.slot("view")
        XCTAssertEqual(shared.slot("view"), part, "a second evaluator of the part")
        let other = shared.slot("other view")
        XCTAssertNotEqual(other, part)
        _ = shared.slot("other view")
        var made: [Int] = []
        // Two passes over a block of four profiles, then the next block (whose profiles take the same places).
        for visits in [Array(0..<4), Array(0..<4), Array(4..<8), Array(4..<8)] {
            for profile in visits {
                let got = shared.decision(slot: part, visit: profile) {
                    made.append(profile)
                    return decision("p\(profile)")
                }
                XCTAssertEqual(got.rule, "p\(profile)")
                let second = shared.decision(slot: other, visit: profile) { decision("q\(profile)") }
                XCTAssertEqual(second.rule, "q\(profile)", "each part its own decision")
            }
        }
        XCTAssertEqual(made, Array(0..<8), "once per profile, whatever the passes")
    }

    /// PrinceOfVersions numbers its parts at its first decision: a part decided alone, then numbered by a second
    /// evaluator, starts keeping from then on, with nothing from its single days to hand out.
    func testAPartThatGainsASecondEvaluatorKeepsFromThen() {
        let shared = SharedDecisions<String>(WorkerMemory(profilesPerBlock: 4))
        let part = shared.slot("view")
        var made: [String] = []
        let decide = { (visit: Int, label: String) -> Decision in
            shared.decision(slot: part, visit: visit) {
                made.append(label)
                return self.decision(label)
            }
        }
        XCTAssertEqual(decide(0, "alone").rule, "alone")
        XCTAssertEqual(shared.slot("view"), part)
        XCTAssertEqual(decide(0, "first of two").rule, "first of two", "nothing was kept while it was alone")
        XCTAssertEqual(decide(0, "again").rule, "first of two", "kept once shared")
        XCTAssertEqual(decide(1, "next profile").rule, "next profile")
        XCTAssertEqual(made, ["alone", "first of two", "next profile"])
    }

    func testAPartOfOneEvaluatorKeepsNothing() {
        let shared = SharedDecisions<String>(WorkerMemory(profilesPerBlock: 4))
        let alone = shared.slot("alone")
        var made = 0
        for _ in 0..<3 {
            _ = shared.decision(slot: alone, visit: 0) {
                made += 1
                return decision("a")
            }
        }
        XCTAssertEqual(made, 3, "decided by its one evaluator, once per pass: nothing is kept for it")
    }
}
