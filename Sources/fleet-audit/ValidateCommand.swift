import ArgumentParser
import FleetAudit
import Foundation

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Print each config's diagnostics as `file:line:col: severity: [code] message`; exit 1 when any is an error."
    )

    @OptionGroup var configOptions: ConfigOptions

    @Argument(help: ArgumentHelp("Config files, folders or URLs to validate (as --config / --config-dir).", valueName: "path|url|dir"))
    var paths: [String] = []

    @Flag(help: "Treat warnings as errors too.")
    var strict = false

    func run() throws {
        var request = AuditRequest(inventoryPath: "")
        configOptions.apply(to: &request)
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                request.configDirectories.append(path)
            } else {
                request.configs.append(path)
            }
        }
        let loaded: [LoadedConfig]
        let failed: [FailedConfig]
        do {
            (loaded, failed) = try AuditRun.loadConfigs(request)
        } catch {
            throw Exit.fail(error)
        }
        var failing = !failed.isEmpty
        var out = ""
        for f in failed { out += "\(f.source): error: [config.unavailable] \(f.error.description)\n" }
        for config in loaded {
            if config.config.diagnostics.isEmpty { out += "\(config.source): ok (\(config.format))\n" }
            for d in config.locatedDiagnostics {
                let at = d.location.map { ":\($0.line):\($0.column)" } ?? ""
                out += "\(config.source)\(at): \(d.severity.rawValue): [\(d.code)] \(d.message)\n"
                if d.severity == .error || (strict && d.severity == .warning) { failing = true }
            }
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        if failing { throw ExitCode(1) }
    }
}
