import Foundation

/// One device against a Turkcell document, as its platform's SDK decides (docs/formats/turkcell.md).
struct TurkcellEvaluator {
    let document: TurkcellDocument
    let profile: Profile
    let context: EvaluationContext
    private let properties: TurkcellProperties
    /// The profile's value of every filter key, read once.
    private let values: TurkcellProfileValues

    init(document: TurkcellDocument, profile: Profile, context: EvaluationContext) {
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
            guard let target = e.androidTargetVersionCode, let build = profile.appBuildCode, target > Int64(build) else { continue }
            // `shouldDisplay` (`UpdateEntry.java` L183-190): an optional update is shown while its display count
            // (no record: 0) is below maxDisplayCount, so 0 or a negative value never shows it.
            if !e.androidFlag("forceUpdate") && !e.androidFlag("forceExit"), let max = e.androidInt("maxDisplayCount"), max <= 0 { continue }
            let endOfSupport = e.filtersOnOS && !e.hasInstallTarget
            var decision: Decision
            if e.androidFlag("forceExit") {
                decision = Decision(endOfSupport ? .unsupportedOS : .blocked, rule: e.id,
                                    reason: "versionCode \(build) < \(target); forceExit: the app closes" + (endOfSupport ? " (end of support for this OS)" : ""))
            } else if e.androidFlag("forceUpdate") {
                let how = context.releases.installability(for: profile) { ($0.build.map(Int64.init) ?? Int64.min) >= target }
                decision = Decision(how.forcedOutcome, rule: e.id, reason: "versionCode \(build) < \(target); forceUpdate: \(how.explanation)")
            } else {
                decision = Decision(.recommended, rule: e.id, reason: "versionCode \(build) < \(target): an optional update is offered")
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

    // MARK: iOS

    func iOS() -> Decision {
        if document.emptyUpdatesArray {
            return Decision(.upToDate, rule: nil, reason: "\"updates\": [] crashes the iOS SDK before it shows anything",
                            diagnostics: [Diagnostic("turkcell.ios.emptyUpdates", .error, "iOS devices whose SDK crashes on \"updates\": []", path: "updates")])
        }
        if let e = document.iOSObjectUpdate { return iOSUpdate(e) }
        for i in document.iOSUpdates.candidates({ values.raw[$0] }) {
            let e = document.updates[i]
            switch TurkcellProperties.iOSMatch(e.filters, values) {
            case nil:
                return Decision(.upToDate, rule: e.id, reason: "a null filter in \(e.id) crashes the iOS SDK",
                                diagnostics: [Diagnostic("turkcell.ios.nullFilter", .error, "iOS devices whose SDK crashes on a null filter")])
            case false?: continue
            case true?: break
            }
            // The first entry whose filters match decides; the iOS SDK checks no version.
            return iOSUpdate(e)
        }
        return messages(reason: "no update entry matches")
    }

    /// What the iOS SDK shows for the update it selected (`UpdateCheck.computeJson`, L114-185).
    private func iOSUpdate(_ e: TurkcellEntry) -> Decision {
        let language = e.descriptionsByLanguage ? properties.value("deviceLanguage") : nil
        guard let description = e.description(language: language), Self.hasText(description["message"]) else {
            return Decision(.upToDate, rule: e.id, reason: "\(e.id) matches but has no description with a message for \(language ?? "the device") or *",
                            diagnostics: [Diagnostic("turkcell.ios.noDescription", .warning, "iOS devices whose matching update has no description message: nothing is shown")])
        }
        // L138-147: the message is copied with `stringWithString:` and warnings / whatIsNew appended with
        // `stringByAppendingString:` when their description is not empty; a value that is not a string there
        // is an unrecognised selector. A missing one is skipped.
        let texts = ["message", "warnings", "whatIsNew"].filter { key in
            guard let v = description[key] else { return false }
            if case .string = v { return false }
            return key == "message" || Self.hasText(v)
        }
        if !texts.isEmpty {
            return Decision(.upToDate, rule: e.id, reason: "\(e.id) matches, and its description's \(texts.joined(separator: ", ")) is not text: the iOS SDK 1.2 crashes building the alert",
                            diagnostics: [Diagnostic(Self.descriptionCrash, .error,
                                "iOS devices whose SDK 1.2 crashes on the selected update's or message's description")])
        }
        let url = e.iOSWebsiteURL
        if url == nil && e.iOSForceExitAbsentOrFalse {
            var d = messages(reason: "\(e.id) matches but has no targetWebsiteUrl and no forceExit: the iOS SDK drops it")
            d.diagnostics += [Diagnostic("turkcell.ios.updateDropped", .info, "iOS devices whose matching update is dropped for want of targetWebsiteUrl")]
            return d
        }
        if e.iOSFlag("forceUpdate") || e.iOSFlag("forceExit") {
            if url == nil {
                let endOfSupport = e.filtersOnOS
                return Decision(endOfSupport ? .unsupportedOS : .blocked, rule: e.id,
                                reason: "\(e.id) forces, but without targetWebsiteUrl its Install button opens nothing" + (endOfSupport ? " (end of support for this OS)" : ""))
            }
            return Decision(.forced, rule: e.id, reason: "\(e.id) matches: forced update to \(url!)")
        }
        return Decision(.recommended, rule: e.id, reason: "\(e.id) matches: optional update (\"Remind me\" stays)")
    }

    static let descriptionCrash = "turkcell.ios.descriptionCrash"

    // MARK: messages

    /// With no update shown, the message the platform's SDK selects, if any (docs/formats/turkcell.md).
    func messages(reason: String) -> Decision {
        guard !document.messages.isEmpty else { return Decision(.upToDate, rule: nil, reason: reason) }
        return profile.platform == .android ? androidMessages(reason: reason) : iOSMessages(reason: reason)
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
               m.androidTargetPackageName == JavaText.removingWhitespace(own) { continue }
            let state = DisplayState(profile: profile)
            // optInt("maxDisplayCount", Integer.MAX_VALUE); a device with no record has shown it 0 times.
            if let max = m.androidInt("maxDisplayCount"), (state.count ?? 0) >= max { continue }
            if let hours = m.androidInt("displayPeriodInHours"), hours > 0, let last = state.lastShown,
               last > context.asOf.addingTimeInterval(-Double(hours) * 3600) { continue }
            return Decision(.upToDate, rule: nil, reason: reason + "; message \(m.id) is shown", notices: [m.id], diagnostics: skipped)
        }
        return Decision(.upToDate, rule: nil, reason: reason + "; no message applies", diagnostics: skipped)
    }

    /// iOS (Filter.getMatchedMessage, then UpdateCheck.computeMessageDictionary): the first entry whose
    /// filters match is the only candidate. It is shown when its description has a `message`, the dates allow
    /// it and, for a device that has shown it before, the display count is under `maxDisplayCount` and
    /// `displayPeriodInHours` have passed since it was last shown.
    private func iOSMessages(reason: String) -> Decision {
        let first = document.iOSMessages.candidates({ values.raw[$0] })
            .first { TurkcellProperties.iOSMatch(document.messages[$0].filters, values) == true }
        guard let m = first.map({ document.messages[$0] }) else {
            return Decision(.upToDate, rule: nil, reason: reason + "; no message applies", diagnostics: [
                Diagnostic("turkcell.ios.noMessageMatches", .error,
                           "iOS devices no message entry matches: the iOS SDK 1.2 then treats the whole array as the message and crashes")])
        }
        let language = m.descriptionsByLanguage ? properties.value("deviceLanguage") : nil
        guard let description = m.description(language: language), description["message"] != nil else {
            return Decision(.upToDate, rule: nil, reason: reason + "; \(m.id) matches but has no description with a message for \(language ?? "the device") or *: nothing is shown")
        }
        guard withinWindow(m, zone: TimeZone(secondsFromGMT: 2 * 3600)!) else {
            return Decision(.upToDate, rule: nil, reason: reason + "; \(m.id) matches but is outside its display dates")
        }
        let state = DisplayState(profile: profile)
        if state.hasRecord {
            // An absent maxDisplayCount is INT_MAX; a present one is read with intValue ("500" is 500).
            if (state.count ?? 0) >= (m.iOSInt("maxDisplayCount") ?? Int64(Int32.max)) {
                return Decision(.upToDate, rule: nil, reason: reason + "; \(m.id) has been shown maxDisplayCount times")
            }
            if let last = state.lastShown, last.addingTimeInterval(Double(m.iOSInt("displayPeriodInHours") ?? 0) * 3600) > context.asOf {
                return Decision(.upToDate, rule: nil, reason: reason + "; \(m.id) was shown less than displayPeriodInHours ago")
            }
        }
        // `computeMessageDictionary` L278-279: `setObject:forKey:` with a nil whatIsNew or warnings throws.
        if description["whatIsNew"] == nil || description["warnings"] == nil {
            return Decision(.upToDate, rule: nil, reason: reason + "; message \(m.id) is selected, and its description lacks whatIsNew or warnings: the iOS SDK 1.2 crashes recording it",
                            diagnostics: [Diagnostic(Self.descriptionCrash, .error,
                                "iOS devices whose SDK 1.2 crashes on the selected update's or message's description")])
        }
        return Decision(.upToDate, rule: nil, reason: reason + "; message \(m.id) is shown", notices: [m.id], diagnostics: [
            Diagnostic("turkcell.ios.messagesNotDisplayed", .info, "iOS devices for which a message is selected: the iOS SDK 1.2 never displays it")])
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
    private func withinWindow(_ m: TurkcellEntry, zone: TimeZone) -> Bool {
        let window = document.messageWindows[m.id]
        if let after = window?.after?.instant(in: zone), context.asOf < after { return false }
        if let before = window?.before?.instant(in: zone), context.asOf > before { return false }
        return true
    }

    /// A description text the SDK accepts: present and, as its `description`, not empty.
    private static func hasText(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: return false
        case .string(let s)?: return !s.isEmpty
        default: return true
        }
    }
}

/// The device's message display record from the state columns (docs/inventory.md): how often the message was shown
/// and when last. A device has a record once it has shown the message.
private struct DisplayState {
    let count: Int64?
    let lastShown: Date?

    init(profile: Profile) {
        count = profile.attribute(TurkcellDocument.messageDisplayCount).flatMap { Int64($0.trimmedWhitespace) }
        lastShown = profile.attribute(TurkcellDocument.messageLastShown).flatMap(Timestamps.parse)
    }

    var hasRecord: Bool { (count ?? 0) > 0 || lastShown != nil }
}
