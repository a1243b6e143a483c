import Foundation

/// The iOS SDK 1.2's decision (`UpdateCheck.m` `computeJson` and `computeMessageDictionary`, `Filter.m`,
/// `Controller.m`; docs/formats/turkcell.md), crashes included: a config that crashes the app is the worst outcome a
/// release manager can publish, so every crash path the SDK has is a diagnostic on the devices that reach it.
extension TurkcellEvaluator {
    static let descriptionCrash = "turkcell.ios.descriptionCrash"
    static let typeCrash = "turkcell.ios.typeCrash"

    private func crash(_ reason: String, rule: String? = nil, code: String = typeCrash) -> Decision {
        let summary =
            code == Self.descriptionCrash
            ? "iOS devices whose SDK 1.2 crashes on the selected update's or message's description"
            : "iOS devices whose SDK 1.2 crashes on a value of a type it does not expect (null or not text where it reads text, not a list where it enumerates one)"
        return Decision(
            .upToDate, rule: rule, reason: reason + ": the iOS SDK 1.2 crashes",
            diagnostics: [Diagnostic(code, .error, summary)])
    }

    /// What `Filter.getMatchedMessageFromUpdateDataDictionary` (L77-109) returns; it runs for every device of
    /// the package, an update found or not (`UpdateCheck.m` L100).
    private enum MessagePick {
        case none
        case entry(TurkcellEntry)
        /// An array none of whose entries matched: returned itself, it crashes the SDK once used as a message.
        case unmatchedArray
        case crash(Decision)
    }

    private func pickMessage() -> MessagePick {
        if let why = document.iOSMessagesNotCollection { return .crash(crash("\(why), which the SDK enumerates")) }
        if let object = document.iOSObjectMessage { return .entry(object) }
        guard document.messagesIsArray else { return .none }
        for i in document.iOSMessages.candidates({ values.raw[$0] }) {
            let m = document.messages[i]
            if m.filtersNotObject { return .crash(crash("\(m.id).filters is not an object")) }
            switch TurkcellProperties.iOSMatch(m.filters, values) {
            case nil:
                return .crash(
                    crash(
                        "a filter of \(m.id) is not text (null, a number or a boolean)", code: "turkcell.ios.nullFilter"
                    ))
            case false?: continue
            case true?: return .entry(m)
            }
        }
        return .unmatchedArray
    }

    func iOS() -> Decision {
        if document.emptyUpdatesArray {
            return Decision(
                .upToDate, rule: nil,
                reason: "\"updates\" has no object entry: the iOS SDK reads the array as the update and crashes",
                diagnostics: [
                    Diagnostic("turkcell.ios.emptyUpdates", .error, "iOS devices whose SDK crashes on \"updates\": []")
                ])
        }
        if let why = document.iOSUpdatesNotCollection { return crash("\(why), which the SDK enumerates") }
        var update: TurkcellEntry?
        if let object = document.iOSObjectUpdate {
            update = object
        } else {
            for i in document.iOSUpdates.candidates({ values.raw[$0] }) {
                let e = document.updates[i]
                if e.filtersNotObject { return crash("\(e.id).filters is not an object", rule: e.id) }
                switch TurkcellProperties.iOSMatch(e.filters, values) {
                case nil:
                    return crash(
                        "a filter of \(e.id) is not text (null, a number or a boolean)", rule: e.id,
                        code: "turkcell.ios.nullFilter")
                case false?: continue
                case true?: break
                }
                update = e
                break
            }
        }
        // The message is picked before the update is read, whatever the update says (L97-101).
        let message = pickMessage()
        if case .crash(let decision) = message { return decision }
        guard let e = update else { return showMessage(message, reason: "no update entry matches") }
        return iOSUpdate(e, message: message)
    }

    /// The description `Controller.getDescriptionsForLanguage` (L74-89) selects: the language's, else `*`; nil
    /// when it has no `message`. A `descriptions` or selected value that is not an object crashes the SDK.
    private enum DescriptionPick {
        case none
        case found(JSONObject)
        case crash(Decision)
    }

    private func selectedDescription(_ e: TurkcellEntry) -> DescriptionPick {
        guard let descriptions = e.object["descriptions"] else { return .none }
        guard let byLanguage = descriptions.objectValue else {
            return .crash(crash("\(e.id).descriptions is \(descriptions.kindDescription)"))
        }
        let language = e.descriptionsByLanguage ? properties.value("deviceLanguage") : nil
        guard let selected = language.flatMap({ byLanguage[$0] }) ?? byLanguage["*"] else { return .none }
        guard let description = selected.objectValue else {
            return .crash(crash("\(e.id)'s description for \(language ?? "*") is \(selected.kindDescription)"))
        }
        return description["message"] == nil ? .none : .found(description)
    }

