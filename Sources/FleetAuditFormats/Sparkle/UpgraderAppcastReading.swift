import Foundation

/// An appcast item as the Flutter package upgrader reads it (lib/src/appcast.dart L129-243 @ fd0c578).
struct UpgraderItem: Sendable {
    let index: Int
    /// The last `<sparkle:version>` element's text, untrimmed, else the enclosure's `sparkle:version`.
    let version: String
    let parsedVersion: UpgraderVersion?
    let fileURL: String?
    let os: String?
    let minimumSystemVersion: String?
    let maximumSystemVersion: String?
    let minimumUpdateVersion: String?
    let isCritical: Bool
}

enum UpgraderAppcastReading {
    /// Every `item` element (`findAllElements('item')`), in document order, with its index; items without a
    /// version are dropped (their index is not reused). Names are compared as written: only the `sparkle:`
    /// prefix is read.
    static func items(_ all: [XMLElementValue]) -> [UpgraderItem] {
        all.enumerated().compactMap { index, element in read(element, index: index) }
    }

    static func read(_ element: XMLElementValue, index: Int) -> UpgraderItem? {
        var itemVersion: String?
        var enclosureVersion: String?
        var fileURL: String?
        var os: String?
        var minimumSystemVersion: String?
        var maximumSystemVersion: String?
        var minimumUpdateVersion: String?
        var tags: [String] = []
        // Each child in order, a later one overwriting what an earlier one set (L149-214).
        for child in element.children {
            switch child.qualifiedName {
            case "enclosure":
                for attribute in child.attributes {
                    switch attribute.qualifiedName {
                    case "sparkle:version": enclosureVersion = attribute.value
                    case "sparkle:os": os = attribute.value
                    case "url": fileURL = attribute.value
                    default: break
                    }
                }
            case "sparkle:maximumSystemVersion": maximumSystemVersion = child.text
            case "sparkle:minimumSystemVersion": minimumSystemVersion = child.text
            case "sparkle:minimumUpdateVersion":
                let text = child.text.trimmingCharacters(in: .whitespacesAndNewlines)
                minimumUpdateVersion = text.isEmpty ? nil : text
            case "sparkle:tags":
                tags += child.children.map(\.qualifiedName)
            case "sparkle:version": itemVersion = child.text
            default: break
            }
        }
        guard let version = itemVersion ?? enclosureVersion, !version.isEmpty else { return nil }
        return UpgraderItem(
            index: index, version: version, parsedVersion: UpgraderVersion(version), fileURL: fileURL, os: os,
            minimumSystemVersion: minimumSystemVersion, maximumSystemVersion: maximumSystemVersion,
            minimumUpdateVersion: minimumUpdateVersion, isCritical: tags.contains("sparkle:criticalUpdate"))
    }
}
