import FleetAuditEngine

/// Rows that repeat another row's `device_id` (an MDM export keeps a re-enrolled Mac twice): each is a device
/// counted again. Checked when the run maps a device id (`--column device_id=HEADER`), by reading that one column
/// once more: an audit never reads it otherwise (a device id would make every row a profile of its own). Memory
/// is bounded: at most `maximumIDs` ids are kept (8 bytes each, as 64-bit hashes; two ids sharing a hash by chance
/// among a million is about 1 in 36 million); past that, the check says how many rows it covered. A stream (a pipe,
/// standard input) cannot be read twice and is not checked; a grouped inventory (a count column) neither.
enum DuplicateDevices {
    static let maximumIDs = 4_000_000

    static func diagnostic(_ request: AuditRequest, grouped: Bool) -> Diagnostic? {
        guard let mapped = request.columnOverrides["device_id"], !grouped,
            !InventoryOpener.isStandardInputOrStream(request.inventoryPath),
            let source = try? ConstantColumns.open(request)
        else { return nil }
        let wanted = InventoryColumn.normalize(mapped)
        guard let column = source.headers.firstIndex(where: { InventoryColumn.normalize($0) == wanted }) else {
            return nil
        }
        var seen = Set<UInt64>()
        seen.reserveCapacity(1 << 12)
        var repeated: Int64 = 0
        var example: String?
        var checked: Int64 = 0
        while seen.count < maximumIDs, let event = try? source.next() {
            guard case .record(_, let fields) = event, column < fields.count else { continue }
            let id = fields.string(column).trimmedWhitespace
            guard !id.isEmpty else { continue }
            checked += 1
            if !seen.insert(fingerprint(id)).inserted {
                repeated += 1
                if example == nil { example = id }
            }
        }
        guard repeated > 0, let example else { return nil }
        let covered = seen.count >= maximumIDs ? " (among the first \(checked.groupedDigits) rows with an id)" : ""
        var d = Diagnostic(
            "inventory.duplicateDevices", .warning,
            "\(repeated.groupedDigits) row\(repeated == 1 ? " repeats" : "s repeat") the \(mapped) of an earlier row\(covered), e.g. \(VisibleText.escape(example)): each is counted as one more device; deduplicate the export (keep each device's latest row)"
        )
        d.devices = repeated
        return d
    }

    /// FNV-1a over the id's bytes: stable, and with no seed to differ between runs.
    private static func fingerprint(_ id: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
