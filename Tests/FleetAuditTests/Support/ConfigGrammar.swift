import Foundation

/// Random documents of a format in the grammar release managers write, mistakes included: values of the wrong
/// type, odd version texts, typos, elements that are not objects, a comma left before `]` or `}`. Each document
/// is small, so a failure names a case a person can read. The test suite feeds them to the engine's conformance
/// check (`EngineConformanceTests`: the audit's path, which `explain` shares, against each device evaluated on its
/// own); locally, the same grammar feeds the differential runs against the clients' own code.
enum ConfigGrammar {
    /// A JSON value to render; `raw` is literal JSON text.
    indirect enum Node {
        case raw(String)
        case array([Node])
        case object([(String, Node)])
    }

    /// The text of `node`; now and then with a comma before a closing `]` or `}`, as hand-edited files have.
    static func text(_ node: Node, rng: inout SeededGenerator) -> String {
        switch node {
        case .raw(let literal): return literal
        case .array(let items):
            let body = items.map { text($0, rng: &rng) }.joined(separator: ", ")
            return "[" + body + (!items.isEmpty && rng.next() % 12 == 0 ? "," : "") + "]"
        case .object(let pairs):
            let body = pairs.map { "\"\($0.0)\": " + text($0.1, rng: &rng) }.joined(separator: ", ")
            return "{" + body + (!pairs.isEmpty && rng.next() % 25 == 0 ? "," : "") + "}"
        }
    }

    private static func pick<T>(_ choices: [T], _ rng: inout SeededGenerator) -> T {
        choices[Int(rng.next() % UInt64(choices.count))]
    }
    private static func chance(_ oneIn: UInt64, _ rng: inout SeededGenerator) -> Bool { rng.next() % oneIn == 0 }
    private static func raw(_ choices: [String], _ rng: inout SeededGenerator) -> Node { .raw(pick(choices, &rng)) }

    // MARK: PrinceOfVersions

    static func princeOfVersions(rng: inout SeededGenerator) -> String {
        var root: [(String, Node)] = []
        if chance(2, &rng) { root.append(("android2", povPlatform(android: true, rng: &rng))) }
        if chance(4, &rng) { root.append(("android", povPlatform(android: true, rng: &rng))) }
        if chance(2, &rng) { root.append(("ios2", povPlatform(android: false, rng: &rng))) }
        if chance(5, &rng) { root.append(("macos2", povPlatform(android: false, rng: &rng))) }
        if root.isEmpty { root.append(("android2", povPlatform(android: true, rng: &rng))) }
        if chance(3, &rng) { root.append(("meta", .object([("owner", .raw("\"release\"")), ("n", .raw("1"))]))) }
        if chance(6, &rng) { root.append(("android", povLegacy(rng: &rng))) }
        // The Apple clients convert keys from snake case (`ios_2` is `ios2`); Android reads exact keys.
        root = root.map { chance(12, &rng) ? (pick(["ios_2", "IOS_2", "android_2", "Ios2"], &rng), $0.1) : $0 }
        let document = text(.object(root), rng: &rng)
        return chance(4, &rng) ? mutated(document, rng: &rng) : document
    }

    /// A legacy (before 4.0) object: java-semver versions, 32-bit overflow and pre-release identifiers it compares
    /// as text (11-digit numbers, a leading `-`) included.
    private static func povLegacy(rng: inout SeededGenerator) -> Node {
        let versions = [
            "\"2.0.0\"", "\"1.0.0\"", "\"2147483648.0.0\"", "\"2147483647.0.0\"", "\"1.0.0-rc.10000000000\"",
            "\"1.0.0-rc.2\"", "\"1.0.0--a\"", "\"1.0.0-5\"", "\"1.2\"", "\"\"", "null", "\"1.0.99999999999\"",
        ]
        var pairs: [(String, Node)] = [("minimum_version", raw(versions, &rng))]
        if chance(2, &rng) { pairs.append(("minimum_version_min_sdk", raw(["21", "\"21\"", "0", "1e400"], &rng))) }
        if chance(2, &rng) {
            pairs.append(
                (
                    "latest_version",
                    .object([
                        ("version", raw(versions, &rng)),
                        ("notification_type", raw(["\"ALWAYS\"", "\"ONCE\"", "1"], &rng)),
                    ])
                ))
        }
        return .object(pairs)
    }

