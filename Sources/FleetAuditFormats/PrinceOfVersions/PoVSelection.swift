/// Finds the configuration a 4.x client chooses — the first, in array order, whose requirements all hold
/// (docs/formats/princeofversions.md) — without visiting every configuration for every device: a config may carry hundreds of
/// thousands of entries (one per model or region), and every distinct profile is evaluated against it.
///
/// - Configurations with no requirement but `required_os_version` form runs. The first entry that holds
///   is in the first run whose lowest OS bound is at or below the device's OS, at the first position whose
///   prefix minimum is: two binary searches over prefix minima.
/// - A configuration whose requirements include a text that is not a version (`"model": "Pixel 7"`) holds
///   only for devices whose attribute equals it ignoring case: it is filed under that text, and only the
///   entries filed under the device's own values are checked. Other configurations are checked one by one.
/// The answer is the one a scan in array order gives; `PoVSelectionTests` checks that on random arrays.
final class PoVSelection: Sendable {
    /// A lower bound on the device's OS: `.none` always holds, so it orders below every version.
    enum OSBound: Comparable, Sendable {
        case none
        case version(PoVVersion)
    }

    private struct Run: Sendable {
        let start: Int
        /// `prefixMinimum[k]`: the lowest bound among the run's first k + 1 entries (never increasing).
        let prefixMinimum: [OSBound]
    }

    private let bounds: [OSBound]
    private let runs: [Run]
    /// The lowest bound of runs 0…r, for finding the first run with an entry that holds.
    private let runMinimum: [OSBound]
    /// Configurations with requirements, in order; and those of them not filed under a text.
    private let singles: [Int]
    private let unfiled: [Int]
    /// Requirement key → lower-cased text → configurations filed under it, in order.
    private let filed: [(key: String, entries: [String: [Int]])]

    init(_ configurations: [PoVConfiguration]) {
        let bounds = configurations.map { $0.requiredOS.map(OSBound.version) ?? .none }
        var runs: [Run] = []
        var singles: [Int] = []
        var unfiled: [Int] = []
        var filed: [String: [String: [Int]]] = [:]
        var runStart: Int?
        var prefix: [OSBound] = []
        for (i, c) in configurations.enumerated() {
            if !c.canHold {
                // Never chosen and never failing on the OS alone: it only ends a run, whose positions are consecutive.
                if let start = runStart { runs.append(Run(start: start, prefixMinimum: prefix)) }
                runStart = nil
                prefix = []
                continue
            }
            if c.requirements.isEmpty {
                if runStart == nil { runStart = i }
                prefix.append(prefix.last.map { min($0, bounds[i]) } ?? bounds[i])
                continue
            }
            if let start = runStart { runs.append(Run(start: start, prefixMinimum: prefix)) }
            runStart = nil
            prefix = []
            singles.append(i)
            if let (key, text) = c.requirements.lazy.compactMap(Self.fileable).first {
                filed[key, default: [:]][text, default: []].append(i)
            } else {
                unfiled.append(i)
            }
        }
        if let start = runStart { runs.append(Run(start: start, prefixMinimum: prefix)) }
        var runMinimum: [OSBound] = []
        for run in runs {
            runMinimum.append(runMinimum.last.map { min($0, run.prefixMinimum.last!) } ?? run.prefixMinimum.last!)
        }
        self.bounds = bounds
        self.runs = runs
        self.runMinimum = runMinimum
        self.singles = singles
        self.unfiled = unfiled
        self.filed = filed.keys.sorted().map { ($0, filed[$0]!) }
    }

    /// A requirement that holds only when the attribute equals a text, ignoring case (PoVRequirements: a
    /// string that is not a plain version), as (key, lower-cased text).
    private static func fileable(_ requirement: PoVRequirement) -> (String, String)? {
        guard case .string(let s) = requirement.value, !LenientVersion.isPlainVersion(s) else { return nil }
        return (requirement.key, s.lowercased())
    }

    /// Whether filing holds under these options: `--requirement KEY=…` changes how KEY compares.
    func filingApplies(_ options: FormatOptions) -> Bool {
        options.requirementComparisons.isEmpty
            || !filed.contains { options.requirementComparisons[AttributeName.normalize($0.key)] != nil }
    }

    /// The index of the chosen configuration, and the first whose requirements hold but whose OS bound does
    /// not (the device is `unsupportedOS` when nothing is chosen).
    /// - Parameters:
    ///   - attribute: the device's attribute by requirement key (PoVRequirements' lookup), for filed entries.
    ///   - requirementsHold: whether configuration i's requirements other than the OS hold.
    ///   - remembered: gives the candidates (made by its argument), or what it kept for a device with the same
    ///     values of the `filedKeys` attributes (`PoVMemo`).
    func choose(
        os: PoVVersion, useFiling: Bool, attribute: (String) -> String?,
        remembered: (() -> [Int]) -> [Int] = { $0() },
        requirementsHold: (Int) -> Bool
    ) -> (chosen: Int?, failedOnlyOnOS: Int?) {
        let device = OSBound.version(os)
        var runChosen: Int?
        if let lowest = runMinimum.last, lowest <= device {
            let run = runs[Self.firstAtOrBelow(device, runMinimum)]
            runChosen = run.start + Self.firstAtOrBelow(device, run.prefixMinimum)
        }
        var chosen: Int?
        var failedSingle: Int?
        let list =
            useFiling
            ? withoutActuallyEscaping(attribute) { attribute in remembered { candidates(attribute) } } : singles
        for i in list {
            if let runChosen, i > runChosen { break }
            guard requirementsHold(i) else { continue }
            if bounds[i] <= device {
                chosen = i
                break
            }
            if failedSingle == nil { failedSingle = i }
        }
        let result = chosen ?? runChosen
        var failed = failedSingle
        // A run's first entry before the chosen one has only an OS bound, so it failed on the OS alone.
        if let firstRun = runs.first?.start, result.map({ firstRun < $0 }) ?? true,
            failed.map({ firstRun < $0 }) ?? true
        {
            failed = firstRun
        }
        return (result, failed)
    }

    /// The requirement keys configurations are filed under: the candidates depend on these attributes only.
    var filedKeys: [String] { filed.map(\.key) }

    /// Configurations with requirements that may hold for a device with these attributes, in order.
    private func candidates(_ attribute: (String) -> String?) -> [Int] {
        var lists: [[Int]] = unfiled.isEmpty ? [] : [unfiled]
        for (key, entries) in filed {
            if let value = attribute(key), let hit = entries[value.lowercased()] { lists.append(hit) }
        }
        if lists.count <= 1 { return lists.first ?? [] }
        return lists.joined().sorted()
    }

    /// The first position whose (never increasing) prefix minimum is at or below the device's OS; the last
    /// one is known to be.
    private static func firstAtOrBelow(_ device: OSBound, _ prefixMinimum: [OSBound]) -> Int {
        var low = 0
        var high = prefixMinimum.count - 1
        while low < high {
            let mid = (low + high) / 2
            if prefixMinimum[mid] <= device { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
