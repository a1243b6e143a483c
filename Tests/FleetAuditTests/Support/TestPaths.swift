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

    /// A fresh temporary folder, removed by the caller's tearDown if it likes.
    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fleet-audit-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, named name: String, in folder: URL) -> String {
        let path = folder.appendingPathComponent(name).path
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
