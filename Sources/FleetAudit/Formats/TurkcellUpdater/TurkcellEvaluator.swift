import Foundation

/// One device against a Turkcell document, as its platform's SDK decides (SPEC §5.3).
struct TurkcellEvaluator {
    let document: TurkcellDocument
    let profile: Profile
    let context: EvaluationContext

    private var properties: TurkcellProperties { TurkcellProperties(profile: profile) }

    // MARK: Android

    func android() -> Decision {
        for (i, e) in document.updates.enumerated() where !document.androidDropped.contains(i) {
            guard properties.matches(e.filters) == true else { continue }
            guard let target = e.androidTargetVersionCode, let build = profile.appBuildCode, target > Int64(build) else { continue }
            let endOfSupport = e.filtersOnOS && !e.hasInstallTarget
            if e.androidFlag("forceExit") {
                return Decision(endOfSupport ? .unsupportedOS : .blocked, rule: e.id,
                                reason: "versionCode \(build) < \(target); forceExit: the app closes" + (endOfSupport ? " (end of support for this OS)" : ""))
            }
            if e.androidFlag("forceUpdate") {
                let how = context.releases.installability(for: profile) { ($0.build.map(Int64.init) ?? Int64.min) >= target }
                return Decision(how.forcedOutcome, rule: e.id, reason: "versionCode \(build) < \(target); forceUpdate: \(how.explanation)")
            }
            return Decision(.recommended, rule: e.id, reason: "versionCode \(build) < \(target): an optional update is offered")
        }
        return messages(reason: "no update entry applies")
    }

    // MARK: iOS

    func iOS() -> Decision {
        if document.emptyUpdatesArray {
            return Decision(.upToDate, rule: nil, reason: "\"updates\": [] crashes the iOS SDK before it shows anything",
                            diagnostics: [Diagnostic("turkcell.ios.emptyUpdates", .error, "iOS devices whose SDK crashes on \"updates\": []")])
        }
        for e in document.updates {
            switch properties.matches(e.filters) {
            case nil:
                return Decision(.upToDate, rule: e.id, reason: "a null filter in \(e.id) crashes the iOS SDK",
                                diagnostics: [Diagnostic("turkcell.ios.nullFilter", .error, "iOS devices whose SDK crashes on a null filter")])
            case false?: continue
            case true?: break
            }
            // The first entry whose filters match decides; the iOS SDK checks no version.
            let language = properties.value("deviceLanguage")
            guard let description = e.description(language: language), description["message"]?.stringValue != nil else {
                return Decision(.upToDate, rule: e.id, reason: "\(e.id) matches but has no description with a message for \(language ?? "the device") or *",
                                diagnostics: [Diagnostic("turkcell.ios.noDescription", .warning, "iOS devices whose matching update has no description message: nothing is shown")])
            }
            var diagnostics: [Diagnostic] = []
            if description["whatIsNew"] == nil || description["warnings"] == nil {
                diagnostics.append(Diagnostic("turkcell.ios.descriptionCrash", .error,
                    "iOS devices shown an update whose description lacks whatIsNew or warnings: the iOS SDK 1.2 crashes building the alert"))
            }
            let url = e.string("targetWebsiteUrl").flatMap { $0.isEmpty ? nil : $0 }
            if url == nil && e.iOSForceExitAbsentOrFalse {
                var d = messages(reason: "\(e.id) matches but has no targetWebsiteUrl and no forceExit: the iOS SDK drops it")
                d.diagnostics += [Diagnostic("turkcell.ios.updateDropped", .info, "iOS devices whose matching update is dropped for want of targetWebsiteUrl")]
                return d
            }
            if e.iOSFlag("forceUpdate") || e.iOSFlag("forceExit") {
                if url == nil {
                    let endOfSupport = e.filtersOnOS
                    return Decision(endOfSupport ? .unsupportedOS : .blocked, rule: e.id,
                                    reason: "\(e.id) forces, but without targetWebsiteUrl its Install button opens nothing" + (endOfSupport ? " (end of support for this OS)" : ""),
                                    diagnostics: diagnostics)
                }
                return Decision(.forced, rule: e.id, reason: "\(e.id) matches: forced update to \(url!)", diagnostics: diagnostics)
            }
            return Decision(.recommended, rule: e.id, reason: "\(e.id) matches: optional update (\"Remind me\" stays)", diagnostics: diagnostics)
        }
        return messages(reason: "no update entry matches")
    }

    // MARK: messages

    /// With no update shown, the first message whose filters, dates and display limits allow it.
    func messages(reason: String) -> Decision {
        guard !document.messages.isEmpty else { return Decision(.upToDate, rule: nil, reason: reason) }
        let timeZone = profile.platform == .android ? context.options.timeZone : TimeZone(secondsFromGMT: 2 * 3600)!
        for m in document.messages {
            guard properties.matches(m.filters) == true else { continue }
            let window = document.messageWindows[m.id]
            if let after = window?.after?.instant(in: timeZone), context.asOf < after { continue }
            if let before = window?.before?.instant(in: timeZone), context.asOf > before { continue }
            if let max = m.object["maxDisplayCount"]?.numberValue?.integralValue,
               let shown = profile.attribute(TurkcellDocument.messageDisplayCount).flatMap({ Int64($0) }), shown >= max { continue }
            if let hours = m.object["displayPeriodInHours"]?.numberValue?.double,
               let last = profile.attribute(TurkcellDocument.messageLastShown).flatMap(Timestamps.parse),
               context.asOf < last.addingTimeInterval(hours * 3600) { continue }
            var decision = Decision(.upToDate, rule: nil, reason: reason + "; message \(m.id) is shown", notices: [m.id])
            if profile.platform == .ios {
                decision.diagnostics.append(Diagnostic("turkcell.ios.messagesNotDisplayed", .info,
                    "iOS devices for which a message is selected: the iOS SDK 1.2 never displays it"))
            }
            return decision
        }
        var decision = Decision(.upToDate, rule: nil, reason: reason + "; no message applies")
        if profile.platform == .ios {
            decision.diagnostics.append(Diagnostic("turkcell.ios.noMessageMatches", .error,
                "iOS devices no message entry matches: the iOS SDK 1.2 then treats the whole array as the message and crashes"))
        }
        return decision
    }
}
