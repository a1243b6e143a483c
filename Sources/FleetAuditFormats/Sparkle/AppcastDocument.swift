import Foundation

/// A loaded appcast: the items as Sparkle reads them and as upgrader reads them, the diagnostics of the
/// document, and the decision for each device by the client of its platform.
struct AppcastDocument: EvaluableConfig {
    let sparkleItems: [SparkleItem]
    let upgraderItems: [UpgraderItem]
    /// Why Sparkle rejects the whole feed (SUAppcast.m L191-202), nil when it reads it.
    let rejection: Diagnostic?
    let rules: [RuleInfo]
    let notices: [NoticeInfo]
    let diagnostics: [Diagnostic]
    let platforms: [Platform]
    /// Whether some item needs Apple silicon: only then does a Mac's `arch` matter.
    let needsArch: Bool
    /// Whether some item is phased: only then does a Mac's update group matter.
    let phased: Bool
    /// Items whose `sparkle:version` equals their `shortVersionString`.
    let shortVersionItems: [Int]
    /// Which item's version is older than which.
    let versionOrder: SparkleVersionOrder

    init(root: XMLElementValue?) {
        var itemElements: [XMLElementValue] = []
        var paths: [ElementPath: Int] = [:]
        var prefixes = Set<String>()
        if let root {
            Self.walk(root, path: []) { element, path in
                if element.qualifiedName == "item" {
                    paths[ElementPath(path)] = itemElements.count
                    itemElements.append(element)
                }
                if element.namespaceURI == SparkleAppcastReading.namespace { prefixes.insert(element.prefix ?? "") }
                for a in element.attributes where a.namespaceURI == SparkleAppcastReading.namespace {
                    prefixes.insert(a.prefix ?? "")
                }
            }
        }
        let sparkleItems = root.map { SparkleAppcastReading.items($0, indexes: paths) } ?? []
        self.sparkleItems = sparkleItems
        upgraderItems = UpgraderAppcastReading.items(itemElements)
        var diagnostics: [Diagnostic] = []
        if root == nil || root!.qualifiedName != "rss" {
            let d = Diagnostic(
                "sparkle.rejected", .error,
                "the document's root element is not <rss>: Sparkle finds no /rss/channel/item")
            diagnostics.append(d)
            rejection = d
        } else if let rejected = sparkleItems.first(where: { $0.rejection != nil }) {
            let d = Self.located(
                Diagnostic(
                    "sparkle.rejected", .error,
                    "Sparkle rejects the whole feed: item[\(rejected.index)] \(rejected.rejection!)",
                    path: "item[\(rejected.index)]"), line: rejected.line)
            diagnostics.append(d)
            rejection = d
        } else {
            rejection = nil
        }
        diagnostics += AppcastDiagnostics.document(sparkleItems, upgraderItems, prefixes: prefixes)
        self.diagnostics = diagnostics
        let upgraderItems = self.upgraderItems
        // By index, not by searching: a feed may hold a hundred thousand items.
        let sparkleByIndex = Dictionary(uniqueKeysWithValues: sparkleItems.map { ($0.index, $0) })
        let upgraderByIndex = Dictionary(uniqueKeysWithValues: upgraderItems.map { ($0.index, $0) })
        var keysSeen: [String: Int] = [:]
        rules = itemElements.indices.map { index in
            let sparkle = sparkleByIndex[index]
            let upgrader = upgraderByIndex[index]
            // Paired in `plan` by what a release manager reads an item as: its version (with its channel and
            // sparkle:os, which may list one version twice); a second item of one key pairs as the second.
            var key = AppcastDocument.pairingKey(sparkle, upgrader)
            if let k = key {
                keysSeen[k, default: 0] += 1
                if keysSeen[k]! > 1 { key = "\(k) #\(keysSeen[k]!)" }
            }
            return RuleInfo(
                id: "item[\(index)]", summary: AppcastDocument.summary(sparkle, upgrader), pairingKey: key)
        }
        notices =
            sparkleItems.contains { $0.informational != .no || (!$0.hasEnclosure && $0.infoURL != nil) }
            ? [NoticeInfo(id: "informational", kind: "info")] : []
        let named = Set(upgraderItems.compactMap { $0.os?.lowercased() }).compactMap { name -> Platform? in
            ["android", "ios"].contains(name) ? Platform(name) : nil
        }
        platforms = [.macos] + named.sorted()
        needsArch = sparkleItems.contains(where: SparkleDecision.needsAppleSilicon)
        phased = sparkleItems.contains { $0.phasedRolloutInterval != nil && $0.pubDate != nil }
        versionOrder = SparkleVersionOrder(sparkleItems)
        shortVersionItems = sparkleItems.filter { $0.shortVersion != nil && $0.shortVersion == $0.version }.map(\.index)
    }

