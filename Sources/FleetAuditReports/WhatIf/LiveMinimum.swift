/// The minimum a published config sets today for the swept platform (`whatif --from CONFIG`), as written: an
/// app and an OS value per place the document sets one (a PrinceOfVersions document's OS tiers give several).
public struct LiveMinimum: Sendable, Equatable {
    package let source: String
    package let app: [String]
    package let os: [String]

    package init(source: String, app: [String], os: [String]) {
        self.source = source
        self.app = app
        self.os = os
    }
}

/// Minimum texts compared as the sweep orders them: integers as integers (`0358` is `358`), anything else as
/// dotted numbers (`5.0` is `5.0.0`).
enum MinimumScaleText {
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = a.trimmedWhitespace
        let y = b.trimmedWhitespace
        if let i = Int(x), let j = Int(y) { return i == j }
        if let v = DottedVersion(x), let w = DottedVersion(y) { return v == w }
        return x == y
    }
}
