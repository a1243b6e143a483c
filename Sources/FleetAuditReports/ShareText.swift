/// A share of devices to one decimal, rounded half up on the integers themselves: a binary `Double` put 0.25% at
/// `0.2%` and 0.45% at `0.5%`. A share that is not zero never shows as `0.0%` (`<0.1%`), and one that is not all
/// never as `100.0%` (`>99.9%`): a reader of `100.0%` would take it for every device.
package enum ShareText {
    package static func percent(_ part: Int64, of whole: Int64) -> String {
        guard whole > 0 else { return "0.0%" }
        // Tenths of a percent, half up: (part × 1000 + whole / 2) / whole, in 128 bits so no count overflows.
        let (high, low) = part.multipliedFullWidth(by: 2000)
        let scaled = (Int128(high) << 64) | Int128(low)
        let tenths = Int64((scaled + Int128(whole)) / (Int128(whole) * 2))
        if part > 0 && tenths == 0 { return "<0.1%" }
        if part < whole && tenths >= 1000 { return ">99.9%" }
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
