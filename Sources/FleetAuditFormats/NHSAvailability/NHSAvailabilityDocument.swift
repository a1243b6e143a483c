/// A loaded NHS availability document: one view per platform the document is for.
struct NHSAvailabilityDocument: EvaluableConfig {
    let iOS: NHSDecoding.Decoded<NHSDecoding.IOSRequirements>
    let android: NHSDecoding.Decoded<NHSDecoding.AndroidRequirements>
    let platforms: [Platform]
    let rules: [RuleInfo]
    let diagnostics: [Diagnostic]

    static let rejectedCode = "nhs.rejected"
    static let storeVersionUnreadable = "nhs.ios.storeVersionUnreadable"
    static let unreadableDeviceVersion = Diagnostic(
        "nhs.ios.unreadableDeviceVersion", .warning,
        "devices whose os_version or app_version is not 1 to 3 integer components: the app's Version parser throws")

    init(_ root: JSONObject) {
        // The iOS app's JSONDecoder reads the first copy of a repeated key; Moshi decodes every copy (the last stands).
        let iOSDecoded = NHSDecoding.iOS(root.keepingFirstCopies())
        iOS = iOSDecoded
        let (androidDecoded, quoted) = NHSDecoding.android(root)
        android = androidDecoded
        var platforms: [Platform] = []
        var rules: [RuleInfo] = []
        var diagnostics: [Diagnostic] = []

        if iOS != .absent {
            platforms.append(.ios)
            let literal: (String) -> String = { field in
                if case .valid(let r) = iOSDecoded { return r.literals[field] ?? "?" }
                return root[field]?.objectValue?["value"].map { JSONWriter.compact($0) } ?? "?"
            }
            rules += [
                RuleInfo(
                    id: "minimumOSVersion",
                    summary: "iOS below \(literal("minimumOSVersion")): the app refuses to run (unsupportedOS)"),
                RuleInfo(
                    id: "minimumAppVersion",
                    summary: "app below \(literal("minimumAppVersion")): update required (forced)"),
                RuleInfo(
                    id: "recommendedOSVersion",
                    summary: "iOS below \(literal("recommendedOSVersion")): OS update recommended"),
                RuleInfo(
                    id: "recommendedAppVersion",
                    summary: "app below \(literal("recommendedAppVersion")): app update recommended"),
            ]
        }
        if android != .absent {
            platforms.append(.android)
            let literal: (String) -> String = { field in
                root[field]?.objectValue?["value"].map { JSONWriter.compact($0) } ?? "?"
            }
            for rule in [
                RuleInfo(
                    id: "minimumSDKVersion",
                    summary:
                        "Android API level below \(literal("minimumSDKVersion")): the app refuses to run (unsupportedOS)"
                ),
                RuleInfo(
                    id: "minimumAppVersion",
                    summary: "versionCode below \(literal("minimumAppVersion")): update required (forced)"),
                RuleInfo(
                    id: "recommendedAppVersion",
                    summary: "versionCode below \(literal("recommendedAppVersion")): app update recommended"),
            ] where !rules.contains(where: { $0.id == rule.id }) {
                rules.append(rule)
            }
        }

        if case .rejected(let problems) = iOS { diagnostics.append(Self.rejection("iOS", problems)) }
        if case .rejected(let problems) = android { diagnostics.append(Self.rejection("Android", problems)) }
        if platforms.isEmpty {
            diagnostics.append(
                Diagnostic(
                    Self.rejectedCode, .error,
                    "the document has neither minimumOSVersion (read by iOS) nor minimumSDKVersion (read by Android): both apps reject it",
                    path: ""))
        }
        for field in quoted {
            diagnostics.append(
                Diagnostic(
                    "nhs.android.quotedInteger", .info,
                    "\(field).value is a quoted integer; the Android app accepts it, but the contract says a number",
                    path: "\(field).value"))
        }
        if case .valid(let r) = iOS {
            if r.recommendedApp < r.minimumApp {
                diagnostics.append(
                    Diagnostic(
                        "nhs.recommendationBelowMinimum", .warning,
                        "iOS recommendedAppVersion \(r.literals["recommendedAppVersion"]!) is below minimumAppVersion \(r.literals["minimumAppVersion"]!): the recommendation can never be shown",
                        path: "recommendedAppVersion.value"))
            }
            if r.recommendedOS < r.minimumOS {
                diagnostics.append(
                    Diagnostic(
                        "nhs.recommendationBelowMinimum", .warning,
                        "recommendedOSVersion \(r.literals["recommendedOSVersion"]!) is below minimumOSVersion \(r.literals["minimumOSVersion"]!): the recommendation can never be shown",
                        path: "recommendedOSVersion.value"))
            }
        }
        if case .valid(let r) = android, r.recommendedApp < r.minimumApp {
            diagnostics.append(
                Diagnostic(
                    "nhs.recommendationBelowMinimum", .warning,
                    "Android recommendedAppVersion \(r.recommendedApp) is below minimumAppVersion \(r.minimumApp): the recommendation can never be shown",
                    path: "recommendedAppVersion.value"))
        }
        self.platforms = platforms
        self.rules = rules
        self.diagnostics = diagnostics
    }

