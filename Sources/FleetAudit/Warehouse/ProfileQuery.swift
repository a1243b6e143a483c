import FleetAuditEngine

/// The SQL dialects `fleet-audit query` writes: they differ in how an identifier is quoted and how a
/// dotted table name is written.
public enum SQLDialect: String, CaseIterable, Sendable {
    case sqlite, duckdb, postgres, spark, bigquery, snowflake

    /// An identifier quoted for the dialect: `"os_version"`, or `` `os_version` `` for Spark and BigQuery.
    /// A quote inside a name is doubled (Spark: a backtick doubled; BigQuery: escaped with a backslash).
    package func quote(_ identifier: String) -> String {
        switch self {
        // SQLite reads a double-quoted name that matches no column as a string literal (every device would get
        // the text "bluetooth" as its bluetooth), a backquoted one never: a missing column fails the query.
        case .spark, .sqlite: return "`" + identifier.replacingOccurrences(of: "`", with: "``") + "`"
        case .bigquery:
            return "`"
                + identifier.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "`", with: "\\`")
                + "`"
        case .duckdb, .postgres, .snowflake:
            return "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
    }

    /// A table name, each dotted part quoted (`analytics.devices` → `"analytics"."devices"`); BigQuery quotes
    /// a whole `project.dataset.table` path in one pair of backticks, as its documentation writes it.
    package func table(_ name: String) -> String {
        if self == .bigquery { return quote(name) }
        return name.split(separator: ".", omittingEmptySubsequences: false).map { quote(String($0)) }.joined(
            separator: ".")
    }
}

/// `fleet-audit query`: the `GROUP BY` a warehouse runs so that FleetAudit receives distinct profiles with a
/// `count` instead of every device. Its columns are exactly those ingest keeps for the loaded configs (the same
/// `ProfileNeeds`), each selected under the name FleetAudit reads; no `WHERE`, no `CAST`, no `COALESCE`:
/// every row lands in some group — rows the audit would reject included, rejected by FleetAudit with their
/// devices — and a NULL stays a NULL, which engines write to CSV as an empty field, FleetAudit's "absent".
public struct ProfileQuery: Sendable, Equatable {
    /// A selected column: the warehouse's column and the name FleetAudit reads it by.
    package struct Column: Sendable, Equatable {
        /// Nil: no table column was confirmed for it, so it is selected as NULL (`unconfirmed`).
        package let source: String?
        package let output: String
    }

    package let dialect: SQLDialect
    package let table: String
    package let columns: [Column]
    /// Columns the configs read that the table does not have (with `tableColumns`): left out, as an audit of
    /// the table itself would find them absent; named on stderr.
    public let omitted: [String]
    /// Attributes the configs read whose column nobody confirmed (no `tableColumns`, no `--column`): selected as
    /// `NULL AS name`, so the statement runs on any table, and named on stderr. A statement that selected them
    /// failed on every table without them ("no such column: bluetooth").
    public let unconfirmed: [String]
    /// The table's count column when it is already grouped (`--column count=NAME`, or a `count` column it has):
    /// the query sums it instead of counting rows.
    package let countColumn: String?

