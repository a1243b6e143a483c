/// What the reports layer can refuse: an option it reads (a gate, a baseline, a templates folder, an output that
/// would overwrite an input), or a template. The runs map it onto their exit codes (`AuditFailure.init(_:)`).
public enum ReportError: Error, CustomStringConvertible, Equatable {
    /// An option that cannot be read as given: usage (64).
    case option(String)
    /// A template that cannot be read, parsed or rendered: bad input (65).
    case template(String)

    public var description: String {
        switch self {
        case .option(let message), .template(let message): return message
        }
    }
}