    /// One of the mutations the independent generators of issue 66 made and this grammar did not: a `//` or `#`
    /// line comment, a raw line break in a string, a number beyond a double or of 20 digits, `;` (org.json's
    /// other separator) for a comma.
    static func mutated(_ text: String, rng: inout SeededGenerator) -> String {
        var chars = Array(text)
        func positions(_ wanted: Character) -> [Int] { chars.indices.filter { chars[$0] == wanted } }
        func any(_ list: [Int]) -> Int? { list.isEmpty ? nil : pick(list, &rng) }
        switch rng.next() % 5 {
        case 0, 1:
            guard let comma = any(positions(",")) else { return text }
            chars.insert(contentsOf: pick([" // note\n", " # note\n", " /* note */ "], &rng), at: comma + 1)
        case 2:
            guard let quote = any(positions("\"")) else { return text }
            chars.insert(contentsOf: pick(["\n", "\r\n"], &rng), at: quote + 1)
        case 3:
            let digits = chars.indices.filter { chars[$0].isNumber && ($0 == 0 || !chars[$0 - 1].isNumber) }
            guard let start = any(digits) else { return text }
            var end = start
            while end < chars.count, chars[end].isNumber { end += 1 }
            chars.replaceSubrange(start..<end, with: pick(["1e400", "12345678901234567890", "2147483648"], &rng))
        default:
            guard let comma = any(positions(",")) else { return text }
            chars[comma] = ";"
        }
        return String(chars)
    }

    private static func povPlatform(android: Bool, rng: inout SeededGenerator) -> Node {
        let entries = (0..<(1 + Int(rng.next() % 4))).map { _ -> Node in
            chance(10, &rng) ? raw(["\"oops\"", "5", "null", "[]"], &rng) : povEntry(android: android, rng: &rng)
        }
        return chance(8, &rng) ? entries[0] : .array(entries)
    }

    private static func povEntry(android: Bool, rng: inout SeededGenerator) -> Node {
        let versions =
            android
            ? ["5", "12", "20", "2147483647", "3000000000", "\"12\"", "12.0", "12.5", "null", "-1", "1E1"]
            : ["\"1.2\"", "\"1.2.0-4\"", "\"1.2.0-4-5\"", "\"2.0\"", "\"v1.2\"", "\"\"", "1.2", "null", "\"10.3.1\""]
        var pairs: [(String, Node)] = []
        // Now and then another spelling of a key, as the Apple clients' snake-case conversion reads it (or not).
        func spelt(_ key: String) -> String {
            guard chance(10, &rng) else { return key }
            let words = key.split(separator: "_")
            let camel = String(words[0]) + words.dropFirst().map { $0.capitalized }.joined()
            return pick([camel, key.uppercased(), camel.prefix(1).uppercased() + String(camel.dropFirst())], &rng)
        }
        if !chance(4, &rng) { pairs.append((spelt("required_version"), raw(versions, &rng))) }
        if !chance(3, &rng) { pairs.append((spelt("last_version_available"), raw(versions, &rng))) }
        if chance(3, &rng) {
            pairs.append(
                (
                    spelt("notify_last_version_frequency"),
                    raw(["\"ALWAYS\"", "\"always\"", "\"ONCE\"", "\"weekly\"", "1", "null"], &rng)
                ))
        }
        if !chance(3, &rng) {
            var requirements: [(String, Node)] = []
            if !chance(3, &rng) {
                let os =
                    android
                    ? [
                        "21", "\"21\"", "\" 21\"", "\"+24\"", "\"5.0\"", "\"abc\"", "99999999999", "21.0", "null", "30",
                        "\"26\"",
                    ]
                    : ["\"13.0\"", "\"15\"", "13", "\"abc\"", "null", "\"17.4.1\""]
                requirements.append(("required_os_version", raw(os, &rng)))
            }
            if chance(2, &rng) {
                requirements.append(
                    (
                        pick(["region", "Region", "free_memory"], &rng),
                        raw(
                            [
                                "\"GB\"", "\"gb\"", "\"DE\"", "5", "true", "{\"in\": [\"GB\"]}", "[\"GB\"]", "null",
                                "\"5.0\"",
                            ], &rng)
                    ))
            }
            pairs.append(
                ("requirements", chance(10, &rng) ? raw(["\"GB\"", "[]", "null"], &rng) : .object(requirements)))
        }
        if chance(4, &rng) {
            pairs.append(("meta", chance(4, &rng) ? .raw("{\"nested\": {\"a\": 1}}") : .raw("{\"campaign\": \"x\"}")))
        }
        return .object(pairs)
    }

    // MARK: Turkcell Updater

    static func turkcell(rng: inout SeededGenerator) -> String {
        var root: [(String, Node)] = [
            (
                "packageName",
                raw(
                    [
                        "\"com.turkcell.app\"", "\"com.turkcell.app\"", "\" com.turkcell. app \"", "\"\"",
                        "\"com.other\"", "\"  \"", "5",
                    ], &rng)
            )
        ]
        if !chance(4, &rng) {
            let updates = (0..<Int(rng.next() % 4)).map { _ -> Node in
                chance(10, &rng) ? raw(["\"x\"", "5", "null"], &rng) : turkcellUpdate(rng: &rng)
            }
            root.append(("updates", chance(12, &rng) && !updates.isEmpty ? updates[0] : .array(updates)))
        }
        if chance(2, &rng) {
            root.append(
                (
                    "messages",
                    .array(
                        (0..<(1 + Int(rng.next() % 2))).map { _ -> Node in
                            chance(10, &rng) ? raw(["\"x\"", "5"], &rng) : turkcellMessage(rng: &rng)
                        })
                ))
        }
        let document = text(.object(root), rng: &rng)
        return chance(4, &rng) ? mutated(document, rng: &rng) : document
    }

