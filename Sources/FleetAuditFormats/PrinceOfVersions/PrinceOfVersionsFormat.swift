/// PrinceOfVersions (infinum): v4 documents (`ios`/`ios2`, `macos`/`macos2`, `android`/`android2`, `meta`)
/// and the legacy objects read by clients before 4.0 (docs/formats/princeofversions.md).
enum PrinceOfVersionsFormat: JSONConfigFormat {
    static let name = "princeofversions"
    static let displayName = "PrinceOfVersions"
    static let platformKeys = ["ios", "ios2", "macos", "macos2", "android", "android2"]

    static func matches(_ root: JSONObject) -> Bool {
        platformKeys.contains { root[$0] != nil }
    }

    static func load(_ root: JSONValue) -> any EvaluableConfig {
        PrinceOfVersionsDocument(root.objectValue ?? JSONObject())
    }

    /// The Android client parses with org.json, which reads much that is not JSON (`OrgJSONReader`); the iOS and
    /// macOS clients parse with Foundation and reject such a document (`pov.ios.jsonRejected`, `PoVPlatformView.apple`).
    static func clientReading(nonStrict bytes: [UInt8], refusedAt refusal: JSONSyntaxError) -> (
        root: JSONValue, readers: String
    )? {
        OrgJSONReader.read(bytes, refusedAt: refusal).map {
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
        return KeySchema(closed: closed, open: open)
    }()
}
