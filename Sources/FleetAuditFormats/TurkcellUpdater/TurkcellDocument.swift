import Foundation

/// A loaded Turkcell Updater document: its entries, what each SDK drops or crashes on, and the decisions.
final class TurkcellDocument: EvaluableConfig {
    let packageName: String?
    /// `optString("packageName", null)` (`VersionsMap.java` L83): any value's Java text (`5` is "5", null is
    /// "null"); nil only when the key is absent.
    let androidPackageText: String?
    /// `packageName` as the Android SDK compares it: without whitespace.
    let androidPackageName: String
    var packageNames: [String] { packageName.map { [$0] } ?? [] }
    var deviceHistory: [String] { [Self.messageDisplayCount, Self.messageLastShown] }
    let updates: [TurkcellEntry]
    let messages: [TurkcellEntry]
    /// `updates` was given as an array with no object in it, `[]` included (the iOS SDK 1.2 crashes on it).
    let emptyUpdatesArray: Bool
    /// `updates` given as an object, which the iOS SDK takes as the update itself, filters unread.
    let iOSObjectUpdate: TurkcellEntry?
    /// `updates` / `messages` given as something the iOS SDK cannot enumerate (text, a number, null): it crashes.
    let iOSUpdatesNotCollection: String?
    let iOSMessagesNotCollection: String?
    /// `messages` given as an object: to iOS, the message itself, its filters unread (`Filter.m` L85, L104-105).
    let iOSObjectMessage: TurkcellEntry?
    /// `messages` is an array: with no entry matching, the iOS SDK reads the array as the message and crashes.
    let messagesIsArray: Bool
    /// Indices of updates the Android SDK drops while parsing.
    let androidDropped: Set<Int>
    let platforms: [Platform] = [.android, .ios]
    /// The SDKs some update entry can match, by its `deviceOsName` filter (messages decide no outcome).
    var decidingPlatforms: [Platform] {
        let live = updates.enumerated().filter { !androidDropped.contains($0.offset) }.map(\.element)
        return (live.contains(where: \.mayApplyToAndroid) ? [Platform.android] : [])
            + (updates.contains(where: \.mayApplyToIOS) || iOSObjectUpdate != nil ? [.ios] : [])
    }
    let rules: [RuleInfo]
    let notices: [NoticeInfo]
    let diagnostics: [Diagnostic]
    let needs: ProfileNeeds

    /// Message date windows as iOS reads them, once: `yyyy-MM-dd` or `yyyy-MM-dd HH:mm`, placed in a zone when evaluated.
    let messageWindows: [String: (after: WallClock?, before: WallClock?)]
    /// The same dates as the Android SDK's lenient parser reads them.
    let androidMessageWindows: [String: (after: AndroidMessageDate?, before: AndroidMessageDate?)]
    static let androidOnlyDate = "turkcell.androidOnlyDate"

    /// Counted per device whose SDK skipped an entry because a filter pattern threw.
    static let invalidPatternSkip = Diagnostic(
        "turkcell.android.entrySkipped", .warning,
        "Android devices for which an entry was skipped: a filter pattern is not a valid regular expression and the SDK throws on it"
    )

    static let entryNotObject = "turkcell.entryNotObject"
    static let androidJSONRejected = "turkcell.android.jsonRejected"

    /// Where the document has a comma before `}`, which the Android SDK's org.json rejects (`RestRequest.java`
    /// L280-283 parses the whole document first).
    let androidJSONRejection: JSONSyntaxError?
    /// Where the document holds a string Foundation refuses and org.json reads (`TurkcellFormat.clientReading`).
    let iOSJSONRejection: JSONSyntaxError?
    /// The path of a number too large for a double, which org.json refuses while parsing (`RestRequest.java`
    /// L280 `new JSONObject(json)`): the Android SDK reads no update or message.
    let androidNonFiniteNumber: String?

    static func androidNonFiniteRejection(_ path: String) -> Diagnostic {
        Diagnostic(
            androidJSONRejected, .error,
            "\(path) is a number too large for a double, which Android's org.json refuses (Infinity): the Android SDK reads no update or message, while iOS reads the document",
            path: path)
    }

