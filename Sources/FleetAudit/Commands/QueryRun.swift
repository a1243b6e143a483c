import FleetAuditEngine

/// `query`: the configs (and releases) loaded as `audit` loads them, their `ProfileNeeds` made into the
/// warehouse's `GROUP BY`.
public enum QueryRun {
    /// - Parameter tableColumns: the table's columns when known; else those of `request.inventoryPath` when
    ///   it names a file (a CSV export's header, the SQLite table `table`), else none are confirmed.
    public static func run(
        _ request: AuditRequest, dialect: SQLDialect, table: String,
        tableColumns: [String]? = nil
    ) throws(AuditFailure) -> ProfileQuery {
        var tableColumns = tableColumns
        if tableColumns == nil, !request.inventoryPath.isEmpty {
            tableColumns = try columns(of: request.inventoryPath, table: table)
        }
        var strict = request
        // A config left out would leave its columns out of the query: every one must load.
        strict.keepGoing = false
        let (configs, _) = try AuditRun.loadConfigs(strict)
        let releases = try AuditRun.loadReleases(request.releasesPath)
        return try ProfileQuery(
            needs: ProfileNeeds.forRun(configs, releases: releases), dialect: dialect, table: table,
            renamed: request.columnOverrides, tableColumns: tableColumns)
    }

    /// The columns of an inventory file, as `audit` would read them: a SQLite database's table, a CSV's header.
    static func columns(of path: String, table: String) throws(AuditFailure) -> [String] {
        do {
            let sqlite = InventoryOpener.isSQLite(path)
            return try InventoryOpener.open(path: path, table: sqlite ? table : nil).headers
        } catch {
            throw AuditFailure(error)
        }
    }
}