    /// The columns: platform, os_version, os_api_level (when the table has it, or `--column os_api_level=…`
    /// names it: FleetAudit derives the API level from os_version otherwise), app_version, app_build (Android's
    /// versionCode; the other platforms' builds when a config reads them), package_name when a config or the
    /// releases read it, then the attributes in the configs' spelling, sorted. `renamed` maps a column FleetAudit
    /// reads (any spelling) to the table's name for it; `tableColumns`, the table's columns when known, finds
    /// the others by FleetAudit's matching of names (`osVersion` = `os_version`) and leaves out what is absent.
    package init(
        needs: ProfileNeeds, dialect: SQLDialect, table: String = "devices", renamed: [String: String] = [:],
        tableColumns: [String]? = nil
    ) throws(AuditFailure) {
        let renames = Dictionary(
            renamed.map { (InventoryColumn.normalize($0.key), $0.value) }, uniquingKeysWith: { _, last in last })
        let present = tableColumns.map { names in
            Dictionary(names.map { (InventoryColumn.normalize($0), $0) }, uniquingKeysWith: { first, _ in first })
        }
        /// The table's name for a column, nil when the table is known not to have it.
        func source(_ name: String) -> String? {
            let key = InventoryColumn.normalize(name)
            if let renamed = renames[key] { return renamed }
            guard let present else { return name }
            return present[key]
        }
        var wanted = [InventoryColumn.platform.rawValue, InventoryColumn.osVersion.rawValue]
        let apiLevel = InventoryColumn.osAPILevel.rawValue
        if renames[InventoryColumn.normalize(apiLevel)] != nil || present?[InventoryColumn.normalize(apiLevel)] != nil {
            wanted.append(apiLevel)
        }
        wanted += [InventoryColumn.appVersion.rawValue, InventoryColumn.appBuild.rawValue]
        if needs.packageName { wanted.append(InventoryColumn.packageName.rawValue) }
        wanted += needs.attributes.map { needs.spellings[$0] ?? $0 }.sorted()
        // A config's JSON can name an attribute with U+0000 (`"blue\u0000tooth"`); the command line cannot. No
        // engine takes it in an identifier (the statement is a C string to them, cut there), and no column has
        // such a name: refused, never written into the statement.
        if let name = wanted.first(where: { $0.unicodeScalars.contains("\u{0}") }) {
            throw .input(
                "a config reads attribute \"\(VisibleText.escape(name))\", whose name holds a NUL character (U+0000): no SQL engine takes it in an identifier and no table column can have it; rename it in the config"
            )
        }
        var columns: [Column] = []
        var omitted: [String] = []
        var unconfirmed: [String] = []
        // Without the table's columns, only the inventory's own columns (docs/inventory.md) are taken on trust.
        let canonical = Set(InventoryColumn.allCases.map(\.rawValue))
        for name in wanted {
            if present == nil, !canonical.contains(name), renames[InventoryColumn.normalize(name)] == nil {
                columns.append(Column(source: nil, output: name))
                unconfirmed.append(name)
            } else if let s = source(name) {
                columns.append(Column(source: s, output: name))
            } else {
                omitted.append(name)
            }
        }
        let missingRequired = InventoryColumn.required.map(\.rawValue).filter(omitted.contains)
        if !missingRequired.isEmpty {
            throw .input(
                "the table has no \(missingRequired.joined(separator: ", ")) column (give --column \(missingRequired[0])=NAME); its columns: \((tableColumns ?? []).joined(separator: ", "))"
            )
        }
        self.dialect = dialect
        self.table = table
        self.columns = columns
        self.omitted = omitted
        self.unconfirmed = unconfirmed
        countColumn =
            renames[InventoryColumn.normalize(InventoryColumn.count.rawValue)]
            ?? present?[InventoryColumn.normalize(InventoryColumn.count.rawValue)]
    }

    /// The statement, one clause per line, with no trailing semicolon (psql's `COPY (…)`, Spark's `spark.sql`
    /// and the CLIs' `-c` all take it as it is).
    public var sql: String {
        let selected = columns.map { c in
            guard let source = c.source else { return "NULL AS \(dialect.quote(c.output))" }
            return source == c.output ? dialect.quote(source) : "\(dialect.quote(source)) AS \(dialect.quote(c.output))"
        }
        return """
            SELECT \(selected.joined(separator: ", ")), \(countColumn.map { "sum(\(dialect.quote($0)))" } ?? "count(*)") AS \(dialect.quote(InventoryColumn.count.rawValue))
            FROM \(dialect.table(table))
            GROUP BY \(columns.compactMap { $0.source.map(dialect.quote) }.joined(separator: ", "))
            """ + "\n"
    }
}
