/// The NHS COVID-19 app availability document (docs/formats/nhs.md): `minimumOSVersion` (iOS) or
/// `minimumSDKVersion` (Android), `minimumAppVersion`, and the recommended versions.
package enum NHSAvailabilityFormat: JSONConfigFormat {
    package static let name = "nhs-availability"
    package static let displayName = "NHS COVID-19 app availability"

    static let fieldNames = [
        "minimumOSVersion", "minimumSDKVersion", "minimumAppVersion",
        "recommendedOSVersion", "recommendedAppVersion",
    ]

    package static func matches(_ root: JSONObject) -> Bool {
        fieldNames.contains { root[$0] != nil }
    }

    package static func load(_ root: JSONValue) -> any EvaluableConfig {
        NHSAvailabilityDocument(root.objectValue ?? JSONObject())
    }

    /// The app's `AppAvailability` decoders: each field is an object of `value` and localised texts.
    package static let keySchema: KeySchema? = {
        var closed: [String: [String]] = ["": fieldNames]
        for field in fieldNames { closed[field] = ["value", "description", "title"] }
        return KeySchema(closed: closed)
    }()
}
