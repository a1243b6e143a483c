/// A format whose minimum a generic minimum rule cannot stand in for and JSON paths cannot address: an appcast's
/// critical version lives on one item, is compared with the app's build by the client's own comparator, and what
/// a Mac is offered still depends on every other item, channel and phase. `whatif --from` counts each candidate
/// by evaluating the document with that minimum written into its text, and `--emit` writes the same text. A
/// format opts in by conforming in its own folder; the runs find it by a cast, with no list of formats.
package protocol MinimumRewritable: ConfigFormat {
    /// Where a minimum app version goes in `document` for `platform`, and what it is today; or why the document
    /// cannot take one there.
    static func minimumPlace(_ document: ConfigDocument, platform: Platform) -> Result<MinimumPlace, MinimumEditRefusal>

    /// The document's bytes with `minimumApp` written at `place` (every other byte kept), or why not.
    static func rewrite(_ bytes: [UInt8], document: ConfigDocument, place: MinimumPlace, minimumApp: String)
        -> Result<[UInt8], MinimumEditRefusal>

    /// Whether `draft` (the rewritten text, parsed again) is `original` with only the minimum at `place`
    /// changed: the check that an edit of the text landed where it was meant to and nowhere else.
    static func differsOnlyAtMinimum(_ original: ConfigDocument, _ draft: ConfigDocument, place: MinimumPlace)
        -> Bool

    /// The order of minimums as the client compares them (`a` older than `b`).
    static func isOlder(_ a: String, than b: String) -> Bool

    /// The version of a device the client compares with the minimum (Sparkle: the build, else the version).
    static func comparedAppVersion(appBuild: String?, appVersion: String?) -> String?

    /// What the app axis compares, for the reports (`build`).
    static var appKind: String { get }
}

/// Where a rewritable document's minimum goes and what is there now.
package struct MinimumPlace: Sendable, Equatable {
    /// `item[2] (Version 6.2) <sparkle:criticalUpdate sparkle:version>`: said with a draft and in errors.
    package let description: String
    /// The minimum in force today, as written; nil when there is none. A minimum that applies to every version
    /// below the place's own (a critical update without a version) is that version.
    package let live: String?
    /// What the text holds now, as written (nil: nothing; the element or attribute is added).
    package let written: String?
    /// The versions the document itself offers up to the place's own, as written: sweep candidates beside the
    /// fleet's.
    package let documentVersions: [String]
    /// Candidates above this version do what this one does (nothing newer is offered): a sweep stops here.
    package let ceiling: String?
    /// Which of the document's parts it is (an item's index), so a rewritten document can be checked.
    package let index: Int

    package init(
        description: String, live: String?, written: String?, documentVersions: [String], ceiling: String?,
        index: Int
    ) {
        self.description = description
        self.live = live
        self.written = written
        self.documentVersions = documentVersions
        self.ceiling = ceiling
        self.index = index
    }
}
