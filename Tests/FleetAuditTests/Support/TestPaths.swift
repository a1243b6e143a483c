import Foundation

/// Paths of the repository and of fixtures, found from this file so tests run from any folder.
enum TestPaths {
    static let testsRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let repoRoot = testsRoot.deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = testsRoot.appendingPathComponent("Fixtures")
    static let snapshots = testsRoot.appendingPathComponent("Snapshots")
    static let sampleData = repoRoot.appendingPathComponent("SampleData")

    static func fixture(_ relative: String) -> String { fixtures.appendingPathComponent(relative).path }
    static func sample(_ relative: String) -> String { sampleData.appendingPathComponent(relative).path }

    /// A fresh temporary folder inside this test process's own folder, which is removed when the process exits:
    /// hundreds of tests write files, and a run must not leave them behind in the machine's temporary folder.
    static func temporaryDirectory() -> URL {
        let url = processFolder.appendingPathComponent(UUID().uuidString)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static let processFolder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fleet-audit-tests-\(getpid())-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        removedAtExit = url.path
        atexit { if let path = TestPaths.removedAtExit { try? FileManager.default.removeItem(atPath: path) } }
        return url
    }()
    nonisolated(unsafe) private static var removedAtExit: String?

    static func write(_ text: String, named name: String, in folder: URL) -> String {
        let path = folder.appendingPathComponent(name).path
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