    private static func turkcellFilters(_ rng: inout SeededGenerator) -> Node {
        let keys = [
            "appVersionName", "appVersionCode", "deviceOsVersion", "deviceApiLevel", "deviceModel", "deviceLanguage",
            "deviceIsTablet", "deviceOsName", "updaterLevel", "region",
        ]
        let rules = [
            "\"1.*\"", "\"!3\"", "\"3,4\"", "\">=6\"", "\"<7\"", "\"*\"", "\"\"", "\" 1.0 \"", "\"1.0,!1.0\"",
            "\"a, !b, !c\"",
            "\"android\"", "\"iOS\"", "\"tr\"", "\"true\"", "\"SM-*\"", "\"GB\"", "\">=3\"", "null", "5",
        ]
        return .object((0..<Int(rng.next() % 3)).map { _ in (pick(keys, &rng), raw(rules, &rng)) })
    }

    private static func turkcellDescriptions(_ rng: inout SeededGenerator) -> Node {
        let text = [
            "{\"message\": \"m\", \"whatIsNew\": \"w\", \"warnings\": \"x\"}", "{\"message\": \"m\"}",
            "{\"title\": \"t\"}",
            "\"Yeni sürüm\"", "null", "{\"message\": 5, \"whatIsNew\": \"w\", \"warnings\": \"x\"}",
            "{\"message\": \"\"}",
        ]
        return .object(
            [(pick(["*", "*", "tr", "en"], &rng), raw(text, &rng))] + (chance(3, &rng) ? [("*", raw(text, &rng))] : []))
    }

    private static func turkcellUpdate(rng: inout SeededGenerator) -> Node {
        var pairs: [(String, Node)] = []
        if chance(4, &rng) == false || chance(2, &rng) { pairs.append(("filters", turkcellFilters(&rng))) }
        if !chance(5, &rng) {
            pairs.append(
                ("targetVersionCode", raw(["5", "\"5\"", "5.9", "\"7d\"", "-1", "null", "9", "13", "\"abc\""], &rng)))
        }
        if chance(2, &rng) { pairs.append(("descriptions", turkcellDescriptions(&rng))) }
        let urls = [
            "\"https://example.com/app\"", "\" https://example.com/app \"", "\"market://details?id=x\"", "\"\"",
            "\" \"", "null", "5", "\"www.example.com\"",
        ]
        if chance(2, &rng) { pairs.append(("targetWebsiteUrl", raw(urls, &rng))) }
        if chance(3, &rng) { pairs.append(("targetPackageUrl", raw(urls, &rng))) }
        if chance(3, &rng) { pairs.append(("targetGooglePlay", raw(["true", "\"true\"", "false", "1"], &rng))) }
        let flags = ["true", "false", "\"true\"", "\"1\"", "1", "\"yes\"", "\"TRUE\"", "2", "null", "\"false\""]
        if chance(2, &rng) { pairs.append(("forceUpdate", raw(flags, &rng))) }
        if chance(3, &rng) { pairs.append(("forceExit", raw(flags, &rng))) }
        if chance(5, &rng) { pairs.append(("maxDisplayCount", raw(["0", "-1", "3", "\"5\""], &rng))) }
        return .object(pairs)
    }

    private static func turkcellMessage(rng: inout SeededGenerator) -> Node {
        var pairs: [(String, Node)] = []
        if chance(2, &rng) { pairs.append(("filters", turkcellFilters(&rng))) }
        pairs.append(("descriptions", turkcellDescriptions(&rng)))
        let dates = [
            "\"2026-11-01\"", "\"2026-12-01 10:00\"", "\"2026-11-19T23:00\"", "\"2026-1-5\"", "\"2026-11-31\"",
            "\"2026-11-20 10:00+0300\"", "\"18/11/2026\"", "null",
        ]
        if chance(2, &rng) { pairs.append(("displayAfterDate", raw(dates, &rng))) }
        if chance(2, &rng) { pairs.append(("displayBeforeDate", raw(dates, &rng))) }
        if chance(3, &rng) { pairs.append(("maxDisplayCount", raw(["0", "1", "3", "\"500\""], &rng))) }
        if chance(3, &rng) { pairs.append(("displayPeriodInHours", raw(["0", "24", "\"2\""], &rng))) }
        if chance(4, &rng) { pairs.append(("targetGooglePlay", .raw("true"))) }
        if chance(4, &rng) {
            pairs.append(("targetPackageName", raw(["\"com.turkcell.app\"", "\"com.other\"", "\" \""], &rng)))
        }
        if chance(4, &rng) {
            pairs.append(("targetWebsiteUrl", raw(["\"https://example.com\"", "null", "\"market://x\""], &rng)))
        }
        return .object(pairs)
    }
}
