/// How FleetAudit names a device's fields: inventory headers, the attributes formats read and the names
/// of `ProfileNeeds` all compare in this form.
package enum AttributeName {
    /// Header names match ignoring case, `_`, `-` and spaces: `osVersion` = `os_version` = `OS Version`.
    package static func normalize(_ name: String) -> String {
        // ASCII names (all real ones) on bytes: formats look attributes up by name on every evaluation.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            let kept = name.utf8.filter {
                $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: " ")
            }
            return String(decoding: kept.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != " " })
    }
}
