/// Why a row was not evaluated. Codes are stable: reports count rows by them.
package enum RejectionReason: String, CaseIterable, Sendable {
    case fieldCount = "field-count"
    case unterminatedQuote = "unterminated-quote"
    case malformedQuote = "malformed-quote"
    case emptyRequired = "empty-required"
    case invalidCount = "invalid-count"
    case invalidAppBuild = "invalid-app-build"
    case invalidAPILevel = "invalid-api-level"
    case unknownAndroidRelease = "unknown-android-release"
}

/// One rejected row: where it was (CSV line where the record starts, or SQLite rowid), which column, why,
/// and how many devices it stood for — 1 for an inventory of devices, its `count` for a grouped one, nil when
/// that count cannot be read (the count itself is bad, or the row does not split into its fields).
package struct Rejection: Equatable, Sendable {
    package let line: Int
    package let column: String?
    package let reason: RejectionReason
    package let message: String
    package let devices: Int64?

    package init(line: Int, column: String?, reason: RejectionReason, message: String, devices: Int64? = 1) {
        self.line = line
        self.column = column
        self.reason = reason
        self.message = VisibleText.escape(message)
        self.devices = devices
    }

    package func withDevices(_ devices: Int64?) -> Rejection {
        Rejection(line: line, column: column, reason: reason, message: message, devices: devices)
    }
}
