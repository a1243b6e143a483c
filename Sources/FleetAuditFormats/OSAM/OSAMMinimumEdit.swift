/// `whatif --emit osam`: a FORCE version-control document's minimum is `data.versionCode` (devices below it
/// must update). It has no minimum OS, and a LAZY, INFO or NONE document no minimum at all.
extension OSAMFormat: MinimumEditable {
    static func minimumEdits(_ root: JSONValue, platform: Platform, minimumApp: String?, minimumOS: String?)
        -> Result<[MinimumEdit], MinimumEditRefusal>
    {
        guard let data = root.objectValue?["data"]?.objectValue, let mode = data["comparisonMode"] else {
            return .failure(MinimumEditRefusal("an OSAM rating document has no minimum version"))
        }
        guard mode.stringValue == "FORCE" else {
            return .failure(
                MinimumEditRefusal(
                    "data.comparisonMode is \(JSONWriter.compact(mode)): devices below versionCode are not forced; make it FORCE by hand for a minimum"
                ))
        }
        let target = OSAMTarget(data)
        guard target.platform == platform else {
            return .failure(
                MinimumEditRefusal("the document is for data.platform \(target.platformText), not \(platform.name)"))
        }
        if minimumOS != nil {
            return .failure(MinimumEditRefusal("OSAM version control has no minimum OS: choose an app minimum only"))
        }
        guard let minimumApp else { return .success([]) }
        return MinimumEdit.replacing("data.versionCode", in: root, with: minimumApp).map { [$0] }
    }
}
