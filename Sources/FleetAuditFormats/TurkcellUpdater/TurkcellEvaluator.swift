import Foundation

/// One device against a Turkcell document, as its platform's SDK decides (docs/formats/turkcell.md).
struct TurkcellEvaluator {
    let document: TurkcellDocument
    let profile: any Device
    let context: EvaluationContext
    let properties: TurkcellProperties
    /// The profile's value of every filter key, read once.
    let values: TurkcellProfileValues

    init(document: TurkcellDocument, profile: any Device, context: EvaluationContext) {
        self.document = document
        self.profile = profile
        self.context = context
        properties = TurkcellProperties(profile: profile)
        values = TurkcellProfileValues(keys: document.filterKeys, properties: properties)
    }

    // MARK: Android

    func android() -> Decision {
        var skipped: [Diagnostic] = []
        for i in document.androidUpdates.candidates({ values.android[$0] }) {
            let e = document.updates[i]
            guard androidFiltersHold(e, skipped: &skipped) else { continue }
            guard let target = e.androidTargetVersionCode, let build = profile.appBuildCode, target > Int64(build)
            else { continue }
            // `shouldDisplay` (`UpdateEntry.java` L183-190): an optional update is shown while its display count
            // (no record: 0) is below maxDisplayCount, so 0 or a negative value never shows it.
            if !e.androidFlag("forceUpdate") && !e.androidFlag("forceExit"), let max = e.androidInt("maxDisplayCount"),
                max <= 0
            {
                continue
            }
            let endOfSupport = e.filtersOnOS && !e.hasInstallTarget
            var decision: Decision
            if e.androidFlag("forceExit") {
                decision = Decision(
                    endOfSupport ? .unsupportedOS : .blocked, rule: e.id,
                    reason: "versionCode \(build) < \(target); forceExit: the app closes"
                        + (endOfSupport ? " (end of support for this OS)" : ""))
            } else if e.androidFlag("forceUpdate") {
                let how = context.releases.installability(for: profile) {
                    ($0.build.map(Int64.init) ?? Int64.min) >= target
                }
                decision = Decision(
                    how.forcedOutcome, rule: e.id,
                    reason: "versionCode \(build) < \(target); forceUpdate: \(how.explanation)")
            } else {
                decision = Decision(
                    .recommended, rule: e.id, reason: "versionCode \(build) < \(target): an optional update is offered")
            }
            decision.diagnostics += skipped
            return decision
        }
        var decision = messages(reason: "no update entry applies")
        decision.diagnostics = skipped + decision.diagnostics
        return decision
    }

    /// Whether an entry's filters hold on Android; an entry whose pattern throws is skipped, as the SDK's
    /// catch around each entry does, and the device is counted under a diagnostic.
    private func androidFiltersHold(_ e: TurkcellEntry, skipped: inout [Diagnostic]) -> Bool {
        switch TurkcellProperties.androidMatch(e.filters, values) {
        case .match: return true
        case .noMatch: return false
        case .invalidPattern:
            let d = TurkcellDocument.invalidPatternSkip
            if !skipped.contains(d) { skipped.append(d) }
            return false
        }
    }

    // MARK: messages

    /// With no update shown, the message the platform's SDK selects, if any (docs/formats/turkcell.md).
    func messages(reason: String) -> Decision {
        guard !document.messages.isEmpty else { return Decision(.upToDate, rule: nil, reason: reason) }
        return androidMessages(reason: reason)
    }

    /// Android (VersionsMap.getMessage): the first entry whose filters, dates and display records allow it.
    private func androidMessages(reason: String) -> Decision {
        var skipped: [Diagnostic] = []
        for i in document.androidMessages.candidates({ values.android[$0] }) {
            let m = document.messages[i]
            guard androidFiltersHold(m, skipped: &skipped) else { continue }
            guard androidWithinWindow(m) else { continue }
            // `shouldDisplay` L180-183: a message for an app that is installed is not shown; the device's own app is.
            if let own = profile.packageName, !m.androidTargetPackageName.isEmpty,
                m.androidTargetPackageName == JavaText.removingWhitespace(own)
            {
                continue
            }
            let state = DisplayState(profile: profile)
            // optInt("maxDisplayCount", Integer.MAX_VALUE); a device with no record has shown it 0 times.
            if let max = m.androidInt("maxDisplayCount"), (state.count ?? 0) >= max { continue }
            if let hours = m.androidInt("displayPeriodInHours"), hours > 0, let last = state.lastShown,
                last > context.asOf.addingTimeInterval(-Double(hours) * 3600)
            {
                continue
            }
            return Decision(
                .upToDate, rule: nil, reason: reason + "; message \(m.id) is shown", notices: [m.id],
                diagnostics: skipped)
        }
        return Decision(.upToDate, rule: nil, reason: reason + "; no message applies", diagnostics: skipped)
    }

    /// Android (`MessageEntry.shouldDisplay` L150-160): not before `displayAfterDate`, not after `displayBeforeDate`,
    /// each as its lenient parser reads it, in the text's offset or the device's zone (`--timezone`).
    private func androidWithinWindow(_ m: TurkcellEntry) -> Bool {
        let window = document.androidMessageWindows[m.id]
        let zone = context.options.timeZone
        if let after = window?.after?.instant(in: zone), context.asOf < after { return false }
        if let before = window?.before?.instant(in: zone), context.asOf > before { return false }
        return true
    }

    /// `displayAfterDate` ≤ instant ≤ `displayBeforeDate`, each in the SDK's zone; an unreadable date is ignored.
    func withinWindow(_ m: TurkcellEntry, zone: TimeZone) -> Bool {
        let window = document.messageWindows[m.id]
        if let after = window?.after?.instant(in: zone), context.asOf < after { return false }
        if let before = window?.before?.instant(in: zone), context.asOf > before { return false }
        return true
    }
}

/// The device's message display record from the state columns (docs/inventory.md): how often the message was shown
/// and when last. A device has a record once it has shown the message.
struct DisplayState {
    let count: Int64?
    let lastShown: Date?

    init(profile: any Device) {
        count = profile.attribute(TurkcellDocument.messageDisplayCount).flatMap { Int64($0.trimmedWhitespace) }
        lastShown = profile.attribute(TurkcellDocument.messageLastShown).flatMap(Timestamps.parse)
    }

    var hasRecord: Bool { (count ?? 0) > 0 || lastShown != nil }
}
