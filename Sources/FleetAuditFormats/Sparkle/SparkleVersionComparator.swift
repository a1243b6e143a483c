import Foundation

/// Sparkle's `SUStandardVersionComparator` (SUStandardVersionComparator.m L41-273, the same in 1.x and 2.x),
/// which Sparkle uses for every version it compares: an item's version with the app's `CFBundleVersion`,
/// minimum versions, skipped versions, and the OS with `minimumSystemVersion` / `maximumSystemVersion`.
///
/// Written here rather than reused: no Swift library orders versions this way (it is not SemVer: `1.0b5` <
/// `1.0`, `1.0-beta` = `1.0`, `245` > `1.2.3`). `version-comparisons.tsv` in the conformance data holds it to
/// Sparkle's own tests and to the real comparator's answers.
enum SparkleVersionComparator {
    typealias Parts = [Part]

    enum Kind: Equatable { case number, string, separator }

    struct Part: Equatable, Sendable {
        let kind: Kind
        /// The UTF-16 text of the part.
        let text: [UInt16]
        /// A `.` separator (the parts padding counts), as opposed to whitespace or other punctuation.
        let isPeriod: Bool
        /// A number part's value (`longLongValue`); 0 for other parts.
        let value: Int64

        init(kind: Kind, text: [UInt16], isPeriod: Bool) {
            self.kind = kind
            self.text = text
            self.isPeriod = isPeriod
            value = kind == .number ? SparkleVersionComparator.value(text) : 0
        }
    }

    /// Whether `a` is older than `b`.
    static func isOlder(_ a: String, than b: String) -> Bool { compare(a, b) == .orderedAscending }

    static func compare(_ a: String, _ b: String) -> ComparisonResult { compare(split(a), split(b)) }

    /// Compares versions already split (`split`): an appcast's versions are split once, not per comparison.
    /// The side with fewer leading number and period parts is padded with `.` and `0` parts mirroring the
    /// other's, so `1.0` = `1.0.0`; the padding is applied as the parts are read, so nothing is allocated.
    static func compare(_ a: [Part], _ b: [Part]) -> ComparisonResult {
        let na = leadingCount(a)
        let nb = leadingCount(b)
        let (countA, countB) = (a.count + max(0, nb - na), b.count + max(0, na - nb))
        let n = min(countA, countB)
        for i in 0..<n {
            let x = slot(a, i, leading: na, other: b, otherLeading: nb)
            let y = slot(b, i, leading: nb, other: a, otherLeading: na)
            if x.kind == y.kind {
                switch x.kind {
                case .number:
                    if x.value != y.value { return x.value < y.value ? .orderedAscending : .orderedDescending }
                case .string:
                    // Padding is never a string part: both are parts of their own versions.
                    let order = compareText(a[x.at].text, b[y.at].text)
                    if order != .orderedSame { return order }
                case .separator:
                    continue
                }
            } else if x.kind != .string && y.kind == .string {
                return .orderedDescending
            } else if x.kind == .string && y.kind != .string {
                return .orderedAscending
            } else {
                // A number against a separator: the number wins.
                return x.kind == .number ? .orderedDescending : .orderedAscending
            }
        }
        guard countA != countB else { return .orderedSame }
        // One side goes on: a string part makes it older (1.0b < 1.0), a number or separator newer.
        let aLonger = countA > countB
        let next =
            aLonger
            ? slot(a, n, leading: na, other: b, otherLeading: nb) : slot(b, n, leading: nb, other: a, otherLeading: na)
        if next.kind == .string { return aLonger ? .orderedAscending : .orderedDescending }
        return aLonger ? .orderedDescending : .orderedAscending
    }

    /// Part `i` of `parts` once padded to the other side's leading number and period parts: its kind, its
    /// value and its index in `parts` (-1: a padding `.` or `0`). Read field by field, not copied: a copy of
    /// a part retains its text, and a thousand feeds compare a Mac's version a thousand times.
    @inline(__always)
    private static func slot(_ parts: [Part], _ i: Int, leading: Int, other: [Part], otherLeading: Int) -> (
        kind: Kind, value: Int64, at: Int
    ) {
        var at = i
        if leading < otherLeading, i >= leading {
            if i < otherLeading { return other[i].kind == .number ? (.number, 0, -1) : (.separator, 0, -1) }
            at = i - (otherLeading - leading)
        }
        return (parts[at].kind, parts[at].value, at)
    }

    private static func leadingCount(_ parts: [Part]) -> Int {
        var n = 0
        while n < parts.count, parts[n].kind == .number || parts[n].isPeriod { n += 1 }
        return n
    }

    /// Runs of digits, runs of other characters, and single separators; a `-` after the first character ends
    /// the version. Sparkle walks UTF-16 units.
    static func split(_ version: String) -> [Part] {
        let units = Array(version.utf16)
        guard let first = units.first else { return [] }
        var parts: [Part] = []
        var current: [UInt16] = [first]
        var currentKind = kind(first)
        for unit in units.dropFirst() {
            if unit == 0x2D { break }
            let k = kind(unit)
            if k != currentKind || currentKind == .separator {
                parts.append(part(current, currentKind))
                current = [unit]
            } else {
                current.append(unit)
            }
            currentKind = k
        }
        parts.append(part(current, currentKind))
        return parts
    }

    private static func part(_ text: [UInt16], _ kind: Kind) -> Part {
        Part(kind: kind, text: text, isPeriod: kind == .separator && text == [0x2E])
    }

    static func kind(_ unit: UInt16) -> Kind {
        if unit == 0x2E { return .separator }
        guard let scalar = Unicode.Scalar(unit) else { return .string }  // a surrogate half
        let properties = scalar.properties
        switch properties.generalCategory {
        case .decimalNumber:
            return .number
        case .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return .separator
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return .separator
        default:
            // Foundation's whitespaceAndNewlineCharacterSet also holds the C0 line breaks, tab and NEL.
            return (0x09...0x0D).contains(unit) || unit == 0x85 ? .separator : .string
        }
    }

    /// `longLongValue`: the leading ASCII digits, saturating at `Int64.max`.
    static func value(_ text: [UInt16]) -> Int64 {
        var v: Int64 = 0
        for unit in text {
            guard unit >= 48 && unit <= 57 else { break }
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int64(unit - 48))
            if o1 || o2 { return Int64.max }
            v = s
        }
        return v
    }

    private static func compareText(_ a: [UInt16], _ b: [UInt16]) -> ComparisonResult {
        let x = String(decoding: a, as: UTF16.self).unicodeScalars.map(\.value)
        let y = String(decoding: b, as: UTF16.self).unicodeScalars.map(\.value)
        if x == y { return .orderedSame }
        return x.lexicographicallyPrecedes(y) ? .orderedAscending : .orderedDescending
    }
}
