import ArgumentParser
import FleetAudit
import Foundation

/// Options that load and evaluate configs, shared by audit, explain and validate.
struct ConfigOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: ArgumentHelp("A config file or https:// URL (repeatable).", valueName: "path|url"))
    var configs: [String] = []

    @Option(name: .customLong("config-dir"), help: ArgumentHelp("Load every *.json below this folder, sorted by path (repeatable).", valueName: "dir"))
    var configDirectories: [String] = []

    @Option(help: ArgumentHelp("Force the format instead of detecting it from the document's keys.", valueName: "name"))
    var format: String?

    @Option(help: ArgumentHelp("Seconds to wait for a config URL.", valueName: "seconds"))
    var timeout: Double = 30

    @Flag(name: .customLong("keep-going"), help: "Report a config that cannot be loaded instead of stopping.")
    var keepGoing = false
}

/// Options that change how a device is judged.
struct EvaluationOptions: ParsableArguments {
    @Option(help: ArgumentHelp("What the stores publish: CSV or JSON with platform, version, build, min_os, package.", valueName: "file"))
    var releases: String?

    @Option(name: .customLong("as-of"), help: ArgumentHelp("The audit instant, ISO 8601 (default: SOURCE_DATE_EPOCH, else now).", valueName: "time"))
    var asOf: String?

    @Option(help: ArgumentHelp("How a PrinceOfVersions requirement compares its attribute (repeatable).", valueName: "key=equals|atLeast|atMost"))
    var requirement: [String] = []

    @Option(name: .customLong("pov-legacy-below"), help: ArgumentHelp("Devices whose app is below VERSION run a PrinceOfVersions client before 4.0 and read the legacy key (repeatable; Android: a versionCode or a versionName).", valueName: "platform=version"))
    var povLegacyBelow: [String] = []

    @Option(help: ArgumentHelp("Time zone of Android devices for Turkcell message dates (default UTC; iOS uses GMT+02:00 as its SDK does).", valueName: "zone"))
    var timezone: String?

    func apply(to request: inout AuditRequest) throws {
        request.releasesPath = releases
        if let timezone {
            guard let zone = TimeZone(identifier: timezone) ?? TimeZone(abbreviation: timezone) else {
                throw ValidationError("--timezone \(timezone) is not a time zone (e.g. Europe/Istanbul or UTC)")
            }
            request.formatOptions.timeZone = zone
        }
        do {
            for spec in requirement { try request.formatOptions.addRequirement(spec) }
            for spec in povLegacyBelow { try request.formatOptions.addLegacyBelow(spec) }
        } catch {
            throw ValidationError(error.description)
        }
        if let asOf {
            guard let date = Timestamps.parse(asOf) else {
                throw ValidationError("--as-of \(asOf) is not an ISO 8601 date or time (e.g. 2026-11-22 or 2026-11-22T08:00:00Z)")
            }
            request.asOf = date
        }
    }
}

extension ConfigOptions {
    func apply(to request: inout AuditRequest) {
        request.configs = configs
        request.configDirectories = configDirectories
        request.format = format
        request.timeout = timeout
        request.keepGoing = keepGoing
    }
}

/// Prints a failure the way cron mail and terminals read it, and exits with its code.
enum Exit {
    static func fail(_ failure: AuditFailure) -> ExitCode {
        Console.error(failure.description)
        switch failure {
        case .usage: return ExitCode(64)
        case .input: return ExitCode(65)
        }
    }
}

enum Console {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("fleet-audit: error: \(message)\n".utf8))
    }

    static func info(_ message: String) {
        FileHandle.standardError.write(Data("fleet-audit: \(message)\n".utf8))
    }

    static var stderrIsTerminal: Bool { isatty(2) == 1 }
}
