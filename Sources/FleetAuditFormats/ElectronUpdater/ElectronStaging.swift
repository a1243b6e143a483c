/// electron-updater's staged rollout (`AppUpdater.isStagingMatch`): a device is in when its staging id's last four
/// bytes, as a big-endian uint32 over 0xffffffff, are strictly below the percentage over 100.
enum ElectronStaging {
    /// What `stagingPercentage` makes of the fleet.
    enum Rollout: Equatable, Sendable {
        /// Missing, null or not a number (`parseInt` gives NaN): every device is in.
        case everyone
        /// `parseInt(value, 10)`: the percentage the client compares with.
        case percentage(Double)
    }

    /// `stagingPercentage` as the client reads it.
    static func rollout(_ value: FeedValue?) -> Rollout {
        guard let value, value != .null else { return .everyone }
        guard let parsed = JSYAMLNumbers.parseInt(value.javaScriptString) else { return .everyone }
        return .percentage(parsed)
    }

    /// Whether a device whose staging id is `id` is in a rollout of `percentage`; nil when `id` is no valid id
    /// (the client then makes a random one: the device's stage is not known).
    static func isIn(id: String, percentage: Double) -> Bool? {
        guard let fraction = fraction(id) else { return nil }
        return fraction < percentage / 100
    }

    /// The id's place in [0, 1]: `UUID.parse(id).readUInt32BE(12) / 0xffffffff`. `UUID.check` accepts the id in
    /// any case, but `UUID.parse` decodes each byte from a lower-case-only table: a byte written with an upper-case
    /// letter decodes as 0.
    static func fraction(_ id: String) -> Double? {
        let bytes = Array(id.utf8)
        guard bytes.count == 36 else { return nil }
        for (i, b) in bytes.enumerated() {
            let isDash = [8, 13, 18, 23].contains(i)
            guard isDash ? b == UInt8(ascii: "-") : isHexDigit(b) || (0x41...0x46).contains(b) else { return nil }
        }
        var value: UInt32 = 0
        for pair in 0..<4 {
            let hi = bytes[28 + 2 * pair]
            let lo = bytes[29 + 2 * pair]
            let byte = isLowerHex(hi) && isLowerHex(lo) ? hexValue(hi) << 4 | hexValue(lo) : 0
            value = value << 8 | UInt32(byte)
        }
        return Double(value) / 4_294_967_295.0
    }

    /// The smallest whole percentage that includes the device (0…101; 101: only a percentage above 100 does).
    static func stage(_ id: String) -> Int? {
        guard let fraction = fraction(id) else { return nil }
        return (0...101).first { fraction < Double($0) / 100 }
    }

    private static func isHexDigit(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || (0x61...0x66).contains(b) }
    private static func isLowerHex(_ b: UInt8) -> Bool { isHexDigit(b) }
    private static func hexValue(_ b: UInt8) -> UInt8 { b <= 0x39 ? b - 0x30 : b - 0x61 + 10 }
}
