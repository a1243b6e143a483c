/// A PrinceOfVersions document as clients before 4.0 read it (docs/formats/princeofversions.md): one object per platform with
/// `minimum_version`, `minimum_version_min_sdk` and `latest_version{version, notification_type, min_sdk}`.
struct PoVLegacy: Equatable, Sendable {
    /// `android`, `ios` or `macos`: rule ids are `<key>.minimum_version` and `<key>.latest_version`.
    let key: String
    let minimum: PoVVersion?
    /// Lowest OS the minimum version installs on (Android API level, else OS version); nil: any.
    let minimumMinOS: PoVVersion?
    let latest: PoVVersion?
    let latestMinOS: PoVVersion?
    let frequency: PoVFrequency
    /// The document's global `meta`, which the client hands the app with either version.
    var meta: JSONValue? = nil

    static let rejectedCode = "pov.legacy.rejected"

    var minimumRule: String { "\(key).minimum_version" }
    var latestRule: String { "\(key).latest_version" }

    /// Whether a platform value has the legacy shape rather than v4's.
    static func isLegacyShaped(_ value: JSONValue?) -> Bool {
        guard let object = value?.objectValue else { return false }
        let legacy = ["minimum_version", "minimum_version_min_sdk", "latest_version"].contains { object[$0] != nil }
        let v4 = ["required_version", "last_version_available"].contains { object[$0] != nil }
        return legacy && !v4
    }

    /// Decodes `root[key]` for `platform`; a failure is the diagnostic of the client's exception.
    static func decode(_ root: JSONObject, key: String, android: Bool) -> Result<PoVLegacy, Diagnostic> {
        func reject(_ message: String, _ path: String) -> Result<PoVLegacy, Diagnostic> {
            .failure(
                Diagnostic(
                    rejectedCode, .error,
                    "\(path): \(message); a client before 4.0 throws and shows nothing", path: path))
        }
        guard let object = root[key]?.objectValue else {
            return reject("\(key) is not an object", key)
        }
        func version(_ value: JSONValue?, _ path: String) -> Result<PoVVersion?, Diagnostic> {
            guard let value else { return .success(nil) }
            if android {
                // 3.0.0 `JsonConfigurationParser` L120-122, L131-133: `getString` makes text of any value (null is
                // "null"), and `isNonEmpty` (L173) ignores an empty, blank or "null" text.
                let text = JavaText.valueOf(value)
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.lowercased() == "null" { return .success(nil) }
                guard let v = SemanticVersion(text) else {
                    return .failure(
                        Diagnostic(
                            rejectedCode, .error,
                            "\(path) \(JSONWriter.compact(value)) is not a semantic version (MAJOR.MINOR.PATCH); a client before 4.0 throws",
                            path: path))
                }
                return .success(.semantic(v))
            }
            guard !value.isNull else { return .success(nil) }
            guard let text = value.stringValue else {
                return .failure(
                    Diagnostic(
                        rejectedCode, .error,
                        "\(path) is \(value.kindDescription), not a version string; a client before 4.0 throws",
                        path: path))
            }
            if android, let v = SemanticVersion(text) { return .success(.semantic(v)) }
            if !android, let v = PoVIOSVersion(text) { return .success(.apple(v)) }
            return .failure(
                Diagnostic(
                    rejectedCode, .error,
                    "\(path) \"\(text)\" is not \(android ? "a semantic version (MAJOR.MINOR.PATCH)" : "a version"); a client before 4.0 throws",
                    path: path))
        }
        /// Android: an API level (default 1; ≤ 0 removes the version it belongs to). Apple: an OS version.
        func minOS(_ value: JSONValue?, _ path: String) -> Result<(PoVVersion?, removes: Bool), Diagnostic> {
            guard let value else { return .success((android ? .code(1) : nil, false)) }
            if android {
                // `getInt` (L126, L137): org.json's coercion of a number or a numeric text; null or anything else throws.
                guard let level = JavaText.getInt(value) else {
                    return .failure(
                        Diagnostic(
                            rejectedCode, .error,
                            "\(path) \(JSONWriter.compact(value)) is not an integer API level; a client before 4.0 throws",
                            path: path))
                }
                return .success((.code(Int64(level)), level <= 0))
            }
            guard !value.isNull else { return .success((nil, false)) }
            switch version(value, path) {
            case .success(let v): return .success((v, false))
            case .failure(let d): return .failure(d)
            }
        }
        let latestObject = object["latest_version"]?.objectValue
        // Android's `getJSONObject` (L129) throws on null too.
        if let lv = object["latest_version"], android || !lv.isNull, latestObject == nil {
            return reject("latest_version is \(lv.kindDescription), not an object", "\(key).latest_version")
        }
        // Android 3.0.0 reads `version` only when present (L130); the iOS client needs it.
        if !android, let latestObject, latestObject["version"] == nil || latestObject["version"]!.isNull {
            return reject("latest_version has no version", "\(key).latest_version")
        }
        do {
            // A min_sdk ≤ 0 removes its version before the version is ever parsed: its text no longer matters.
            let minimumOS = try minOS(object["minimum_version_min_sdk"], "\(key).minimum_version_min_sdk").get()
            let latestOS = try minOS(latestObject?["min_sdk"], "\(key).latest_version.min_sdk").get()
            let minimum =
                minimumOS.removes ? nil : try version(object["minimum_version"], "\(key).minimum_version").get()
            let latest =
                latestOS.removes ? nil : try version(latestObject?["version"], "\(key).latest_version.version").get()
            var frequency = PoVFrequency.once
            if android, let t = latestObject?["notification_type"] {
                // `getString` (L140) makes text of any value: only "always" in any case is ALWAYS.
                frequency = JavaText.valueOf(t).lowercased() == "always" ? .always : .once
            } else if let t = latestObject?["notification_type"], !t.isNull {
                guard let text = t.stringValue else {
                    return reject(
                        "notification_type is \(t.kindDescription), not a string",
                        "\(key).latest_version.notification_type")
                }
                frequency = text.uppercased() == "ALWAYS" ? .always : .once
            }
            guard minimum != nil || latest != nil else {
                return reject(
                    "neither minimum_version nor latest_version.version is left (absent, or removed by a min_sdk ≤ 0)",
                    key)
            }
            return .success(
                PoVLegacy(
                    key: key, minimum: minimum, minimumMinOS: minimumOS.0, latest: latest,
                    latestMinOS: latestOS.0, frequency: frequency,
                    meta: root["meta"].flatMap { $0.objectValue.map(JSONValue.object) }))
        } catch {
            return .failure(error)
        }
    }

