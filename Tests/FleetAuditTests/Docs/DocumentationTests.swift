import Foundation
import XCTest

/// The README and docs/ as a newcomer reads them: a README that fits in 200 lines, links that lead somewhere
/// (file and heading), every page reachable, and no reference to a specification the repository does not hold.
final class DocumentationTests: XCTestCase {
    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2, ….
    static func anchors(in markdown: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var out: Set<String> = []
        var inFence = false
        for line in markdown.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            var slug = String(
                title.lowercased().unicodeScalars.filter {
                    CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
                }.map(Character.init)
            ).replacingOccurrences(of: " ", with: "-")
            if let n = seen[slug] {
                seen[slug] = n + 1
                slug += "-\(n + 1)"
            } else {
                seen[slug] = 0
            }
            out.insert(slug)
        }
        return out
    }

    /// Markdown links `[text](target)` outside code blocks and code spans.
    static func links(in markdown: String) -> [String] {
        var out: [String] = []
        var inFence = false
        let regex = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        for line in markdown.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard !inFence else { continue }
            let prose = line.replacingOccurrences(of: #"`[^`]*`"#, with: "", options: .regularExpression)
            for m in regex.matches(in: prose, range: NSRange(prose.startIndex..., in: prose)) {
                out.append(String(prose[Range(m.range(at: 1), in: prose)!]))
            }
        }
        return out
    }

    /// Issue 67 item 10: each format page opens with a complete document, and `validate --strict` accepts it as
    /// that page's format (the name in the title's parentheses). A YAML feed is validated as `latest-mac.yml`, the
    /// name that says which devices read it.
    func testEveryFormatPageOpensWithADocumentValidateAccepts() throws {
        let folder = TestPaths.repoRoot.appendingPathComponent("docs/formats")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".md") && $0 != "README.md"
        }
        XCTAssertEqual(pages.count, 6, "\(pages)")
        for page in pages.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(page), encoding: .utf8)
            let title = text.prefix { $0 != "\n" }
            let format = try XCTUnwrap(title.split(separator: "`").dropFirst().first.map(String.init), page)
            // The first block, before the page's first section: the page opens with it.
            let opening = text.components(separatedBy: "\n## ").first ?? ""
            let fence = try XCTUnwrap(opening.range(of: "\n```"), "\(page) opens with no document")
            let info = opening[fence.upperBound...].prefix { $0 != "\n" }
            let body = opening[fence.upperBound...].drop { $0 != "\n" }.dropFirst()
            let document = String(body[..<(body.range(of: "\n```")?.lowerBound ?? body.endIndex)]) + "\n"
            let name = ["json": "document.json", "xml": "appcast.xml", "yaml": "latest-mac.yml"][String(info)]
            let file = TestPaths.write(
                document, named: try XCTUnwrap(name, "\(page): a ```\(info) block"), in: TestPaths.temporaryDirectory())
            let result = try CommandLineTests.run(["validate", "--strict", "--config", file])
            XCTAssertEqual(result.status, 0, "\(page): \(result.stdout)\(result.stderr)")
            XCTAssertTrue(result.stdout.contains("ok (\(format))"), "\(page): \(result.stdout)")
        }
    }

    func testTheREADMEFitsIn200Lines() throws {
        let readme = try String(contentsOf: TestPaths.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertLessThanOrEqual(readme.components(separatedBy: "\n").count - 1, 200)
    }

    func testEveryRelativeLinkLeadsToAFileAndHeadingThatExist() throws {
        var checked = 0
        for page in ReferencePages.pages() {
            let text = try String(contentsOf: page, encoding: .utf8)
            for link in Self.links(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target =
                    parts[0].isEmpty
                    ? page : page.deletingLastPathComponent().appendingPathComponent(parts[0]).standardized
                let name = "\(page.lastPathComponent): \(link)"
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory) else {
                    XCTFail("\(name): no such file")
                    continue
                }
                XCTAssertTrue(target.path.hasPrefix(TestPaths.repoRoot.path + "/"), "\(name): outside the repository")
                if parts.count == 2 {
                    XCTAssertEqual(target.pathExtension, "md", "\(name): an anchor into a file that is not a page")
                    let anchors = Self.anchors(in: try String(contentsOf: target, encoding: .utf8))
                    XCTAssertTrue(
                        anchors.contains(parts[1]),
                        "\(name): no heading with that anchor in \(target.lastPathComponent)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// A newcomer finds every page from the README: each docs page is linked from another page.
    func testEveryPageIsLinkedFromAnotherPage() throws {
        var linked: Set<String> = []
        for page in ReferencePages.pages() {
            let text = try String(contentsOf: page, encoding: .utf8)
            for link in Self.links(in: text) where !link.contains("://") {
                let file = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                guard !file.isEmpty else { continue }
                let target = page.deletingLastPathComponent().appendingPathComponent(String(file)).standardized
                if target.path != page.standardized.path { linked.insert(target.path) }
            }
        }
        for page in ReferencePages.pages()
        where page.lastPathComponent != "README.md" || page.deletingLastPathComponent() != TestPaths.repoRoot {
            XCTAssertTrue(linked.contains(page.standardized.path), "\(page.path): no page links to it")
        }
    }

    /// The project's rules are said in its own words: no "docs/formats/turkcell.md" pointing at a document that is not here.
    func testNoPageRefersToASpecificationTheRepositoryDoesNotHold() throws {
        for page in ReferencePages.pages() {
            let text = try String(contentsOf: page, encoding: .utf8)
            XCTAssertNil(
                text.range(of: #"\bSPEC\b"#, options: .regularExpression), "\(page.lastPathComponent) mentions SPEC")
        }
    }
}
