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

    /// Moshi, the Android app's parser, reads strings strict JSON refuses (`JsonUtf8Reader.nextQuotedValue` looks
    /// for the quote and the backslash only; okio decodes bad UTF-8 as U+FFFD); the iOS app's `JSONDecoder` does
    /// not, so such a document is rejected on iOS only (`NHSDecoding.iOS`).
    package static func clientReading(nonStrict bytes: [UInt8], refusedAt refusal: JSONSyntaxError) -> (
        root: JSONValue, readers: String
    )? {
        AndroidLenientStrings.read(bytes).map {
            ($0, AndroidLenientStrings.readers(android: "the NHS Android app", apple: "the iOS app (nhs.rejected)"))
        }
    }

    /// The app's `AppAvailability` decoders: each field is an object of `value` and localised texts.
    package static let keySchema: KeySchema? = {
        var closed: [String: [String]] = ["": fieldNames]
        for field in fieldNames { closed[field] = ["value", "description", "title"] }
        return KeySchema(closed: closed)
    }()
}
