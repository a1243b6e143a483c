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
        // Bidirectional controls and other invisible characters (a U+202E in a file name reverses what a reviewer
        // reads) are shown as escapes, as on the terminal; then the workflow command's own escapes.
        invisibleEscaped(s).replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Bidirectional overrides and isolates, marks and other controls but line breaks, as `\u{202E}`.
    static func invisibleEscaped(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x00..<0x09, 0x0B, 0x0C, 0x0E..<0x20, 0x7F, 0x80..<0xA0, 0x200E, 0x200F, 0x202A...0x202E,
                0x2066...0x2069:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
