/// PrinceOfVersions (infinum): v4 documents (`ios`/`ios2`, `macos`/`macos2`, `android`/`android2`, `meta`)
/// and the legacy objects read by clients before 4.0 (docs/formats/princeofversions.md).
enum PrinceOfVersionsFormat: JSONConfigFormat {
    static let name = "princeofversions"
    static let displayName = "PrinceOfVersions"
    static let platformKeys = ["ios", "ios2", "macos", "macos2", "android", "android2"]

    static func matches(_ root: JSONObject) -> Bool {
        // The iOS and macOS clients read `ios_2` as `ios2` (`PoVAppleDecoding.convertFromSnakeCase`).
        platformKeys.contains { root[$0] != nil }
            || root.keys.contains {
                ["ios", "ios2", "macos", "macos2"].contains(PoVAppleDecoding.convertFromSnakeCase($0))
            }
    }

    static func load(_ root: JSONValue) -> any EvaluableConfig {
        PrinceOfVersionsDocument(root.objectValue ?? JSONObject())
    }

    /// The Android client parses with org.json, which reads much that is not JSON (`OrgJSONReader`); the iOS and
    /// macOS clients parse with Foundation and reject such a document (`pov.ios.jsonRejected`, `PoVPlatformView.apple`).
    /// Before org.json sees it, the Android loader joins the body's lines with nothing between them
    /// (`StreamIo.toString` L40-44, `BufferedReader.readLine` then `append(line)`, in 3.0.0 and 4.x): a `//` or `#`
    /// comment, which org.json skips to the end of its line, runs to the end of the document (no configuration), and
    /// a line break inside a string vanishes (`"2⏎1"` is `"21"`). Strict JSON has neither, so only these documents
    /// are read differently.
    static func clientReading(nonStrict bytes: [UInt8], refusedAt refusal: JSONSyntaxError) -> (
        root: JSONValue, readers: String
    )? {
        let joinedLines = bytes.filter { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        return OrgJSONReader.read(joinedLines, refusedAt: refusal).map {
            ($0, "the Android client's org.json reads it and every iOS and macOS client refuses it")
        }
    }

    /// What the clients read (PrinceOfVersions 4.x `ConfigurationParser`s and the legacy keys of clients
    /// before 4.0); `meta` and the app's own requirement keys are free-form.
    static let keySchema: KeySchema? = {
        let v4 = [
            "required_version", "last_version_available", "notify_last_version_frequency", "requirements", "meta",
        ]
        let legacy = ["minimum_version", "minimum_version_min_sdk", "latest_version"]
        // `jvm` is read by the library's JVM (desktop) client, which no inventory device runs.
        var closed: [String: [String]] = ["": platformKeys + ["meta", "jvm"]]
        var open: [String: [String]] = [:]
        for platform in ["ios", "macos", "android"] {
            closed[platform] = legacy + v4
            closed["\(platform).latest_version"] = ["version", "notification_type", "min_sdk"]
            for pattern in ["\(platform)2", "\(platform)2[]", platform] {
                closed[pattern] = closed[pattern] ?? v4
                open["\(pattern).requirements"] = ["required_os_version"]
            }
        }
        return KeySchema(
            closed: closed, open: open,
            respelling: { pattern, key in
                let converted = PoVAppleDecoding.convertFromSnakeCase(key)
                let apple = ["ios", "ios2", "macos", "macos2", "meta"]
                if pattern.isEmpty { return apple.contains(converted) ? converted : nil }
                return apple.contains { pattern.hasPrefix($0) } ? converted : nil
            },
            respellingReaders: "the iOS and macOS clients (their decoder converts keys from snake case)")
    }()
}
