/// `whatif --from appcast.xml`: the minimum is the critical version of one item — `<sparkle:criticalUpdate
/// sparkle:version="M"/>`, critical for every Mac whose build is below M (SUAppcastItem.m L566-581). The item is
/// the newest by Sparkle's comparator, on the default channel for macOS, among those already critical (else among
/// all): the one a release manager moves. Each candidate is counted by Sparkle's whole decision with M written in,
/// so channels, phasing, other items and major upgrades still decide (docs/commands/whatif.md).
extension SparkleFormat: MinimumRewritable {
    static let appKind = "build"

    static func isOlder(_ a: String, than b: String) -> Bool { SparkleVersionComparator.isOlder(a, than: b) }

    /// What Sparkle compares: `CFBundleVersion` (`app_build`), else `app_version` (`SparkleHost.version`).
    static func comparedAppVersion(appBuild: String?, appVersion: String?) -> String? {
        if let appBuild, !appBuild.isEmpty { return appBuild }
        return appVersion
    }

    static func minimumPlace(_ document: ConfigDocument, platform: Platform) -> Result<MinimumPlace, MinimumEditRefusal>
    {
        guard platform == .macos else {
            return .failure(
                MinimumEditRefusal(
                    "an appcast's critical version is Sparkle's, on macos; upgrader (\(platform.name)) reads only the legacy sparkle:tags flag, which has no version"
                ))
        }
        guard case .xml(let root) = document else { return .failure(MinimumEditRefusal("the document is not XML")) }
        let feed = AppcastDocument(root: root)
        if let rejection = feed.rejection {
            return .failure(MinimumEditRefusal("\(rejection.message): fix the feed first"))
        }
        let offered = feed.sparkleItems.filter {
            ($0.os == nil || $0.os == "macos") && !$0.isDelta && $0.channel == nil && $0.version != nil
        }
        let critical = offered.filter { $0.criticalElement || $0.criticalTag }
        let pool = critical.isEmpty ? offered : critical
        guard var best = pool.first else {
            return .failure(MinimumEditRefusal("no item is offered to macOS on the default channel"))
        }
        // The newest; the first in document order among equal versions, as Sparkle 2 chooses.
        for item in pool.dropFirst() where isOlder(best.version!, than: item.version!) { best = item }
        let version = best.version!
        let live: String? =
            best.criticalElement ? (best.criticalBelow ?? version) : best.criticalTag ? version : nil
        let title = best.title.map { " (\($0))" } ?? ""
        return .success(
            MinimumPlace(
                description: "item[\(best.index)]\(title) <sparkle:criticalUpdate sparkle:version>", live: live,
                written: best.criticalBelow,
                documentVersions: offered.map { $0.version! }.filter { !isOlder(version, than: $0) },
                ceiling: version, index: best.index))
    }

