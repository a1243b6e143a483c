import Foundation

/// A config source as it may be shown: a URL's user information (`user:token@host`, and `ghp_TOKEN@host`, the form
/// GitHub documents for tokens), its query (`?token=…`, and a value-less `?ghp_TOKEN`), its path parameters
/// (`;jsessionid=…`) and its fragment are secrets, and sources are printed, written into reports a team publishes
/// and kept in the history. Files are shown as they are.
package enum Redaction {
    package static func source(_ source: String) -> String {
        let lower = source.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return source }
        guard var parts = URLComponents(string: source), parts.host != nil else { return unparsed(source) }
        var changed = false
        if parts.user != nil || parts.password != nil {
            parts.user = "***"
            parts.password = nil
            changed = true
        }
        if let items = parts.queryItems, !items.isEmpty {
            parts.queryItems = items.map {
                URLQueryItem(name: $0.value == nil ? "***" : $0.name, value: $0.value == nil ? nil : "***")
            }
            changed = true
        }
        if parts.percentEncodedPath.contains(";") {
            parts.percentEncodedPath = withoutPathParameters(parts.percentEncodedPath)
            changed = true
        }
        if parts.fragment != nil {
            parts.fragment = nil
            changed = true
        }
        return changed ? (parts.string ?? unparsed(source)) : source
    }

    /// Each path segment without its `;parameters`, which servers use for session ids.
    package static func withoutPathParameters(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.firstIndex(of: ";").map { segment[..<$0] + ";***" } ?? segment
        }.joined(separator: "/")
    }

    /// A URL `URLComponents` cannot read (a backslash, a space): its scheme and host only, cut at the first
    /// character that may start a secret, so nothing after the user information, the query or a parameter shows.
    private static func unparsed(_ source: String) -> String {
        guard let scheme = source.range(of: "://") else { return "***" }
        var rest = String(source[scheme.upperBound...])
        if let end = rest.firstIndex(where: { "/\\?#;".contains($0) }) { rest = String(rest[..<end]) }
        if let at = rest.lastIndex(of: "@") { rest = "***@" + rest[rest.index(after: at)...] }
        return String(source[..<scheme.upperBound]) + rest + "/…"
    }
}
