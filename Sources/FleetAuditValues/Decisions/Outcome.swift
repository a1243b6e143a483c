/// What a config does to one device (docs/reference/outcomes.md). Cases are in report order.
package enum Outcome: String, CaseIterable, Sendable, Hashable {
    case forced, recommended, blocked, unsupportedOS, upToDate, notTargeted

    /// The outcomes a release manager worries about: their top versions are listed in reports.
    package static let locking: [Outcome] = [.forced, .blocked, .unsupportedOS]

    /// The position in report order. `allCases.firstIndex` made the array on every call, and the derived
    /// hash hashed the raw string: both ran for every evaluation.
    @inlinable package var index: Int {
        switch self {
        case .forced: 0
        case .recommended: 1
        case .blocked: 2
        case .unsupportedOS: 3
        case .upToDate: 4
        case .notTargeted: 5
        }
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(index) }

    package var isLocking: Bool { self == .forced || self == .blocked || self == .unsupportedOS }
}

/// Device counts per outcome.
///
/// Kept in eight lanes of one SIMD value, not an array: a tally adds to several of these per profile and config,
/// and an array's uniqueness and bounds checks on every addition led the profile of a many-configs audit.
package struct OutcomeCounts: Equatable, Sendable {
    @usableFromInline var lanes = SIMD8<Int64>()

    package init() {}

    /// One count per outcome, in `Outcome.allCases` order.
    package var values: [Int64] { Outcome.allCases.map { lanes[$0.index] } }

    @inlinable package subscript(outcome: Outcome) -> Int64 {
        get { lanes[outcome.index] }
        set { lanes[outcome.index] = newValue }
    }

    package var total: Int64 { lanes.wrappedSum() }

    @inlinable package mutating func add(_ other: OutcomeCounts) { lanes &+= other.lanes }
}

extension OutcomeCounts: CustomStringConvertible {
    /// `forced 3, upToDate 5`: the outcomes with devices, for test failures and logs.
    package var description: String {
        let counted = Outcome.allCases.filter { self[$0] != 0 }.map { "\($0) \(self[$0])" }
        return counted.isEmpty ? "no devices" : counted.joined(separator: ", ")
    }
}
