/// The counts of `whatif`: for each candidate minimum (app and/or OS) of one platform, what a generic
/// minimum-version rule would do to every device — the NHS rule of docs/formats/nhs.md without its recommendations:
/// OS below the minimum OS → unsupportedOS; app below the minimum app → forced, blocked or unsupportedOS by
/// the releases (docs/configs.md); else upToDate. A device whose app or OS version the client cannot read is
/// notTargeted, as the NHS apps leave it. (`MinimumSweep.run`, in the runs, counts them on the engine's table.)
public struct MinimumSweep: Sendable {
    package struct Counts: Equatable, Sendable {
        package var upToDate: Int64 = 0, forced: Int64 = 0, blocked: Int64 = 0, unsupportedOS: Int64 = 0,
            notTargeted: Int64 = 0
        /// Only a sweep counted by a format's own decision has any (an appcast's other items still offer).
        package var recommended: Int64 = 0

        package init() {}

        /// Devices the minimum makes do something: forced, blocked or unsupportedOS.
        package var affected: Int64 { forced + blocked + unsupportedOS }
        /// Devices it leaves with no way to comply: blocked or unsupportedOS.
        package var stranded: Int64 { blocked + unsupportedOS }
        package var total: Int64 { upToDate + recommended + forced + blocked + unsupportedOS + notTargeted }

        /// The count of an outcome.
        package subscript(outcome: Outcome) -> Int64 {
            switch outcome {
            case .upToDate: return upToDate
            case .forced: return forced
            case .blocked: return blocked
            case .unsupportedOS: return unsupportedOS
            case .notTargeted: return notTargeted
            case .recommended: return recommended
            }
        }

        package static func + (a: Counts, b: Counts) -> Counts {
            var c = a
            c.upToDate += b.upToDate
            c.forced += b.forced
            c.blocked += b.blocked
            c.unsupportedOS += b.unsupportedOS
            c.notTargeted += b.notTargeted
            c.recommended += b.recommended
            return c
        }
    }

    public struct Candidate: Equatable, Sendable {
        /// As written: a versionCode or API level on Android, a dotted version elsewhere; nil: no such minimum.
        public let minimumApp: String?
        public let minimumOS: String?
        package let counts: Counts

        package init(minimumApp: String?, minimumOS: String?, counts: Counts) {
            self.minimumApp = minimumApp
            self.minimumOS = minimumOS
            self.counts = counts
        }
    }

    /// Where a sweep's candidates for one axis come from.
    public enum Candidates: Equatable, Sendable {
        /// No minimum on this axis.
        case none
        /// These minimums (`--min-app 352 --min-app 360`).
        case given([String])
        /// Every distinct version of the fleet and of the releases (`--sweep-app`).
        case sweep
    }

    public let platform: Platform
    package let scale: MinimumScale
    /// The platform's devices (and the package's, with a package), readable or not.
    package let devices: Int64
    /// Devices whose app or OS version the client cannot read (notTargeted under every candidate).
    package let unreadable: Int64
    /// Ascending by app minimum, then OS minimum.
    public let candidates: [Candidate]
    /// The format whose own decision counted every candidate (`sparkle-appcast`: `whatif --from` an appcast);
    /// nil: the generic minimum rule did.
    package let countedBy: String?
    /// Android: the version names (`app_version`) devices and releases show for each versionCode, by the
    /// versionCode as an integer's text (at most three, in version order); empty elsewhere.
    package let appVersionNames: [String: [String]]

    package init(
        platform: Platform, scale: MinimumScale, devices: Int64, unreadable: Int64, candidates: [Candidate],
        appVersionNames: [String: [String]] = [:], countedBy: String? = nil
    ) {
        self.countedBy = countedBy
        self.platform = platform
        self.scale = scale
        self.devices = devices
        self.unreadable = unreadable
        self.candidates = candidates
        self.appVersionNames = appVersionNames
    }

    /// The outcomes a candidate's counts are shown by, in the reports' order: `recommended` only when a format's
    /// own decision counted them (a minimum rule never recommends).
    package var outcomes: [Outcome] {
        countedBy == nil
            ? [.upToDate, .forced, .blocked, .unsupportedOS, .notTargeted]
            : [.upToDate, .recommended, .forced, .blocked, .unsupportedOS, .notTargeted]
    }

    /// `app compared by versionCode, OS by apiLevel` (a sweep counted by a format sweeps the app only).
    package var comparesText: String {
        countedBy == nil
            ? "app compared by \(scale.appKind), OS by \(scale.osKind)" : "app compared by \(scale.appKind)"
    }

    /// The version names of a versionCode candidate (`312` → `["4.39.1"]`); empty when none is known.
    package func names(ofApp minimum: String?) -> [String] {
        guard let minimum, let code = Int(minimum) else { return [] }
        return appVersionNames[String(code)] ?? []
    }
}
