import Foundation

/// `explain --inventory F --row N | --device-id ID`: the device one inventory row describes, as the
/// `key=value` pairs `--device` would give, so nobody types a row's columns by hand.
public enum InventoryRowLookup {
    public enum Key: Sendable {
        /// The row's location as reports give it: its line in a CSV file, its rowid in a SQLite table.
        case row(Int)
        /// The row whose `device_id` column (or `--column device_id=HEADER`) holds this value.
        case deviceID(String)
    }

    public static func pairs(_ request: AuditRequest, key: Key) throws(AuditFailure) -> [(key: String, value: String)] {
        let source: InventorySource
        do {
            source = try ConstantColumns.open(request)
        } catch {
            throw AuditFailure(error)
        }
        let headers = source.headers
        // The columns as `audit` reads them: `--column` mappings applied, two headers of one column refused, and
        // of two headers spelling one attribute the first.
        let map: ColumnMap
        do { map = try ColumnMap(headers: headers, overrides: request.columnOverrides) } catch {
            throw AuditFailure(error)
        }
        var names: [Int: String] = [:]
        for (column, i) in map.index { names[i] = column.rawValue }
        for (name, i) in map.attributes { names[i] = map.attributeDisplayNames[name] ?? name }
        var idColumn: Int?
        if case .deviceID = key {
            let wanted = InventoryColumn.normalize(request.columnOverrides["device_id"] ?? "device_id")
            idColumn = headers.firstIndex { InventoryColumn.normalize($0) == wanted }
            guard idColumn != nil else {
                throw .usage(
                    "--device-id: the inventory has no device_id column (map one with --column device_id=HEADER); columns found: \(headers.joined(separator: ", "))"
                )
            }
        }
        var rows = 0
        do {
            while let event = try source.next() {
                switch event {
                case .malformed(let line, _, let message):
                    if case .row(let n) = key, n == line {
                        throw AuditFailure.input(
                            "\(source.locationKind) \(line) of \(request.inventoryPath) is malformed: \(message)")
                    }
                case .record(let line, let fields):
                    rows += 1
                    let hit: Bool
                    switch key {
                    case .row(let n): hit = n == line
                    case .deviceID(let id): hit = fields.string(idColumn!).trimmedWhitespace == id
                    }
                    if hit {
                        return headers.indices.compactMap { i in
                            names[i].map { ($0, i < fields.count ? fields.string(i) : "") }
                        }
                    }
                }
            }
        } catch let failure as AuditFailure {
            throw failure
        } catch let error as InventoryError {
            throw AuditFailure(error)
        } catch {
            throw .input("\(error)")
        }
        switch key {
        case .row(let n):
            throw .usage(
                "--row \(n): no such \(source.locationKind) in \(request.inventoryPath) (\(rows) rows; rows start at \(source.locationKind) \(source.locationKind == "line" ? 2 : 1))"
            )
        case .deviceID(let id):
            throw .usage("--device-id \(id): no row of \(request.inventoryPath) has that device_id (\(rows) rows read)")
        }
    }
}
