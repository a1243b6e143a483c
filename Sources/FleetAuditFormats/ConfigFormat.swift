import Foundation

/// A config format that FleetAudit can evaluate. Adding one means a folder with a type conforming to this
/// protocol and one line in `FormatRegistry.formats`; nothing else changes.
package protocol ConfigFormat: Sendable {
    /// Stable name used by `--format` and in reports (`nhs-availability`).
    static var name: String { get }
    /// A name for people (`NHS COVID-19 app availability`).
    static var displayName: String { get }
    /// Whether a document (its top-level keys, its root element) says it is of this format.
    static func matches(_ document: ConfigDocument) -> Bool
    /// Reads a document. Never fails: what a client would reject becomes diagnostics and outcomes. Called
    /// with a document of the kind the format matches (or forced with `--format`).
    static func load(_ document: ConfigDocument) -> any EvaluableConfig
    /// The keys its clients read, to report misspelt ones (nil: not checked).
    static var keySchema: KeySchema? { get }
    /// Whether its client's forced update depends on what the stores publish (`--releases`); false for a feed that
    /// lists its own releases (an appcast). True by default.
    static var readsReleases: Bool { get }
    /// The file name endings `--config-dir` picks up for this format (lower case, with the dot).
    static var fileExtensions: [String] { get }
}

extension ConfigFormat {
    package static var keySchema: KeySchema? { nil }
    package static var readsReleases: Bool { true }
    package static var fileExtensions: [String] { [".json"] }
}

/// A config document as parsed: JSON, XML for the formats whose clients read XML (appcasts), or the text itself for
/// a format whose clients read another syntax (electron-updater's YAML), which the format parses as its client does.
package enum ConfigDocument: Sendable {
    case json(JSONValue)
    case xml(XMLElementValue)
    case text(TextDocument)

    /// The JSON value (an XML document reads as JSON `null`: no JSON format finds a key in it).
    package var json: JSONValue {
        if case .json(let value) = self { return value }
        return .null
    }
}

/// A document of a format that reads its own syntax: its bytes, and the name of the file or of the URL's last path
/// part (a client may choose its file by name: electron-updater's `latest-mac.yml`).
package struct TextDocument: Sendable {
    package let bytes: [UInt8]
    package let fileName: String
    package init(bytes: [UInt8], fileName: String) {
        self.bytes = bytes
        self.fileName = fileName
    }
}

/// A format whose documents are neither JSON nor XML: it recognises its documents by name and content, and parses
/// them itself (locating its own diagnostics).
package protocol TextConfigFormat: ConfigFormat {
    /// Whether `document` is of this format; asked before the JSON and XML parsers.
    static func recognises(_ document: TextDocument) -> Bool
    static func load(_ document: TextDocument) -> any EvaluableConfig
}

extension TextConfigFormat {
    package static func matches(_ document: ConfigDocument) -> Bool {
        guard case .text(let text) = document else { return false }
        return recognises(text)
    }

    package static func load(_ document: ConfigDocument) -> any EvaluableConfig {
        guard case .text(let text) = document else { return load(TextDocument(bytes: [], fileName: "")) }
        return load(text)
    }
}

/// A format whose documents are JSON objects: recognised by their top-level keys.
package protocol JSONConfigFormat: ConfigFormat {
    /// Whether a document's top-level keys say it is of this format.
    static func matches(_ root: JSONObject) -> Bool
    /// Reads a JSON document (any value: a forced `--format` may hand it a non-object).
    static func load(_ root: JSONValue) -> any EvaluableConfig
    /// A document strict JSON refuses (at `refusal`), as this format's clients still read it (their parser is more
    /// lenient than JSON), and who they are, for the `config.notStrictJSON` warning; nil when they refuse it too.
    /// The loader asks only after the strict parse failed.
    static func clientReading(nonStrict bytes: [UInt8], refusedAt refusal: JSONSyntaxError) -> (
        root: JSONValue, readers: String
    )?
}

extension JSONConfigFormat {
    package static func matches(_ document: ConfigDocument) -> Bool {
        guard case .json(let root) = document, let object = root.objectValue else { return false }
        return matches(object)
    }

    package static func load(_ document: ConfigDocument) -> any EvaluableConfig { load(document.json) }

    package static func clientReading(nonStrict bytes: [UInt8], refusedAt refusal: JSONSyntaxError) -> (
        root: JSONValue, readers: String
    )? { nil }
}

