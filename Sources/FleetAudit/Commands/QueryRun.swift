/// `query`: the configs (and releases) loaded as `audit` loads them, their `ProfileNeeds` made into the
/// warehouse's `GROUP BY`.
public enum QueryRun {
    public static func run(
        _ request: AuditRequest, dialect: SQLDialect, table: String,
        tableColumns: [String]? = nil
    ) throws(AuditFailure) -> ProfileQuery {
        var strict = request
        // A config left out would leave its columns out of the query: every one must load.
        strict.keepGoing = false
        let (configs, _) = try AuditRun.loadConfigs(strict)
        let releases = try AuditRun.loadReleases(request.releasesPath)
        return try ProfileQuery(
            needs: ProfileNeeds.forRun(configs, releases: releases), dialect: dialect, table: table,
            renamed: request.columnOverrides, tableColumns: tableColumns)
    }
}
