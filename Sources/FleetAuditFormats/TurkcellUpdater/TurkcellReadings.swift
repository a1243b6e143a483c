/// A Turkcell document whose JSON repeats a key: the two SDKs read two different documents. The Android SDK's
/// org.json keeps the last copy of a repeated key (`JSONObject.put`); the iOS SDK's `NSJSONSerialization`
/// (`UpdateServerIntegration.m` L175) builds its dictionaries as Foundation does, keeping the first
/// (`JSONObject.keepingFirstCopies`). Each device is decided by its own platform's reading; what the document
/// shows as a whole (rules, notices, diagnostics, needs) is the union of both, each platform's own diagnostics
/// taken from its own reading.
struct TurkcellReadings: EvaluableConfig {
    let android: TurkcellDocument
    let iOS: TurkcellDocument
    /// The tree as written: documents from identical trees decide alike (`SharedTreeEvaluator`).
    private let tree: JSONObject

    /// The document as the SDKs read `root`: one reading when no key repeats, else one per SDK.
    static func load(_ root: JSONObject) -> any EvaluableConfig {
        let firstCopies = root.keepingFirstCopies()
        guard !firstCopies.isIdentical(to: root) else { return TurkcellDocument(root) }
        return TurkcellReadings(root, android: TurkcellDocument(root), iOS: TurkcellDocument(firstCopies))
    }

    init(_ root: JSONObject, android: TurkcellDocument, iOS: TurkcellDocument) {
        tree = root
        self.android = android
        self.iOS = iOS
        rules = Self.union(android.rules, iOS.rules, by: \.id)
        notices = Self.union(android.notices, iOS.notices, by: \.id)
        let androidDiagnostics = android.diagnostics.filter { Self.sdk(of: $0) != "ios" }
        let iOSDiagnostics = iOS.diagnostics.filter { Self.sdk(of: $0) != "android" }
        diagnostics = androidDiagnostics + iOSDiagnostics.filter { !androidDiagnostics.contains($0) }
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

    func evaluator(context: EvaluationContext) -> any ProfileEvaluator {
        SharedTreeEvaluator(self, tree: .object(tree), kind: "turkcell readings", context: context)
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

    /// `first`, then the elements of `second` whose key `first` does not have, in their order.
    private static func union<T>(_ first: [T], _ second: [T], by key: (T) -> String) -> [T] {
        let known = Set(first.map(key))
        return first + second.filter { !known.contains(key($0)) }
    }
}
