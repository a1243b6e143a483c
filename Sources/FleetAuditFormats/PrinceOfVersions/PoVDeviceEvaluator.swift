import Foundation

/// One device against a PrinceOfVersions document: its installed version, OS and stored state as its
/// client reads them, and the v4 and legacy decisions (docs/formats/princeofversions.md).
struct PoVDeviceEvaluator {
    let profile: any Device
    /// The evaluation's context, and what it remembers between profiles (nothing when one profile is
    /// explained). A reference: this value is copied into closures, and a copy of the context per profile
    /// retained and released each of its fields.
    let memo: PoVMemo
    private var context: EvaluationContext { memo.context }

    private var isAndroid: Bool { profile.platform == .android }

    /// Whether `--pov-legacy-below` says this device's app still bundles a client before 4.0.
    var runsLegacyClient: Bool {
        guard !context.options.povLegacyBelow.isEmpty, let below = context.options.povLegacyBelow[profile.platform]
        else { return false }
        if isAndroid, let code = Int(below) {
            return (profile.appBuildCode ?? Int.max) < code
        }
        if !isAndroid, let b = PoVIOSVersion(below), let app = PoVIOSVersion(profile.appVersion) {
            return app < b
        }
        guard let b = LenientVersion(below), let app = LenientVersion(profile.appVersion) else { return false }
        return app < b
    }

    private func unreadable(_ what: String) -> Decision {
        .notTargeted(
            "\(what) cannot be read by the client, which then fails",
            diagnostics: [
                Diagnostic(
                    PrinceOfVersionsDocument.unreadableDevice, .warning,
                    "devices whose app or OS version the PrinceOfVersions client cannot parse")
            ])
    }

    struct Unreadable: Error { let decision: Decision }

    /// The installed version and the OS as the 4.x client reads them, or why it cannot. The iOS/macOS client
    /// reads the installed version only once it has chosen a configuration (`UpdateInfo.swift` L64,
    /// `PoVError.swift` L57-66): an unreadable one fails only the devices for which some configuration holds.
    typealias DeviceReading = Result<(installed: Result<PoVVersion, Unreadable>, os: PoVVersion), Unreadable>

    private func v4Device() -> DeviceReading {
        if isAndroid {
            guard let code = profile.appBuildCode, let level = profile.apiLevel else {
                return .failure(Unreadable(decision: unreadable("the versionCode")))
            }
            return .success((.success(.code(Int64(code))), .code(Int64(level))))
        }
        guard let os = PoVIOSVersion(profile.osVersion) else {
            return .failure(Unreadable(decision: unreadable("OS version \"\(profile.osVersion)\"")))
        }
        guard let app = PoVIOSVersion(appVersion: profile.appVersion, appBuild: profile.appBuild) else {
            return .success(
                (.failure(Unreadable(decision: unreadable("app version \"\(profile.appVersion)\""))), .apple(os)))
        }
        return .success((.success(.apple(app)), .apple(os)))
    }

    /// An iOS/macOS device's installed version (`app_version-app_build`) and OS, as the client parses them.
    private func appleDevice() -> Result<(PoVVersion, PoVVersion), Unreadable> {
        guard let app = PoVIOSVersion(appVersion: profile.appVersion, appBuild: profile.appBuild) else {
            return .failure(Unreadable(decision: unreadable("app version \"\(profile.appVersion)\"")))
        }
        guard let os = PoVIOSVersion(profile.osVersion) else {
            return .failure(Unreadable(decision: unreadable("OS version \"\(profile.osVersion)\"")))
        }
        return .success((.apple(app), .apple(os)))
    }

    private var lastNotified: String? { profile.attribute(PrinceOfVersionsDocument.lastNotifiedKey) }

    // MARK: v4

    func v4(_ configurations: [PoVConfiguration], selection: PoVSelection) -> Decision {
        let installedReading: Result<PoVVersion, Unreadable>
        let os: PoVVersion
        switch memo.device(profile, v4Device) {
        case .success(let device): (installedReading, os) = device
        case .failure(let reading): return reading.decision
        }
        // Which configuration holds is decided without words; the reasons are built only when asked for
        // (`explain`), since a run evaluates tens of thousands of profiles.
        let (chosen, failedOnlyOnOS) = selection.choose(
            os: os, useFiling: selection.filingApplies(context.options),
            attribute: { profile.attribute($0) },
            remembered: { memo.candidates(profile, selection: selection, $0) }
        ) { i in
            configurations[i].requirements.indices.allSatisfy { k in
                let requirement = configurations[i].requirements[k]
                let check = {
                    PoVRequirements.holds(
                        requirement.key, requirement.value, profile: profile, options: context.options)
                }
                return memo.holds(profile, configuration: i, requirement: k, name: requirement.key, check)
            }
        }
        if let chosen {
            let installed: PoVVersion
            switch installedReading {
            case .success(let version): installed = version
            case .failure(let reading):
                return Decision(
                    .notTargeted, rule: configurations[chosen].id, reason: reading.decision.reason,
                    diagnostics: reading.decision.diagnostics)
            }
            let decide = { self.decide(configurations[chosen], installed: installed) }
            return memo.decision(profile, configuration: chosen, decide)
        }
        if let c = failedOnlyOnOS.map({ configurations[$0] }) {
            return Decision(
                .unsupportedOS, rule: c.id,
                reason:
                    "no configuration's requirements hold; \(c.id) fails only on required_os_version (OS \(os) < \(c.requiredOS!))"
            )
        }
        let device = profile
        let options = context.options
        return .notTargeted(Self.misses(configurations, os: os, profile: device, options: options))
    }

