/// A share of devices to one decimal, rounded half up on the integers themselves: a binary `Double` put 0.25% at
/// `0.2%` and 0.45% at `0.5%`. A share that is not zero never shows as `0.0%` (`<0.1%`), and one that is not all
/// never as `100.0%` (`>99.9%`): a reader of `100.0%` would take it for every device.
package enum ShareText {
    package static func percent(_ part: Int64, of whole: Int64) -> String {
        guard whole > 0 else { return "0.0%" }
        // Tenths of a percent, half up: (part × 2000 + whole) / (2 × whole), in 128 bits (a full-width product and
        // quotient, which every platform's standard library has) so no count overflows.
        let tenths: Int64
        let (high, low) = part.multipliedFullWidth(by: 2000)
        let (sumLow, carry) = low.addingReportingOverflow(UInt64(whole))
        let divisor = whole.multipliedReportingOverflow(by: 2)
        if !divisor.overflow, part >= 0, part <= whole {
            tenths = divisor.partialValue.dividingFullWidth((high + (carry ? 1 : 0), sumLow)).quotient
        } else {
            // Past 2^62 devices, or a part larger than its whole (neither comes from an inventory, whose counts stop
            // at 2^53): a Double is as close as needed, and cannot trap.
            tenths = Int64(
                max(-1e15, min(1e15, (Double(part) * 1000 / Double(whole)).rounded(.toNearestOrAwayFromZero))))
        }
        if part > 0 && tenths == 0 { return "<0.1%" }
        if part < whole && tenths >= 1000 { return ">99.9%" }
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
