extension ValidationReport {
    /// An audit's findings as `validate` reports them, for the CI outputs of `audit` (`--sarif`, `--codequality`):
    /// each config's diagnostics — the document's, and those only the fleet shows (a crash on 267 iOS devices),
    /// with their device counts —, each config that could not be loaded, and the run's own errors and warnings at the
    /// inventory. SARIF and Code Quality then come from
    /// the renderers `validate` uses, with the same paths, rules and fingerprints.
    package init(findingsOf audit: AuditReport) {
        var entries = audit.configs.map { c in
            Entry(
                source: c.source, format: c.format,
                diagnostics: c.diagnostics.map { d in
                    guard let devices = d.devices else { return d.diagnostic }
                    var counted = Diagnostic(
                        d.diagnostic.code, d.diagnostic.severity,
                        d.diagnostic.message + " (\(devices.groupedDigits) device\(devices == 1 ? "" : "s"))",
                        path: d.diagnostic.path)
                    counted.location = d.diagnostic.location
                    return counted
                })
        }
        entries += audit.failedConfigs.map { Entry(source: $0.source, format: nil, diagnostics: [$0.diagnostic]) }
        // The run's own errors and warnings (an inventory without packages while several are named), at the
        // inventory; a config not loaded has its entry above.
        let run = audit.diagnostics.filter {
            $0.severity != .info && !["config.unavailable", "run.failed", "run.empty"].contains($0.code)
        }
        if !run.isEmpty { entries.append(Entry(source: audit.inventory.source, format: nil, diagnostics: run)) }
        self.init(entries: entries)
    }
}
