import Foundation

/// Checks a configuration's non-OS requirements against inventory attributes (docs/formats/princeofversions.md). The clients
/// call an app-supplied closure per key; FleetAudit stands in for it with the attribute of the same name
/// (`free_memory` and `freeMemory` are one attribute) and a comparison chosen by the value's type, or by
/// `--requirement KEY=…`. A key with no attribute does not hold, as a client with no closure for it.
enum PoVRequirements {
    static let notScalarCode = "pov.requirementNotScalar"

    enum Verdict: Equatable {
        case holds
        case fails(String)
    }

    /// Whether the requirement holds, without building the explanation (the evaluation's fast path).
    static func holds(_ key: String, _ value: JSONValue, profile: any Device, options: FormatOptions) -> Bool {
        check(key, value, profile: profile, options: options, explaining: false) == .holds
    }

    /// Whether the requirement holds for a device whose attribute `key` is `attribute` (nil: it has none).
    static func holds(_ key: String, _ value: JSONValue, attribute: String?, options: FormatOptions) -> Bool {
        check(key, value, attribute: attribute, options: options, explaining: false) == .holds
    }

    /// - Parameter explaining: false skips building the failure's text (`.fails("")`).
    static func check(
        _ key: String, _ value: JSONValue, profile: any Device, options: FormatOptions,
        explaining: Bool = true
    ) -> Verdict {
        check(key, value, attribute: profile.attribute(key), options: options, explaining: explaining)
    }

    private static func check(
        _ key: String, _ value: JSONValue, attribute: String?, options: FormatOptions,
        explaining: Bool
    ) -> Verdict {
        func fails(_ why: @autoclosure () -> String) -> Verdict { .fails(explaining ? why() : "") }
        guard let attribute else {
            return fails("the inventory has no \(key) attribute")
        }
        if !options.requirementComparisons.isEmpty,
            let comparison = options.requirementComparisons[AttributeName.normalize(key)]
        {
            let expected = value.stringValue ?? JSONWriter.compact(value)
            let ordered = order(attribute, expected)
            let ok: Bool
            switch comparison {
            case .equals: ok = ordered.map { $0 == .orderedSame } ?? (attribute.lowercased() == expected.lowercased())
            case .atLeast: ok = ordered.map { $0 != .orderedAscending } ?? false
            case .atMost: ok = ordered.map { $0 != .orderedDescending } ?? false
            }
            return ok ? .holds : fails("\(key) \(attribute) is not \(comparison.rawValue) \(expected)")
        }
        switch value {
        case .bool(let b):
            guard let a = parseBool(attribute), a == b else { return fails("\(key) \(attribute) ≠ \(b)") }
            return .holds
        case .number(let n):
            guard let a = Double(attribute), a >= n.double else { return fails("\(key) \(attribute) < \(n.literal)") }
            return .holds
        case .string(let s):
            if LenientVersion.isPlainVersion(s) {
                guard order(attribute, s).map({ $0 != .orderedAscending }) ?? false else {
                    return fails("\(key) \(attribute) < \(s)")
                }
                return .holds
            }
            return attribute.lowercased() == s.lowercased() ? .holds : fails("\(key) \(attribute) ≠ \(s)")
        case .null:
            // Only the iOS/macOS client keeps a null requirement (Android drops it while parsing, so it holds): the
            // app's check receives NSNull, which a typed check does not accept (`ConfigurationData.swift` L55,
            // `UpdateInfo.swift` L133-134).
            return fails("\(key) is null, which the app's check does not accept")
        case .array, .object:
            return fails("\(key) is \(value.kindDescription), which no attribute can satisfy")
        }
    }

    /// Orders two values as versions (or numbers) when both read as such.
    private static func order(_ a: String, _ b: String) -> ComparisonResult? {
        guard let x = LenientVersion.plain(a), let y = LenientVersion.plain(b) else { return nil }
        return x < y ? .orderedAscending : (y < x ? .orderedDescending : .orderedSame)
    }

    private static func parseBool(_ s: String) -> Bool? {
        switch s.lowercased() {
        case "true", "1", "yes", "y", "t": return true
        case "false", "0", "no", "n", "f": return false
        default: return nil
        }
    }
}
