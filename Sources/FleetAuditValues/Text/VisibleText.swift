/// Text a user did not write — config values, file names, inventory cells, server answers — made safe to show
/// on a terminal or in a CI log: control characters (C0 but tab, DEL, C1) and the bidirectional overrides are
/// written as visible escapes (`\n`, `\u{1B}`), so a value cannot clear a screen, plant a hyperlink, ring a bell,
/// or start a line that GitHub Actions reads as a workflow command (`\n::error …`). Every diagnostic, rejection
/// and config error passes through it when made, so every output shows the same text.
public enum VisibleText {
    public static func escape(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out.unicodeScalars.append(scalar)
            case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A scan of the bytes: nearly every text has nothing to escape.
    private static func needsEscaping(_ text: String) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for b in text.utf8 {
            if (b < 0x20 && b != 0x09) || b == 0x7F { return true }
            if previous == 0xC2 && b >= 0x80 && b < 0xA0 { return true }  // C1 controls
            if beforePrevious == 0xE2 && previous == 0x80 && b >= 0xAA && b <= 0xAE { return true }  // U+202A–202E
            if beforePrevious == 0xE2 && previous == 0x81 && b >= 0xA6 && b <= 0xA9 { return true }  // U+2066–2069
            beforePrevious = previous
            previous = b
        }
        return false
    }
}
