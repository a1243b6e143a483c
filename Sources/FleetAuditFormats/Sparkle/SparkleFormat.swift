/// Sparkle appcasts (docs/formats/sparkle.md, SPEC §5.6): an RSS 2.0 feed in the Sparkle namespace, read by
/// Sparkle on macOS and by the Flutter package upgrader where `--appcast-client` says an app uses it.
enum SparkleFormat: ConfigFormat {
    static let name = "sparkle-appcast"
    static let displayName = "Sparkle appcast"
    /// The feed's items are its releases: `--releases` decides nothing for an appcast.
    static let readsReleases = false
    static let fileExtensions = [".xml"]

    /// An XML document whose root element is `rss`.
    static func matches(_ document: ConfigDocument) -> Bool {
        guard case .xml(let root) = document else { return false }
        return root.localName == "rss"
    }

    static func load(_ document: ConfigDocument) -> any EvaluableConfig {
        guard case .xml(let root) = document else { return AppcastDocument(root: nil) }
        return AppcastDocument(root: root)
    }
}
