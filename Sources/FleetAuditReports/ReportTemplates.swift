import Foundation
import Mustache

/// The files of `Templates/`: compiled into the library at build time (so an installed binary needs no
/// source tree), or read from `--templates DIR` to restyle the HTML without rebuilding.
public struct ReportTemplates: Sendable {
    /// File name → contents (`report.html.mustache`, `bar.mustache`, `fleet-audit-report-1.xsd`).
    package let files: [String: String]
    package let origin: String
    /// A long template is parsed in pieces of about this many bytes (`TemplatePieces`); nil, whole (the
    /// straight path the pieces are tested against).
    package var pieceBytes: Int? = TemplatePieces.pieceBytes

    public static let embedded = ReportTemplates(files: EmbeddedTemplates.files, origin: "built in")

    package init(files: [String: String], origin: String) {
        self.files = files
        self.origin = origin
    }

    /// Reads every file of a folder; the built-in files fill in what it lacks (a folder may hold only the
    /// HTML template).
    public static func load(directory: String) throws(ReportError) -> ReportTemplates {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .option("--templates \(directory): no such folder")
        }
        var files = EmbeddedTemplates.files
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw .template("--templates: \(path) is not readable UTF-8 text")
            }
            files[name] = text
        }
        return ReportTemplates(files: files, origin: directory)
    }

    /// Mustache templates by name (`report.html`, `bar`).
    var mustache: [String: String] {
        var out: [String: String] = [:]
        for (name, text) in files where name.hasSuffix(".mustache") {
            out[String(name.dropLast(".mustache".count))] = text
        }
        return out
    }

    package var xmlSchema: String? { files[XMLReport.schemaFile] }

    /// Whether `name` occurs in `text`, on bytes: Foundation's `contains` (through UTF-16) and the standard
    /// library's `firstRange` each took a tenth of the page's time.
    private static func mentions(_ text: String, _ name: String) -> Bool {
        let haystack = Array(text.utf8)
        let needle = Array(name.utf8)
        guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
        for i in 0...(haystack.count - needle.count) where haystack[i] == first {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// `template` and every template it may include as a partial, and they in turn: each template whose name
    /// its text mentions at all (a superset of its `{{> name}}` tags, whatever the delimiters). Parsing the
    /// other commands' templates too was a third of the time the HTML report took.
    private func partials(of template: String) -> [String: String] {
        let all = mustache
        var chosen: [String: String] = [:]
        var pending = [template]
        while let name = pending.popLast() {
            guard chosen[name] == nil, let text = all[name] else { continue }
            chosen[name] = text
            pending += all.keys.filter { chosen[$0] == nil && Self.mentions(text, $0) }
        }
        return chosen
    }

    /// Renders `template` (a name of `mustache`, e.g. `report.html`) with every template available as a
    /// partial (`{{> bar}}`). Mustache escapes each `{{value}}` for HTML: strings from configs stay inert.
    func render(_ context: Any, template: String) throws(ReportError) -> String {
        var parsed: [String: MustacheTemplate] = [:]
        for (name, text) in partials(of: template) {
            if let pieceBytes, let pieces = TemplatePieces.cut(text, pieceBytes: pieceBytes),
                let templates = try? pieces.map({ try MustacheTemplate(string: $0) })
            {
                for (k, piece) in templates.enumerated() { parsed[TemplatePieces.name(k, of: name)] = piece }
                if let page = try? MustacheTemplate(string: TemplatePieces.joining(pieces.count, of: name)) {
                    parsed[name] = page
                    continue
                }
            }
            do {
                parsed[name] = try MustacheTemplate(string: text)
            } catch {
                throw .template("template \(name).mustache (\(origin)) cannot be parsed: \(error)")
            }
        }
        guard parsed[template] != nil else {
            throw .template("no \(template).mustache among the templates (\(origin))")
        }
        guard let html = MustacheLibrary(templates: parsed).render(context, withTemplate: template) else {
            throw .template("template \(template).mustache could not be rendered")
        }
        return html
    }
}