    /// Visits every element in document order with the path of child indexes from the root.
    static func walk(_ element: XMLElementValue, path: [Int], _ visit: (XMLElementValue, [Int]) -> Void) {
        visit(element, path)
        for (i, child) in element.children.enumerated() { walk(child, path: path + [i], visit) }
    }

    static func located(_ diagnostic: Diagnostic, line: Int) -> Diagnostic {
        var d = diagnostic
        if line > 0 { d.location = SourceLocation(line: line, column: 1) }
        return d
    }

    /// `version 4300`, `version 4300 channel beta`; nil for an item without a version (paired by position).
    static func pairingKey(_ sparkle: SparkleItem?, _ upgrader: UpgraderItem?) -> String? {
        guard let version = sparkle?.version ?? upgrader?.version else { return nil }
        var key = "version \(version)"
        if let channel = sparkle?.channel { key += " channel \(channel)" }
        if let os = sparkle?.os ?? upgrader?.os { key += " os \(os)" }
        return key
    }

    /// `Version 3.0 — 3.0, critical, macOS ≥ 12.0`: the item's title and version beside its id.
    static func summary(_ sparkle: SparkleItem?, _ upgrader: UpgraderItem?) -> String {
        var parts: [String] = []
        let version = sparkle?.version ?? upgrader?.version ?? "no version"
        let title = sparkle?.title ?? ""
        let shown = sparkle?.shortVersion.flatMap { $0 == version ? nil : " (\($0))" } ?? ""
        parts.append(title.isEmpty ? "version \(version)\(shown)" : "\(title): version \(version)\(shown)")
        guard let item = sparkle else { return parts.joined(separator: ", ") }
        if item.criticalElement || item.criticalTag {
            parts.append(item.criticalBelow.map { "critical below \($0)" } ?? "critical")
        }
        if let channel = item.channel { parts.append("channel \(channel)") }
        if let os = item.os { parts.append("sparkle:os \(os)") }
        if let minimum = item.minimumSystemVersion { parts.append("macOS ≥ \(minimum)") }
        if let maximum = item.maximumSystemVersion { parts.append("macOS ≤ \(maximum)") }
        if item.hardwareRequirements.contains("arm64") { parts.append("Apple silicon only") }
        if let minimum = item.minimumAutoupdateVersion { parts.append("minimumAutoupdateVersion \(minimum)") }
        if let interval = item.phasedRolloutInterval { parts.append("phased every \(interval) s") }
        if item.informational == .always || (!item.hasEnclosure && item.infoURL != nil) {
            parts.append("informational")
        }
        return parts.joined(separator: ", ")
    }

    var decidingPlatforms: [Platform] { platforms }

    var needs: ProfileNeeds {
        ProfileNeeds(
            appBuildOffAndroid: true,
            attributesByPlatform: [.macos: Set(SparkleHost.columns)])
    }

    var deviceHistory: [String] { SparkleHost.columns }

    func evaluator(context: EvaluationContext) -> any ProfileEvaluator { AppcastEvaluator(self, context: context) }

