import Foundation

/// An appcast item as Sparkle 2.x reads it (SUAppcast.m, SUAppcastItem.m @ 2.6.4; 2.9 for its two newer
/// elements). Sparkle 1.x reads the same fields; where it decides differently `SparkleDecision` says so.
/// A class: decisions pass items around in filtered lists, and a struct of this many strings and arrays cost
/// more to copy than the comparisons themselves.
final class SparkleItem: Sendable {
    /// The item's position among every `<item>` of the document: its rule id is `item[index]`.
    let index: Int
    let line: Int
    let title: String?
    let version: String?
    let versionFromFileName: Bool
    let versionElement: String?
    let enclosureVersion: String?
    let shortVersion: String?
    let infoURL: String?
    let hasEnclosure: Bool
    let enclosureURL: String?
    let os: String?
    let isDelta: Bool
    let installationType: String?
    /// Nil: the default channel.
    let channel: String?
    let channelText: String?
    /// `<sparkle:criticalUpdate>`, with its `sparkle:version` (critical below it) when it has one.
    let criticalElement: Bool
    let criticalBelow: String?
    /// The legacy `<sparkle:tags><sparkle:criticalUpdate/></sparkle:tags>`.
    let criticalTag: Bool
    let phasedRolloutInterval: Int?
    let pubDate: Date?
    let pubDateText: String?
    let minimumSystemVersion: String?
    let maximumSystemVersion: String?
    let minimumAutoupdateVersion: String?
    let ignoreSkippedUpgradesBelowVersion: String?
    let minimumUpdateVersion: String?
    let hardwareRequirements: [String]
    let informational: Informational
    /// Why Sparkle rejects the feed because of this item, nil when it does not.
    let rejection: String?
    /// The item's versions split for the comparator, once.
    let split: SplitVersions

    struct SplitVersions: Sendable {
        typealias Parts = SparkleVersionComparator.Parts
        let version: Parts
        let minimumSystemVersion: Parts?
        let maximumSystemVersion: Parts?
        let minimumAutoupdateVersion: Parts?
        let ignoreSkippedUpgradesBelowVersion: Parts?
        let minimumUpdateVersion: Parts?
        let criticalBelow: Parts?
        let informationalBelow: [Parts]
        /// The item's deltas' own versions, by their `sparkle:deltaFrom` text (`SparkleAppcastReading.deltaVersions`).
        var deltaVersions: [String: Parts] = [:]
    }

    enum Informational: Sendable, Equatable {
        case no
        case always
        /// Informational for a host whose version equals one of `equal` or is below one of `below`.
        case forVersions(equal: [String], below: [String])
    }
    init(
        index: Int,
        line: Int,
        title: String?,
        version: String?,
        versionFromFileName: Bool,
        versionElement: String?,
        enclosureVersion: String?,
        shortVersion: String?,
        infoURL: String?,
        hasEnclosure: Bool,
        enclosureURL: String?,
        os: String?,
        isDelta: Bool,
        installationType: String?,
        channel: String?,
        channelText: String?,
        criticalElement: Bool,
        criticalBelow: String?,
        criticalTag: Bool,
        phasedRolloutInterval: Int?,
        pubDate: Date?,
        pubDateText: String?,
        minimumSystemVersion: String?,
        maximumSystemVersion: String?,
        minimumAutoupdateVersion: String?,
        ignoreSkippedUpgradesBelowVersion: String?,
        minimumUpdateVersion: String?,
        hardwareRequirements: [String],
        informational: Informational,
        rejection: String?,
        split: SplitVersions
    ) {
        self.index = index
        self.line = line
        self.title = title
        self.version = version
        self.versionFromFileName = versionFromFileName
        self.versionElement = versionElement
        self.enclosureVersion = enclosureVersion
        self.shortVersion = shortVersion
        self.infoURL = infoURL
        self.hasEnclosure = hasEnclosure
        self.enclosureURL = enclosureURL
        self.os = os
        self.isDelta = isDelta
        self.installationType = installationType
        self.channel = channel
        self.channelText = channelText
        self.criticalElement = criticalElement
        self.criticalBelow = criticalBelow
        self.criticalTag = criticalTag
        self.phasedRolloutInterval = phasedRolloutInterval
        self.pubDate = pubDate
        self.pubDateText = pubDateText
        self.minimumSystemVersion = minimumSystemVersion
        self.maximumSystemVersion = maximumSystemVersion
        self.minimumAutoupdateVersion = minimumAutoupdateVersion
        self.ignoreSkippedUpgradesBelowVersion = ignoreSkippedUpgradesBelowVersion
        self.minimumUpdateVersion = minimumUpdateVersion
        self.hardwareRequirements = hardwareRequirements
        self.informational = informational
        self.rejection = rejection
        self.split = split
    }
}

