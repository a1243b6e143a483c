import Foundation

/// A `--fail-on` threshold: `[CONFIG_ID:]OUTCOME>N` (devices) or `>P%` (of the inventory's devices).
/// Without a config id the gate is crossed when any single config crosses it.
public struct Gate: Equatable, Sendable, CustomStringConvertible {
    public enum Threshold: Equatable, Sendable {
        case devices(Int64)
        case percent(Double)

        /// `N` devices or `P%` of the inventory's devices.
        init(parsing text: String, gate: String) throws(AuditFailure) {
            if text.hasSuffix("%") {
                guard let p = Double(text.dropLast()), p >= 0, p.isFinite else { throw .usage("--fail-on \(gate): \(text) is not a percentage") }
                self = .percent(p)
            } else {
                guard let n = Int64(text), n >= 0 else { throw .usage("--fail-on \(gate): \(text) is not a device count or a percentage") }
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

    public let config: String?
    public let outcome: Outcome
    public let threshold: Threshold
    public let text: String

    public var description: String { text }

    /// Parses the gate; the config id is everything before the last `:` left of `>`, so URLs work as ids.
    public init(parsing text: String) throws(AuditFailure) {
        self.text = text
        guard let gt = text.lastIndex(of: ">") else {
            throw .usage("--fail-on \(text): expected [CONFIG_ID:]OUTCOME>N or >P%, e.g. blocked>0.5% or forced>1000")
        }
        let left = text[..<gt]
        let right = text[text.index(after: gt)...].trimmedWhitespace
        let outcomeText: Substring
        if let colon = left.lastIndex(of: ":") {
            config = String(left[..<colon])
            outcomeText = left[left.index(after: colon)...]
        } else {
            config = nil
            outcomeText = left
        }
        guard let outcome = Outcome.allCases.first(where: { $0.rawValue.lowercased() == outcomeText.trimmedWhitespace.lowercased() }) else {
            throw .usage("--fail-on \(text): unknown outcome \"\(outcomeText)\"; outcomes: \(Outcome.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.outcome = outcome
        threshold = try Threshold(parsing: right, gate: text)
    }

    /// Checks the gate against each config it names; one result per config checked.
    public func check(_ report: AuditReport) -> [GateResult] {
        report.configs.filter { config == nil || $0.id == config }.map { c in
            let value = c.totals[outcome]
            let crossed = threshold.crossed(by: value, of: report.inventory.devices)
            return GateResult(gate: self, config: c.id, devices: value, of: report.inventory.devices, crossed: crossed)
        }
    }
}

/// How one gate fared on one config.
public struct GateResult: Equatable, Sendable {
    public let gate: Gate
    public let config: String
    public let devices: Int64
    public let of: Int64
    public let crossed: Bool

    public init(gate: Gate, config: String, devices: Int64, of: Int64, crossed: Bool) {
        self.gate = gate
        self.config = config
        self.devices = devices
        self.of = of
        self.crossed = crossed
    }

    public var percent: Double { of > 0 ? Double(devices) * 100 / Double(of) : 0 }

    public var sentence: String {
        let pct = (percent * 100).rounded() / 100
        return "\(config): \(gate.outcome.rawValue) = \(devices.groupedDigits) devices (\(pct)%), gate \(gate.text) \(crossed ? "crossed" : "holds")"
    }
}
