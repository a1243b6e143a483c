import Foundation

/// A `--fail-on` gate: `[CONFIG_ID:]OUTCOME>N` (devices) or `>P%` (of the inventory's devices); `[CONFIG_ID:]OUTCOME+>N`
/// or `+>P%` (the increase since the `--history` baseline, in devices or in percentage points of the inventory's
/// devices); `[CONFIG_ID:]error` or `warning` (diagnostics, optionally `>N`); `rejected>N|P%` (rows);
/// `notLoaded>N|P%` (configs). Without a config id a per-config gate is crossed when any single config crosses it.
public struct Gate: Equatable, Sendable, CustomStringConvertible {
    package enum Threshold: Equatable, Sendable {
        case devices(Int64)
        case percent(Double)

        /// `N` devices or `P%` of the inventory's devices.
        init(parsing text: String, gate: String) throws(ReportError) {
            if text.hasSuffix("%") {
                guard let p = Double(text.dropLast()), p >= 0, p.isFinite else {
                    throw .option("--fail-on \(gate): \(text) is not a percentage")
                }
                // Crossed when strictly more: no share (nor rise in points) is more than 100%.
                guard p < 100 else {
                    throw .option("--fail-on \(gate): \(text) can never be crossed (no share is more than 100%)")
                }
                self = .percent(p)
            } else {
                guard let n = Int64(text), n >= 0 else {
                    throw .option("--fail-on \(gate): \(text) is not a device count or a percentage")
                }
                self = .devices(n)
            }
        }

        /// Whether `value` devices out of `of` cross it (strictly more).
        func crossed(by value: Int64, of devices: Int64) -> Bool {
            switch self {
            case .devices(let n): return value > n
            case .percent(let p): return devices > 0 && Double(value) * 100 > p * Double(devices)
            }
        }
    }

    /// What a gate counts.
    package enum Subject: Equatable, Sendable {
        /// A config's devices with this outcome.
        case outcome(Outcome)
        /// The change of a config's devices with this outcome since the history's baseline.
        case change(Outcome)
        /// Inventory rows rejected (a percentage is of the rows read).
        case rejected
        /// Configs that could not be loaded (`--keep-going`; a percentage is of the configs given).
        case notLoaded
        /// A config's diagnostics of this severity or a worse one (`error`, `warning`).
        case diagnostics(Severity)

        package var name: String {
            switch self {
            case .outcome(let o): return o.rawValue
            case .change(let o): return o.rawValue + "+"
            case .rejected: return "rejected"
            case .notLoaded: return "notLoaded"
            case .diagnostics(let s): return s.rawValue
            }
        }

        /// What the count is a count of.
        package var unit: String {
            switch self {
            case .outcome, .change: return "devices"
            case .rejected: return "rows"
            case .notLoaded: return "configs"
            case .diagnostics: return "diagnostics"
            }
        }

        /// A change since the `--history` baseline (needs a history; its count may be negative).
        package var isChange: Bool {
            if case .change = self { return true }
            return false
        }

        /// Whether it is counted per config (else once for the run, and it takes no config id).
        var perConfig: Bool {
            switch self {
            case .outcome, .change, .diagnostics: return true
            case .rejected, .notLoaded: return false
            }
        }
    }

    package let config: String?
    package let subject: Subject
    package let threshold: Threshold
    /// `P%targeted`: the share is of the devices the config targets (all but its notTargeted: its platforms and
    /// packages), not of the inventory's (issue 67: 10.3% of a config's iOS devices stranded were 3.6% of all).
    package private(set) var ofTargeted = false
    package let text: String
    /// A gate `audit` checks unless `--allow-errors`: the run fails on a config clients reject or crash on, and on
    /// one that could not be loaded (`--keep-going`), without the user having to ask.
    package private(set) var isDefault = false

    public var description: String { text }

    /// `error` and `notLoaded>0`, each unless `userGates` already states that policy: a diagnostics gate of the
    /// whole run (any severity, any count: the user chose a threshold), or a `notLoaded` gate.
    package static func defaults(besides userGates: [Gate]) -> [Gate] {
        var out: [Gate] = []
        let statesDiagnostics = userGates.contains {
            if case .diagnostics = $0.subject { return $0.config == nil }
            return false
        }
        if !statesDiagnostics, var gate = try? Gate(parsing: "error") {
            gate.isDefault = true
            out.append(gate)
        }
        if !userGates.contains(where: { $0.subject == .notLoaded }), var gate = try? Gate(parsing: "notLoaded>0") {
            gate.isDefault = true
            out.append(gate)
        }
        return out
    }