/// Reads an appcast's items as Sparkle does.
enum SparkleAppcastReading {
    static let namespace = "http://www.andymatuschak.org/xml-namespaces/sparkle"
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// `/rss/channel/item` (SUAppcast.m L87), each with its index among every `item` element of the document.
    static func items(_ root: XMLElementValue, indexes: [ElementPath: Int]) -> [SparkleItem] {
        var out: [SparkleItem] = []
        guard root.qualifiedName == "rss" && root.namespaceURI == nil else { return [] }
        for (c, channel) in root.children.enumerated() where channel.qualifiedName == "channel" {
            for (i, item) in channel.children.enumerated() where item.qualifiedName == "item" {
                guard let index = indexes[ElementPath([c, i])] else { continue }
                out.append(read(item, index: index))
            }
        }
        return out
    }

    /// A name as Sparkle matches it (SUAppcast.m L58-69): `sparkle:LOCAL` in Sparkle's namespace whatever the
    /// prefix, the name as written otherwise.
    static func name(_ element: XMLElementValue) -> String {
        element.namespaceURI == namespace ? "sparkle:\(element.localName)" : element.qualifiedName
    }

    static func name(_ attribute: XMLAttributeValue) -> String {
        attribute.namespaceURI == namespace ? "sparkle:\(attribute.localName)" : attribute.qualifiedName
    }

    /// The child Sparkle reads when a name repeats: the first without `xml:lang` or in English, else the first
    /// (Sparkle picks by the user's language, L208-247; FleetAudit assumes English).
    static func child(_ item: XMLElementValue, _ wanted: String) -> XMLElementValue? {
        let matching = item.children.filter { name($0) == wanted }
        return matching.first { element in
            let lang = element.attributes.first { $0.namespaceURI == xmlNamespace && $0.localName == "lang" }
            return lang == nil || lang!.value.lowercased() == "en" || lang!.value.lowercased().hasPrefix("en-")
        } ?? matching.first
    }

