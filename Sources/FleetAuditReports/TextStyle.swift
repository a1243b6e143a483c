/// How terminal text is painted: ANSI colours on a terminal that wants them, nothing otherwise. The
/// command line decides (a terminal, no `NO_COLOR`, `TERM` not `dumb`: no-color.org); renderers only apply it,
/// so a report written to a file or a cron mail is the same text with or without a terminal.
public enum TextStyle: Sendable {
    case plain, ansi

    package enum Role: Sendable { case error, warning, info, success }

    /// `NO_COLOR` set to anything non-empty, `TERM=dumb`, or not a terminal: plain.
    /// `NO_COLOR` (set and not empty, as no-color.org says) turns colour off; `FORCE_COLOR` (any value but `0`) turns it on where no terminal
    /// is seen (a CI log that renders ANSI); otherwise a terminal that is not `TERM=dumb` gets it.
    public static func forStream(isTerminal: Bool, environment: [String: String]) -> TextStyle {
        if !(environment["NO_COLOR"] ?? "").isEmpty { return .plain }
        if let force = environment["FORCE_COLOR"], !force.isEmpty, force != "0" { return .ansi }
        guard isTerminal, environment["TERM"] != "dumb" else { return .plain }
        return .ansi
    }

    package func paint(_ text: String, _ role: Role) -> String {
        guard self == .ansi else { return text }
        // Bold red, yellow, cyan and green: the terminal's own palette, readable on light and dark themes.
        let code: String
        switch role {
        case .error: code = "1;31"
        case .warning: code = "33"
        case .info: code = "36"
        case .success: code = "32"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    package func severity(_ severity: Severity) -> String {
        paint(severity.rawValue, severity == .error ? .error : severity == .warning ? .warning : .info)
    }
}
