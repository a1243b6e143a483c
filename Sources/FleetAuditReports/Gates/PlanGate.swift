/// A plan's `--fail-on`: `[CONFIG_ID:]FROM->TO>N|P%` (devices moving from one outcome to another; `*` for any,
/// a move needs FROM ≠ TO), `[CONFIG_ID:]worse>N|P%` (devices whose outcome gets worse),
/// `[CONFIG_ID:]undecided>N|P%` (devices the draft no longer decides: its client rejects it or crashes), or
/// `[CONFIG_ID:]error` / `[CONFIG_ID:]warning` (the draft adds a diagnostic of that severity, or worse), or
/// `[CONFIG_ID:]OUTCOME>N|P%` (the draft's own total with that outcome, moved or not: "the draft forces more than
/// N devices", as `audit` would count it on the draft). Without a
/// config id the gate is crossed when any single pair crosses it. Percentages are of the inventory's devices.
public struct PlanGate: Equatable, Sendable, CustomStringConvertible {
    package enum Transition: Equatable, Sendable {
        case move(from: Outcome?, to: Outcome?)  // nil = `*`
        case worse
        case undecided
        /// New diagnostics of the draft at this severity or worse (counted as diagnostics, not devices).
        case newDiagnostics(Severity)
        /// The draft's devices with this outcome (the matrix's column sum).
        case draftTotal(Outcome)
    }

    package let config: String?
    package let transition: Transition
    package let threshold: Gate.Threshold
    package let text: String
    public var description: String { text }

    public init(parsing text: String) throws(ReportError) {
        self.text = text
        let example =
            "expected [CONFIG_ID:]FROM->TO>N|P%, [CONFIG_ID:]worse>N|P%, [CONFIG_ID:]undecided>N|P%, [CONFIG_ID:]OUTCOME>N|P% "
            + "(the draft's total) or [CONFIG_ID:]error|warning, e.g. '*->blocked>0', 'upToDate->forced>2%' or 'forced>1000'"
        let word = text.split(separator: ":").last.map { $0.trimmedWhitespace.lowercased() } ?? ""
        if !text.contains(">"), let severity = [Severity.error, .warning].first(where: { $0.rawValue == word }) {
            let colon = text.lastIndex(of: ":")
            config = colon.map { String(text[..<$0]) }
            transition = .newDiagnostics(severity)
            threshold = .devices(0)
            return
        }
        guard let gt = text.lastIndex(of: ">"), gt > text.startIndex, text[text.index(before: gt)] != "-" else {
            throw .option("--fail-on \(text): \(example)")
        }
        var left = Substring(text[..<gt])
        threshold = try Gate.Threshold(parsing: text[text.index(after: gt)...].trimmedWhitespace, gate: text)
        // The transition has no `:`; a config id (a URL's too) is everything before the last one.
        if let colon = left.lastIndex(of: ":") {
            config = String(left[..<colon])
            left = left[left.index(after: colon)...]
        } else {
            config = nil
        }
        let body = left.trimmedWhitespace
        if body.lowercased() == "worse" {
            transition = .worse
            return
        }
        if body.lowercased() == "undecided" {
            transition = .undecided
            return
        }
        if let outcome = Outcome.allCases.first(where: { $0.rawValue.lowercased() == body.lowercased() }) {
            transition = .draftTotal(outcome)
            return
        }
        let sides = body.components(separatedBy: "->")
        guard sides.count == 2 else { throw .option("--fail-on \(text): \(example)") }
        func outcome(_ s: String) throws(ReportError) -> Outcome? {
            let t = s.trimmedWhitespace
            if t == "*" { return nil }
            guard let o = Outcome.allCases.first(where: { $0.rawValue.lowercased() == t.lowercased() }) else {
                throw .option(
                    "--fail-on \(text): unknown outcome \"\(t)\"; outcomes: \(Outcome.allCases.map(\.rawValue).joined(separator: ", ")), or *"
                )
            }
            return o
        }
        transition = .move(from: try outcome(sides[0]), to: try outcome(sides[1]))
    }

    /// Devices of one pair the gate counts.
    func devices(_ pair: PlanReport.Pair) -> Int64 {
        switch transition {
        case .worse: return pair.worse
        case .undecided: return pair.undecided
        case .newDiagnostics(let severity): return Int64(pair.newDiagnostics.filter { $0.severity <= severity }.count)
        case .draftTotal(let outcome):
            return Outcome.allCases.reduce(0) { $0 + pair.tally.count(from: $1, to: outcome) }
        case .move(let from, let to):
            var n: Int64 = 0
            for f in Outcome.allCases where from == nil || f == from {
                for t in Outcome.allCases where (to == nil || t == to) && f != t {
                    n += pair.tally.count(from: f, to: t)
                }
            }
            return n
        }
    }

    /// One result per pair the gate names.
    package func check(_ report: PlanReport) -> [PlanGateResult] {
        report.pairs.filter { config == nil || $0.id == config }.map { pair in
            let value = devices(pair)
            return PlanGateResult(
                gate: self, config: pair.id, devices: value, of: report.inventory.devices,
                crossed: threshold.crossed(by: value, of: report.inventory.devices))
        }
    }
}

/// How one plan gate fared on one pair.
public struct PlanGateResult: Equatable, Sendable {
    package let gate: PlanGate
    package let config: String
    package let devices: Int64
    package let of: Int64
    package let crossed: Bool

    /// Share of the evaluated devices, in percent.
    package var percent: Double { of > 0 ? Double(devices) * 100 / Double(of) : 0 }

    public var sentence: String {
        if case .newDiagnostics(let severity) = gate.transition {
            return
                "\(config): the draft adds \(devices.groupedDigits) \(severity == .error ? "error" : "error or warning") diagnostic"
                + "\(devices == 1 ? "" : "s"), gate \(gate.text) \(crossed ? "crossed" : "holds")"
        }
        let pct = (percent * 100).rounded() / 100
        if case .draftTotal(let outcome) = gate.transition {
            return
                "\(config): the draft leaves \(devices.groupedDigits) devices \(outcome.rawValue) (\(pct)%), gate \(gate.text) \(crossed ? "crossed" : "holds")"
        }
        return
            "\(config): \(devices.groupedDigits) devices (\(pct)%), gate \(gate.text) \(crossed ? "crossed" : "holds")"
    }
}

extension PlanGateResult: CheckedGate {
    package var gateText: String { gate.text }
}
