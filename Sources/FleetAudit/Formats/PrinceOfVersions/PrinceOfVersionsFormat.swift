/// PrinceOfVersions (infinum): v4 documents (`ios`/`ios2`, `macos`/`macos2`, `android`/`android2`, `meta`)
/// and the legacy objects read by clients before 4.0 (SPEC §5.1, §5.2).
enum PrinceOfVersionsFormat: ConfigFormat {
    static let name = "princeofversions"
    static let displayName = "PrinceOfVersions"
    static let platformKeys = ["ios", "ios2", "macos", "macos2", "android", "android2"]

    static func matches(_ root: JSONObject) -> Bool {
        platformKeys.contains { root[$0] != nil }
    }

    static func load(_ root: JSONValue) -> any EvaluableConfig {
        PrinceOfVersionsDocument(root.objectValue ?? JSONObject())
    }
}