/// A loaded document, ready to evaluate profiles.
package protocol EvaluableConfig: Sendable {
    /// Platforms the document has rules for.
    var platforms: [Platform] { get }
    /// Platforms some rule can decide a device of: narrower than `platforms` where a rule filters on the platform
    /// (a Turkcell entry for `deviceOsName` android decides no iOS device, whose SDK still reads the document).
    var decidingPlatforms: [Platform] { get }
    /// Every rule, in the order the client checks them.
    var rules: [RuleInfo] { get }
    /// Notices (messages that decide nothing) the document can show.
    var notices: [NoticeInfo] { get }
    /// Problems found in the document itself.
    var diagnostics: [Diagnostic] { get }
    /// Inventory fields this document reads beyond the core ones.
    var needs: ProfileNeeds { get }
    /// The app packages the document is for, when it names them (its other devices are notTargeted).
    var packageNames: [String] { get }
    /// Attributes among `needs` that are the device's own history (a message's display count, the version last
    /// notified), whose absence the client defines ("never"): an inventory without them is not a mistake.
    var deviceHistory: [String] { get }
    func evaluate(_ profile: any Device, context: EvaluationContext) -> Decision
    /// An evaluator for one worker's profiles (`ProfileEvaluator`); by default one that keeps nothing.
    func evaluator(context: EvaluationContext) -> any ProfileEvaluator
    /// What the document can tell apart among the values of attribute `attribute` (normalized) on
    /// `platform`: a key per value (nil: the device has none), equal for values that decide the same for
    /// every device (a PrinceOfVersions requirement `"region": "GB-ENG"` tells GB-ENG from every other
    /// region, nothing more). The audit evaluates one value of each such class (`AttributeClasses`). Nil, the
    /// default: any two values may decide differently.
    func attributeClass(platform: Platform, attribute: String, options: FormatOptions) -> (
        @Sendable (String?) -> String
    )?
    /// What the document does to the fleet as a whole that no one device's decision says (an appcast item on a
    /// channel no Mac allows): asked once per run of the fleet's values (`FleetValues`) of the fields the
    /// document reads. None by default.
    func fleetDiagnostics(_ fleet: any FleetValues) -> [Diagnostic]
    /// The instants after `date` at which the document's decisions change with time alone (a phased rollout
    /// reaching one more update group), earliest first: `plan` shows the draft's reach at each. None by default.
    func laterDecisionInstants(after date: Date, options: FormatOptions) -> [Date]
}

/// The fleet as a document may ask about it as a whole (`EvaluableConfig.fleetDiagnostics`): devices per distinct
/// value of fields it reads, counted by the engine.
package protocol FleetValues {
    /// Devices of `platform` per distinct combination of the values of `fields` (at most four; nil: none), of
    /// the profiles with devices, in the order each combination first occurs among them.
    func devices(on platform: Platform, by fields: [DeviceField]) -> [(values: [String?], devices: Int64)]
    /// The name of every config in the run (a file's name, a URL's last path segment), so a config can say which
    /// devices read a document the run does not hold (an electron-updater feed of another channel).
    var configNames: [String] { get }
}

extension EvaluableConfig {
    package func fleetDiagnostics(_ fleet: any FleetValues) -> [Diagnostic] { [] }
    package func laterDecisionInstants(after date: Date, options: FormatOptions) -> [Date] { [] }
    package var notices: [NoticeInfo] { [] }
    package var decidingPlatforms: [Platform] { platforms }
    package var needs: ProfileNeeds { ProfileNeeds() }
    package var packageNames: [String] { [] }
    package var deviceHistory: [String] { [] }
    package func evaluator(context: EvaluationContext) -> any ProfileEvaluator {
        StatelessEvaluator(self, context: context)
    }
    package func attributeClass(platform: Platform, attribute: String, options: FormatOptions) -> (
        @Sendable (String?) -> String
    )? { nil }
}

/// A rule's stable id and a one-line summary for reports.
package struct RuleInfo: Equatable, Sendable {
    package let id: String
    package let summary: String
    /// Metadata the client hands the app with this rule (PrinceOfVersions: global meta merged with the
    /// rule's own, the rule winning); nil when the format has none.
    package let meta: JSONValue?
    /// What names the rule across edits of its document, for `plan`: an appcast item is its version (a draft that
    /// inserts an item at the top moves every item's position, not its meaning). Nil: the id is that name.
    package let pairingKey: String?
    /// A rule that holds devices back from an update until their stage comes (a staged rollout): a device that
    /// leaves it for the update was let in, which `plan` says beside its outcome order's "worse".
    package let stagesRollout: Bool
    package init(
        id: String, summary: String, meta: JSONValue? = nil, pairingKey: String? = nil, stagesRollout: Bool = false
    ) {
        self.id = id
        self.summary = summary
        self.meta = meta
        self.pairingKey = pairingKey
        self.stagesRollout = stagesRollout
    }

    /// The name `plan` pairs the rule by.
    package var pairedAs: String { pairingKey ?? id }
}

/// A notice's stable id and kind (`message`, `info`, `rating`).
package struct NoticeInfo: Equatable, Sendable {
    package let id: String
    package let kind: String
    package init(id: String, kind: String) {
        self.id = id
        self.kind = kind
    }
}

/// What evaluation may consult besides the profile.
package struct EvaluationContext: Sendable {
    package var releases: Releases?
    /// The audit instant (`--as-of`).
    package var asOf: Date
    /// Whether `asOf` came from `--as-of` (OSAM then ignores the document's own `serverDate`).
    package var asOfIsExplicit: Bool
    package var options: FormatOptions
    /// The memory the evaluators of one worker share; set by the engine on the copy of the context it gives a
    /// worker's evaluators, nil elsewhere (a format then works everything out for each config).
    package var worker: WorkerMemory?

    package init(
        releases: Releases? = nil, asOf: Date = Date(), asOfIsExplicit: Bool = false,
        options: FormatOptions = FormatOptions()
    ) {
        self.releases = releases
        self.asOf = asOf
        self.asOfIsExplicit = asOfIsExplicit
        self.options = options
    }
}