    static func androidRejection(_ comma: JSONSyntaxError) -> Diagnostic {
        var d = Diagnostic(
            androidJSONRejected, .error,
            "a comma before '}', which Android's org.json rejects: the Android SDK reads no update or message, while iOS reads the document"
        )
        // No JSON path names a comma: the diagnostic is located at the comma itself.
        d.location = SourceLocation(line: comma.line, column: comma.column)
        return d
    }
    static let iOSJSONRejected = "turkcell.ios.jsonRejected"

    /// Where strict JSON stopped in a document the Android SDK's org.json read (`OrgJSONReader`): the iOS SDK's
    /// `NSJSONSerialization` (`UpdateServerIntegration.m` L175) rejects the document.
    static func iOSRejection(_ refusal: JSONSyntaxError) -> Diagnostic {
        var d = Diagnostic(
            iOSJSONRejected, .error,
            "not JSON at line \(refusal.line), column \(refusal.column) (\(refusal.message)), which the iOS SDK's NSJSONSerialization rejects: iOS devices get no update or message, while the Android SDK's org.json reads the document"
        )
        d.location = SourceLocation(line: refusal.line, column: refusal.column)
        return d
    }
    static let updatesIsObject = "turkcell.ios.updatesIsObject"
    static let messageDisplayCount = "message_display_count"
    static let messageLastShown = "message_last_shown"

    /// Every filter key of the document, by number (`TurkcellEntry.Filter.keyIndex`).
    let filterKeys: [String]
    /// Which entries can hold for a profile, per SDK.
    let androidUpdates: TurkcellCandidateIndex
    let iOSUpdates: TurkcellCandidateIndex
    let androidMessages: TurkcellCandidateIndex
    let iOSMessages: TurkcellCandidateIndex

    private let filing: Bool

    /// - Parameter filing: false evaluates every entry for every device (the tests' reference).
    init(_ root: JSONObject, filing: Bool = true) {
        self.filing = filing
        packageName = root["packageName"]?.stringValue
        androidPackageText = root["packageName"].map(JavaText.valueOf)
        androidPackageName = JavaText.removingWhitespace(androidPackageText ?? "")
        androidJSONRejection = JSONValue.object(root).firstObjectTrailingComma
        iOSJSONRejection = root.strictJSONRefusal
        androidNonFiniteNumber = JSONValue.object(root).firstNonFiniteMember()
        let keys = TurkcellFilterKeys()
        let updateArray = root["updates"]?.arrayValue ?? []
        updates = updateArray.enumerated().map { TurkcellEntry(id: "updates[\($0.offset)]", $0.element, keys: keys) }
        messages = (root["messages"]?.arrayValue ?? []).enumerated()
            .map { TurkcellEntry(id: "messages[\($0.offset)]", $0.element, keys: keys) }
        // `Filter.getMatchedUpdateFromUpdateDataDictionary` (L46-75) returns the `updates` value itself when no
        // element is an object: the SDK then reads an array as an update and crashes; an object is the update.
        emptyUpdatesArray = root["updates"]?.arrayValue.map { !$0.contains { $0.objectValue != nil } } == true
        // Its filters are never read: numbered apart, so that no device's value for them is read (or must be declared).
        iOSObjectUpdate = root["updates"]?.objectValue.map {
            TurkcellEntry(id: "updates", .object($0), keys: TurkcellFilterKeys())
        }
        iOSObjectMessage = root["messages"]?.objectValue.map {
            TurkcellEntry(id: "messages", .object($0), keys: TurkcellFilterKeys())
        }
        func notCollection(_ key: String) -> String? {
            guard let v = root[key], v.arrayValue == nil, v.objectValue == nil else { return nil }
            return "\(key) is \(v.kindDescription)"
        }
        iOSUpdatesNotCollection = notCollection("updates")
        iOSMessagesNotCollection = notCollection("messages")
        messagesIsArray = root["messages"]?.arrayValue != nil
        filterKeys = keys.names

        var diagnostics = Self.parserDiagnostics(
            iOS: iOSJSONRejection, android: androidJSONRejection, nonFinite: androidNonFiniteNumber)
        diagnostics += Self.shapeDiagnostics(updates + messages, updatesIsObject: iOSObjectUpdate != nil)
        let (updateDrops, dropped) = Self.androidUpdateDrops(updates)
        let (messageDrops, droppedMessages) = Self.androidMessageDrops(messages)
        diagnostics += updateDrops + messageDrops + Self.patternDiagnostics(updates + messages)
        diagnostics += Self.documentDiagnostics(
            root, updates: updateArray, emptyUpdatesArray: emptyUpdatesArray, packageName: packageName,
            androidPackageText: androidPackageText, hasMessages: !messages.isEmpty)
        // The iOS `messages` object has its dates too (iOS reads them; Android never reads the object).
        let (windows, androidWindows, dateDiagnostics) = Self.messageWindows(
            messages + [iOSObjectMessage].compactMap({ $0 }))
        diagnostics += dateDiagnostics
        messageWindows = windows
        androidMessageWindows = androidWindows
        androidDropped = dropped
        let updateIsObject = updates.map(\.isObject)
        let messageIsObject = messages.map(\.isObject)
        androidUpdates = TurkcellCandidateIndex(
            updates, include: { updateIsObject[$0] && !dropped.contains($0) }, filing: filing,
            exactValues: { $0.android.exactValues }, mayStop: { $0.android.mayThrow })
        androidMessages = TurkcellCandidateIndex(
            messages, include: { messageIsObject[$0] && !droppedMessages.contains($0) }, filing: filing,
            exactValues: { $0.android.exactValues }, mayStop: { $0.android.mayThrow })
        iOSUpdates = TurkcellCandidateIndex(
            updates, include: { updateIsObject[$0] }, filing: filing,
            exactValues: { $0.iOS.exactValues }, mayStop: { $0.iOS.parts == nil })
        iOSMessages = TurkcellCandidateIndex(
            messages, include: { messageIsObject[$0] }, filing: filing,
            exactValues: { $0.iOS.exactValues }, mayStop: { $0.iOS.parts == nil })
        rules =
            updates.map { RuleInfo(id: $0.id, summary: Self.summary($0)) }
            + (iOSObjectUpdate.map {
                [RuleInfo(id: $0.id, summary: "iOS only: the updates object itself, its filters unread")]
            } ?? [])
        notices =
            messages.map { NoticeInfo(id: $0.id, kind: "message") }
            + (iOSObjectMessage.map { [NoticeInfo(id: $0.id, kind: "message")] } ?? [])
        self.diagnostics = diagnostics
        needs = Self.needs(updates + messages, objects: [iOSObjectUpdate, iOSObjectMessage].compactMap { $0 })
    }

