/// A config ready to audit: where it came from, its bytes' digest, its format and its rules.
package struct LoadedConfig: Sendable {
    package let id: String
    package let source: String
    package let sha256: String
    /// What the format's reading depended on: the parsed tree's digest for a JSON document (made by the
    /// loader: copies that differ in layout only are one), else the bytes' digest, and for a format that
    /// chooses its devices by the file's name (`latest-mac.yml`), that name. Documents with one identity in one
    /// format decide alike (the engine evaluates one of them); two byte-identical feeds under different names do
    /// not. Empty: alike with no other document.
    package let documentIdentity: String
    package let format: String
    package let config: any EvaluableConfig
    /// What the loader found beside the format's own reading (misspelt keys, `config.unknownKey`). Kept here,
    /// not in a wrapper around `config`: a wrapper must forward every requirement of `EvaluableConfig`, and
    /// one that missed the speed hooks (`evaluator`, `attributeClass`) once made a config with one unknown key
    /// evaluate every profile the slow way.
    package let loaderDiagnostics: [Diagnostic]
    /// Where each path the document's diagnostics name stands in its text.
    package var locations: [String: SourceLocation] = [:]
    /// The document's text, kept so that diagnostics raised while evaluating (which may name paths the
    /// document's own diagnostics do not) can be located too. Configs are kilobytes to a few megabytes.
    private let text: [UInt8]

    package init(
        id: String, source: String, sha256: String, format: String, config: any EvaluableConfig,
        loaderDiagnostics: [Diagnostic] = [], locations: [String: SourceLocation] = [:], text: [UInt8] = [],
        readName: String? = nil, treeDigest: String? = nil
    ) {
        self.documentIdentity =
            sha256.isEmpty ? "" : treeDigest.map { "tree:" + $0 } ?? sha256 + (readName.map { "|" + $0 } ?? "")
        self.id = id
        self.loaderDiagnostics = loaderDiagnostics
        // Shown in every report and kept in the history: a URL's secrets never are.
        self.source = Redaction.source(source)
        self.sha256 = sha256
        self.format = format
        self.config = config
        self.locations = locations
        self.text = text
    }

    /// The document's diagnostics: the format's, then the loader's.
    package var diagnostics: [Diagnostic] { config.diagnostics + loaderDiagnostics }

    /// The document's diagnostics, each with the line and column of its path when it names one.
    package var locatedDiagnostics: [Diagnostic] { locate(diagnostics) }

    /// `diagnostics` with the line and column of each one's path in this document, when it names one.
    package func locate(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let missing = Set(diagnostics.compactMap(\.path).filter { locations[$0] == nil })
        let found = missing.isEmpty || text.isEmpty ? [:] : JSONPositions.locate(missing, in: text)
        return diagnostics.map { d in
            var d = d
            if let path = d.path { d.location = locations[path] ?? found[path] ?? d.location }
            return d
        }
    }
}
