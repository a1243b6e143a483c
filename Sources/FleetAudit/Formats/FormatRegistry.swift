/// Every format FleetAudit knows, and detection from a document's keys.
public enum FormatRegistry {
    /// Formats that are evaluated.
    public static let formats: [any ConfigFormat.Type] = [
        NHSAvailabilityFormat.self,
        PrinceOfVersionsFormat.self,
        OSAMFormat.self,
        TurkcellFormat.self,
    ]

    /// Formats recognised but not evaluated yet (none today): loading one is an error that names it. A new
    /// format can be listed here first, so documents in it are named rather than called unknown.
    static let recognisedOnly: [(name: String, displayName: String, matches: @Sendable (JSONObject) -> Bool)] = [
    ]

    public static var allNames: [String] { formats.map { $0.name } + recognisedOnly.map(\.name) }

    /// The format of a document: the one named by `forced`, else the first whose keys match.
    public static func detect(_ root: JSONValue, forced: String? = nil) -> Result<any ConfigFormat.Type, ConfigError.Kind> {
        guard let object = root.objectValue else {
            return .failure(.notAnObject(found: root.kindDescription))
        }
        if let forced {
            if let format = formats.first(where: { $0.name == forced }) { return .success(format) }
            if let planned = recognisedOnly.first(where: { $0.name == forced }) {
                return .failure(.notImplemented(planned.displayName))
            }
            return .failure(.unknownFormat(forced, known: allNames))
        }
        if let format = formats.first(where: { $0.matches(object) }) { return .success(format) }
        if let planned = recognisedOnly.first(where: { $0.matches(object) }) {
            return .failure(.notImplemented(planned.displayName))
        }
        return .failure(.unrecognised(keys: object.keys))
    }
}
