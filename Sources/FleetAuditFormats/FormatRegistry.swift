/// Every format FleetAudit knows, and detection from a document's keys.
package enum FormatRegistry {
    /// Formats that are evaluated.
    package static let formats: [any ConfigFormat.Type] = [
        NHSAvailabilityFormat.self,
        PrinceOfVersionsFormat.self,
        OSAMFormat.self,
        TurkcellFormat.self,
        SparkleFormat.self,
    ]

    package static var allNames: [String] { formats.map { $0.name } }

    /// Whether the format named `name` reads `--releases` (an unknown name: as most do).
    package static func readsReleases(_ name: String) -> Bool {
        formats.first { $0.name == name }?.readsReleases ?? true
    }

    /// The format of a document: the one named by `forced`, else the first that recognises it.
    package static func detect(_ document: ConfigDocument, forced: String? = nil) -> Result<
        any ConfigFormat.Type, ConfigError.Kind
    > {
        if case .json(let root) = document, root.objectValue == nil {
            return .failure(.notAnObject(found: root.kindDescription))
        }
        if let forced {
            guard let format = formats.first(where: { $0.name == forced }) else {
                return .failure(.unknownFormat(forced, known: allNames))
            }
            // A format reads the kind of document it is made for: JSON formats JSON, the others XML.
            switch (document, format is any JSONConfigFormat.Type) {
            case (.xml(let root), true): return .failure(.unrecognisedXML(root: root.qualifiedName))
            case (.json(let root), false): return .failure(.unrecognised(keys: root.objectValue?.keys ?? []))
            default: return .success(format)
            }
        }
        if let format = formats.first(where: { $0.matches(document) }) { return .success(format) }
        switch document {
        case .json(let root): return .failure(.unrecognised(keys: root.objectValue?.keys ?? []))
        case .xml(let root): return .failure(.unrecognisedXML(root: root.qualifiedName))
        }
    }
}