    var rules: [RuleInfo] {
        var out: [RuleInfo] = []
        if let minimum {
            out.append(
                RuleInfo(
                    id: minimumRule,
                    summary: "clients before 4.0: below \(minimum) must update"
                        + (minimumMinOS.map { " (OS ≥ \($0))" } ?? ""), meta: meta))
        }
        if let latest {
            out.append(
                RuleInfo(
                    id: latestRule,
                    summary: "clients before 4.0: below \(latest) are offered it (\(frequency.rawValue))"
                        + (latestMinOS.map { " (OS ≥ \($0))" } ?? ""), meta: meta))
        }
        return out
    }

    /// The legacy client's decision (docs/formats/princeofversions.md).
    func evaluate(
        installed: PoVVersion, os: PoVVersion, lastNotified: PoVVersion?,
        installability: (PoVVersion) -> Installability
    ) -> Decision {
        let offersLatest: Bool = {
            guard let latest, installed < latest else { return false }
            return latestMinOS.map { os >= $0 } ?? true
        }()
        func optional(_ prefix: String) -> Decision {
            let latest = latest!
            if frequency == .once, lastNotified == latest {
                return Decision(
                    .upToDate, rule: latestRule,
                    reason: prefix + "\(installed) < latest \(latest), already notified once (last_notified_version)")
            }
            return Decision(
                .recommended, rule: latestRule,
                reason: prefix + "\(installed) < latest \(latest) (\(frequency.rawValue))")
        }
        if let minimum, installed < minimum {
            if minimumMinOS.map({ os >= $0 }) ?? true {
                let how = installability(minimum)
                return Decision(
                    how.forcedOutcome, rule: minimumRule,
                    reason: "\(installed) < minimum \(minimum); \(how.explanation)")
            }
            let skipped =
                "\(installed) < minimum \(minimum) but OS \(os) < \(minimumMinOS!), so the client skips the forced update; "
            if offersLatest { return optional(skipped) }
            return Decision(
                .unsupportedOS, rule: minimumRule, reason: skipped + "no optional update reaches this OS either")
        }
        if offersLatest { return optional("") }
        return Decision(
            .upToDate, rule: latest != nil ? latestRule : minimumRule,
            reason: "\(installed) meets the legacy document")
    }
}
