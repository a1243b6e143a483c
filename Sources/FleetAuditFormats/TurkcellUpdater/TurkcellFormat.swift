/// Turkcell Updater (docs/formats/turkcell.md): root `packageName` with `updates[]` and/or `messages[]`, read by the Android
/// SDK 1.2.4 and the iOS SDK 1.2, which disagree; each device is judged by its own platform's SDK.
enum TurkcellFormat: JSONConfigFormat {
    static let name = "turkcell-updater"
    static let displayName = "Turkcell Updater"

    /// `packageName` with `updates`/`messages`, or a string `packageName` alone: both SDKs read that as a
    /// valid document that offers nothing ("update not found"; iOS TestUpdateCheck's update-not-found case).
    static func matches(_ root: JSONObject) -> Bool {
        guard let packageName = root["packageName"] else { return false }
        return root["updates"] != nil || root["messages"] != nil || packageName.stringValue != nil
    }

    static func load(_ root: JSONValue) -> any EvaluableConfig {
        TurkcellReadings.load(root.objectValue ?? JSONObject())
    }

    /// The Android SDK parses with org.json, which reads much that is not JSON (`OrgJSONReader`); the iOS SDK's
    /// `NSJSONSerialization` refuses such a document (`turkcell.ios.jsonRejected`).
    static func clientReading(nonStrict bytes: [UInt8], refusedAt refusal: JSONSyntaxError) -> (
        root: JSONValue, readers: String
    )? {
        OrgJSONReader.read(bytes, refusedAt: refusal).map {
            ($0, "the Android SDK's org.json reads it and the iOS SDK refuses it")
        }
    }

    /// Near misses of what the SDKs read (Android `UpdateEntry`/`MessageEntry`, iOS `UpdateCheck`); servers add
    /// keys of their own (the iOS SDK's sample has `successMsg`), so only near misses count.
    static let keySchema: KeySchema? = {
        let target = [
            "filters", "descriptions", "id", "targetPackageName", "targetWebsiteUrl", "targetGooglePlay",
            "displayPeriodInHours", "maxDisplayCount",
        ]
        let properties = [
            "appPackageName", "appVersionName", "appVersionCode", "deviceOsName", "deviceOsVersion",
            "deviceApiLevel", "deviceLanguage", "deviceIsTablet", "deviceModel",
        ]
        return KeySchema(
            closed: [:],
            open: [
                "": ["packageName", "updates", "messages"],
                "updates[]": target + ["targetVersionCode", "targetPackageUrl", "forceUpdate", "forceExit"],
                "messages[]": target + ["displayAfterDate", "displayBeforeDate"],
                "updates[].filters": properties,
                "messages[].filters": properties,
            ])
    }()
}