    func evaluate(_ device: any Device, context: EvaluationContext) -> Decision {
        switch context.options.appcastClient(for: device.platform) {
        case nil:
            return .notTargeted(
                "no appcast client on \(device.platform.name): a Flutter app reads appcasts only when built with upgrader's appcast store (--appcast-client \(device.platform.name)=upgrader)"
            )
        case .upgrader:
            return upgrader(device)
        case .sparkle:
            return sparkle(device, context: context)
        }
    }

    private func upgrader(_ device: any Device) -> Decision {
        guard let app = UpgraderVersion(device.appVersion) else {
            return .notTargeted(
                "upgrader cannot parse app_version \(device.appVersion)",
                diagnostics: [
                    Diagnostic(
                        "upgrader.appVersionUnparsable", .warning,
                        "upgrader cannot parse app_version \(device.appVersion): it offers nothing")
                ])
        }
        return UpgraderDecision(items: upgraderItems, platform: device.platform, app: app, osVersion: device.osVersion)
            .decide()
    }

    func sparkle(_ device: any Device, context: EvaluationContext) -> Decision {
        sparkle(SparkleMac(SparkleHost(device)), context: context, feedDiagnostics: feedDiagnostics(asOf: context.asOf))
    }

    /// Sparkle's decision for `mac`; `feedDiagnostics`: what every Mac is told of the feed at the audit's time.
    /// `fitsMemo`: the items that fit each Mac's system, kept by an evaluator (nil: worked out for this Mac).
    func sparkle(
        _ mac: SparkleMac, context: EvaluationContext, feedDiagnostics: [Diagnostic], fitsMemo: SparkleFitsMemo? = nil
    ) -> Decision {
        if let rejection {
            return .notTargeted("Sparkle rejects the feed", diagnostics: [rejection])
        }
        let host = mac.host
        let decision = SparkleDecision(
            items: sparkleItems, host: host, split: mac.split, check: context.options.sparkleCheck, asOf: context.asOf)
        let extra = deviceDiagnostics(mac, feed: feedDiagnostics)
        let spread = host.group == nil && phased && context.options.sparkleCheck == .automatic
        guard SparkleChoices.applies(to: sparkleItems) else {
            if spread { return Self.spread((0..<7).map { decision.decide(group: $0).adding(extra) }) }
            return decision.decide(group: host.group ?? 6).adding(extra)
        }
        let fits = fitsMemo?.fits(mac, decision) ?? SparkleChoices.fitting(decision)
        let choices = SparkleChoices(decision, order: versionOrder, masks: .init(decision), fits: fits)
        if spread {
            // Most Macs get the same choice in every group: one decision, as `Decision.spread` would make it.
            let first = choices.choose(group: 0)
            if (1..<7).allSatisfy({ choices.choose(group: $0) == first }) {
                return decision.decision(first).adding(extra)
            }
            return Self.spread(choices.decideByGroup().map { $0.adding(extra) })
        }
        return decision.decision(choices.choose(group: host.group ?? 6)).adding(extra)
    }

    /// The groups' decisions as one: each group's share of the Macs (`Decision.spread`), and a reason that
    /// says which groups get what, so `explain` of one Mac (group 6) does not hide the others.
    static func spread(_ groups: [Decision]) -> Decision {
        let whole = Decision.spread(groups)
        guard whole.shares != nil else { return whole }
        // Written only when a report or explain reads it: a thousand feeds decide a Mac a thousand times.
        let runs = groups.map { ($0.outcome, $0.rule) }
        return whole.withReason(Self.groupSummary(whole.reason, runs))
    }

    private static func groupSummary(_ reason: String, _ groups: [(Outcome, String?)]) -> String {
        var runs: [(first: Int, last: Int, outcome: Outcome, rule: String?)] = []
        for (g, (outcome, rule)) in groups.enumerated() {
            if let last = runs.last, last.outcome == outcome, last.rule == rule {
                runs[runs.count - 1].last = g
            } else {
                runs.append((g, g, outcome, rule))
            }
        }
        let parts = runs.map { run in
            let groups = run.first == run.last ? "group \(run.first)" : "groups \(run.first)-\(run.last)"
            return "\(groups): \(run.outcome.rawValue)\(run.rule.map { " \($0)" } ?? "")"
        }
        return
            "\(reason) — a phased rollout: without sparkle_update_group a Mac is in one of 7 update groups (\(parts.joined(separator: "; "))); one Mac alone counts as group 6"
    }

