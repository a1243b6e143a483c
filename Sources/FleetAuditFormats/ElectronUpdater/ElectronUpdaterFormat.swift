/// electron-updater's feeds (docs/formats/electron-updater.md): `latest.yml` (Windows), `latest-mac.yml`,
/// `latest-linux.yml`, `latest-linux-arm64.yml` and their channels' files, YAML read with js-yaml.
package enum ElectronUpdaterFormat: TextConfigFormat {
    package static let name = "electron-updater"
    package static let displayName = "electron-updater feed"
    package static var fileExtensions: [String] { [".yml", ".yaml"] }
    /// A feed lists its own release: `--releases` says nothing to it.
    package static var readsReleases: Bool { false }

    /// A `.yml` or `.yaml` file, or a document without such a name whose lines start with `version:` and with
    /// `files:`, `path:` or `sha512:` (a feed fetched from a URL that does not end in its name).
    package static func recognises(_ document: TextDocument) -> Bool {
        let lowered = document.fileName.lowercased()
        if lowered.hasSuffix(".yml") || lowered.hasSuffix(".yaml") { return true }
        guard document.bytes.count <= ElectronFeedYAML.maximumBytes,
            let first = document.bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }),
            first != UInt8(ascii: "{"), first != UInt8(ascii: "<"), first != UInt8(ascii: "[")
        else { return false }
        let lines = String(decoding: document.bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
        return lines.contains { $0.hasPrefix("version:") }
            && lines.contains { $0.hasPrefix("files:") || $0.hasPrefix("path:") || $0.hasPrefix("sha512:") }
    }

    package static func load(_ document: TextDocument) -> any EvaluableConfig {
        ElectronFeedDocument(document)
    }

}
