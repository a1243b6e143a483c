import Foundation
import XCTest

/// Python 3 snippets the tests run: schema checks with PyPI `jsonschema` (which `.ci/run` installs), and
/// writer processes that hold an inventory open while the audit reads it.
enum Python {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `script` with `arguments`; its standard output is a pipe the caller reads.
    static func start(_ script: String, arguments: [String] = [], standardError: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        process.standardOutput = Pipe()
        if let standardError { process.standardError = standardError }
        try process.run()
        return process
    }

    /// Runs `script` to its end and returns its standard output; a non-zero exit throws with its stderr.
    static func run(_ script: String, arguments: [String] = []) throws -> String {
        let err = Pipe()
        let process = try start(script, arguments: arguments, standardError: err)
        let stdout = (process.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "python3 exited \(process.terminationStatus): \(String(decoding: stderr, as: UTF8.self))")
        }
        return String(decoding: stdout, as: UTF8.self)
    }
}