    func evaluate(_ profile: any Device, context: EvaluationContext) -> Decision {
        switch profile.platform {
        case .ios: return evaluateIOS(profile, context)
        case .android: return evaluateAndroid(profile, context)
        default: return .notTargeted("the NHS availability document is read by the iOS and Android apps only")
        }
    }

    /// `nhs.rejected` for one app, located at its first problem's value (the loader finds its line and column).
    static func rejection(_ platform: String, _ problems: [String]) -> Diagnostic {
        Diagnostic(
            rejectedCode, .error,
            "the \(platform) app rejects this document and keeps its last good copy: "
                + problems.joined(separator: "; "),
            path: problems.first.flatMap(NHSDecoding.path(of:)) ?? "")
    }

    /// Every device of the app, counted under the document's rejection.
    private func rejected(_ platform: String, _ problems: [String]) -> Decision {
        .notTargeted(
            "the \(platform) app rejects this document (\(Self.rejectedCode)) and keeps its last good copy",
            diagnostics: [Self.rejection(platform, problems)])
    }

    private func evaluateIOS(_ profile: any Device, _ context: EvaluationContext) -> Decision {
        let r: NHSDecoding.IOSRequirements
        switch iOS {
        case .absent: return .notTargeted("the document is for Android (it has no minimumOSVersion)")
        case .rejected(let problems): return rejected("iOS", problems)
        case .valid(let valid): r = valid
        }
        guard let os = DottedVersion(profile.osVersion) else {
            return .notTargeted(
                "iOS version \"\(profile.osVersion)\" is not a version the app can read",
                diagnostics: [Self.unreadableDeviceVersion])
        }
        guard let app = DottedVersion(profile.appVersion) else {
            return .notTargeted(
                "app version \"\(profile.appVersion)\" is not a version the app can read",
                diagnostics: [Self.unreadableDeviceVersion])
        }
        let lit = r.literals
        if os < r.minimumOS {
            return Decision(
                .unsupportedOS, rule: "minimumOSVersion",
                reason: "iOS \(profile.osVersion) < minimumOSVersion \(lit["minimumOSVersion"]!)")
        }
        if app < r.minimumApp {
            if let store = unreadableStoreVersion(profile, context) {
                return Decision(
                    .blocked, rule: "minimumAppVersion",
                    reason:
                        "app \(profile.appVersion) < minimumAppVersion \(lit["minimumAppVersion"]!), and the app cannot parse the store's version \"\(store)\": its lookup fails, the latest version stays 0 and no update is offered",
                    diagnostics: [Self.storeLookupFails])
            }
            let installability = context.releases.installability(for: profile) { release in
                release.version.flatMap { DottedVersion(lenient: $0) }.map { $0 >= r.minimumApp } ?? false
            }
            return Decision(
                installability.forcedOutcome, rule: "minimumAppVersion",
                reason:
                    "app \(profile.appVersion) < minimumAppVersion \(lit["minimumAppVersion"]!); \(installability.explanation)"
            )
        }
        if os < r.recommendedOS {
            return Decision(
                .recommended, rule: "recommendedOSVersion",
                reason: "iOS \(profile.osVersion) < recommendedOSVersion \(lit["recommendedOSVersion"]!)")
        }
        if app < r.recommendedApp {
            // The app asks the App Store for the latest version and recommends only if it has reached the value.
            if let releases = context.releases {
                if let store = unreadableStoreVersion(profile, context) {
                    return Decision(
                        .upToDate, rule: nil,
                        reason:
                            "app \(profile.appVersion) < recommendedAppVersion \(lit["recommendedAppVersion"]!), but the app cannot parse the store's version \"\(store)\": its lookup fails and nothing is shown",
                        diagnostics: [Self.storeLookupFails])
                }
                let latest = newestStoreVersion(profile, releases)?.version
                guard let latest, latest >= r.recommendedApp else {
                    return Decision(
                        .upToDate, rule: nil,
                        reason:
                            "app \(profile.appVersion) < recommendedAppVersion \(lit["recommendedAppVersion"]!), but the store's latest release (\(latest?.description ?? "none")) has not reached it, so nothing is shown"
                    )
                }
            }
            return Decision(
                .recommended, rule: "recommendedAppVersion",
                reason: "app \(profile.appVersion) < recommendedAppVersion \(lit["recommendedAppVersion"]!)")
        }
        return Decision(
            .upToDate, rule: nil, reason: "iOS \(profile.osVersion) and app \(profile.appVersion) meet every field")
    }