    static func rewrite(_ bytes: [UInt8], document: ConfigDocument, place: MinimumPlace, minimumApp: String)
        -> Result<[UInt8], MinimumEditRefusal>
    {
        func refused(_ why: String) -> Result<[UInt8], MinimumEditRefusal> {
            .failure(MinimumEditRefusal("\(place.description): \(why); edit the feed by hand"))
        }
        guard case .xml(let root) = document else { return refused("the document is not XML") }
        var items: [XMLElementValue] = []
        AppcastDocument.walk(root, path: []) { element, _ in
            if element.qualifiedName == "item" { items.append(element) }
        }
        // The draft is written as UTF-8 text, and so is the new value.
        guard String(validating: bytes, as: UTF8.self) != nil else { return refused("its text is not UTF-8") }
        guard let scan = XMLTagScan(bytes) else { return refused("its text could not be followed tag by tag") }
        let scanned = scan.elements.indices.filter { scan.elements[$0].name == "item" }
        guard scanned.count == items.count, place.index < items.count else {
            return refused("the items of its text are not those the parser read (markup from an entity?)")
        }
        let item = items[place.index]
        let tagged = scan.elements[scanned[place.index]]
        guard tagged.children.count == item.children.count else {
            return refused("the item's text holds other elements than the parser read")
        }
        let value = Array(XMLTagScan.escapedAttribute(minimumApp).utf8)
        guard let prefix = sparklePrefix(in: item) ?? sparklePrefix(in: root) else {
            return refused("no prefix is bound to Sparkle's namespace to write sparkle:version with")
        }
        var out = bytes
        if let critical = SparkleAppcastReading.child(item, "sparkle:criticalUpdate"),
            let position = item.children.firstIndex(of: critical)
        {
            let element = scan.elements[tagged.children[position]]
            guard element.name == critical.qualifiedName else { return refused("its criticalUpdate is not where read") }
            if let k = critical.attributes.firstIndex(where: { SparkleAppcastReading.name($0) == "sparkle:version" }) {
                guard k < element.attributes.count, element.attributes[k].name == critical.attributes[k].qualifiedName
                else { return refused("its criticalUpdate's attributes are not those read") }
                out.replaceSubrange(element.attributes[k].value, with: value)
            } else {
                out.insert(
                    contentsOf: Array(" \(prefix):version=\"".utf8) + value + [UInt8(ascii: "\"")], at: element.nameEnd)
            }
            return .success(out)
        }
        guard let endTag = tagged.endTag else { return refused("the item is an empty element") }
        let element =
            Array("<\(prefix):criticalUpdate \(prefix):version=\"".utf8) + value + Array("\"/>".utf8)
        // On a line of its own, indented as the item's last child, when the item is laid out a child a line.
        if let last = tagged.children.last,
            let indent = XMLTagScan.indentation(bytes, at: scan.elements[last].startTag.lowerBound),
            let closing = XMLTagScan.indentation(bytes, at: endTag.lowerBound)
        {
            out.insert(contentsOf: indent + element + [0x0A], at: endTag.lowerBound - closing.count)
        } else {
            out.insert(contentsOf: element, at: endTag.lowerBound)
        }
        return .success(out)
    }

    static func differsOnlyAtMinimum(_ original: ConfigDocument, _ draft: ConfigDocument, place: MinimumPlace)
        -> Bool
    {
        guard case .xml(let a) = original, case .xml(let b) = draft else { return false }
        return withoutCriticalUpdate(a, item: place.index) == withoutCriticalUpdate(b, item: place.index)
    }

    /// The tree without line numbers and, in the `index`th item, without its `criticalUpdate` elements and the
    /// blank text around its children (an added element brings a line break and an indentation).
    static func withoutCriticalUpdate(_ root: XMLElementValue, item index: Int) -> XMLElementValue {
        var items = 0
        func rebuild(_ element: XMLElementValue) -> XMLElementValue {
            var isTarget = false
            if element.qualifiedName == "item" {
                isTarget = items == index
                items += 1
            }
            let content: [XMLContent] = element.content.compactMap { piece in
                switch piece {
                case .text(let text):
                    return isTarget && text.allSatisfy(\.isWhitespace) ? nil : .text(text)
                case .element(let child):
                    if isTarget && SparkleAppcastReading.name(child) == "sparkle:criticalUpdate" { return nil }
                    return .element(rebuild(child))
                }
            }
            return XMLElementValue(
                localName: element.localName, prefix: element.prefix, namespaceURI: element.namespaceURI,
                attributes: element.attributes, content: content, line: 0)
        }
        return rebuild(root)
    }

    /// A prefix bound to Sparkle's namespace where `element` is (from its own names or its descendants').
    private static func sparklePrefix(in element: XMLElementValue) -> String? {
        if element.namespaceURI == SparkleAppcastReading.namespace, let p = element.prefix { return p }
        for a in element.attributes where a.namespaceURI == SparkleAppcastReading.namespace && a.prefix != nil {
            return a.prefix
        }
        for child in element.children { if let p = sparklePrefix(in: child) { return p } }
        return nil
    }
}
