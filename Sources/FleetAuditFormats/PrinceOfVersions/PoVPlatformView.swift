/// What the clients of one platform make of a PrinceOfVersions document: the v4 configurations a 4.x
/// client uses (and what it silently dropped on the way), and the legacy object a client before 4.0 reads.
///
/// Equatable over every field (synthesized: a field added later is compared too): a device's decision depends
/// only on the view, so equal views of different documents decide every device alike (`PoVViewKey`).
struct PoVPlatformView: Equatable, Sendable {
    let platform: Platform
    /// Configurations a 4.x client evaluates; nil when it has none it can use.
    var v4: [PoVConfiguration]? {
        didSet { selection = MadeFromTheRest(v4.map(PoVSelection.init)) }
    }
    /// How a device's configuration is found among `v4`.
    var v4Selection: PoVSelection? { selection.value }
    private var selection = MadeFromTheRest<PoVSelection?>(nil)
    /// Whether the document has a v4 key for this platform at all (usable or not).
    var v4Present = false
    /// Why keys were dropped or rejected; attached to the devices they affect.
    var v4Problems: [Diagnostic] = []
    /// Warnings that leave the configurations usable.
    var notes: [Diagnostic] = []
    /// The legacy object, decoded or rejected; nil when the document has none for this platform.
    var legacy: Result<PoVLegacy, Diagnostic>?

    init(platform: Platform) { self.platform = platform }

    /// Every version of the view as written. Equal versions may be written differently — SemVer's equality ignores
    /// build metadata (`2.0.0+b1`, `2.0.0+b2`) — and a client before 4.0 compares the version it last notified as
    /// text (`PoVDeviceEvaluator.legacy`), so views are the same only with the same texts (`PoVViewKey`).
    var versionTexts: [String?] {
        let v4Versions = (v4 ?? []).flatMap { [$0.required, $0.last, $0.requiredOS] }
        let legacyVersions =
            (try? legacy?.get()).map { [$0.minimum, $0.minimumMinOS, $0.latest, $0.latestMinOS] } ?? []
        return (v4Versions + legacyVersions).map { $0?.description }
    }

    var isEmpty: Bool { !v4Present && legacy == nil }

    /// iOS/macOS: `primary` (`ios`) when it is a usable array, else `secondary` (`ios2`). A legacy-shaped
    /// object under `primary` is the pre-4.0 document.
    static func apple(_ root: JSONObject, platform: Platform, primary: String, secondary: String) -> PoVPlatformView {
        var view = PoVPlatformView(platform: platform)
        if let refusal = root.strictJSONRefusal,
            [primary, secondary].contains(where: {
                PoVAppleDecoding.SnakeCaseKeys(root)[$0].map { !$0.isNull } ?? false
            })
        {
            // Foundation's parser refuses what Android's org.json read (`OrgJSONReader`): no Apple client reads it.
            var rejected = Diagnostic(
                PoVAppleDecoding.jsonRejected, .error,
                "not JSON at line \(refusal.line), column \(refusal.column) (\(refusal.message)), which Foundation's JSON parser rejects: no iOS or macOS client reads the document, while Android's org.json does"
            )
            rejected.location = SourceLocation(line: refusal.line, column: refusal.column)
            view.v4Present = true
            view.v4Problems.append(rejected)
            if let value = root[primary], PoVLegacy.isLegacyShaped(value) { view.legacy = .failure(rejected) }
            return view
        }
        // A 4.x client converts every key from snake case (`ios_2` is `ios2`); a client before 4.0 reads `ios` itself.
        let converted = PoVAppleDecoding.SnakeCaseKeys(root)
        for key in [primary, secondary] {
            if key == primary, let value = root[key], PoVLegacy.isLegacyShaped(value) {
                view.legacy = PoVLegacy.decode(root, key: key, android: false)
                continue
            }
            guard let value = converted[key], !value.isNull else { continue }
            view.v4Present = true
            guard view.v4 == nil else { continue }
            switch PoVAppleDecoding.read(converted, key: key, notes: &view.notes) {
            case .configurations(let c): view.v4 = c
            case .unusable(let d): view.v4Problems.append(d)
            case .absent: break
            }
        }
        return view
    }

    /// Android: `android2` when present and not null, else `android` (an array or one object). A
    /// legacy-shaped `android` object is the pre-4.0 document.
    static func android(_ root: JSONObject) -> PoVPlatformView {
        var view = PoVPlatformView(platform: .android)
        let legacyShaped = PoVLegacy.isLegacyShaped(root["android"])
        if root["android2"].map({ !$0.isNull }) ?? false || root["android"].map({ !$0.isNull }) ?? false,
            let rejected = orgJSONRejection(root)
        {
            view.v4Present = true
            view.v4Problems.append(rejected)
            if legacyShaped { view.legacy = .failure(rejected) }
            return view
        }
        if legacyShaped {
            view.legacy = PoVLegacy.decode(root, key: "android", android: true)
        }
        let key: String
        if let v2 = root["android2"], !v2.isNull {
            key = "android2"
        } else if let v1 = root["android"], !v1.isNull, !legacyShaped {
            key = "android"
        } else {
            return view
        }
        view.v4Present = true
        switch PoVAndroidDecoding.read(root, key: key) {
        case .configurations(let c):
            view.v4 = c
            view.notes += PoVAndroidDecoding.notes(c)
        case .unusable(let d): view.v4Problems.append(d)
        case .absent: break
        }
        return view
    }
}

extension PoVPlatformView {
    /// Why Android's org.json, which every Android client parses with, throws on a document strict JSON reads: a
    /// comma before `}`, or a member too large for a double anywhere (in `meta` too: `JSONObject.put` →
    /// `JSON.checkDouble`, AOSP `JSONObject.java` L262, "Forbidden numeric value"). Nil when it reads it.
    static func orgJSONRejection(_ root: JSONObject) -> Diagnostic? {
        if let comma = JSONValue.object(root).firstObjectTrailingComma {
            var rejected = Diagnostic(
                PoVAndroidDecoding.jsonRejected, .error,
                "a comma before '}', which Android's org.json rejects: no Android client reads the document")
            // No JSON path names a comma: the diagnostic is located at the comma itself.
            rejected.location = SourceLocation(line: comma.line, column: comma.column)
            return rejected
        }
        if let path = JSONValue.object(root).firstNonFiniteMember() {
            return Diagnostic(
                PoVAndroidDecoding.jsonRejected, .error,
                "\(path) is a number too large for a double, which Android's org.json refuses (Infinity): no Android client reads the document",
                path: path)
        }
        return nil
    }
}

/// A field made from a view's other fields alone (the selection from `v4`): views equal in those have equal
/// ones, so it compares equal and the view's synthesized equality compares what it was made from.
struct MadeFromTheRest<Value: Sendable>: Equatable, Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
    static func == (_: Self, _: Self) -> Bool { true }
}