    /// A Mac's diagnostics for this feed, in a fixed order: the Mac's own (`SparkleMac.diagnostics`) with its
    /// unknown processor when the feed needs one, the version it compares, then the feed's.
    private func deviceDiagnostics(_ mac: SparkleMac, feed: [Diagnostic]) -> [Diagnostic] {
        let host = mac.host
        let archUnknown = needsArch && !host.archKnown
        let shortVersion = !host.versionIsAppVersion && !shortVersionItems.isEmpty
        guard archUnknown || shortVersion || !mac.diagnostics.isEmpty || !feed.isEmpty else { return [] }
        var out = mac.diagnostics
        if archUnknown {
            out.insert(
                Diagnostic(
                    "sparkle.archUnknown", .info,
                    "items need Apple silicon and this Mac's arch is not known: taken as Apple silicon"),
                at: host.versionIsAppVersion ? 1 : 0)
        }
        if shortVersion {
            out.append(
                Diagnostic(
                    "sparkle.versionLooksLikeShortVersion", .warning,
                    "item[\(shortVersionItems[0])]'s sparkle:version equals its shortVersionString, and these Macs' app_build is not their app_version"
                ))
        }
        return out + feed
    }

    /// What every Mac is told of the feed at `asOf`: phased items whose rollout has not started.
    func feedDiagnostics(asOf: Date) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for item in sparkleItems where item.phasedRolloutInterval != nil {
            if let date = item.pubDate, date > asOf {
                out.append(
                    Self.located(
                        Diagnostic(
                            "sparkle.pubDateInFuture", .warning,
                            "item[\(item.index)]'s pubDate \(item.pubDateText ?? "") is after the audit's time: its phased rollout has not started",
                            path: "item[\(item.index)]"), line: item.line))
            }
        }
        return out
    }
}

extension Decision {
    /// The decision with `extra` diagnostics (a plain decision: made before the groups are spread).
    func adding(_ extra: [Diagnostic]) -> Decision {
        guard !extra.isEmpty else { return self }
        var d = self
        d.diagnostics += extra
        return d
    }
}

/// One worker's evaluator of an appcast: a device of a platform no appcast client reads gets the same decision
/// as every other device of that platform, made once; Macs are decided one by one (`evaluate`).
final class AppcastEvaluator: ProfileEvaluator {
    private let document: AppcastDocument
    private let context: EvaluationContext
    private var unread: [(platform: Platform, decision: Decision)] = []
    /// The Mac at hand, shared by the worker's appcast evaluators.
    private let macs: SparkleMacReading
    private let feedDiagnostics: [Diagnostic]
    private let fitsMemo = SparkleFitsMemo()

    init(_ document: AppcastDocument, context: EvaluationContext) {
        self.document = document
        self.context = context
        macs = context.worker?.kept(SparkleMacReading.self, SparkleMacReading.init) ?? SparkleMacReading()
        feedDiagnostics = document.feedDiagnostics(asOf: context.asOf)
    }

    func evaluate(_ profile: any Device) -> Decision {
        let platform = profile.platform
        if let known = unread.first(where: { $0.platform == platform }) { return known.decision }
        switch context.options.appcastClient(for: platform) {
        case .sparkle?:
            return document.sparkle(
                macs.read(profile), context: context, feedDiagnostics: feedDiagnostics, fitsMemo: fitsMemo)
        case .upgrader?:
            return document.evaluate(profile, context: context)
        case nil:
            let decision = document.evaluate(profile, context: context)
            unread.append((platform, decision))
            return decision
        }
    }
}
