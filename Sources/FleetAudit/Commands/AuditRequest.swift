import Foundation

/// Everything an audit needs, as the command line gives it.
public struct AuditRequest: Sendable {
    public var inventoryPath: String
    public var delimiter: UInt8 = UInt8(ascii: ",")
    public var columnOverrides: [String: String] = [:]
    /// `--set column=value`: columns every row has with one value (`ConstantColumns`), in the order given.
    public var constantColumns: [(String, String)] = []
    public var table: String?
    public var query: String?
    public var configs: [String] = []
    public var configDirectories: [String] = []
    public var releasesPath: String?
    public var asOf: Date?
    public var format: String?
    public var keepGoing = false
    public var timeout: TimeInterval = 30
    /// Seconds to wait for another connection's lock on a SQLite inventory (`--busy-timeout`).
    public var busyTimeout: TimeInterval = 60
    /// `--allow-empty`: a run that evaluates no device or loads no config exits 0, not 65.
    public var allowEmpty = false
    public var gates: [Gate] = []
    /// `--package NAME` (repeatable): only the devices of these packages are audited (empty: all).
    public var packages: [String] = []
    /// `--allow-errors`: the default gates (`error`, `notLoaded>0`) are not checked, so a config clients reject or
    /// crash on, or one not loaded, does not fail the run.
    public var allowErrors = false
    public var formatOptions = FormatOptions()
    /// `--history FILE`: the SQLite history the reports compare with (and the CLI appends to).
    public var historyPath: String?
    /// `--baseline`: which earlier run of the history the reports compare with.
    public var baseline: BaselineSelector = .previous
    /// `--history-trend`: how many earlier runs the HTML's trend lines show.
    public var trendRuns = 30

    public init(inventoryPath: String) { self.inventoryPath = inventoryPath }

    /// Options echoed in reports: everything that changes the numbers, nothing about where reports go.
    var reportedOptions: [(String, String)] {
        var out: [(String, String)] = []
        if let format { out.append(("format", format)) }
        if delimiter != UInt8(ascii: ",") { out.append(("delimiter", String(UnicodeScalar(delimiter)))) }
        for (k, v) in columnOverrides.sorted(by: { $0.key < $1.key }) { out.append(("column.\(k)", v)) }
        for (k, v) in constantColumns { out.append(("set.\(k)", v)) }
        if let table { out.append(("table", table)) }
        if let query { out.append(("query", query)) }
        if keepGoing { out.append(("keepGoing", "true")) }
        if !packages.isEmpty { out.append(("package", packages.joined(separator: ","))) }
        if allowErrors { out.append(("allowErrors", "true")) }
        out += formatOptions.reported
        return out
    }
}

/// Why an audit could not run: a usage error (exit 64), unusable input (exit 65), or an input that is
/// busy now and may work later (exit 75, EX_TEMPFAIL: a database another connection kept locked).
public enum AuditFailure: Error, CustomStringConvertible, Equatable {
    case usage(String)
    case input(String)
    case temporary(String)

    public var description: String {
        switch self {
        case .usage(let m), .input(let m), .temporary(let m): return m
        }
    }

    /// An inventory that cannot be read: bad input, or busy (another connection's lock outlasted the wait).
    init(_ error: InventoryError) {
        if case .locked = error { self = .temporary(error.description) } else { self = .input(error.description) }
    }

    /// What the reports refuse: an option (usage) or a template (bad input).
    public init(_ error: ReportError) {
        switch error {
        case .option(let message): self = .usage(message)
        case .template(let message): self = .input(message)
        }
    }

    /// A history that cannot be read: not a FleetAudit history (bad input), or busy.
    init(_ error: HistoryError) {
        if case .busy = error { self = .temporary(error.description) } else { self = .input(error.description) }
    }
}
