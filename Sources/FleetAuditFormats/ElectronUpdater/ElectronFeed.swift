/// A feed as electron-updater reads it (`Provider.parseUpdateInfo`, then `AppUpdater.isUpdateAvailable`): the
/// values that decide, or why the client's check throws on the feed.
struct ElectronFeed: Sendable {
    let file: ElectronFeedFile
    /// `semver.parse(info.version)`; nil when the check throws (`rejection` says why).
    let version: NodeSemver?
    let minimumSystemVersion: FeedValue?
    let rollout: ElectronStaging.Rollout
    let stagingPercentage: FeedValue?
    /// Why the client's check throws for every device (the YAML, the document, its version); nil when it reads.
    let rejection: Diagnostic?
    /// Where each top-level key's value stands.
    let locations: [String: SourceLocation]
    /// The top-level keys, in no order.
    let keys: [String]

    init(_ document: TextDocument) {
        let locations = ElectronFeedYAML.locations(document.bytes)
        self.locations = locations
        var rejection: Diagnostic? = nil
        var root: [String: FeedValue] = [:]
        switch ElectronFeedYAML.read(document.bytes) {
        case .failure(let failure):
            var d = Diagnostic(
                "electron.rejected", .error,
                "js-yaml cannot read the feed (\(failure.message)): every check throws ERR_UPDATER_INVALID_UPDATE_INFO and no device is offered the update"
            )
            d.location = failure.location
            rejection = d
        case .success(.mapping(let values)):
            root = values
        case .success(let other):
            rejection = Diagnostic(
                "electron.rejected", .error,
                "the feed is \(other == .null ? "empty" : "not a mapping of keys"): its version is undefined, so every check throws ERR_UPDATER_INVALID_VERSION"
            )
        }
        let downloads = Self.downloadNames(root)
        file =
            ElectronFeedFile.named(document.fileName) ?? ElectronFeedFile.byDownloads(downloads)
            ?? ElectronFeedFile(channel: "latest", platform: .windows, arch: nil, fromName: false)
        minimumSystemVersion = root["minimumSystemVersion"]
        stagingPercentage = root["stagingPercentage"]
        rollout = ElectronStaging.rollout(root["stagingPercentage"])
        version = root["version"].flatMap(NodeSemver.init)
        if rejection == nil, version == nil {
            var d = Diagnostic(
                "electron.rejected", .error,
                "version \(Self.shown(root["version"])) is not a semver version to semver.parse\(Self.versionHint(root["version"])): every check throws ERR_UPDATER_INVALID_VERSION and no device is offered the update",
                path: "version")
            d.location = locations["version"]
            rejection = d
        }
        self.rejection = rejection
        keys = root.keys.sorted()
    }

    /// The downloads the feed lists (`files[].url`, or the legacy `path`).
    static func downloadNames(_ root: [String: FeedValue]) -> [String] {
        var names: [String] = []
        if case .sequence(let files) = root["files"] {
            for case .mapping(let entry) in files { if case .string(let url)? = entry["url"] { names.append(url) } }
        }
        if case .string(let path)? = root["path"] { names.append(path) }
        return names
    }

    /// A value as the client's messages show it (`String(value)`).
    static func shown(_ value: FeedValue?) -> String {
        guard let value else { return "(missing)" }
        switch value {
        case .string(let s): return "\"\(s)\""
        case .number(let x): return "\(x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)") (a YAML number)"
        default: return value.javaScriptString
        }
    }

    private static func versionHint(_ value: FeedValue?) -> String {
        guard case .number = value else { return "" }
        return ": YAML reads an unquoted 1.10 as the number 1.1; write a full version such as \"1.10.0\""
    }

    /// Whether the check reads `minimumSystemVersion` at all (`if (min)`), and the version it compares with when
    /// it can (a value that is not a string, or not a version, makes `semver.lt` throw: every device passes).
    var minimum: NodeSemver? {
        guard let minimumSystemVersion, minimumSystemVersion.isTruthy else { return nil }
        return NodeSemver(minimumSystemVersion)
    }

    var hasMinimum: Bool { minimumSystemVersion?.isTruthy == true }
}
