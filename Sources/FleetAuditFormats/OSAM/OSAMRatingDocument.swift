/// An OSAM rating document (docs/formats/osam.md): decides no update; counts the devices the rating prompt would be
/// shown to, from the `app_opens` and `minutes_since_rating` state columns.
struct OSAMRatingDocument: EvaluableConfig {
    static let ruleID = "rating"
    static let eligibleNotice = "rating"
    static let unknownNotice = "rating.stateUnknown"
    static let appOpens = "app_opens"
    static let minutesSinceRating = "minutes_since_rating"

    let target: OSAMTarget
    var packageNames: [String] { target.packageName.map { [$0] } ?? [] }
    let numAperture: Int64?
    let minutes: Int64?
    let platforms: [Platform]
    let rules: [RuleInfo]
    let notices: [NoticeInfo]
    let diagnostics: [Diagnostic]
    let needs: ProfileNeeds

    init(_ data: JSONObject, document: JSONObject = JSONObject()) {
        target = OSAMTarget(data)
        var diagnostics = target.diagnostics
        numAperture = OSAMDecoding.int(data["numAperture"])
        minutes = OSAMDecoding.int(data["minutes"])
        if numAperture == nil || minutes == nil {
            diagnostics.append(
                Diagnostic(
                    "osam.rating.incomplete", .error,
                    "numAperture and minutes must both be integers: the client cannot decide when to ask",
                    path: numAperture == nil && data["numAperture"] != nil
                        ? "numAperture"
                        : minutes == nil && data["minutes"] != nil ? "minutes" : ""))
        }
        // RatingDto, DtoModels.kt L34-43.
        let problems = OSAMDecoding.currentClientProblems(
            data,
            required: [
                ("id", .int), ("appId", .int), ("packageName", .string), ("platform", .name(["ANDROID", "IOS"])),
                ("minutes", .int), ("numAperture", .int),
            ],
            optional: [], texts: ["message"], document: document)
        if !problems.isEmpty { diagnostics.append(OSAMDecoding.rejectedByCurrentClients(problems)) }
        platforms = target.platform.map { [$0] } ?? []
        rules = [
            RuleInfo(
                id: Self.ruleID,
                summary:
                    "\(target.description): ask for a rating after \(numAperture.map(String.init) ?? "?") opens and \(minutes.map(String.init) ?? "?") minutes since the last prompt (decides no update)"
            )
        ]
        notices = [
            NoticeInfo(id: Self.eligibleNotice, kind: "rating"), NoticeInfo(id: Self.unknownNotice, kind: "rating"),
        ]
        self.diagnostics = diagnostics
        needs = ProfileNeeds(
            packageName: target.packageName != nil, attributes: [Self.appOpens, Self.minutesSinceRating])
    }

    func evaluate(_ profile: any Device, context: EvaluationContext) -> Decision {
        guard target.concerns(profile) else {
            return .notTargeted("the document is for \(target.description)")
        }
        guard let numAperture, let minutes else {
            return Decision(
                .upToDate, rule: Self.ruleID, reason: "a rating document decides no update (and this one is incomplete)"
            )
        }
        let opens = profile.attribute(Self.appOpens).flatMap { Int64($0) }
        let since = profile.attribute(Self.minutesSinceRating).flatMap { Int64($0) }
        guard let opens, let since else {
            return Decision(
                .upToDate, rule: Self.ruleID,
                reason:
                    "a rating document decides no update; whether the prompt shows is unknown without app_opens and minutes_since_rating",
                notices: [Self.unknownNotice],
                diagnostics: [
                    Diagnostic(
                        "osam.rating.stateUnknown", .info,
                        "devices without app_opens / minutes_since_rating: whether the rating prompt shows is unknown")
                ])
        }
        let eligible = opens >= numAperture && since >= minutes
        return Decision(
            .upToDate, rule: Self.ruleID,
            reason: "a rating document decides no update; \(opens) opens, \(since) minutes since the last prompt: "
                + (eligible ? "the prompt is shown" : "not yet"),
            notices: eligible ? [Self.eligibleNotice] : [])
    }
}