    /// What the iOS SDK shows for the update it selected (`UpdateCheck.computeJson`, L114-185).
    private func iOSUpdate(_ e: TurkcellEntry, message: MessagePick) -> Decision {
        let description: JSONObject
        switch selectedDescription(e) {
        case .crash(let crashed): return crashed.withRule(e.id)
        case .none:
            return Decision(
                .upToDate, rule: e.id,
                reason: "\(e.id) matches but has no description with a message for the device's language or *",
                diagnostics: [
                    Diagnostic(
                        "turkcell.ios.noDescription", .warning,
                        "iOS devices whose matching update has no description message: nothing is shown")
                ])
        case .found(let found): description = found
        }
        // L132: a message whose description is empty shows nothing. L138-147: the message is copied with
        // `stringWithString:` and warnings / whatIsNew appended when their description is not empty; a value that
        // is not a string there (null is "<null>") is an unrecognised selector.
        if let text = description["message"], case .string(let s) = text, s.isEmpty {
            return Decision(
                .upToDate, rule: e.id, reason: "\(e.id) matches but its description's message is empty",
                diagnostics: [
                    Diagnostic(
                        "turkcell.ios.noDescription", .warning,
                        "iOS devices whose matching update has no description message: nothing is shown")
                ])
        }
        let notText = ["message", "warnings", "whatIsNew"].filter { key in
            guard let v = description[key] else { return false }
            if case .string = v { return false }
            return true
        }
        if !notText.isEmpty {
            return crash(
                "\(e.id) matches, and its description's \(notText.joined(separator: ", ")) is not text", rule: e.id,
                code: Self.descriptionCrash)
        }
        let url = e.iOSWebsiteURL
        if url == nil && e.iOSForceExitAbsentOrFalse {
            var d = showMessage(
                message, reason: "\(e.id) matches but has no targetWebsiteUrl and no forceExit: the iOS SDK drops it")
            d.diagnostics += [
                Diagnostic(
                    "turkcell.ios.updateDropped", .info,
                    "iOS devices whose matching update is dropped for want of targetWebsiteUrl")
            ]
            return d
        }
        if e.iOSFlag("forceUpdate") || e.iOSFlag("forceExit") {
            if url == nil || !e.iOSWebsiteURLOpens {
                let endOfSupport = e.filtersOnOS
                let why = url.map { "its targetWebsiteUrl \($0) is not text, so" } ?? "without targetWebsiteUrl"
                return Decision(
                    endOfSupport ? .unsupportedOS : .blocked, rule: e.id,
                    reason: "\(e.id) forces, but \(why) its Install button opens nothing"
                        + (endOfSupport ? " (end of support for this OS)" : ""))
            }
            return Decision(.forced, rule: e.id, reason: "\(e.id) matches: forced update to \(url!)")
        }
        return Decision(.recommended, rule: e.id, reason: "\(e.id) matches: optional update (\"Remind me\" stays)")
    }

    /// `computeMessageDictionary` (L197-294) on the message `Controller.getMessageDictionaryFromMessage` (L202-220)
    /// builds: shown when its description has a `message`, the dates allow it and, for a device that has shown it
    /// before, the display count is under `maxDisplayCount` and `displayPeriodInHours` have passed.
    private func showMessage(_ pick: MessagePick, reason: String) -> Decision {
        let m: TurkcellEntry
        switch pick {
        case .none: return Decision(.upToDate, rule: nil, reason: reason)
        case .crash(let d): return d
        case .unmatchedArray:
            return Decision(
                .upToDate, rule: nil, reason: reason + "; no message applies",
                diagnostics: [
                    Diagnostic(
                        "turkcell.ios.noMessageMatches", .error,
                        "iOS devices no message entry matches: the iOS SDK 1.2 then treats the whole array as the message and crashes"
                    )
                ])
        case .entry(let entry): m = entry
        }
        let description: JSONObject
        switch selectedDescription(m) {
        case .crash(let crashed): return crashed
        case .none:
            return Decision(
                .upToDate, rule: nil,
                reason: reason + "; \(m.id) matches but has no description with a message: nothing is shown")
        case .found(let found): description = found
        }
        // L113-200: the id, maxDisplayCount and displayPeriodInHours are read with `intValue`, the dates with
        // `dateFromString:`: null, or a date that is not text, is an unrecognised selector.
        for key in ["id", "maxDisplayCount", "displayPeriodInHours"] where m.object[key]?.isNull == true {
            return crash(reason + "; \(m.id).\(key) is null")
        }
        for key in ["displayAfterDate", "displayBeforeDate"] where m.object[key].map({ $0.stringValue == nil }) ?? false
        {
            return crash(reason + "; \(m.id).\(key) is not text")
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
            if let last = state.lastShown,
                last.addingTimeInterval(Double(m.iOSInt("displayPeriodInHours") ?? 0) * 3600) > context.asOf
            {
                return Decision(
                    .upToDate, rule: nil, reason: reason + "; \(m.id) was shown less than displayPeriodInHours ago")
            }
        }
        // L278-279: `setObject:forKey:` with a nil whatIsNew or warnings throws.
        if description["whatIsNew"] == nil || description["warnings"] == nil {
            return crash(
                reason + "; message \(m.id) is selected, and its description lacks whatIsNew or warnings",
                code: Self.descriptionCrash)
        }
        return Decision(
            .upToDate, rule: nil, reason: reason + "; message \(m.id) is shown", notices: [m.id],
            diagnostics: [
                Diagnostic(
                    "turkcell.ios.messagesNotDisplayed", .info,
                    "iOS devices for which a message is selected: the iOS SDK 1.2 never displays it")
            ])
    }
}

extension Decision {
    fileprivate func withRule(_ rule: String) -> Decision {
        Decision(outcome, rule: rule, reason: reason, notices: notices, diagnostics: diagnostics)
    }
}
