/// A Mac read for Sparkle's decision: the host and its versions split for the comparator. The same for every
/// feed: a worker's appcast evaluators share it (`SparkleMacReading`).
final class SparkleMac {
    let host: SparkleHost
    let split: SparkleDecision.SplitHost
    /// The Mac's diagnostics whatever the feed (`sparkle.noBuild`, `sparkle.deviceValueUnreadable`).
    let diagnostics: [Diagnostic]
    /// Macs with the same OS and Sparkle columns (what decides which items fit) share this number, dense
    /// from 0 among the Macs one reading has read; nil for a Mac read on its own.
    let system: Int?

    init(_ host: SparkleHost, system: Int? = nil) {
        self.host = host
        self.system = system
        split = SparkleDecision.SplitHost(host)
        var diagnostics: [Diagnostic] = []
        if host.versionIsAppVersion {
            diagnostics.append(
                Diagnostic(
                    "sparkle.noBuild", .info,
                    "no app_build: Sparkle compares the feed with CFBundleVersion; app_version used"))
        }
        for value in host.unreadable {
            diagnostics.append(
                Diagnostic("sparkle.deviceValueUnreadable", .warning, "\(value) cannot be read: the default is used"))
        }
        self.diagnostics = diagnostics
    }
}

/// The Mac a worker decides now, shared by the worker's appcast evaluators (`WorkerMemory`): the engine decides
/// a profile for every config before the next, so keeping the last Mac read — known again by the value numbers
/// of everything Sparkle reads of it — spares reading and splitting its versions once per feed.
final class SparkleMacReading {
    private var scope: ValueNumberScope?
    /// `app_build`, `app_version`, `os_version`, then `SparkleHost.columns`.
    private var fields: [NumberedField] = []
    private var key = SIMD16<Int32>()
    private var last: SparkleMac?
    /// `SparkleMac.system` of each OS and Sparkle columns read.
    private var systems: [SIMD16<Int32>: Int] = [:]

    func read(_ device: any Device) -> SparkleMac {
        if device.valueNumbers != scope {
            scope = device.valueNumbers
            fields =
                [device.numbered(.appBuild), device.numbered(.appVersion), device.numbered(.osVersion)]
                + SparkleHost.columns.map { device.numbered(.attribute($0)) }
            last = nil
            systems = [:]
        }
        var key = SIMD16<Int32>()
        var present: UInt32 = 0
        for (k, field) in fields.enumerated() {
            let number = device.valueNumber(field)
            key[k] = Int32(truncatingIfNeeded: number)
            if k >= 3 && number != 0 { present |= 1 << UInt32(k - 3) }
        }
        if let last, key == self.key { return last }
        var system = key
        (system[0], system[1]) = (0, 0)
        let number = systems[system] ?? systems.count
        systems[system] = number
        let mac = SparkleMac(SparkleHost(device, present: present), system: number)
        (self.key, last) = (key, mac)
        return mac
    }
}

/// One feed's items that fit each `SparkleMac.system` (`SparkleChoices.fitting`), kept by its evaluator: they
/// depend only on the OS and the Sparkle columns, which a fleet's Macs share.
final class SparkleFitsMemo {
    private var fits: [UInt64?] = []

    /// `SparkleChoices.fitting(decision)`, `decision` being `mac`'s.
    func fits(_ mac: SparkleMac, _ decision: SparkleDecision) -> UInt64 {
        guard let system = mac.system else { return SparkleChoices.fitting(decision) }
        if system < fits.count, let known = fits[system] { return known }
        let made = SparkleChoices.fitting(decision)
        if system >= fits.count { fits += Array(repeating: nil, count: system + 1 - fits.count) }
        fits[system] = made
        return made
    }
}
