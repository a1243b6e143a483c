import Foundation

/// SARIF 2.1.0, as GitHub code scanning reads it: one run whose driver lists every diagnostic code of
/// `DiagnosticCatalog` as a rule (summary, help), and one result per diagnostic at its file, line and
/// column. Columns count characters, so the run says `columnKind: unicodeCodePoints`.
package enum SARIFReport {
    package static let schemaURI =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    package static func render(_ report: ValidationReport, _ context: ValidationContext) -> String {
        let rules = DiagnosticCatalog.entries
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.code, $0) }, uniquingKeysWith: { a, _ in a })
        let driver: JSONValue = .obj([
            ("name", .string("fleet-audit")),
            ("semanticVersion", .string(FleetAuditVersion.current)),
            ("informationUri", .string(FleetAuditVersion.informationURI)),
            ("rules", .array(rules.map(rule))),
        ])
        let results: [JSONValue] = report.results.map { source, d in
            var fields: [(String, JSONValue)] = [("ruleId", .string(d.code))]
            if let i = ruleIndex[d.code] { fields.append(("ruleIndex", .int(i))) }
            fields += [
                ("level", .string(level(d.severity))),
                ("message", .obj([("text", .string(d.message))])),
                ("locations", .array([location(source, d, context)])),
            ]
            return .obj(fields)
        }
        return JSONWriter.write(
            .obj([
                ("$schema", .string(schemaURI)),
                ("version", .string("2.1.0")),
                (
                    "runs",
                    .array([
                        .obj([
                            ("tool", .obj([("driver", driver)])),
                            ("columnKind", .string("unicodeCodePoints")),
                            ("results", .array(results)),
                        ])
                    ])
                ),
            ]))
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    private static func rule(_ entry: DiagnosticCatalog.Entry) -> JSONValue {
        .obj([
            ("id", .string(entry.code)),
            ("name", .string(ruleName(entry.code))),
            ("shortDescription", .obj([("text", .string(entry.summary))])),
            (
                "fullDescription",
                .obj([("text", .string(entry.summary + (entry.format.map { " (format: \($0))" } ?? "")))])
            ),
            ("help", .obj([("text", .string(entry.help))])),
            ("defaultConfiguration", .obj([("level", .string(level(entry.severity)))])),
        ])
    }

    /// `pov.recommendationUnreleased` → `PovRecommendationUnreleased`: SARIF's rule name is an identifier.
    static func ruleName(_ code: String) -> String {
        code.split(separator: ".").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The config's repository-relative path (a URL stays a URL) and, when the diagnostic has a place, its
    /// line and column; one without a place points at the document's first line, as GitHub needs a line.
    private static func location(_ source: String, _ d: Diagnostic, _ context: ValidationContext) -> JSONValue {
        var region: [(String, JSONValue)] = [("startLine", .int(d.location?.line ?? 1))]
        if let column = d.location?.column { region.append(("startColumn", .int(column))) }
        return .obj([
            (
                "physicalLocation",
                .obj([
                    ("artifactLocation", .obj([("uri", .string(uri(context.relativePath(source))))])),
                    ("region", .obj(region)),
                ])
            )
        ])
    }

    /// A relative path percent-encoded as a URI reference; an absolute one as a `file://` URI.
    static func uri(_ path: String) -> String {
        if ConfigSource.isURL(path) { return path }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":?#[]@!$&'()*+,;=")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
