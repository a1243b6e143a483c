/// Every format FleetAudit knows, and detection from a document's keys.
package enum FormatRegistry {
    /// Formats that are evaluated.
    package static let formats: [any ConfigFormat.Type] = [
        NHSAvailabilityFormat.self,
        PrinceOfVersionsFormat.self,
        OSAMFormat.self,
        TurkcellFormat.self,
    ]

    package static var allNames: [String] { formats.map { $0.name } }

    /// The format of a document: the one named by `forced`, else the first whose keys match.
    package static func detect(_ root: JSONValue, forced: String? = nil) -> Result<
        any ConfigFormat.Type, ConfigError.Kind
    > {
        guard let object = root.objectValue else {
            return .failure(.notAnObject(found: root.kindDescription))
        }
        if let forced {
            if let format = formats.first(where: { $0.name == forced }) { return .success(format) }
            return .failure(.unknownFormat(forced, known: allNames))
        }
        if let format = formats.first(where: { $0.matches(object) }) { return .success(format) }
        return .failure(.unrecognised(keys: object.keys))
    }
}
