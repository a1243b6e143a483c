/// A loaded PrinceOfVersions document: one view per platform, evaluated as that platform's client would.
struct PrinceOfVersionsDocument: EvaluableConfig {
    let views: [Platform: PoVPlatformView]
    private let viewRefs: [Platform: PoVViewRef]
    let platforms: [Platform]
    let rules: [RuleInfo]
    let diagnostics: [Diagnostic]
    let needs: ProfileNeeds
    var deviceHistory: [String] { [Self.lastNotifiedColumn] }

    static let missingVersions = "pov.missingVersions"
    static let platformMissing = "pov.platformMissing"
    static let noUsablePlatform = "pov.noUsablePlatform"
    static let legacyMissing = "pov.legacy.missing"
    static let unreadableDevice = "pov.unreadableDeviceVersion"
    static let unreachableEntry = "pov.unreachableEntry"
    static let lastNotifiedColumn = "last_notified_version"
    /// The same name as devices look it up (`AttributeName.normalize`): read for every profile and document,
    /// it is not normalized again each time.
    static let lastNotifiedKey = AttributeName.normalize(lastNotifiedColumn)

    init(_ root: JSONObject) {
        // Foundation, which the iOS and macOS clients decode with, reads the first copy of a repeated key; org.json
        // the last.
        let appleRoot = root.keepingFirstCopies()
        let views = [
            PoVPlatformView.apple(appleRoot, platform: .ios, primary: "ios", secondary: "ios2"),
            PoVPlatformView.apple(appleRoot, platform: .macos, primary: "macos", secondary: "macos2"),
            PoVPlatformView.android(root),
        ].filter { !$0.isEmpty }
        self.views = Dictionary(uniqueKeysWithValues: views.map { ($0.platform, $0) })
        viewRefs = self.views.mapValues(PoVViewRef.init)
        platforms = views.map(\.platform)

        var rules: [RuleInfo] = []
        var diagnostics: [Diagnostic] = []
        var attributes: Set<String> = [Self.lastNotifiedColumn]
        for view in views {
            let configurations = view.v4 ?? []
            let firstAlwaysHolding = configurations.firstIndex {
                $0.canHold && $0.requiredOS == nil && $0.requirements.isEmpty
            }
            for (index, c) in configurations.enumerated() {
                rules.append(RuleInfo(id: c.id, summary: c.summary, meta: c.meta))
                attributes.formUnion(c.requirements.map(\.key))
                if let first = firstAlwaysHolding, index > first {
                    if index == first + 1 {
                        let more = configurations.count - index - 1
                        let which = more == 0 ? c.id : "\(c.id) and the \(more) entr\(more == 1 ? "y" : "ies") after it"
                        diagnostics.append(
                            Diagnostic(
                                Self.unreachableEntry, .warning,
                                "\(which) come after \(configurations[first].id), whose requirements hold for every device: the client never reads them",
                                path: c.id))
                    }
                    continue
                }
                if let rejection = c.rejection {
                    diagnostics.append(rejection)
                } else if c.required == nil && c.last == nil {
                    diagnostics.append(
                        Diagnostic(
                            Self.missingVersions, .error,
                            "\(c.id) has neither required_version nor last_version_available: a client that picks it throws",
                            path: c.id))
                }
                for r in c.requirements {
                    switch r.value {
                    case .object, .array:
                        diagnostics.append(
                            Diagnostic(
                                PoVRequirements.notScalarCode, .warning,
                                "\(c.id).requirements.\(r.key) is \(r.value.kindDescription): no device attribute can satisfy it, so the entry is never chosen",
                                path: "\(c.id).requirements.\(r.key)"))
                    default: break
                    }
                }
            }
            diagnostics += view.v4Problems + view.notes
            switch view.legacy {
            case .success(let legacy)?:
                rules += legacy.rules
                if !view.v4Present {
                    diagnostics.append(
                        Diagnostic(
                            "pov.legacyOnly", .info,
                            "\(legacy.key) is only a legacy (pre-4.0) object: every \(view.platform) device is evaluated as a client before 4.0; a 4.x client would find no usable configuration",
                            path: legacy.key))
                }
            case .failure(let d)?: diagnostics.append(d)
            case nil: break
            }
        }
        if views.isEmpty {
            diagnostics.append(
                Diagnostic(Self.noUsablePlatform, .error, "the document has no usable platform key", path: ""))
        }
        self.rules = rules
        // The same problem found by two views (a document Foundation refuses: the iOS, macOS and legacy readings) is
        // one diagnostic.
        var seen = Set<Diagnostic>()
        self.diagnostics = diagnostics.filter { seen.insert($0).inserted }
        // A platform's devices are read for its own configurations' requirements and the version last
        // notified; a platform without a key, for nothing.
        let byPlatform = Dictionary(
            uniqueKeysWithValues: views.map { view in
                (
                    view.platform,
                    Set((view.v4 ?? []).flatMap { $0.requirements.map(\.key) }).union([Self.lastNotifiedColumn])
                )
            })
        needs = ProfileNeeds(
            appBuildOffAndroid: self.views[.ios] != nil || self.views[.macos] != nil,
            attributes: attributes, attributesByPlatform: byPlatform)
    }

