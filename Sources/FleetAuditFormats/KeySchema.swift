/// The keys a format's clients read, so a misspelt key is reported instead of silently ignored (a client
/// ignores a key it does not know: `required_versoin` is no minimum at all).
///
/// Objects are named by a path pattern: `""` the top level, `ios2` a key's object, `ios2[]` each object of an
/// array. Objects whose pattern is in neither table are free-form (`meta`, translations) and not checked.
package struct KeySchema: Sendable {
    /// Pattern → every key the client reads there: any other key is reported.
    package let closed: [String: [String]]
    /// Pattern → well-known keys of a free-form object (PrinceOfVersions `requirements`, whose other keys are
    /// the app's own attributes): only near misses of these are reported.
    package let open: [String: [String]]

    /// Other spellings some clients read as a known key: (pattern, key) → the form they compare keys in, nil where
    /// those clients read nothing; and who they are. (The PrinceOfVersions iOS and macOS clients convert every key
    /// from snake case: `requiredVersion` and `Required_Version` are `required_version` to them, nothing to Android.)
    package let respelling: (@Sendable (_ pattern: String, _ key: String) -> String?)?
    package let respellingReaders: String

    package init(
        closed: [String: [String]], open: [String: [String]] = [:],
        respelling: (@Sendable (_ pattern: String, _ key: String) -> String?)? = nil, respellingReaders: String = ""
    ) {
        self.closed = closed
        self.open = open
        self.respelling = respelling
        self.respellingReaders = respellingReaders
    }

    /// The known key `key` is another spelling of for some clients, when it is not itself known.
    private func respelt(_ key: String, at pattern: String, among known: [String]) -> String? {
        guard let respelling, let wanted = respelling(pattern, key) else { return nil }
        return known.first { respelling(pattern, $0) == wanted }
    }

    /// `config.unknownKey` warnings, each naming its key's path (the loader adds line and column).
    package func diagnostics(_ root: JSONValue, format: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        walk(root, path: "", pattern: "", format: format, into: &out)
        return out
    }

    private func walk(_ value: JSONValue, path: String, pattern: String, format: String, into out: inout [Diagnostic]) {
        if let array = value.arrayValue {
            for (i, element) in array.enumerated() {
                walk(element, path: "\(path)[\(i)]", pattern: pattern + "[]", format: format, into: &out)
            }
            return
        }
        guard let object = value.objectValue else { return }
        let known = closed[pattern]
        let wellKnown = open[pattern]
        for key in object.keys {
            let keyPath = path.isEmpty ? key : "\(path).\(key)"
            var patternKey = key
            if let known, !known.contains(key), let meant = respelt(key, at: pattern, among: known) {
                out.append(
                    Diagnostic(
                        "config.unknownKey", .warning,
                        "\(keyPath) is read as \(meant) by \(respellingReaders), and ignored by the other \(format) clients: write \(meant)",
                        path: keyPath))
                patternKey = meant
            } else if let known, !known.contains(key) {
                let hint =
                    NearMiss.closest(to: key, among: known).map { "; did you mean \($0)?" }
                    ?? "; keys read here: \(known.joined(separator: ", "))"
                out.append(
                    Diagnostic(
                        "config.unknownKey", .warning,
                        "\(keyPath) is not a key \(format) clients read, so they ignore it\(hint)", path: keyPath))
            } else if let wellKnown, !wellKnown.contains(where: { $0.lowercased() == key.lowercased() }),
                let near = NearMiss.closest(to: key, among: wellKnown)
            {
                // A key differing only in case is left alone: some clients compare keys case-insensitively.
                out.append(
                    Diagnostic(
                        "config.unknownKey", .warning,
                        "\(keyPath) is not a key \(format) clients read (\(near) is): they ignore it or read it as something else; did you mean \(near)?",
                        path: keyPath))
            }
            if known != nil || wellKnown != nil || pattern.isEmpty {
                walk(
                    object[key]!, path: keyPath, pattern: pattern.isEmpty ? patternKey : "\(pattern).\(patternKey)",
                    format: format,
                    into: &out)
            }
        }
    }
}