    /// Why a default gate is there, as its crossed results say it.
    package static let defaultNote = "checked by default: --allow-errors to audit anyway"

    /// The outcome an outcome gate counts (nil for the other subjects).
    package var outcome: Outcome? {
        if case .outcome(let o) = subject { return o }
        return nil
    }

    static let forms =
        "[CONFIG_ID:]OUTCOME>N|P%|P%targeted, [CONFIG_ID:]OUTCOME+>N|P% (increase since the --history baseline), [CONFIG_ID:]error, [CONFIG_ID:]warning, 'rejected>N|P%' or 'notLoaded>N'"
    static let example = "--fail-on 'blocked>0.5%'"

    /// Parses the gate; the config id is everything before the last `:` left of `>`, so URLs work as ids.
    /// `error` and `warning` alone mean "more than 0".
    public init(parsing text: String) throws(ReportError) {
        self.text = text
        let gt = text.lastIndex(of: ">")
        let left = gt.map { text[..<$0] } ?? text[...]
        let subjectText: Substring
        if let colon = left.lastIndex(of: ":") {
            config = String(left[..<colon])
            subjectText = left[left.index(after: colon)...]
        } else {
            config = nil
            subjectText = left
        }
        let name = subjectText.trimmedWhitespace.lowercased()
        if let outcome = Outcome.allCases.first(where: { $0.rawValue.lowercased() == name }) {
            subject = .outcome(outcome)
        } else if name.hasSuffix("+"),
            let outcome = Outcome.allCases.first(where: { $0.rawValue.lowercased() + "+" == name })
        {
            subject = .change(outcome)
        } else if let severity = [Severity.error, .warning].first(where: { $0.rawValue == name }) {
            subject = .diagnostics(severity)
        } else if name == "rejected" {
            subject = .rejected
        } else if name == "notloaded" {
            subject = .notLoaded
        } else {
            throw .option(
                "--fail-on \(text): unknown gate \"\(subjectText)\"; expected \(Self.forms), "
                    + "e.g. \(Self.example) (quote it: the shell reads > as a redirect); outcomes: \(Outcome.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        if !subject.perConfig, let config {
            throw .option("--fail-on \(text): \(subject.name) counts the whole run and takes no config id (\(config))")
        }
        guard let gt else {
            guard case .diagnostics = subject else {
                throw .option(
                    "--fail-on \(text): expected \(Self.forms), e.g. \(Self.example) (quote it: the shell reads > as a redirect)"
                )
            }
            threshold = .devices(0)
            return
        }
        var limit = text[text.index(after: gt)...].trimmedWhitespace
        if limit.lowercased().hasSuffix("%targeted") {
            guard case .outcome = subject else {
                throw .option(
                    "--fail-on \(text): only an outcome gate takes P%targeted, e.g. 'unsupportedOS>5%targeted'")
            }
            limit = String(limit.dropLast("targeted".count))
            ofTargeted = true
        }
        threshold = try Threshold(parsing: limit, gate: text)
        if case .diagnostics = subject, case .percent = threshold {
            throw .option("--fail-on \(text): a diagnostics gate takes a count, e.g. 'warning>5'")
        }
    }

    /// Checks the gate against each config it names (or once for the run); one result per check. A default gate's
    /// results that hold are left out: the reports list the gates the user gave, and a default one only when crossed.
    package func check(_ report: AuditReport) -> [GateResult] {
        let results = checkAll(report)
        guard isDefault else { return results }
        return results.filter(\.crossed).map {
            GateResult(
                gate: $0.gate, config: $0.config, devices: $0.devices, of: $0.of, crossed: true, note: Self.defaultNote)
        }
    }

    private func checkAll(_ report: AuditReport) -> [GateResult] {
        let inv = report.inventory
        switch subject {
        case .outcome(let outcome):
            return report.configs.filter { config == nil || $0.id == config }.map { c in
                let value = c.totals[outcome]
                let base = ofTargeted ? c.targeted : inv.devices
                return GateResult(
                    gate: self, config: c.id, devices: value, of: base, crossed: threshold.crossed(by: value, of: base))
            }
        case .change(let outcome):
            return report.configs.filter { config == nil || $0.id == config }.map { c in
                // Without a number to compare the result is neither crossed nor held: it says why.
                guard let history = report.history else {
                    return .unchecked(
                        self, config: c.id, of: inv.devices, why: "not checked: no --history, so no baseline")
                }
                guard history.baseline != nil else {
                    return .unchecked(
                        self, config: c.id, of: inv.devices,
                        why: "not checked: \(history.missingBaseline ?? "no baseline")")
                }
                let change = history.change(c)
                guard let delta = change.delta else {
                    return .unchecked(
                        self, config: c.id, of: inv.devices, why: "not checked: the config is new since the baseline")
                }
                return GateResult(
                    gate: self, config: c.id, devices: delta[outcome], of: inv.devices,
                    crossed: threshold.crossed(by: delta[outcome], of: inv.devices),
                    note: change.configChanged ? "the config changed since the baseline" : nil)
            }
        case .diagnostics(let severity):
            var results = report.configs.filter { config == nil || $0.id == config }.map { c in
                let value = Int64(c.diagnostics.filter { $0.diagnostic.severity <= severity }.count)
                return GateResult(
                    gate: self, config: c.id, devices: value, of: 0, crossed: threshold.crossed(by: value, of: 0))
            }
            if config == nil && !report.diagnostics.isEmpty {
                let value = Int64(report.diagnostics.filter { $0.severity <= severity }.count)
                results.append(
                    GateResult(
                        gate: self, config: GateResult.run, devices: value, of: 0,
                        crossed: threshold.crossed(by: value, of: 0)))
            }
            return results
        case .rejected:
            return [
                GateResult(
                    gate: self, config: GateResult.run, devices: inv.rowsRejected, of: inv.rowsRead,
                    crossed: threshold.crossed(by: inv.rowsRejected, of: inv.rowsRead))
            ]
        case .notLoaded:
            let failed = Int64(report.failedConfigs.count)
            let given = Int64(report.failedConfigs.count + report.configs.count)
            return [
                GateResult(
                    gate: self, config: GateResult.run, devices: failed, of: given,
                    crossed: threshold.crossed(by: failed, of: given))
            ]
        }
    }
}

/// How one gate fared on one config (or on the run, `config == GateResult.run`).
public struct GateResult: Equatable, Sendable {
    /// The `config` of a result counted for the whole run (rejected rows, configs not loaded, run diagnostics).
    package static let run = "(run)"
    package let gate: Gate
    package let config: String
    /// The count compared: devices, rows, configs or diagnostics (`gate.subject.unit`).
    package let devices: Int64
    package let of: Int64
    package let crossed: Bool
    /// Why a change gate was not checked (no baseline, a new config), or that its config changed.
    package let note: String?
    /// False when there was nothing to compare (a change gate without a baseline): neither crossed nor held.
    package let checked: Bool

