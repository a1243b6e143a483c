import Foundation

/// A config source as it may be shown: a URL's password and its query values are secrets (`user:token@host`,
/// `?token=…`, signed URLs), and sources are printed, written into reports a team publishes and kept in the
/// history. Files are shown as they are.
package enum Redaction {
    package static func source(_ source: String) -> String {
        let lower = source.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), var parts = URLComponents(string: source)
        else { return source }
        var changed = false
        if parts.password != nil {
            parts.password = "***"
            changed = true
        }
        if let items = parts.queryItems, !items.isEmpty {
            parts.queryItems = items.map { URLQueryItem(name: $0.name, value: $0.value == nil ? nil : "***") }
            changed = true
        }
        if parts.fragment != nil {
            parts.fragment = nil
            changed = true
        }
        return changed ? (parts.string ?? source) : source
    }
}
