/// Why a row was not evaluated. Codes are stable: reports count rows by them.
public enum RejectionReason: String, CaseIterable, Sendable {
    case fieldCount = "field-count"
    case unterminatedQuote = "unterminated-quote"
    case malformedQuote = "malformed-quote"
    case emptyRequired = "empty-required"
    case invalidCount = "invalid-count"
    case invalidAppBuild = "invalid-app-build"
    case invalidAPILevel = "invalid-api-level"
    case unknownAndroidRelease = "unknown-android-release"
}

/// One rejected row: where it was (CSV line where the record starts, or SQLite rowid), which column, why.
public struct Rejection: Equatable, Sendable {
    public let line: Int
    public let column: String?
    public let reason: RejectionReason
    public let message: String

    public init(line: Int, column: String?, reason: RejectionReason, message: String) {
        self.line = line
        self.column = column
        self.reason = reason
        self.message = message
    }
}
