/// GitLab Code Quality JSON (the CodeClimate subset GitLab reads): an array of issues, each with
/// `description`, `check_name`, `fingerprint`, `severity` and `location.path` / `location.lines.begin`.
/// GitLab compares fingerprints between the merge request and its target branch, so a fingerprint names the
/// config, the code and the JSON path (or the message), not the line: moving a key does not make it new.
package enum CodeQualityReport {
    package static func render(_ report: ValidationReport, _ context: ValidationContext) -> String {
        var seen: [String: Int] = [:]
        let issues: [JSONValue] = report.results.map { source, d in
            let path = context.relativePath(source)
            let identity = [path, d.code, d.path ?? d.message].joined(separator: "\u{0}")
            // Two findings of one identity (a repeated message) still get distinct fingerprints.
            let n = seen[identity, default: 0]
            seen[identity] = n + 1
            let fingerprint = SHA256Digest.hex(Array((identity + (n == 0 ? "" : "\u{0}\(n)")).utf8))
            return .obj([
                ("type", .string("issue")),
                ("description", .string(d.message)),
                ("check_name", .string(d.code)),
                ("fingerprint", .string(fingerprint)),
                ("severity", .string(severity(d.severity))),
                (
                    "location",
                    .obj([("path", .string(path)), ("lines", .obj([("begin", .int(d.location?.line ?? 1))]))])
                ),
            ])
        }
        return JSONWriter.write(.array(issues))
    }

    /// GitLab's scale is info, minor, major, critical, blocker; a client-breaking error is critical (as
    /// SwiftLint maps its errors), a warning minor.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "critical"
        case .warning: return "minor"
        case .info: return "info"
        }
    }
}
