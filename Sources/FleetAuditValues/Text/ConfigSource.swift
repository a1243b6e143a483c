/// How a config was named on the command line: a file path or an `http(s)://` URL.
package enum ConfigSource {
    /// Whether `source` is fetched (case-insensitive scheme), not read from a file.
    package static func isURL(_ source: String) -> Bool {
        let lower = source.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }
}