    /// The SDKs read a device's language as its first two letters (`deviceLanguage`), for the filters on it and
    /// for the description shown, and its tablet flag as true or false (`deviceIsTablet`). When no filter reads
    /// those attributes under another key, a language's class is what the filters on it say (each SDK's own
    /// rule, on the device's platform) and which description each entry shows; a tablet flag's is true or false.
    func attributeClass(platform: Platform, attribute: String, options: FormatOptions) -> (
        @Sendable (String?) -> String
    )? {
        let property: String
        switch attribute {
        case "language": property = "deviceLanguage"
        case "istablet": property = "deviceIsTablet"
        default: return nil
        }
        let entries = updates + messages
        let readElsewhere = entries.contains { e in
            e.filters.contains { f in
                f.key != property && TurkcellProperties.column(for: f.key).map(AttributeName.normalize) == attribute
            }
        }
        guard !readElsewhere else { return nil }
        guard property == "deviceLanguage" else {
            return { text in text.map { "=" + TurkcellProperties.isTablet($0) } ?? "" }
        }
        let filters = entries.flatMap { e in e.filters.filter { $0.key == property } }
        let descriptions = (entries + [iOSObjectUpdate, iOSObjectMessage].compactMap { $0 }).compactMap {
            $0.object["descriptions"]?.objectValue
        }
        let android = platform == .android
        return { text in
            guard let text else { return "" }
            let language = android ? TurkcellProperties.androidLanguage(text) : TurkcellProperties.language(text)
            var key = "="
            for f in filters {
                key +=
                    android
                    ? "\(f.android.evaluate(normalized: AndroidFilterRule.normalize(language)))"
                    : f.iOS.evaluate(language).map { $0 ? "1" : "0" } ?? "crash"
                key += ","
            }
            // Absent: the `*` description; an object: the language's; anything else (null, text): iOS crashes on it.
            for d in descriptions { key += d[language].map { $0.objectValue == nil ? "X" : "L" } ?? "*" }
            return key
        }
    }

