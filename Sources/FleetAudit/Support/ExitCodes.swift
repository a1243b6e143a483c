/// Every exit code `fleet-audit` ends with, and what it means. The CLI uses no other: `GeneratedDocsTests`
/// reads the codes in `Sources/fleet-audit` and fails on one missing here, and `docs/reference/exit-codes.md`
/// (with the table in `docs/cron-and-ci.md`) is generated from this list.
package enum ExitCodes {
    public struct Entry: Sendable, Equatable {
        package let code: Int32
        /// A few words (`gate crossed`).
        package let name: String
        package let meaning: String
        /// The commands that end with it, as `fleet-audit help` names them.
        package let commands: [String]
    }

    package static let entries: [Entry] = [
        Entry(
            code: 0, name: "success",
            meaning:
                "The command did what was asked: the reports written (audit, plan, whatif), the query or the explanation printed, the runs listed; no --fail-on gate crossed; validate found no error; plan --detailed-exitcode: no device changes outcome.",
            commands: ["audit", "plan", "whatif", "query", "explain", "validate", "history"]),
        Entry(
            code: 1, name: "gate crossed",
            meaning:
                "A --fail-on gate was crossed, or could be checked on nothing (a change gate with no baseline yet, every config it names not loaded: state gateUnchecked) — the reports are still written, each such gate on stderr; audit found an error diagnostic (a config a client rejects or crashes on, or the run's own, such as an inventory without packages while several are named) or, with --keep-going, a config not loaded (unless --allow-errors); validate found an error-severity diagnostic (with --strict, a warning too); whatif found no candidate within its bounds (the reports are still written, no draft); plan's drafts add an error diagnostic (unless --allow-new-errors).",
            commands: ["audit", "plan", "whatif", "validate"]),
        Entry(
            code: 2, name: "devices change outcome",
            meaning:
                "plan --detailed-exitcode, no gate crossed: some device changes outcome between the published configs and the drafts.",
            commands: ["plan"]),
        Entry(
            code: 64, name: "usage error",
            meaning:
                "An unknown command or option, no configs, a bad --as-of, --timeout, SOURCE_DATE_EPOCH, --device or --fail-on, a change gate without --history, a report path that is one of the run's inputs: nothing was read.",
            commands: ["audit", "plan", "whatif", "query", "explain", "validate", "history"]),
        Entry(
            code: 65, name: "bad input",
            meaning:
                "The inventory is missing or unreadable or lacks a required column; a config is missing, not valid JSON or in no known format (validate reports such a config as an error, exit 1); the releases file is unreadable; a SQLite file is not a database or lacks the table; a --history file is missing (history) or not a FleetAudit history (left untouched); a template is broken; the inventory ends in the middle of a row (cut), counts more than 2^53 - 1 devices, names one column twice or has two headers that could be one column it reads (build and version_code); a config URL answered 4xx, compressed or oversized, or redirected against the policy; whatif found no device of the platform, or --emit/--from a document without one minimum; --package names a package no device has; or the run loaded no config or evaluated no device (unless --allow-empty). The reports in --out say so. plan: a config --keep-going could not load took its pair out.",
            commands: ["audit", "plan", "whatif", "query", "explain", "validate", "history"]),
        Entry(
            code: 71, name: "system limit",
            meaning:
                "EX_OSERR: the process may open fewer than 16 files (ulimit -n) and cannot raise its own limit; nothing was read. A run raises a lower soft limit toward the hard one by itself.",
            commands: ["audit", "plan", "whatif", "query", "explain", "validate", "history"]),
        Entry(
            code: 74, name: "cannot write",
            meaning:
                "A report (or whatif's draft) could not be written, or the run could not be appended to --history (the reports were written).",
            commands: ["audit", "plan", "whatif"]),
        Entry(
            code: 75, name: "try again later",
            meaning:
                "EX_TEMPFAIL: a SQLite inventory (or the --history file) stayed locked by another connection for --busy-timeout seconds (default 60); nothing was written (for the history: the reports were). Or a config URL's server was down, refused the connection, timed out, or answered 5xx or 429.",
            commands: ["audit", "plan", "whatif", "explain", "history"]),
    ]
}
