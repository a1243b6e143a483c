/// What an appcast's author should know about the document itself, whatever the fleet (SPEC §5.6).
enum AppcastDiagnostics {
    static func document(_ items: [SparkleItem], _ upgraderItems: [UpgraderItem], prefixes: Set<String>) -> [Diagnostic]
    {
        var out: [Diagnostic] = []
        func add(_ code: String, _ item: SparkleItem, _ message: String) {
            out.append(
                AppcastDocument.located(
                    Diagnostic(code, .warning, "item[\(item.index)] \(message)", path: "item[\(item.index)]"),
                    line: item.line))
        }
        var seen: [String: Int] = [:]
        for item in items {
            if let a = item.enclosureVersion, let b = item.versionElement, a != b {
                add(
                    "sparkle.versionMismatch", item,
                    "has sparkle:version \(a) on its enclosure and <sparkle:version>\(b)</sparkle:version>: Sparkle reads \(a), upgrader \(b)"
                )
            }
            if item.versionFromFileName, let version = item.version {
                add(
                    "sparkle.versionFromFileName", item,
                    "has no sparkle:version: Sparkle reads \(version) from its file name")
            }
            if let version = item.version {
                if let first = seen[version] {
                    add(
                        "sparkle.duplicateVersion", item,
                        "has version \(version), as item[\(first)] has: Sparkle 2 offers item[\(first)], Sparkle 1 the later one"
                    )
                } else {
                    seen[version] = item.index
                }
                if let order = versionOrder(version) {
                    add("sparkle.versionOrder", item, "has version \(version): \(order)")
                }
            }
            if let os = item.os, os != os.lowercased() {
                add(
                    "sparkle.osValue", item,
                    "has sparkle:os \(os): Sparkle offers an item to a Mac only for exactly macos; upgrader ignores case"
                )
            }
            if let minimum = item.minimumSystemVersion, let maximum = item.maximumSystemVersion,
                SparkleVersionComparator.isOlder(maximum, than: minimum)
            {
                add(
                    "sparkle.itemNeverOffered", item,
                    "needs macOS ≥ \(minimum) and ≤ \(maximum): no Mac is offered it")
            }
            if item.phasedRolloutInterval != nil, item.pubDate == nil {
                add(
                    "sparkle.pubDateUnparsable", item,
                    item.pubDateText.map {
                        "has a phased rollout and a pubDate Sparkle cannot parse (\($0)): every group is offered it at once"
                    }
                        ?? "has a phased rollout and no pubDate: every group is offered it at once")
            }
        }
        let versions = items.compactMap(\.version)
        let single = versions.filter { $0.allSatisfy(\.isNumber) }
        let dotted = versions.filter { $0.contains(".") }
        if let a = single.first, let b = dotted.first {
            out.append(
                Diagnostic(
                    "sparkle.mixedVersionSchemes", .warning,
                    "the feed has build numbers (\(a)) and dotted versions (\(b)): Sparkle orders \(a) above \(b)"))
        }
        if !items.isEmpty, items.allSatisfy({ $0.minimumUpdateVersion != nil }) {
            let lowest = items.compactMap(\.minimumUpdateVersion).min {
                SparkleVersionComparator.isOlder($0, than: $1)
            }!
            out.append(
                Diagnostic(
                    "sparkle.noPathBelowMinimumUpdateVersion", .warning,
                    "every item has a minimumUpdateVersion: apps below \(lowest) are offered nothing by Sparkle 2.9"))
        }
        let otherPrefixes = prefixes.subtracting(["sparkle"]).sorted()
        if !otherPrefixes.isEmpty {
            let shown = otherPrefixes.map { $0.isEmpty ? "the default namespace" : "prefix \($0)" }
            out.append(
                Diagnostic(
                    "upgrader.namespacePrefix", .warning,
                    "the Sparkle namespace is written with \(shown.joined(separator: ", ")): upgrader reads only names written sparkle:"
                ))
        }
        let lines = Dictionary(uniqueKeysWithValues: items.map { ($0.index, $0.line) })
        for item in upgraderItems where item.parsedVersion == nil {
            let line = lines[item.index] ?? 0
            out.append(
                AppcastDocument.located(
                    Diagnostic(
                        "upgrader.versionUnparsable", .warning,
                        "item[\(item.index)] has version \"\(item.version)\", which upgrader cannot parse",
                        path: "item[\(item.index)]"), line: line))
        }
        return out
    }

    /// Why Sparkle would order `version` otherwise than it reads, nil when it would not.
    static func versionOrder(_ version: String) -> String? {
        if let dash = version.dropFirst().firstIndex(of: "-") {
            return "Sparkle ignores everything from the '-' on, so it equals \(version[..<dash])"
        }
        let parts = SparkleVersionComparator.split(version)
        for (i, part) in parts.enumerated() where part.kind == .separator && !part.isPeriod {
            if i + 1 < parts.count, parts[i + 1].kind == .string {
                return "a word after a space or punctuation makes it newer than the release it precedes"
            }
        }
        return nil
    }
}
