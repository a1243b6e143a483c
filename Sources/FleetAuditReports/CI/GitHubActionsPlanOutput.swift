import Foundation

/// A plan as GitHub Actions shows it on a pull request: the step summary (each pair's moves, the gates it
/// crossed, the errors the drafts add) and an annotation per crossed gate and per new error at the draft's value.
extension GitHubActionsOutput {
    /// - Parameter exitCode: how `plan` ends (the CLI decides it from the gates and `--detailed-exitcode`).
    public static func summary(_ report: PlanReport, exitCode: Int32) -> String {
        var out = "## FleetAudit plan: "
        switch exitCode {
        case 0: out += report.changedDevices ? "devices change outcome (exit 0)\n\n" : "no device changes outcome\n\n"
        case 2: out += "devices change outcome (exit 2)\n\n"
        case 65: out += "configs not loaded (exit 65)\n\n"
        case 1 where !report.crossedGates.isEmpty: out += "gate crossed (exit 1)\n\n"
        case 1 where report.newErrorCount > 0: out += "the drafts add errors (exit 1)\n\n"
        default: out += "failed (exit \(exitCode))\n\n"
        }
        let inventory = report.inventory
        out +=
            "\(inventory.devices.groupedDigits) devices from \(cell(inventory.source)): \(report.worse.groupedDigits) get a worse outcome, \(report.better.groupedDigits) a better one, \(report.ruleOnly.groupedDigits) keep theirs under another rule.\n\n"
        if !report.pairs.isEmpty {
            out += "| config | status | worse | better | moves |\n|---|---|---:|---:|---|\n"
            for pair in report.pairs {
                let moves = pair.moves.prefix(4).map {
                    "\($0.devices.groupedDigits) \($0.from.rawValue)→\($0.to.rawValue)"
                }
                out +=
                    "| \(cell(pair.id)) | \(pair.status.rawValue) | \(pair.worse.groupedDigits) | \(pair.better.groupedDigits) | "
                    + (moves.isEmpty ? "—" : moves.joined(separator: ", ") + (pair.moves.count > 4 ? ", …" : ""))
                    + " |\n"
            }
            out += "\n"
        }
        out += section(
            "Configs not loaded",
            report.failed.map { "\($0.side) \(cell($0.config.id)): \(cell($0.config.error.description))" })
        out += section("Gates crossed", report.crossedGates.map { cell($0.sentence) })
        out += section(
            "Errors the drafts add",
            report.pairs.flatMap { pair in
                pair.newErrors.map { "\(cell(pair.id)): `\($0.code)` \(cell($0.message))" }
            })
        return out
    }

    /// The summary of a plan that stopped before planning (a broken draft, a missing inventory, a URL down).
    public static func failedPlanSummary(exitCode: Int32, message: String) -> String {
        "## FleetAudit plan: failed (exit \(exitCode))\n\n> \(cell(message))\n\n"
    }

    /// `::error` per crossed gate, and per error a draft adds, at its value in the draft.
    public static func annotations(_ report: PlanReport, _ context: Context) -> String {
        report.crossedGates.map { gateAnnotation("fleet-audit plan gate crossed", $0.sentence) }.joined()
            + report.pairs.flatMap { pair in
                pair.newErrors.map { diagnosticAnnotation($0, source: pair.draft?.source, context) }
            }.joined()
    }
}