    /// An element's text trimmed of whitespace (L184); an empty element is an empty value, not an absent one
    /// (`<sparkle:version></sparkle:version>` is version "", which every version is newer than).
    static func text(_ item: XMLElementValue, _ wanted: String) -> String? {
        child(item, wanted).map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    static func attribute(_ element: XMLElementValue?, _ wanted: String) -> String? {
        element?.attributes.first { name($0) == wanted }?.value
    }

    static func read(_ item: XMLElementValue, index: Int) -> SparkleItem {
        let enclosure = child(item, "enclosure")
        let enclosureURL = attribute(enclosure, "url")
        let enclosureVersion = attribute(enclosure, "sparkle:version")
        let versionElement = text(item, "sparkle:version")
        var version = enclosureVersion ?? versionElement
        var fromFileName = false
        if version == nil, let url = enclosureURL, let named = fileNameVersion(url) {
            version = named
            fromFileName = true
        }
        let infoURL = text(item, "link").flatMap { webURL($0) }
        let installationType = attribute(enclosure, "sparkle:installationType")
        var rejection: String?
        if version == nil {
            rejection =
                "it has no version (no sparkle:version on its enclosure or as an element, and no _VERSION in its enclosure's file name)"
        } else if enclosure == nil && infoURL == nil {
            rejection = "it has neither an enclosure nor a link to an http or https page"
        } else if enclosure != nil && enclosureURL == nil && infoURL == nil {
            rejection = "its enclosure has no url and it has no link"
        } else if let url = enclosureURL, hasOtherScheme(url) {
            rejection = "its enclosure url \(url) is not an http or https URL Sparkle downloads from"
        } else if let type = installationType, !["application", "package", "interactive-package"].contains(type) {
            rejection = "its sparkle:installationType \(type) is not application, package or interactive-package"
        }
        // An enclosure element without a url still makes the item a download, not an informational update.
        let hasEnclosure = enclosure != nil
        let channelText = text(item, "sparkle:channel")
        let criticalElement = child(item, "sparkle:criticalUpdate")
        let tags = child(item, "sparkle:tags")
        let informationalElement = child(item, "sparkle:informationalUpdate")
        let informational: SparkleItem.Informational
        if infoURL == nil {
            informational = .no
        } else if !hasEnclosure {
            informational = .always
        } else if let element = informationalElement {
            // Children of informationalUpdate are matched by their name as written (L154-181).
            let equal = element.children.filter { $0.qualifiedName == "sparkle:version" }.map {
                $0.text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let below = element.children.filter { $0.qualifiedName == "sparkle:belowVersion" }.map {
                $0.text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            informational = equal.isEmpty && below.isEmpty ? .always : .forVersions(equal: equal, below: below)
        } else {
            informational = .no
        }
        let pubDateText = text(item, "pubDate")
        let minimumSystemVersion = text(item, "sparkle:minimumSystemVersion")
        let maximumSystemVersion = text(item, "sparkle:maximumSystemVersion")
        let minimumAutoupdateVersion = text(item, "sparkle:minimumAutoupdateVersion")
        let ignoreSkippedUpgradesBelowVersion = text(item, "sparkle:ignoreSkippedUpgradesBelowVersion")
        let minimumUpdateVersion = text(item, "sparkle:minimumUpdateVersion")
        let criticalBelow = attribute(criticalElement, "sparkle:version")
        let split = SparkleVersionComparator.split
        var below: [String] = []
        if case .forVersions(_, let list) = informational { below = list }
        return SparkleItem(
            index: index, line: item.line, title: text(item, "title"), version: version,
            versionFromFileName: fromFileName, versionElement: versionElement, enclosureVersion: enclosureVersion,
            shortVersion: attribute(enclosure, "sparkle:shortVersionString")
                ?? text(item, "sparkle:shortVersionString"),
            infoURL: infoURL, hasEnclosure: hasEnclosure, enclosureURL: enclosureURL,
            os: attribute(enclosure, "sparkle:os"), isDelta: attribute(enclosure, "sparkle:deltaFrom") != nil,
            installationType: installationType, channel: channelText.flatMap(validChannel), channelText: channelText,
            criticalElement: criticalElement != nil, criticalBelow: criticalBelow,
            criticalTag: tags?.children.contains { $0.qualifiedName == "sparkle:criticalUpdate" } ?? false,
            phasedRolloutInterval: text(item, "sparkle:phasedRolloutInterval").map(leadingInteger),
            pubDate: pubDateText.flatMap(parseDate), pubDateText: pubDateText,
            minimumSystemVersion: minimumSystemVersion, maximumSystemVersion: maximumSystemVersion,
            minimumAutoupdateVersion: minimumAutoupdateVersion,
            ignoreSkippedUpgradesBelowVersion: ignoreSkippedUpgradesBelowVersion,
            minimumUpdateVersion: minimumUpdateVersion,
            hardwareRequirements: text(item, "sparkle:hardwareRequirements").map {
                $0.lowercased().split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
            } ?? [],
            informational: informational, rejection: rejection,
            split: SparkleItem.SplitVersions(
                version: split(version ?? ""), minimumSystemVersion: minimumSystemVersion.map(split),
                maximumSystemVersion: maximumSystemVersion.map(split),
                minimumAutoupdateVersion: minimumAutoupdateVersion.map(split),
                ignoreSkippedUpgradesBelowVersion: ignoreSkippedUpgradesBelowVersion.map(split),
                minimumUpdateVersion: minimumUpdateVersion.map(split), criticalBelow: criticalBelow.map(split),
                informationalBelow: below.map(split),
                deltaVersions: deltaVersions(item, versionElement: versionElement).mapValues(split)))
    }

    /// SUAppcastItem.m L392-400: the URL's text after its last `_`, without the extension; nil without a `_`.
    static func fileNameVersion(_ url: String) -> String? {
        let pieces = url.components(separatedBy: "_")
        return pieces.count > 1 ? (pieces.last! as NSString).deletingPathExtension : nil
    }

    /// `<sparkle:deltas>` (SUAppcast.m L145-153, SUAppcastItem.m L708-725): each enclosure with a
    /// `sparkle:deltaFrom`, by that text (of two with one text, the last), with the delta's own version — its
    /// `sparkle:version`, else the item's `<sparkle:version>` element, else its file name's `_VERSION`; a delta
    /// with none fails to build and is dropped.
    static func deltaVersions(_ item: XMLElementValue, versionElement: String?) -> [String: String] {
        var out: [String: String] = [:]
        for deltas in item.children where name(deltas) == "sparkle:deltas" {
            for delta in deltas.children where name(delta) == "enclosure" {
                guard let from = attribute(delta, "sparkle:deltaFrom") else { continue }
                let version =
                    attribute(delta, "sparkle:version") ?? versionElement
                    ?? attribute(delta, "url").flatMap(fileNameVersion)
                out[from] = version
            }
        }
        return out
    }

    /// A URL Sparkle accepts for a page: `http` or `https`, a relative one resolved against the feed's (taken as
    /// published over https) — the empty text too, which is the feed's own URL (`URLWithString:relativeToURL:`;
    /// Swift's `URL(string:)` refuses it). Nil for any other scheme or a text that is not a URL.
    static func webURL(_ text: String) -> String? {
        if text.isEmpty { return text }
        guard let url = URL(string: text) else { return nil }
        guard let scheme = url.scheme?.lowercased() else { return text }  // relative: the feed's https
        return scheme == "http" || scheme == "https" ? text : nil
    }

    /// Whether Sparkle rejects an enclosure's url (SUAppcastItem.m L512-531): only for a scheme other than http and
    /// https. Its spaces are `%20` first (L514); an empty or relative url resolves against the feed's URL; and one
    /// NSURL cannot read is nil, whose scheme compares as equal to "http" (a message to nil): kept too.
    static func hasOtherScheme(_ url: String) -> Bool {
        guard let parsed = URL(string: url.replacingOccurrences(of: " ", with: "%20")), let scheme = parsed.scheme
        else { return false }
        return !["http", "https"].contains(scheme.lowercased())
    }

    /// `<sparkle:channel>`: letters, digits, `.`, `_`, `-`; anything else (or empty) is the default channel.
    static func validChannel(_ text: String) -> String? {
        let valid = text.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "." || $0 == "_" || $0 == "-"
        }
        return valid && !text.isEmpty ? text : nil
    }

    /// `integerValue`: a leading optionally signed integer, 0 when none (`1 day` = 1, `day` = 0).
    static func leadingInteger(_ text: String) -> Int {
        var scanner = Substring(text).drop { $0 == " " || $0 == "\t" }
        var sign = 1
        if let first = scanner.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            scanner = scanner.dropFirst()
        }
        var value = 0
        for c in scanner {
            guard let d = c.wholeNumberValue, c.isASCII else { break }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(d)
            if o1 || o2 { return sign > 0 ? Int.max : Int.min }
            value = s
        }
        return sign * value
    }

    /// `E, dd MMM yyyy HH:mm:ss Z` in English (SUAppcastItem.m L302-314); nil otherwise.
    static func parseDate(_ text: String) -> Date? {
        RFC822Date.parse(text) ?? formatterDate(text)
    }

    /// The straight path: the formatter Sparkle's reading amounts to. `RFC822Date` answers the usual form
    /// first; `RFC822DateTests` holds the two to the same dates.
    static func formatterDate(_ text: String) -> Date? {
        pubDateFormat.withLock { $0.date(from: text) }
    }

    /// One formatter for every feed: making one costs more than reading a whole appcast. Used under its lock.
    private static let pubDateFormat = LockedFormatter()

    private final class LockedFormatter: @unchecked Sendable {
        private let formatter: DateFormatter
        private let lock = NSLock()

        init() {
            formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "E, dd MMM yyyy HH:mm:ss Z"
        }

        func withLock<T>(_ body: (DateFormatter) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(formatter)
        }
    }
}

/// The position of an element as the indexes of each step from the root: how items are told apart.
struct ElementPath: Hashable, Sendable {
    let steps: [Int]
    init(_ steps: [Int]) { self.steps = steps }
}