    func evaluate(_ profile: any Device, context: EvaluationContext) -> Decision {
        evaluate(profile, memo: PoVMemo(context: context, remembers: false))
    }

    func evaluator(context: EvaluationContext) -> any ProfileEvaluator { PoVProfileEvaluator(self, context: context) }

    /// A platform's devices are read for an attribute only by the requirements of its configurations (the
    /// choice, by filing or by checks, is their verdicts) and, for the version last notified, by the
    /// decision itself: the class of a value is its verdicts, the version last notified has none.
    func attributeClass(platform: Platform, attribute: String, options: FormatOptions) -> (
        @Sendable (String?) -> String
    )? {
        guard attribute != AttributeName.normalize(Self.lastNotifiedColumn), let view = views[platform] else {
            return nil
        }
        let requirements = (view.v4 ?? []).flatMap(\.requirements).filter {
            AttributeName.normalize($0.key) == attribute
        }
        return { text in
            String(
                requirements.map {
                    PoVRequirements.holds($0.key, $0.value, attribute: text, options: options) ? "1" : "0"
                })
        }
    }

    /// The platform's view, or the decision every device of a platform the document has no key for gets
    /// (made once per platform: on a fleet, the other platform's profiles are often half of them).
    private func platformEntry(_ platform: Platform) -> PoVPlatformEntry {
        if let ref = viewRefs[platform] { return .view(ref) }
        return .missing(
            PoVMissingPlatform(
                .notTargeted(
                    "the document has no key for \(platform)",
                    diagnostics: [
                        Diagnostic(
                            Self.platformMissing, .info,
                            "devices whose platform has no key in the document")
                    ])))
    }

    /// `evaluate`, remembering what depends only on interned values in `memo` (`PoVProfileEvaluator`).
    func evaluate(_ profile: any Device, memo: PoVMemo) -> Decision {
        let ref: PoVViewRef
        switch memo.platform(profile, { platformEntry(profile.platform) }) {
        case .view(let known): ref = known
        case .missing(let missing): return missing.decision
        }
        return memo.viewDecision(ref) { evaluate(profile, view: ref, memo: memo) }
    }

    /// A device of the view's platform against the view.
    private func evaluate(_ profile: any Device, view ref: PoVViewRef, memo: PoVMemo) -> Decision {
        let evaluator = PoVDeviceEvaluator(profile: profile, memo: memo)
        if evaluator.runsLegacyClient {
            switch ref.view.legacy {
            case .success(let legacy)?: return evaluator.legacy(legacy)
            case .failure(let d)?:
                return .notTargeted("its client before 4.0 rejects the legacy object", diagnostics: [d])
            case nil:
                return .notTargeted(
                    "its client before 4.0 finds no legacy object for \(profile.platform)",
                    diagnostics: [
                        Diagnostic(
                            Self.legacyMissing, .warning,
                            "devices below --pov-legacy-below read the legacy object, which this document lacks")
                    ])
            }
        }
        if let configurations = ref.view.v4, let selection = ref.view.v4Selection {
            var decision = evaluator.v4(configurations, selection: selection)
            decision.diagnostics += ref.view.v4Problems
            return decision
        }
        if !ref.view.v4Present, case .success(let legacy)? = ref.view.legacy {
            return evaluator.legacy(legacy)
        }
        return .notTargeted(
            "the 4.x client has no usable configuration for \(profile.platform)", diagnostics: ref.view.v4Problems)
    }
}
