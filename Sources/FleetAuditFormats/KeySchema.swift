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

    package init(closed: [String: [String]], open: [String: [String]] = [:]) {
        self.closed = closed
        self.open = open
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
            if let known, !known.contains(key) {
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
                    object[key]!, path: keyPath, pattern: pattern.isEmpty ? key : "\(pattern).\(key)", format: format,
                    into: &out)
            }
        }
    }
}
