/// A Turkcell document whose JSON repeats a key: the two SDKs read two different documents. The Android SDK's
/// org.json keeps the last copy of a repeated key (`JSONObject.put`); the iOS SDK's `NSJSONSerialization`
/// (`UpdateServerIntegration.m` L175) builds its dictionaries as Foundation does, keeping the first
/// (`JSONObject.keepingFirstCopies`). Each device is decided by its own platform's reading; what the document
/// shows as a whole (rules, notices, diagnostics, needs) is the union of both, each platform's own diagnostics
/// taken from its own reading.
struct TurkcellReadings: EvaluableConfig {
    let android: TurkcellDocument
    let iOS: TurkcellDocument

    /// The document as the SDKs read `root`: one reading when no key repeats, else one per SDK.
    static func load(_ root: JSONObject) -> any EvaluableConfig {
        let firstCopies = root.keepingFirstCopies()
        guard !firstCopies.isIdentical(to: root) else { return TurkcellDocument(root) }
        return TurkcellReadings(root, android: TurkcellDocument(root), iOS: TurkcellDocument(firstCopies))
    }

    init(_ root: JSONObject, android: TurkcellDocument, iOS: TurkcellDocument) {
        self.android = android
        self.iOS = iOS
        rules = Self.rules(android.rules, iOS.rules)
        notices = Self.union(android.notices, iOS.notices, by: \.id)
        // Each reading's diagnostics about its own SDK, or about both; one that only one reading raises is about
        // that reading's copies of the repeated keys, and says so.
        let androidOwn = android.diagnostics.filter { Self.sdk(of: $0) != "ios" }
        let iOSOwn = iOS.diagnostics.filter { Self.sdk(of: $0) != "android" }
        let inBoth = Set(androidOwn).intersection(iOSOwn)
        var diagnostics =
            androidOwn.map { inBoth.contains($0) ? $0 : Self.readBy(Self.androidReading, $0) }
            + iOSOwn.filter { !inBoth.contains($0) }.map { Self.readBy(Self.iOSReading, $0) }
        let packageNameCopies = root.pairs.filter { $0.key == "packageName" }.map(\.value)
        if let first = packageNameCopies.first, let last = packageNameCopies.last, !first.isIdentical(to: last) {
            diagnostics.append(
                Diagnostic(
                    "turkcell.packageNamePerSDK", .warning,
                    "packageName is written more than once: the Android SDK matches its devices against \(Self.quoted(android.androidPackageText)) (the last copy), the iOS SDK against \(Self.quoted(iOS.packageName)) (the first)",
                    path: "packageName"))
        }
        self.diagnostics = diagnostics
        var needs = android.needs
        needs.formUnion(iOS.needs)
        self.needs = needs
        packageNames = Array(Set(android.packageNames + iOS.packageNames)).sorted()
        decidingPlatforms =
            (android.decidingPlatforms.contains(.android) ? [.android] : [])
            + (iOS.decidingPlatforms.contains(.ios) ? [.ios] : [])
    }

    let platforms: [Platform] = [.android, .ios]
    let decidingPlatforms: [Platform]
    let rules: [RuleInfo]
    let notices: [NoticeInfo]
    let diagnostics: [Diagnostic]
    let needs: ProfileNeeds
    let packageNames: [String]
    var deviceHistory: [String] { android.deviceHistory }

    func evaluate(_ profile: any Device, context: EvaluationContext) -> Decision {
        reading(for: profile.platform).evaluate(profile, context: context)
    }

    func attributeClass(platform: Platform, attribute: String, options: FormatOptions) -> (
        @Sendable (String?) -> String
    )? {
        reading(for: platform).attributeClass(platform: platform, attribute: attribute, options: options)
    }

    private func reading(for platform: Platform) -> TurkcellDocument {
        platform == .ios ? iOS : android
    }

    /// The SDK a diagnostic is about, by its code's second part (`turkcell.ios.nullFilter`), if it names one.
    private static func sdk(of diagnostic: Diagnostic) -> Substring? {
        let parts = diagnostic.code.split(separator: ".")
        return parts.count > 2 ? parts[1] : nil
    }

    static let androidReading = "the Android SDK's reading (the last copy of each repeated key)"
    static let iOSReading = "the iOS SDK's reading (the first copy of each repeated key)"

    /// `diagnostic`, said of one reading of the document.
    private static func readBy(_ reading: String, _ diagnostic: Diagnostic) -> Diagnostic {
        var d = Diagnostic(
            diagnostic.code, diagnostic.severity, "in \(reading): \(diagnostic.message)", path: diagnostic.path)
        d.location = diagnostic.location
        return d
    }

    private static func quoted(_ name: String?) -> String { name.map { "\"\($0)\"" } ?? "no package (not a string)" }

    /// Both readings' rules by id, in order; an id whose entry the two readings tell apart says what each reads.
    private static func rules(_ android: [RuleInfo], _ iOS: [RuleInfo]) -> [RuleInfo] {
        let iOSByID = Dictionary(iOS.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let merged = android.map { rule -> RuleInfo in
            guard let other = iOSByID[rule.id], other.summary != rule.summary else { return rule }
            return RuleInfo(
                id: rule.id, summary: "Android: \(rule.summary); iOS: \(other.summary)", meta: rule.meta)
        }
        return union(merged, iOS, by: \.id)
    }

    /// `first`, then the elements of `second` whose key `first` does not have, in their order.
    private static func union<T>(_ first: [T], _ second: [T], by key: (T) -> String) -> [T] {
        let known = Set(first.map(key))
        return first + second.filter { !known.contains(key($0)) }
    }
}
