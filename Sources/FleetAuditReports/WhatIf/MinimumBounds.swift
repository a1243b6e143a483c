/// A bound on a sweep's candidates: `--target-coverage P%` (at most 100 − P % of the devices affected) and
/// `--max-stranded N|P%` (at most N devices, or P % of them, blocked or unsupportedOS).
public struct MinimumBounds: Equatable, Sendable {
    /// A share as an exact fraction of 1,000,000 (four decimals of a percent), so `99.9%` of 1,000 devices
    /// is exactly 999 devices: a `Double` would put the boundary a device off.
    public struct Share: Equatable, Sendable, CustomStringConvertible {
        package let millionths: Int64
        package let text: String

        /// `90%`, `90`, `99.95%`: 0 to 100, at most four decimals.
        public init?(percent text: String) {
            let body = text.hasSuffix("%") ? String(text.dropLast()) : text
            let parts = body.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let whole = Int64(parts[0]), parts[0].allSatisfy(\.isNumber) else {
                return nil
            }
            var fraction: Int64 = 0
            if parts.count == 2 {
                guard (1...4).contains(parts[1].count), parts[1].allSatisfy(\.isNumber) else { return nil }
                fraction = Int64(parts[1] + String(repeating: "0", count: 4 - parts[1].count))!
            }
            let value = whole * 10_000 + fraction
            guard value <= 1_000_000 else { return nil }
            millionths = value
            self.text = body + "%"
        }

        /// Whether `count` of `total` devices is at most this share.
        package func admits(_ count: Int64, of total: Int64) -> Bool {
            // count / total ≤ m / 1e6, without division; wide multiplication so no fleet overflows it.
            let left = count.multipliedFullWidth(by: 1_000_000)
            let right = total.multipliedFullWidth(by: millionths)
            return (left.high, left.low) <= (right.high, right.low)
        }

        public var description: String { text }
    }

    public enum Limit: Equatable, Sendable, CustomStringConvertible {
        case devices(Int64)
        case share(Share)

        /// `25` devices or `0.5%` of them.
        public init?(_ text: String) {
            if text.hasSuffix("%") {
                guard let share = Share(percent: text) else { return nil }
                self = .share(share)
            } else {
                guard let n = Int64(text), n >= 0 else { return nil }
                self = .devices(n)
            }
        }

        func admits(_ count: Int64, of total: Int64) -> Bool {
            switch self {
            case .devices(let n): return count <= n
            case .share(let s): return s.admits(count, of: total)
            }
        }

        public var description: String {
            switch self {
            case .devices(let n): return String(n)
            case .share(let s): return s.text
            }
        }
    }

    /// At least this share of the devices left up to date or untouched: forced + blocked + unsupportedOS at
    /// most 100 % − P of them.
    package var targetCoverage: Share?
    /// At most this many devices (or this share) blocked or unsupportedOS.
    package var maxStranded: Limit?

    public init(targetCoverage: Share? = nil, maxStranded: Limit? = nil) {
        self.targetCoverage = targetCoverage
        self.maxStranded = maxStranded
    }

    package var isEmpty: Bool { targetCoverage == nil && maxStranded == nil }

    /// Whether a candidate keeps within every bound, `devices` being the platform's (and package's) devices.
    package func admits(_ counts: MinimumSweep.Counts, devices: Int64) -> Bool {
        if let target = targetCoverage {
            let allowed = Share(millionths: 1_000_000 - target.millionths)
            guard allowed.admits(counts.affected, of: devices) else { return false }
        }
        if let maxStranded, !maxStranded.admits(counts.stranded, of: devices) { return false }
        return true
    }

    /// The highest candidate within every bound (the last of the ascending list that is: by app minimum, then
    /// OS minimum); nil when none is, or when no bound is given.
    package func choose(_ sweep: MinimumSweep) -> Int? {
        guard !isEmpty else { return nil }
        return sweep.candidates.lastIndex { admits($0.counts, devices: sweep.devices) }
    }
}

extension MinimumBounds.Share {
    fileprivate init(millionths: Int64) {
        self.millionths = millionths
        text = ""
    }
}
