import Foundation

/// A forgiving numeric version for release lists and OS versions (`16.4.1`, `14`, `13.0 (b2)`): the leading
/// digits of each dot-separated component, compared component by component with missing ones as 0.
/// Used only where no client's own rule applies (docs/configs.md `min_os`).
package struct LenientVersion: Comparable, Hashable, Sendable {
    package let components: [Int]

    package init?(_ text: String) {
        var components: [Int] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            let digits = part.prefix(while: { $0.isASCII && $0.isNumber })
            guard !digits.isEmpty, let n = Int(digits) else { break }
            components.append(n)
            if digits.count != part.count { break }
        }
        guard !components.isEmpty else { return nil }
        while components.count > 1 && components.last == 0 { components.removeLast() }
        self.components = components
    }

    private init(components: [Int]) { self.components = components }

    package static func < (a: LenientVersion, b: LenientVersion) -> Bool {
        let n = max(a.components.count, b.components.count)
        for i in 0..<n {
            let x = i < a.components.count ? a.components[i] : 0
            let y = i < b.components.count ? b.components[i] : 0
            if x != y { return x < y }
        }
        return false
    }
}

extension LenientVersion {
    /// Whether the text is only digits and dots (`5.0`, `12`): a version, not a word.
    package static func isPlainVersion(_ text: String) -> Bool { plain(text) != nil }

    /// The text as a version when it is only digits separated by single dots.
    package static func plain(_ text: String) -> LenientVersion? {
        let trimmed = text.trimmedWhitespace
        // Checked and read on the bytes: PoV requirements compare a device attribute this way on every
        // evaluation. Digits only, single dots, no dot at either end.
        let bytes = trimmed.utf8
        do {
            guard !bytes.isEmpty else { return nil }
            var components: [Int] = []
            var value = 0
            var digits = 0
            for b in bytes {
                if b == UInt8(ascii: ".") {
                    guard digits > 0 else { return nil }
                    components.append(value)
                    value = 0
                    digits = 0
                    continue
                }
                guard b >= 0x30 && b <= 0x39 else { return nil }
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                let (next, o2) = times10.addingReportingOverflow(Int(b - 0x30))
                // A component too long for Int: the general reading decides (it stops there).
                if o1 || o2 { return LenientVersion(trimmed) }
                value = next
                digits += 1
            }
            guard digits > 0 else { return nil }
            components.append(value)
            while components.count > 1 && components.last == 0 { components.removeLast() }
            return LenientVersion(components: components)
        }
    }
}
