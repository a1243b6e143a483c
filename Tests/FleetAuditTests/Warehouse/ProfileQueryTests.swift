import Foundation
import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// `fleet-audit query`: the GROUP BY over exactly the columns ingest keeps for the loaded configs. Each
/// dialect's text for the sample configs is a golden file (BigQuery and Snowflake are checked only so; the
/// other four run on their engines in Tests/Warehouse/).
final class ProfileQueryTests: XCTestCase {
    static let sampleHeader =
        "device_id,platform,os_version,app_version,app_build,package_name,model,region,language,is_tablet,last_notified_version,app_opens,minutes_since_rating,arch"

    func testEveryDialectOnTheSampleConfigsMatchesItsGoldenFile() throws {
        for dialect in SQLDialect.allCases {
            let result = try CommandLineTests.run([
                "query", "--config-dir", "SampleData/configs", "--releases", "SampleData/releases.csv",
                "--dialect", dialect.rawValue, "--table-columns", Self.sampleHeader,
            ])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(
                result.stderr,
                "fleet-audit: left out, the table has no such column: bluetooth, message_display_count, message_last_shown, sparkle_automatic_checks, sparkle_channels, sparkle_framework, sparkle_skipped_major_subrelease_version, sparkle_skipped_major_version, sparkle_skipped_version, sparkle_update_group, sparkle_update_group_id (the audit reads them as absent)\n"
            )
            try GoldenFile.check(result.stdout, against: "query-\(dialect.rawValue).sql")
        }
    }

