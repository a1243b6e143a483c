/// OSAM, the Ajuntament de Barcelona's common module (docs/formats/osam.md): a version-control document (`data` with
/// `comparisonMode`) or a rating document (`data` with `numAperture`).
enum OSAMFormat: JSONConfigFormat {
    static let name = "osam"
    static let displayName = "OSAM version control / rating"

    static func matches(_ root: JSONObject) -> Bool {
        guard let data = root["data"]?.objectValue else { return false }
        return data["comparisonMode"] != nil || data["numAperture"] != nil
    }

    static func load(_ root: JSONValue) -> any EvaluableConfig {
        let data = root.objectValue?["data"]?.objectValue ?? JSONObject()
        let document = root.objectValue ?? JSONObject()
        if data["comparisonMode"] != nil { return OSAMVersionControlDocument(data, document: document) }
        return OSAMRatingDocument(data, document: document)
    }

    /// kotlinx.serialization, which the 3.x clients decode with, reads more than JSON (`OSAMClientReader`).
    static func clientReading(nonStrict bytes: [UInt8], refusedAt refusal: JSONSyntaxError) -> (
        root: JSONValue, readers: String
    )? {
        OSAMClientReader.read(bytes).map {
            (
                $0,
                "the OSAM 3.x clients read it (kotlinx.serialization needs no comma between entries, skips the value of a key it does not know by its brackets alone, and takes raw control characters in strings, booleans in any case and quoted numbers)"
            )
        }
    }

    /// Near misses of the fields the clients read (the server may add others, so only near misses count).
    static let keySchema: KeySchema? = KeySchema(
        closed: [:],
        open: [
            "": ["data"],
            "data": [
                "id", "appId", "packageName", "versionCode", "versionName", "startDate", "endDate", "serverDate",
                "platform",
                "comparisonMode", "title", "message", "ok", "cancel", "url", "checkBoxDontShowAgain",
                "dialogDisplayDuration",
                "minutes", "numAperture", "appStoreIdentifier",
            ],
        ])
}

/// What the two OSAM documents share: which devices they concern, and the 3.x clients' required fields.
struct OSAMTarget: Sendable {
    let platform: Platform?
    let platformText: String
    let packageName: String?
    var diagnostics: [Diagnostic] = []

    static let languages = ["es", "en", "ca"]

    init(_ data: JSONObject) {
        platformText = data["platform"]?.stringValue ?? (data["platform"].map { JSONWriter.compact($0) } ?? "(none)")
        switch data["platform"]?.stringValue?.uppercased() {
        case "ANDROID": platform = .android
        case "IOS": platform = .ios
        default:
            platform = nil
            diagnostics.append(
                Diagnostic(
                    "osam.unknownPlatform", .error,
                    "data.platform is \(platformText), neither ANDROID nor IOS: no device is concerned",
                    path: "data.platform"))
        }
        packageName = data["packageName"]?.stringValue
    }

    /// Whether a device is one the server would send this document to: its platform, and its package when
    /// both the document and the inventory name one.
    func concerns(_ profile: any Device) -> Bool {
        guard let platform, profile.platform == platform else { return false }
        if let packageName, let device = profile.packageName { return device == packageName }
        return true
    }

    var description: String { "\(platform?.name ?? platformText) \(packageName ?? "(any package)")" }
}
