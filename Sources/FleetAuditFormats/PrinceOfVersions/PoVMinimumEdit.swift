/// `whatif --emit princeofversions`: the platform's v4 configurations (`ios`/`ios2`, `macos`/`macos2`,
/// `android`/`android2` arrays) each get the minimum as `required_version` and the minimum OS as
/// `requirements.required_os_version`; a legacy object (clients before 4.0) gets `minimum_version` and
/// `minimum_version_min_sdk`. Both generations are edited when the document serves both, so old and new
/// clients see the same minimum.
extension PrinceOfVersionsFormat: MinimumEditable {
    package static func minimumEdits(_ root: JSONValue, platform: Platform, minimumApp: String?, minimumOS: String?)
        -> Result<[MinimumEdit], MinimumEditRefusal>
    {
        var paths: [(path: String, text: String)] = []
        var found = false
        for key in [platform.name, platform.name + "2"] {
            switch root.objectValue?[key] {
            case .array(let entries)?:
                found = true
                for i in entries.indices {
                    if let minimumApp { paths.append(("\(key)[\(i)].required_version", minimumApp)) }
                    if let minimumOS { paths.append(("\(key)[\(i)].requirements.required_os_version", minimumOS)) }
                }
            case .object(let legacy)? where legacy["minimum_version"] != nil:
                found = true
                if platform == .android {
                    return .failure(
                        MinimumEditRefusal(
                            "\(key).minimum_version is a version name (SemVer) that clients before 4.0 compare, but an Android minimum here is a versionCode: edit it by hand"
                        ))
                }
                if let minimumApp { paths.append(("\(key).minimum_version", minimumApp)) }
                if let minimumOS { paths.append(("\(key).minimum_version_min_sdk", minimumOS)) }
            default: continue
            }
        }
        guard found else {
            return .failure(
                MinimumEditRefusal("the document has no \(platform.name) or \(platform.name)2 configuration"))
        }
        var edits: [MinimumEdit] = []
        for (path, text) in paths {
            switch MinimumEdit.replacing(path, in: root, with: text) {
            case .success(let e): edits.append(e)
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return .success(edits)
    }
}
