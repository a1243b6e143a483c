import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Every code raised in the sources is in the catalog (with one severity: `Diagnostic.init` asserts it in
/// every debug run), and the catalog lists nothing the sources never raise.
final class DiagnosticCatalogTests: XCTestCase {
    private func sourceFiles() throws -> [URL] {
        let root = TestPaths.sampleData.deletingLastPathComponent().appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        return files.compactMap { $0 as? URL }.filter {
            $0.pathExtension == "swift" && !$0.path.hasSuffix("DiagnosticCatalog.swift")
        }
    }

    func testEveryCodeInTheSourcesIsCataloguedAndEveryCatalogueEntryIsUsed() throws {
        // The catalog's prefixes (a new format brings its own), and the run's.
        let prefixes = Set(DiagnosticCatalog.entries.map { String($0.code.split(separator: ".")[0]) })
            .union(["nhs", "pov", "osam", "turkcell", "releases", "config", "run", "inventory"])
        let pattern = try NSRegularExpression(
            pattern: #""((?:"# + prefixes.sorted().joined(separator: "|") + #")\.[A-Za-z.]+)""#)
        var used = Set<String>()
        for file in try sourceFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                used.insert(String(text[Range(m.range(at: 1), in: text)!]))
            }
        }
        let catalogued = Set(DiagnosticCatalog.entries.map(\.code))
        XCTAssertEqual(used.subtracting(catalogued), [], "raised but not catalogued")
        XCTAssertEqual(catalogued.subtracting(used), [], "catalogued but never raised")
        XCTAssertEqual(DiagnosticCatalog.entries.count, catalogued.count, "a code listed twice")
        for entry in DiagnosticCatalog.entries {
            XCTAssertFalse(entry.summary.isEmpty || entry.help.isEmpty, entry.code)
            if let format = entry.format {
                XCTAssertTrue(FormatRegistry.allNames.contains(format), "\(entry.code): \(format)")
            }
        }
    }

    /// The catalog's page lists every code with its severity (`GeneratedDocsTests` keeps the whole page fresh).
    func testTheDiagnosticsPageListsEveryCode() throws {
        let page = try String(
            contentsOf: TestPaths.repoRoot.appendingPathComponent("docs/reference/diagnostics.md"), encoding: .utf8)
        for entry in DiagnosticCatalog.entries {
            XCTAssertTrue(
                page.contains("| `\(entry.code)` | \(entry.severity.rawValue) |"),
                "docs/reference/diagnostics.md lacks \(entry.code)")
        }
    }
}
