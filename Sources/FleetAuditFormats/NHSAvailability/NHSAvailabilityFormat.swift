/// The NHS COVID-19 app availability document (docs/formats/nhs.md): `minimumOSVersion` (iOS) or
/// `minimumSDKVersion` (Android), `minimumAppVersion`, and the recommended versions.
public enum NHSAvailabilityFormat: ConfigFormat {
    public static let name = "nhs-availability"
    public static let displayName = "NHS COVID-19 app availability"

    static let fieldNames = [
        "minimumOSVersion", "minimumSDKVersion", "minimumAppVersion",
        "recommendedOSVersion", "recommendedAppVersion",
    ]

    public static func matches(_ root: JSONObject) -> Bool {
        fieldNames.contains { root[$0] != nil }
    }

    public static func load(_ root: JSONValue) -> any EvaluableConfig {
        NHSAvailabilityDocument(root.objectValue ?? JSONObject())
    }

    /// The app's `AppAvailability` decoders: each field is an object of `value` and localised texts.
    public static let keySchema: KeySchema? = {
        var closed: [String: [String]] = ["": fieldNames]
        for field in fieldNames { closed[field] = ["value", "description", "title"] }
        return KeySchema(closed: closed)
    }()
}