    /// The columns are the profile's: core columns, package_name only when something reads it, the configs'
    /// attributes in their own spelling; never device_id or a column no config reads.
    /// Issue 67 item 13: without --table-columns the statement selected columns a user's table lacks, and failed
    /// ("no such column: bluetooth"). Now it runs on the sample database as printed; --inventory reads the
    /// table's columns from the file itself, as --table-columns gives them.
    func testWithoutTheTablesColumnsTheStatementStillRunsAndWithTheInventoryItSelectsThem() throws {
        let plain = try CommandLineTests.run([
            "query", "--config-dir", "SampleData/configs", "--releases", "SampleData/releases.csv",
        ])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stderr.contains("not confirmed as the table's columns, so selected as NULL"), plain.stderr)
        let db = try SQLiteDatabase(path: TestPaths.sample("inventory.sqlite"), readOnly: true, busyTimeout: 1)
        let devices = try db.query(plain.stdout).map { row -> Int64 in
            if case .integer(let n) = row.last! { return n }
            return -1
        }
        XCTAssertEqual(
            devices.reduce(0, +), 4_000, "the statement runs on a table without bluetooth, every row grouped")
        for inventory in ["SampleData/inventory.sqlite", "SampleData/inventory.csv"] {
            let read = try CommandLineTests.run([
                "query", "--config-dir", "SampleData/configs", "--releases", "SampleData/releases.csv",
                "--inventory", inventory,
            ])
            let given = try CommandLineTests.run([
                "query", "--config-dir", "SampleData/configs", "--releases", "SampleData/releases.csv",
                "--table-columns", Self.sampleHeader,
            ])
            XCTAssertEqual(read.status, 0, read.stderr)
            XCTAssertEqual(read.stdout, given.stdout, inventory)
            XCTAssertEqual(read.stderr, given.stderr, inventory)
            XCTAssertFalse(try db.query(read.stdout).isEmpty)
        }
    }

    func testColumnsAreExactlyWhatTheConfigsRead() throws {
        let nhs = try ConfigLoader().load(TestPaths.sample("configs/nhs/availability-android.json"), id: "a")
        var query = try ProfileQuery(needs: ProfileNeeds.forRun([nhs], releases: nil), dialect: .postgres)
        XCTAssertEqual(query.columns.map(\.output), ["platform", "os_version", "app_version", "app_build"])
        XCTAssertEqual(
            query.sql,
            """
            SELECT "platform", "os_version", "app_version", "app_build", count(*) AS "count"
            FROM "devices"
            GROUP BY "platform", "os_version", "app_version", "app_build"

            """)
        let releases = try AuditRun.loadReleases(TestPaths.sample("releases.csv"))
        let pov = try ConfigLoader().load(TestPaths.sample("configs/princeofversions/fleet-rollout.json"), id: "p")
        query = try ProfileQuery(needs: ProfileNeeds.forRun([nhs, pov], releases: releases), dialect: .duckdb)
        XCTAssertEqual(
            query.columns.map(\.output),
            [
                "platform", "os_version", "app_version", "app_build", "package_name", "is_tablet",
                "last_notified_version", "region",
            ])
        // Without the table's columns the attributes are nobody's confirmed columns: NULL, and named.
        XCTAssertEqual(query.unconfirmed, ["is_tablet", "last_notified_version", "region"])
        XCTAssertEqual(query.columns.filter { $0.source == nil }.map(\.output), query.unconfirmed)

        // The table's own names, matched as ingest matches headers; an API level column when the table has one.
        query = try ProfileQuery(
            needs: ProfileNeeds.forRun([pov], releases: nil), dialect: .spark, table: "warehouse.fleet.devices",
            renamed: ["region": "geo`code"],
            tableColumns: ["Platform", "osVersion", "OS API Level", "appVersion", "app_build", "is_tablet", "geo`code"])
        XCTAssertEqual(
            query.sql,
            """
            SELECT `Platform` AS `platform`, `osVersion` AS `os_version`, `OS API Level` AS `os_api_level`, `appVersion` AS `app_version`, `app_build`, `is_tablet`, `geo``code` AS `region`, count(*) AS `count`
            FROM `warehouse`.`fleet`.`devices`
            GROUP BY `Platform`, `osVersion`, `OS API Level`, `appVersion`, `app_build`, `is_tablet`, `geo``code`

            """)
        XCTAssertEqual(SQLDialect.bigquery.table("project.dataset.devices"), "`project.dataset.devices`")
        XCTAssertEqual(SQLDialect.bigquery.quote("a`b\\c"), "`a\\`b\\\\c`")
        XCTAssertEqual(SQLDialect.snowflake.quote("say \"hi\""), "\"say \"\"hi\"\"\"")
    }

    /// A config can spell an attribute with U+0000 (JSON `\u0000`): the statement would carry a NUL byte, which
    /// cuts the C string every engine reads. Refused (65), naming the attribute visibly; nothing printed.
    func testAnAttributeNameWithANulIsRefusedNotEmitted() throws {
        let dir = TestPaths.temporaryDirectory()
        let config = TestPaths.write(
            #"{"android": [{"required_version": "2.0.0", "requirements": {"blue\u0000tooth": "on"}}], "meta": {}}"#,
            named: "nul.json", in: dir)
        for dialect in ["sqlite", "duckdb", "postgres"] {
            let result = try CommandLineTests.run(["query", "--config", config, "--dialect", dialect])
            XCTAssertEqual(result.status, 65, "\(dialect): \(result.stdout)")
            XCTAssertEqual(result.stdout, "", dialect)
            XCTAssertFalse(result.stderr.unicodeScalars.contains("\u{0}"), dialect)
            XCTAssertTrue(result.stderr.contains("whose name holds a NUL character (U+0000)"), result.stderr)
        }
    }

    func testARequiredColumnTheTableLacksIsNamedWithTheColumnsFound() throws {
        XCTAssertThrowsError(
            try ProfileQuery(needs: ProfileNeeds(), dialect: .sqlite, tableColumns: ["platform", "osv", "app_version"])
        ) { error in
            XCTAssertEqual(
                error as? AuditFailure,
                .input(
                    "the table has no os_version column (give --column os_version=NAME); its columns: platform, osv, app_version"
                ))
        }
        XCTAssertNoThrow(
            try ProfileQuery(
                needs: ProfileNeeds(), dialect: .sqlite, renamed: ["os_version": "osv"],
                tableColumns: ["platform", "osv", "app_version"]))
        let bad = try CommandLineTests.run([
            "query", "--config", "SampleData/configs/nhs/availability-android.json", "--dialect", "oracle",
        ])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(
            bad.stderr.contains("--dialect oracle: one of sqlite, duckdb, postgres, spark, bigquery, snowflake"),
            bad.stderr)
        let broken = try CommandLineTests.run([
            "query", "--config", "SampleData/configs/nhs/availability-android.json", "--config", "nope.json",
            "--keep-going",
        ])
        XCTAssertEqual(broken.status, 65, "a config left out would leave its columns out: --keep-going does not apply")
    }

    /// The SQLite dialect on SQLite itself, through its C API: the grouped rows audited from a pipe give the
    /// direct audit's numbers (the other engines: Tests/Warehouse/run.sh).
    func testSQLiteGroupsAuditLikeTheRows() throws {
        var request = AuditRequest(inventoryPath: "")
        request.configDirectories = [TestPaths.sample("configs")]
        request.releasesPath = TestPaths.sample("releases.csv")
        let query = try QueryRun.run(
            request, dialect: .sqlite, table: "devices", tableColumns: Self.sampleHeader.components(separatedBy: ","))
        let db = try SQLiteDatabase(path: TestPaths.sample("inventory.sqlite"), readOnly: true, busyTimeout: 1)
        var csv = (query.columns.map(\.output) + ["count"]).joined(separator: ",") + "\n"
        for row in try db.query(query.sql) {
            csv +=
                row.map { value -> String in
                    switch value {
                    case .null: return ""
                    case .integer(let n): return String(n)
                    case .text(let t):
                        return t.contains(",") || t.contains("\"")
                            ? "\"" + t.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : t
                    }
                }.joined(separator: ",") + "\n"
        }
        let options = [
            "--config-dir", "SampleData/configs", "--releases", "SampleData/releases.csv", "--as-of",
            "2026-11-22T08:00:00Z", "--json", "-", "--quiet",
        ]
        let direct = try CommandLineTests.run(["audit", "--inventory", "SampleData/inventory.sqlite"] + options)
        let dir = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let grouped = try CommandLineTests.run(
            ["audit", "--inventory", "-"] + options, standardInput: TestPaths.write(csv, named: "groups.csv", in: dir))
        XCTAssertEqual([direct.status, grouped.status], [0, 0], direct.stderr + grouped.stderr)
        let a = try XCTUnwrap(JSONParser.parse(direct.stdout).objectValue)
        let b = try XCTUnwrap(JSONParser.parse(grouped.stdout).objectValue)
        let rows = { (r: JSONObject) in r["inventory"]?.objectValue?["rowsRead"]?.numberValue?.int64 ?? 0 }
        XCTAssertLessThan(rows(b), rows(a), "groups, not rows")
        for key in ["configs", "coverage", "status"] { XCTAssertEqual(a[key], b[key], key) }
        XCTAssertEqual(a["inventory"]?.objectValue?["devices"], b["inventory"]?.objectValue?["devices"])
    }

    /// On real SQLite: a column the table lacks fails the query instead of reading as the column's name
    /// (a double-quoted name that matches no column is a string in SQLite), and an already grouped table's
    /// count column is summed (issue 35, findings 3 and 12).
    func testOnSQLiteAMissingColumnFailsAndAGroupedTableIsSummed() throws {
        let dir = TestPaths.temporaryDirectory()
        let path = dir.path + "/grouped.sqlite"
        let db = try SQLiteDatabase(path: path, readOnly: false, busyTimeout: 1)
        for statement in [
            "CREATE TABLE devices (platform TEXT, os_version TEXT, app_version TEXT, app_build TEXT, device_count INTEGER)",
            "INSERT INTO devices VALUES ('ios', '17.0', '5.0', '1', 7), ('ios', '17.0', '5.0', '1', 5), ('android', '14', '5.0', '358', 2)",
        ] {
            _ = try db.query(statement)
        }
        let needs = ProfileNeeds(attributes: ["bluetooth"])
        // Named by --column, the column is taken as the table's: a table without it fails, never the text.
        let missing = try ProfileQuery(needs: needs, dialect: .sqlite, renamed: ["bluetooth": "bluetooth"])
        XCTAssertThrowsError(try db.query(missing.sql), "no bluetooth column: an error, not the text \"bluetooth\"")
        // Not confirmed at all (issue 67 item 13): selected as NULL, so the statement runs, and named.
        let unconfirmed = try ProfileQuery(needs: needs, dialect: .sqlite)
        XCTAssertEqual(unconfirmed.unconfirmed, ["bluetooth"])
        XCTAssertTrue(unconfirmed.sql.contains("NULL AS `bluetooth`"), unconfirmed.sql)
        XCTAssertEqual(try db.query(unconfirmed.sql).count, 2)
        let summed = try ProfileQuery(needs: ProfileNeeds(), dialect: .sqlite, renamed: ["count": "device_count"])
        XCTAssertTrue(summed.sql.contains("sum(`device_count`) AS `count`"), summed.sql)
        let counts = try db.query(summed.sql).map { row -> Int64 in
            if case .integer(let n) = row.last! { return n }
            return -1
        }
        XCTAssertEqual(counts.sorted(), [2, 12])
    }
}
