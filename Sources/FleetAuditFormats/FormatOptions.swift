import Foundation

/// Command-line settings that change how a format reads devices. Each format reads only its own fields;
/// they live in one value so that `audit` and `explain` hand every format the same settings.
public struct FormatOptions: Sendable, Equatable {
    /// How a PrinceOfVersions requirement compares an inventory attribute with the configured value.
    package enum Comparison: String, Sendable, CaseIterable {
        case equals, atLeast, atMost
    }

    /// `--requirement KEY=equals|atLeast|atMost`, keyed by normalized attribute name.
    package var requirementComparisons: [String: Comparison] = [:]
    /// `--pov-legacy-below PLATFORM=VERSION`: devices whose app is older than VERSION still run a
    /// PrinceOfVersions client before 4.0 and read the legacy key.
    package var povLegacyBelow: [Platform: String] = [:]
    /// `--timezone`: the zone Turkcell's Android SDK reads message dates in (the device's; default UTC).
    public var timeZone = TimeZone(identifier: "UTC")!

    /// The client that reads an appcast on a platform (SPEC §5.6).
    package enum AppcastClient: String, Sendable, CaseIterable {
        case sparkle, upgrader
    }

    /// How Sparkle's update check starts (`--sparkle-check`).
    package enum SparkleCheck: String, Sendable, CaseIterable {
        /// The scheduled background check: update groups and skipped versions apply.
        case automatic
        /// "Check for Updates…" chosen by the user.
        case user
    }

    /// `--appcast-client PLATFORM=sparkle|upgrader`: who reads appcasts on each platform; macOS defaults to
    /// Sparkle, other platforms to none (their devices are not targeted).
    package var appcastClients: [Platform: AppcastClient] = [:]
    /// `--sparkle-check`.
    package var sparkleCheck = SparkleCheck.automatic

    /// The client that reads appcasts on `platform`, nil when none does.
    package func appcastClient(for platform: Platform) -> AppcastClient? {
        appcastClients[platform] ?? (platform == .macos ? .sparkle : nil)
    }

    package init() {}

    /// An option value that does not parse; the command reports it as a usage error.
    public struct ParseError: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// Parses `KEY=comparison`.
    public mutating func addRequirement(_ spec: String) throws(ParseError) {
        let parts = spec.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, let comparison = Comparison(rawValue: parts[1]) else {
            throw ParseError(description: "--requirement \"\(spec)\" is not KEY=equals|atLeast|atMost")
        }
        requirementComparisons[AttributeName.normalize(parts[0])] = comparison
    }

    /// Parses `PLATFORM=VERSION`.
    public mutating func addLegacyBelow(_ spec: String) throws(ParseError) {
        let parts = spec.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw ParseError(
                description:
                    "--pov-legacy-below \"\(spec)\" is not PLATFORM=VERSION (for example android=4.0.0 or android=400)")
        }
        povLegacyBelow[Platform(parts[0])] = parts[1]
    }

    /// Parses `PLATFORM=sparkle|upgrader`. Sparkle runs only on macOS.
    public mutating func addAppcastClient(_ spec: String) throws(ParseError) {
        let parts = spec.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, let client = AppcastClient(rawValue: parts[1].lowercased()) else {
            throw ParseError(
                description:
                    "--appcast-client \"\(spec)\" is not PLATFORM=sparkle|upgrader (for example android=upgrader)")
        }
        let platform = Platform(parts[0])
        guard client != .sparkle || platform == .macos else {
            throw ParseError(
                description:
                    "--appcast-client \"\(spec)\": Sparkle runs only on macOS; Flutter apps read appcasts with upgrader"
            )
        }
        appcastClients[platform] = client
    }

    /// Parses `automatic|user`.
    public mutating func setSparkleCheck(_ value: String) throws(ParseError) {
        guard let check = SparkleCheck(rawValue: value.lowercased()) else {
            throw ParseError(description: "--sparkle-check \"\(value)\" is not automatic or user")
        }
        sparkleCheck = check
    }

    /// Options echoed in reports.
    package var reported: [(String, String)] {
        requirementComparisons.sorted { $0.key < $1.key }.map { ("requirement.\($0.key)", $0.value.rawValue) }
            + povLegacyBelow.sorted { $0.key < $1.key }.map { ("povLegacyBelow.\($0.key)", $0.value) }
            + (timeZone == TimeZone(identifier: "UTC")! ? [] : [("timezone", timeZone.identifier)])
            + appcastClients.sorted { $0.key < $1.key }.map { ("appcastClient.\($0.key)", $0.value.rawValue) }
            + (sparkleCheck == .automatic ? [] : [("sparkleCheck", sparkleCheck.rawValue)])
    }
}
