/// `whatif --emit nhs-availability`: an NHS document is for one platform (iOS if it has `minimumOSVersion`,
/// Android if `minimumSDKVersion`); its minimum is `minimumAppVersion`, its minimum OS that field.
extension NHSAvailabilityFormat: MinimumEditable {
    package static func minimumEdits(_ root: JSONValue, platform: Platform, minimumApp: String?, minimumOS: String?)
        -> Result<[MinimumEdit], MinimumEditRefusal>
    {
        let osField: String
        switch platform {
        case .ios where root.objectValue?["minimumOSVersion"] != nil: osField = "minimumOSVersion"
        case .android where root.objectValue?["minimumSDKVersion"] != nil: osField = "minimumSDKVersion"
        default:
            let readBy =
                root.objectValue?["minimumOSVersion"] != nil
                ? "iOS (it has minimumOSVersion)" : "Android (it has minimumSDKVersion)"
            return .failure(MinimumEditRefusal("the document is read by \(readBy), not by \(platform.name)"))
        }
        var edits: [MinimumEdit] = []
        for (field, text) in [("minimumAppVersion", minimumApp), (osField, minimumOS)] {
            guard let text else { continue }
            switch MinimumEdit.replacing("\(field).value", in: root, with: text) {
            case .success(let e): edits.append(e)
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return .success(edits)
    }
}
