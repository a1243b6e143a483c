/// What a config does to one device (docs/reference/outcomes.md). Cases are in report order.
package enum Outcome: String, CaseIterable, Sendable, Hashable {
    case forced, recommended, blocked, unsupportedOS, upToDate, notTargeted

    /// The outcomes a release manager worries about: their top versions are listed in reports.
    package static let locking: [Outcome] = [.forced, .blocked, .unsupportedOS]

    /// The position in report order. `allCases.firstIndex` made the array on every call, and the derived
    /// hash hashed the raw string: both ran for every evaluation.
    @inline(__always) package var index: Int {
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
package struct OutcomeCounts: Equatable, Sendable {
    package private(set) var values: [Int64] = Array(repeating: 0, count: Outcome.allCases.count)

    package init() {}

    package subscript(outcome: Outcome) -> Int64 {
        get { values[Self.index(outcome)] }
        set { values[Self.index(outcome)] = newValue }
    }

    package var total: Int64 { values.reduce(0, +) }

    package mutating func add(_ other: OutcomeCounts) {
        for i in values.indices { values[i] += other.values[i] }
    }

    private static func index(_ outcome: Outcome) -> Int { outcome.index }
}