    package init(
        gate: Gate, config: String, devices: Int64, of: Int64, crossed: Bool, note: String? = nil,
        checked: Bool = true
    ) {
        self.gate = gate
        self.config = config
        self.devices = devices
        self.of = of
        self.crossed = crossed
        self.note = note
        self.checked = checked
    }

    /// A change gate's result on a config with nothing to compare: `why` says what is missing.
    static func unchecked(_ gate: Gate, config: String, of: Int64, why: String) -> GateResult {
        GateResult(gate: gate, config: config, devices: 0, of: of, crossed: false, note: why, checked: false)
    }

    package var percent: Double { of > 0 ? Double(devices) * 100 / Double(of) : 0 }

    public var sentence: String {
        guard checked else { return "\(config): gate \(gate.text) \(note ?? "not checked")" }
        let pct = (percent * 100).rounded() / 100
        let share = of > 0 ? " (\(pct)%\(gate.ofTargeted ? " of the \(of.groupedDigits) devices it targets" : ""))" : ""
        let value: String
        if gate.subject.isChange {
            value =
                "\(HistoryComparison.signed(devices)) \(gate.subject.unit)"
                + (of > 0 ? " (\(pct > 0 ? "+" : "")\(pct) points)" : "")
        } else {
            // `1 diagnostic`, `2 diagnostics`: the unit agrees with its count.
            let unit = devices == 1 ? String(gate.subject.unit.dropLast()) : gate.subject.unit
            value = "\(devices.groupedDigits) \(unit)\(share)"
        }
        return "\(config): \(gate.subject.name) = \(value), gate \(gate.text) \(crossed ? "crossed" : "holds")"
            + (note.map { " (\($0))" } ?? "")
    }
}

/// A gate as checked on one config, whatever kind (audit or plan): what the JUnit report lists.
package protocol CheckedGate {
    /// The gate as given to `--fail-on`.
    var gateText: String { get }
    var crossed: Bool { get }
    /// The value against the limit, in a sentence.
    var sentence: String { get }
}

extension GateResult: CheckedGate {
    package var gateText: String { gate.text }
}
