import Foundation

/// An OSAM version-control document (docs/formats/osam.md). The client never compares versions (its server picks the
/// mode), so the audit plays the server: the devices below `versionCode` on the document's platform and
/// package get the mode while `startDate ≤ instant ≤ endDate`.
struct OSAMVersionControlDocument: EvaluableConfig {
    enum Mode: String { case force = "FORCE", lazy = "LAZY", info = "INFO", none = "NONE" }

    static let ruleID = "versionControl"
    static let infoNotice = "versionControl.info"

    let target: OSAMTarget
    var packageNames: [String] { target.packageName.map { [$0] } ?? [] }
    let mode: Mode?
    let versionCode: Int64?
    let start: Int64
    let end: Int64
    let serverDate: Int64?
    let hasURL: Bool
    let platforms: [Platform]
    let rules: [RuleInfo]
    let notices: [NoticeInfo]
    let diagnostics: [Diagnostic]
    let needs: ProfileNeeds

    /// `dialogDisplayDuration` in seconds, as the clients read it.
    let dialogDisplayDuration: Int64?

    init(_ data: JSONObject, document: JSONObject = JSONObject()) {
        target = OSAMTarget(data)
        var diagnostics = target.diagnostics
        let modeText = data["comparisonMode"]?.stringValue ?? JSONWriter.compact(data["comparisonMode"] ?? .null)
        mode = data["comparisonMode"]?.stringValue.flatMap { Mode(rawValue: $0.uppercased()) }
        if mode == nil {
            diagnostics.append(
                Diagnostic(
                    "osam.unknownMode", .error,
                    "data.comparisonMode \(modeText) is none of FORCE, LAZY, INFO, NONE: the client cannot read the document",
                    path: "data.comparisonMode"))
        }
        versionCode = OSAMDecoding.long(data["versionCode"])
        if versionCode == nil {
            diagnostics.append(
                Diagnostic(
                    "osam.missingVersionCode", .error,
                    "data.versionCode is missing or not an integer: no device can be placed below it",
                    path: "data.versionCode"))
        }
        func millis(_ key: String) -> Int64? { OSAMDecoding.long(data[key]) }
        start = millis("startDate") ?? 0
        end = millis("endDate") ?? Int64.max
        serverDate = millis("serverDate")
        hasURL = !(data["url"]?.stringValue ?? "").trimmedWhitespace.isEmpty
        if start > end {
            diagnostics.append(
                Diagnostic(
                    "osam.emptyWindow", .warning,
                    "startDate is after endDate: the rule is never active", path: "data.startDate"))
        }
        if mode == .force && !hasURL {
            diagnostics.append(
                Diagnostic(
                    "osam.forceWithoutURL", .warning,
                    "FORCE without a url: the dialog can only close the app, so concerned devices are blocked",
                    path: "data.url"))
        }
        dialogDisplayDuration = OSAMDecoding.long(data["dialogDisplayDuration"])
        // VersionDto, DtoModels.kt L12-29.
        let problems = OSAMDecoding.currentClientProblems(
            data,
            required: [
                ("id", .int), ("appId", .int), ("packageName", .string), ("versionCode", .long),
                ("versionName", .string), ("platform", .name(["ANDROID", "IOS"])),
                ("comparisonMode", .name(["FORCE", "LAZY", "INFO", "NONE"])), ("serverDate", .long),
                ("url", .string), ("checkBoxDontShowAgain", .boolean), ("dialogDisplayDuration", .long),
            ],
            optional: [("startDate", .long), ("endDate", .long)], texts: ["title", "message", "ok", "cancel"],
            document: document)
        if !problems.isEmpty { diagnostics.append(OSAMDecoding.rejectedByCurrentClients(problems)) }

        platforms = target.platform.map { [$0] } ?? []
        let window = "\(Self.date(start)) – \(end == Int64.max ? "no end" : Self.date(end))"
        rules = [
            RuleInfo(
                id: Self.ruleID,
                summary:
                    "\(target.description) below versionCode \(versionCode.map(String.init) ?? "?"): \(mode?.rawValue ?? modeText), active \(window)"
            )
        ]
        notices = mode == .info ? [NoticeInfo(id: Self.infoNotice, kind: "info")] : []
        self.diagnostics = diagnostics
        needs = ProfileNeeds(packageName: target.packageName != nil, appBuildOffAndroid: target.platform == .ios)
    }