    /// Why no configuration holds, configuration by configuration.
    private static func misses(
        _ configurations: [PoVConfiguration], os: PoVVersion, profile: any Device, options: FormatOptions
    ) -> String {
        var misses: [String] = []
        for c in configurations {
            var failures: [String] = []
            if let required = c.requiredOS, !(os >= required) { failures.append("OS \(os) < \(required)") }
            if let text = c.unreadableOS { failures.append("required_os_version \(text) is unreadable") }
            for r in c.requirements {
                if case .fails(let why) = PoVRequirements.check(r.key, r.value, profile: profile, options: options) {
                    failures.append(why)
                }
            }
            misses.append("\(c.id): " + failures.joined(separator: ", "))
        }
        return misses.isEmpty
            ? "the platform's configuration array is empty"
            : "no configuration's requirements hold (" + misses.joined(separator: "; ") + ")"
    }

    private func decide(_ c: PoVConfiguration, installed: PoVVersion) -> Decision {
        if let rejection = c.rejection {
            return Decision(
                .notTargeted, rule: c.id, reason: "\(c.id) is chosen and the client throws on it: \(rejection.message)",
                diagnostics: [rejection])
        }
        if c.required == nil && c.last == nil {
            return Decision(
                .notTargeted, rule: c.id, reason: "\(c.id) is chosen but has neither version: the client throws",
                diagnostics: [
                    Diagnostic(
                        PrinceOfVersionsDocument.missingVersions, .error,
                        "devices for which the chosen configuration has neither required_version nor last_version_available"
                    )
                ])
        }
        if let required = c.required, installed < required {
            let how = installability(required)
            return Decision(
                how.forcedOutcome, rule: c.id, reason: "\(installed) < required_version \(required); \(how.explanation)"
            )
        }
        if let last = c.last, installed < last {
            if c.frequency == .once, let stored = lastNotified, parse(stored, like: last) == last {
                return Decision(
                    .upToDate, rule: c.id,
                    reason: "\(installed) < last_version_available \(last), already notified once")
            }
            // The client recommends whatever the document says; with --releases, say when no published release
            // reaches it (the NHS app checks the store itself; PrinceOfVersions does not).
            var unreleased: [Diagnostic] = []
            switch installability(last) {
            case .noRelease, .noReleaseForPackage:
                unreleased = [
                    Diagnostic(
                        "pov.recommendationUnreleased", .warning,
                        "devices recommended last_version_available \(last), which no published release reaches: the store offers them nothing"
                    )
                ]
            default: break
            }
            return Decision(
                .recommended, rule: c.id,
                reason: "\(installed) < last_version_available \(last) (\(c.frequency.rawValue))",
                diagnostics: unreleased)
        }
        return Decision(.upToDate, rule: c.id, reason: "\(installed) meets \(c.id)")
    }

    // MARK: legacy

    func legacy(_ legacy: PoVLegacy) -> Decision {
        let installed: PoVVersion
        let os: PoVVersion
        if isAndroid {
            guard let app = SemanticVersion(profile.appVersion) else {
                return unreadable("app version \"\(profile.appVersion)\" (not SemVer)")
            }
            guard let level = profile.apiLevel else { return unreadable("the API level") }
            installed = .semantic(app)
            os = .code(Int64(level))
        } else {
            switch appleDevice() {
            case .success(let device): (installed, os) = device
            case .failure(let decision): return decision.decision
            }
        }
        let stored = lastNotified.flatMap { text in
            legacy.latest.flatMap { latest -> PoVVersion? in
                // Android before 4.0 stores the version's text and compares texts (3.0.0 `PresenterImpl` L66-68):
                // "1.0.0+b1" was not notified of "1.0.0", though SemVer orders them equal.
                if case .semantic = latest { return text == latest.description ? latest : nil }
                return parse(text, like: latest)
            }
        }
        return legacy.evaluate(installed: installed, os: os, lastNotified: stored, installability: installability)
    }

    // MARK: helpers

    /// A stored or published version read the way `like` was.
    private func parse(_ text: String, like: PoVVersion) -> PoVVersion? {
        switch like {
        case .apple: return PoVIOSVersion(text).map { .apple($0) }
        case .code: return Int64(text.trimmedWhitespace).map { .code($0) }
        case .semantic: return SemanticVersion(text).map { .semantic($0) }
        }
    }

    private func installability(_ required: PoVVersion) -> Installability {
        if let shared = memo.releases(profile) { return shared.installability(required) }
        // The straight path, which `PoVDeviceReleases` (the engine's) is held to.
        return context.releases.installability(for: profile) { release in
            PoVDeviceReleases.published(release, like: required).map { $0 >= required } ?? false
        }
    }
}