    /// The App Store answers with the newest release's version text, which the app parses with its own Version type
    /// (1 to 3 integer components): one it cannot parse (`5.0.0.1`, `5.0-beta`, `v5`) fails the lookup and the latest
    /// version stays 0 (`AppStoreVersionLookupEndpoint.swift` L26, `AppAvailabilityManager.swift` L31-37).
    private func newestStoreVersion(_ profile: any Device, _ releases: Releases) -> (
        text: String, version: DottedVersion
    )? {
        releases.candidates(for: profile).compactMap { r in
            r.version.flatMap { v in DottedVersion(lenient: v).map { (v, $0) } }
        }
        .max { $0.1 < $1.1 }
    }

    /// The store's newest version text when the app cannot parse it; nil without a releases file.
    private func unreadableStoreVersion(_ profile: any Device, _ context: EvaluationContext) -> String? {
        guard let releases = context.releases, let newest = newestStoreVersion(profile, releases),
            DottedVersion(newest.text) == nil
        else { return nil }
        return newest.text
    }

    static let storeLookupFails = Diagnostic(
        storeVersionUnreadable, .warning,
        "iOS devices whose App Store lookup fails because the store's newest version has more than three components or is not numeric: below minimumAppVersion the app offers no update (blocked), below recommendedAppVersion it shows nothing"
    )

    private func evaluateAndroid(_ profile: any Device, _ context: EvaluationContext) -> Decision {
        let r: NHSDecoding.AndroidRequirements
        switch android {
        case .absent: return .notTargeted("the document is for iOS (it has no minimumSDKVersion)")
        case .rejected(let problems): return rejected("Android", problems)
        case .valid(let valid): r = valid
        }
        guard let level = profile.apiLevel, let code = profile.appBuildCode else {
            return .notTargeted("the device has no API level or versionCode")
        }
        if level < r.minimumSDK {
            return Decision(
                .unsupportedOS, rule: "minimumSDKVersion",
                reason: "API level \(level) < minimumSDKVersion \(r.minimumSDK)")
        }
        if code < r.minimumApp {
            let installability = context.releases.installability(for: profile) { ($0.build ?? Int.min) >= r.minimumApp }
            return Decision(
                installability.forcedOutcome, rule: "minimumAppVersion",
                reason: "versionCode \(code) < minimumAppVersion \(r.minimumApp); \(installability.explanation)")
        }
        if code < r.recommendedApp {
            return Decision(
                .recommended, rule: "recommendedAppVersion",
                reason: "versionCode \(code) < recommendedAppVersion \(r.recommendedApp)")
        }
        return Decision(.upToDate, rule: nil, reason: "API level \(level) and versionCode \(code) meet every field")
    }
}
