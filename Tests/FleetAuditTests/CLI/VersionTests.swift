import FleetAuditTestSupport
import Foundation
import XCTest

/// Issue 40: `--version` said only `0.1.0`. It names the commit the binary was built from and that commit's date,
/// asked of git before the build (`EmbedBuildInfoPlugin`); without git, `unknown`.
final class VersionTests: XCTestCase {
    func testTheVersionNamesACommitOfThisRepository() throws {
        let result = try CommandLineTests.run(["--version"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let line = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let pattern = #"^0\.1\.0 \(commit ([0-9a-f]{12}|unknown), ([0-9]{4}-[0-9]{2}-[0-9]{2}|unknown)\)$"#
        XCTAssertNotNil(line.range(of: pattern, options: .regularExpression), line)
        // In a git checkout (this one, in CI), the commit is known.
        let head = Process()
        head.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        head.arguments = ["git", "-C", TestPaths.repoRoot.path, "rev-parse", "HEAD"]
        head.standardOutput = FileHandle.nullDevice
        head.standardError = FileHandle.nullDevice
        try head.run()
        head.waitUntilExit()
        guard let commit = line.range(of: #"[0-9a-f]{12}"#, options: .regularExpression).map({ String(line[$0]) })
        else {
            XCTAssertNotEqual(head.terminationStatus, 0, "git knows the commit, --version should too: \(line)")
            return
        }
        // The commit is one of this repository's (built from this tree; HEAD itself only if nothing was committed
        // since the build).
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", TestPaths.repoRoot.path, "cat-file", "-e", commit + "^{commit}"]
        git.standardError = FileHandle.nullDevice
        try git.run()
        git.waitUntilExit()
        XCTAssertEqual(git.terminationStatus, 0, "\(commit) is a commit of the repository")
    }
}
