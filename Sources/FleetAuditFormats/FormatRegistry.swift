/// Every format FleetAudit knows, and detection from a document's keys.
package enum FormatRegistry {
    /// Formats that are evaluated.
    package static let formats: [any ConfigFormat.Type] = [
        NHSAvailabilityFormat.self,
        PrinceOfVersionsFormat.self,
        OSAMFormat.self,
        TurkcellFormat.self,
        SparkleFormat.self,
        ElectronUpdaterFormat.self,
    ]

    package static var allNames: [String] { formats.map { $0.name } }

    /// The file name endings `--config-dir` picks up: every format's.
    package static var fileExtensions: [String] {
        var seen = Set<String>()
        return formats.flatMap { $0.fileExtensions }.filter { seen.insert($0).inserted }
    }

    /// The format that reads its own syntax and recognises `document` (the forced one only, with `--format`).
    package static func textFormat(for document: TextDocument, forced: String? = nil) -> (any TextConfigFormat.Type)? {
        for case let format as any TextConfigFormat.Type in formats where forced == nil || format.name == forced {
            if forced != nil || format.recognises(document) { return format }
        }
        return nil
    }

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
            case (.json(let root), false) where !(format is any TextConfigFormat.Type):
                return .failure(.unrecognised(keys: root.objectValue?.keys ?? []))
            default: return .success(format)
            }
        }
        if let format = formats.first(where: { $0.matches(document) }) { return .success(format) }
        switch document {
        case .json(let root): return .failure(.unrecognised(keys: root.objectValue?.keys ?? []))
        case .xml(let root): return .failure(.unrecognisedXML(root: root.qualifiedName))
        case .text: return .failure(.unrecognised(keys: []))
        }
    }
}