    /// Why a LAZY or INFO dialog is not shown yet on a device that has never dismissed it, nil when it is:
    /// `isDialogDurationOver` (`CommonRepositoryUtils.kt` L218-220) waits `dialogDisplayDuration` seconds after
    /// the last click, 0 on a fresh install, by the device's clock (the audit's instant), the duration's
    /// milliseconds saturating as Kotlin's `Duration` does.
    private func dialogWait(_ context: EvaluationContext) -> String? {
        guard let duration = dialogDisplayDuration else { return nil }
        let (product, overflow) = duration.multipliedReportingOverflow(by: 1000)
        let wait = overflow ? (duration > 0 ? Int64.max : Int64.min) : product
        let now = Int64((context.asOf.timeIntervalSince1970 * 1000).rounded(.down))
        guard now < wait else { return nil }
        return
            "dialogDisplayDuration \(duration) s has not passed since the epoch (a fresh install's last click) at \(Self.date(now)): nothing is shown"
    }

    static func date(_ millis: Int64) -> String {
        Timestamps.iso8601(Date(timeIntervalSince1970: Double(millis) / 1000))
    }

    func evaluate(_ profile: any Device, context: EvaluationContext) -> Decision {
        guard target.concerns(profile) else {
            return .notTargeted("the document is for \(target.description)")
        }
        guard let mode, let versionCode else {
            return .notTargeted("the client cannot read the document (see its diagnostics)")
        }
        guard let build = profile.appBuild.flatMap({ Int64($0.trimmedWhitespace) }) else {
            return .notTargeted(
                "the device's version code (app_build) is unknown",
                diagnostics: [
                    Diagnostic(
                        "osam.unknownVersionCode", .warning,
                        "devices without an integer app_build: the server cannot tell whether they are below versionCode"
                    )
                ])
        }
        guard build < versionCode else {
            return Decision(
                .upToDate, rule: Self.ruleID, reason: "version code \(build) ≥ \(versionCode): the server sends nothing"
            )
        }
        let instantMillis: Int64
        let instantSource: String
        if context.asOfIsExplicit || serverDate == nil {
            instantMillis = Int64((context.asOf.timeIntervalSince1970 * 1000).rounded(.down))
            instantSource = "--as-of"
        } else {
            instantMillis = serverDate!
            instantSource = "serverDate"
        }
        guard start <= instantMillis && instantMillis <= end else {
            return Decision(
                .upToDate, rule: Self.ruleID,
                reason:
                    "version code \(build) < \(versionCode), but \(instantSource) \(Self.date(instantMillis)) is outside the window"
            )
        }
        let below =
            "version code \(build) < \(versionCode), window active at \(instantSource) \(Self.date(instantMillis))"
        switch mode {
        case .force:
            guard hasURL else {
                return Decision(
                    .blocked, rule: Self.ruleID, reason: below + "; FORCE without a url: the user can only leave")
            }
            let how = context.releases.installability(for: profile) {
                ($0.build.map(Int64.init) ?? Int64.min) >= versionCode
            }
            return Decision(how.forcedOutcome, rule: Self.ruleID, reason: below + "; FORCE: \(how.explanation)")
        case .lazy, .info:
            if let wait = dialogWait(context) {
                return Decision(.upToDate, rule: Self.ruleID, reason: below + "; \(mode.rawValue): " + wait)
            }
            if mode == .info {
                return Decision(
                    .upToDate, rule: Self.ruleID, reason: below + "; INFO: a message is shown",
                    notices: [Self.infoNotice])
            }
            return Decision(.recommended, rule: Self.ruleID, reason: below + "; LAZY: an update is suggested")
        case .none:
            return Decision(.upToDate, rule: Self.ruleID, reason: below + "; NONE: nothing is shown")
        }
    }
}
