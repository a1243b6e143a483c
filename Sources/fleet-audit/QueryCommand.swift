import ArgumentParser
import FleetAudit
import Foundation

struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Print the warehouse GROUP BY that turns a device table into the profiles these configs read.",
        discussion: """
            The SELECT groups the table by exactly the columns the loaded configs (and releases) read — the ones \
            `audit` keeps in a profile — and counts each group's rows as `count`: feed its CSV output (with a header) \
            to `fleet-audit audit --inventory FILE` or `--inventory -`. Nothing is filtered or converted: rows the \
            audit would reject are groups it rejects, with their devices; NULLs are written by the engines as empty \
            fields, which FleetAudit reads as absent. Load the table's columns as text (DuckDB all_varchar, Spark \
            without inferSchema): an engine that reads 4.10 as a number writes 4.1.

              duckdb -csv -c "$(fleet-audit query --config-dir SampleData/configs --dialect duckdb)" \\
                | fleet-audit audit --inventory - --config-dir SampleData/configs --out reports
            """
    )

    @OptionGroup var configOptions: ConfigOptions

    @Option(
        help: ArgumentHelp(
            "Releases the audit will read: a package column in them adds package_name.", valueName: "file"))
    var releases: String?

    @Option(
        help: ArgumentHelp(
            "SQL dialect: \(SQLDialect.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "name"))
    var dialect: String = SQLDialect.sqlite.rawValue

    @Option(
        help: ArgumentHelp(
            "The device table (dotted names are quoted part by part; BigQuery: project.dataset.table).",
            valueName: "name"))
    var table: String = "devices"

    @Option(
        name: .customLong("column"),
        help: ArgumentHelp(
            "The table's name for a column FleetAudit reads (repeatable); --column os_api_level=NAME also selects the API level.",
            valueName: "canonical=header"))
    var columns: [String] = []

    @Option(
        name: .customLong("table-columns"),
        help: ArgumentHelp(
            "The table's columns, comma-separated (e.g. a CSV header): columns the configs read that it lacks are left out and named; names match as the audit matches them (osVersion = os_version).",
            valueName: "a,b,…"))
    var tableColumns: String?

    @Option(
        help: ArgumentHelp(
            "A file holding the table (a CSV export, a SQLite database with --table): its columns are the table's, as --table-columns.",
            valueName: "path"))
    var inventory: String?

    func validate() throws {
        if SQLDialect(rawValue: dialect.lowercased()) == nil {
            throw ValidationError(
                "--dialect \(dialect): one of \(SQLDialect.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        _ = try InventoryReadOptions.parseColumns(columns)
        if inventory != nil && tableColumns != nil {
            throw ValidationError("--inventory and --table-columns both name the table's columns: give one")
        }
    }

    func run() throws {
        var request = AuditRequest(inventoryPath: inventory ?? "")
        configOptions.apply(to: &request)
        request.releasesPath = releases
        request.columnOverrides = try InventoryReadOptions.parseColumns(columns)
        do {
            let known = tableColumns.map {
                $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            }
            let query = try QueryRun.run(
                request, dialect: SQLDialect(rawValue: dialect.lowercased())!, table: table, tableColumns: known)
            if !query.omitted.isEmpty {
                Console.info(
                    "left out, the table has no such column: \(query.omitted.joined(separator: ", ")) (the audit reads them as absent)"
                )
            }
            if !query.unconfirmed.isEmpty {
                Console.info(
                    "warning: not confirmed as the table's columns, so selected as NULL (the audit reads them as absent): \(query.unconfirmed.joined(separator: ", ")); give --table-columns or --inventory FILE to select the table's own"
                )
            }
            FileHandle.standardOutput.write(Data(query.sql.utf8))
        } catch {
            throw Exit.fail(error)
        }
    }
}
