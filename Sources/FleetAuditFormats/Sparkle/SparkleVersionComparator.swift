import Foundation

/// Sparkle's `SUStandardVersionComparator` (SUStandardVersionComparator.m L41-273, the same in 1.x and 2.x),
/// which Sparkle uses for every version it compares: an item's version with the app's `CFBundleVersion`,
/// minimum versions, skipped versions, and the OS with `minimumSystemVersion` / `maximumSystemVersion`.
///
/// Written here rather than reused: no Swift library orders versions this way (it is not SemVer: `1.0b5` <
/// `1.0`, `1.0-beta` = `1.0`, `245` > `1.2.3`). `version-comparisons.tsv` in the conformance data holds it to
/// Sparkle's own tests and to the real comparator's answers.
enum SparkleVersionComparator {
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
    static func compare(_ a: [Part], _ b: [Part]) -> ComparisonResult {
        var partsA = a
        var partsB = b
        balance(&partsA, &partsB)
        let n = min(partsA.count, partsB.count)
        for i in 0..<n {
            let x = partsA[i]
            let y = partsB[i]
            if x.kind == y.kind {
                switch x.kind {
                case .number:
                    if x.value != y.value { return x.value < y.value ? .orderedAscending : .orderedDescending }
                case .string:
                    let order = compareText(x.text, y.text)
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
        guard partsA.count != partsB.count else { return .orderedSame }
        // One side goes on: a string part makes it older (1.0b < 1.0), a number or separator newer.
        let aLonger = partsA.count > partsB.count
        let next = aLonger ? partsA[n] : partsB[n]
        if next.kind == .string { return aLonger ? .orderedAscending : .orderedDescending }
        return aLonger ? .orderedDescending : .orderedAscending
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

    /// Pads the side with fewer leading number and period parts with `.` `0` pairs, so `1.0` = `1.0.0`.
    static func balance(_ a: inout [Part], _ b: inout [Part]) {
        func leading(_ parts: [Part]) -> Int {
            parts.prefix { $0.kind == .number || $0.isPeriod }.count
        }
        let (na, nb) = (leading(a), leading(b))
        guard na != nb else { return }
        let period = Part(kind: .separator, text: [0x2E], isPeriod: true)
        let zero = Part(kind: .number, text: [0x30], isPeriod: false)
        if na < nb {
            let padding = (na..<nb).map { b[$0].kind == .number ? zero : period }
            a.insert(contentsOf: padding, at: na)
        } else {
            let padding = (nb..<na).map { a[$0].kind == .number ? zero : period }
            b.insert(contentsOf: padding, at: nb)
        }
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
