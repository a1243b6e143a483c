/// `explain`'s answer for a person: per config the outcome and the rule that decided it, the client's reason,
/// then what else the device meets (notices, diagnostics with their place in the config). It reads the same
/// value the JSON output prints, so the two never say different things.
public enum ExplainText {
    public static func render(_ explanation: JSONValue) -> String {
        var lines: [String] = []
        for item in explanation.arrayValue ?? [] {
            guard let object = item.objectValue else { continue }
            if object["published"] != nil || object["draft"] != nil {
                lines += pair(object)
            } else {
                lines += single(object, indent: "")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `availability-ios.json: forced (rule minimumOSVersion)` and its indented details.
    static func single(_ o: JSONObject, indent: String, label: String? = nil) -> [String] {
        let config = VisibleText.escape(o["config"]?.stringValue ?? "")
        var lines = ["\(indent)\(label ?? config): \(decided(o))"]
        let more = indent + "  "
        if let reason = o["reason"]?.stringValue { lines.append(more + VisibleText.escape(reason)) }
        let notices = (o["notices"]?.arrayValue ?? []).compactMap(\.stringValue)
        if !notices.isEmpty {
            lines.append(more + "notices: " + notices.map(VisibleText.escape).joined(separator: ", "))
        }
        let located = (o["diagnosticLocations"]?.arrayValue ?? []).compactMap(\.objectValue)
        let codes = (o["diagnostics"]?.arrayValue ?? []).compactMap(\.stringValue)
        if !codes.isEmpty {
            // Every place a code stands at, as the JSON's diagnosticLocations lists them.
            let shown = codes.map { code -> String in
                let places = located.filter { $0["code"]?.stringValue == code }.compactMap { at -> String? in
                    guard let line = at["line"]?.numberValue?.literal, let column = at["column"]?.numberValue?.literal
                    else { return nil }
                    return "line \(line), column \(column)"
                }
                return places.isEmpty ? code : "\(code) (\(places.joined(separator: "; ")))"
            }
            lines.append(more + "diagnostics: " + shown.joined(separator: ", "))
        }
        return lines
    }

    /// `explain --published … --draft …`: both decisions of a pair, and whether the device's outcome or rule moves.
    static func pair(_ o: JSONObject) -> [String] {
        let config = VisibleText.escape(o["config"]?.stringValue ?? "")
        let before = o["published"]?.objectValue
        let after = o["draft"]?.objectValue
        let changes = o["changes"] == .bool(true)
        var lines = [
            "\(config): " + (before.map(decided) ?? "not published") + " → "
                + (after.map(decided) ?? "not in the draft")
                + (changes ? "  (changes)" : "  (unchanged)")
        ]
        if let before { lines += single(before, indent: "  ", label: "published") }
        if let after { lines += single(after, indent: "  ", label: "draft") }
        return lines
    }

    /// `forced (rule ios2[0])`, or the outcome alone when no rule decided.
    static func decided(_ o: JSONObject) -> String {
        let outcome = o["outcome"]?.stringValue ?? "?"
        guard let rule = o["rule"]?.stringValue else { return outcome }
        return "\(outcome) (rule \(VisibleText.escape(rule)))"
    }
}
