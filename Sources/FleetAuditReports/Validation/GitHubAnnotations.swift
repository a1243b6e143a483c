/// GitHub Actions workflow commands, one per diagnostic: `::error file=F,line=L,col=C,title=T::message`, so
/// a pull request shows each on the config's line. Escaping is the Actions toolkit's (`@actions/core`
/// `command.ts`): `%`, `\r`, `\n` in the message; those and `:` and `,` in property values.
package enum GitHubAnnotations {
    package static func render(_ report: ValidationReport, _ context: ValidationContext) -> String {
        var out = ""
        for (source, d) in report.results {
            var properties = [("file", context.relativePath(source))]
            if let at = d.location { properties += [("line", String(at.line)), ("col", String(at.column))] }
            properties.append(("title", "fleet-audit [\(d.code)]"))
            let props = properties.map { "\($0)=\(escapeProperty($1))" }.joined(separator: ",")
            out += "::\(command(d.severity)) \(props)::\(escapeData(d.message))\n"
        }
        return out
    }

    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "notice"
        }
    }

    static func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
