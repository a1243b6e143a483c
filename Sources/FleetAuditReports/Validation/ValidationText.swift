/// `validate`'s text: `file:line:col: severity: [code] message`, as compilers and swift-format print, so
/// editors and terminals link to the place; `file: ok (format)` for a config without diagnostics.
package enum ValidationText {
    package static func render(_ report: ValidationReport, style: TextStyle = .plain) -> String {
        var out = ""
        for entry in report.entries {
            if entry.diagnostics.isEmpty, let format = entry.format {
                out += "\(VisibleText.escape(entry.source)): \(style.paint("ok", .success)) (\(format))\n"
            }
            for d in entry.diagnostics {
                let at = d.location.map { ":\($0.line):\($0.column)" } ?? ""
                out +=
                    "\(VisibleText.escape(entry.source))\(at): \(style.severity(d.severity)): [\(d.code)] \(d.message)\n"
            }
        }
        return out
    }
}