    static func summary(_ e: TurkcellEntry) -> String {
        let filters =
            e.filters.isEmpty
            ? "every device"
            : e.filters.map { "\($0.key) \($0.rule.map { "\"\($0)\"" } ?? "null")" }.joined(separator: ", ")
        var action: [String] = []
        if let code = e.androidTargetVersionCode { action.append("to versionCode \(code)") }
        if e.androidFlag("forceExit") || e.iOSFlag("forceExit") { action.append("forceExit") }
        if e.androidFlag("forceUpdate") || e.iOSFlag("forceUpdate") { action.append("forceUpdate") }
        return "\(filters): " + (action.isEmpty ? "optional update" : action.joined(separator: ", "))
    }

    static func filterDiagnostics(_ e: TurkcellEntry) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let raw = e.object["filters"]?.objectValue ?? JSONObject()
        for f in e.filters {
            let path = "\(e.id).filters.\(f.key)"
            switch raw[f.key] {
            case .null?:
                out.append(
                    Diagnostic(
                        "turkcell.ios.nullFilter", .error,
                        "\(path) is null: the iOS SDK crashes on it (Android reads the text \"null\")", path: path))
                continue
            case .string?: break
            default:
                out.append(
                    Diagnostic(
                        "turkcell.ios.nullFilter", .error,
                        "\(path) is \(raw[f.key]!.kindDescription), not a string: the iOS SDK crashes on it (Android reads its text \(f.rule ?? ""))",
                        path: path))
            }
            guard let rule = f.rule else { continue }
            if f.key == "deviceOsName", rule != rule.lowercased(), rule.lowercased().contains("ios") {
                out.append(
                    Diagnostic(
                        "turkcell.ios.osNameCase", .warning,
                        "\(path) \"\(rule)\": iOS devices report \"ios\" and the iOS SDK compares case-sensitively, so it never matches there",
                        path: path))
            }
            let dotted = rule.split(separator: ",").contains { part in
                let p = String(part).trimmedWhitespace.drop { $0 == "!" }
                return ["<", ">"].contains { p.hasPrefix($0) } && p.contains(".")
            }
            if dotted {
                out.append(
                    Diagnostic(
                        "turkcell.dottedComparison", .warning,
                        "\(path) \"\(rule)\" compares a dotted version: Android compares integers only (never true for \"6.1\"), iOS compares text (\"10.3\" < \"6\")",
                        path: path))
            }
        }
        return out
    }

    func evaluate(_ profile: any Device, context: EvaluationContext) -> Decision {
        let android = profile.platform == .android
        guard let named = android ? androidPackageText : packageName else {
            return .notTargeted("the document has no packageName")
        }
        // An app's own package is never empty or blank, so such a packageName matches no app — also where the
        // inventory has no package_name column (Android compares without whitespace, `VersionsMap
        // .isVersionMapOfPackageId` L80-85; iOS compares the bundle id as it is, `Controller.m` L34).
        if JavaText.removingWhitespace(named).isEmpty {
            return .notTargeted("the document's packageName is empty: the SDK matches no app")
        }
        if let device = profile.packageName {
            // Android compares both names without whitespace and matches nothing with an empty one
            // (`VersionsMap.isVersionMapOfPackageId`, L75-86); iOS compares them as they are (`Controller.m` L34).
            let matches =
                android
                ? !androidPackageName.isEmpty && androidPackageName == JavaText.removingWhitespace(device)
                : device == named
            if !matches { return .notTargeted("the document is for \(named)") }
        }
        if !android, let refusal = iOSJSONRejection {
            return .notTargeted(
                "the iOS SDK's NSJSONSerialization rejects the document", diagnostics: [Self.iOSRejection(refusal)])
        }
        if android, let comma = androidJSONRejection {
            return .notTargeted(
                "Android's org.json rejects the document",
                diagnostics: [Self.androidRejection(comma)])
        }
        if android, let path = androidNonFiniteNumber {
            return .notTargeted(
                "Android's org.json rejects the document", diagnostics: [Self.androidNonFiniteRejection(path)])
        }
        let evaluator = TurkcellEvaluator(document: self, profile: profile, context: context)
        switch profile.platform {
        case .android: return evaluator.android()
        case .ios: return evaluator.iOS()
        default: return .notTargeted("Turkcell Updater has SDKs for Android and iOS only")
        }
    }
}
