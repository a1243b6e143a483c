#!/usr/bin/env python3
"""The warehouse path on real engines (issue 21): for each inventory and engine, load the inventory into the
engine as a table of text columns, run the GROUP BY that `fleet-audit query --dialect ENGINE` prints — the text
unchanged —, pipe the engine's CSV into `fleet-audit audit --inventory -`, and require the same numbers as the
direct audit of the inventory: every config's totals, rules, platforms, notices and diagnostics, the coverage,
and the devices evaluated.

  python3 Tests/Warehouse/check-engines.py --bin .build/debug/fleet-audit --engine sqlite --engine duckdb \
      --inventory SampleData/inventory.csv --inventory /tmp/gen-200k.csv

Engines: sqlite (Python's sqlite3 module: the SQLite C API), duckdb (PyPI duckdb), postgres (Debian's
postgresql: a throwaway cluster in a temporary folder, a Unix socket only, stopped however the script ends),
spark (PyPI pyspark, local[2], Java 17). Exit 1 on the first difference, naming it.
"""
import argparse
import csv
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

CONFIGS = ["--config-dir", "SampleData/configs", "--releases", "SampleData/releases.csv", "--as-of", "2026-11-22T08:00:00Z"]


def fleet(binary, *args, stdin=None):
    result = subprocess.run([binary, *args], input=stdin, capture_output=True)
    if result.returncode not in (0, 1):
        sys.exit("check-engines: fleet-audit %s: exit %d\n%s" % (" ".join(args), result.returncode, result.stderr.decode()))
    return result


def header(inventory):
    with open(inventory, newline="", encoding="utf-8") as f:
        return next(csv.reader(f))


def comparable(report):
    """What must not depend on whether FleetAudit grouped the rows itself."""
    return {"status": report["status"], "devices": report["inventory"]["devices"],
            "configs": report["configs"], "coverage": report["coverage"]}


def write_csv(path, columns, rows):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(columns)
        for row in rows:
            w.writerow(["" if v is None else v for v in row])


def sqlite_groups(inventory, sql, work):
    import sqlite3
    columns = header(inventory)
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE devices (%s)" % ", ".join('"%s" TEXT' % c for c in columns))
    with open(inventory, newline="", encoding="utf-8") as f:
        rows = csv.reader(f)
        next(rows)
        db.executemany("INSERT INTO devices VALUES (%s)" % ", ".join("?" * len(columns)), rows)
    cursor = db.execute(sql)
    out = os.path.join(work, "groups.csv")
    write_csv(out, [d[0] for d in cursor.description], cursor)
    return out


def duckdb_groups(inventory, sql, work):
    import duckdb
    db = duckdb.connect()
    db.execute("CREATE TABLE devices AS SELECT * FROM read_csv(?, header = true, all_varchar = true)", [inventory])
    out = os.path.join(work, "groups.csv")
    db.execute("COPY (%s) TO '%s' (HEADER, DELIMITER ',')" % (sql, out))
    return out


class Postgres:
    """A throwaway cluster: initdb into a temporary folder, listening on a Unix socket in it and nowhere else."""

    def __init__(self, work):
        self.dir = os.path.join(work, "pg")
        os.makedirs(self.dir)
        self.as_user = []
        if os.geteuid() == 0:  # initdb refuses to run as root: run the server as Debian's postgres user
            shutil.chown(self.dir, "postgres", "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]
        # Debian keeps the server's programs out of PATH, under /usr/lib/postgresql/VERSION/bin.
        versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
        bindir = os.path.dirname(versions[-1]) if versions else ""
        self.bin = lambda name: os.path.join(bindir, name) if bindir else name
        data = os.path.join(self.dir, "data")
        self.data = data
        self.run(self.bin("initdb"), "-D", data, "-A", "trust", "-U", "postgres", "--no-sync")
        self.run(self.bin("pg_ctl"), "-D", data, "-w", "-l", os.path.join(self.dir, "log"),
                 "-o", "-c listen_addresses='' -k %s -F" % self.dir, "start")

    def run(self, *command):
        """A server program as the server's user, from its folder; its output shown when it fails."""
        result = subprocess.run(self.as_user + list(command), capture_output=True, text=True, cwd=self.dir)
        if result.returncode != 0:
            sys.exit("check-engines: postgres: %s failed (exit %d):\n%s%s" % (
                os.path.basename(command[0]), result.returncode, result.stdout, result.stderr))

    def psql(self, *args, stdout=None):
        result = subprocess.run(self.as_user + [self.bin("psql"), "-h", self.dir, "-U", "postgres", "-v", "ON_ERROR_STOP=1",
                                                "-q", *args], stdout=stdout or subprocess.PIPE, stderr=subprocess.PIPE, cwd=self.dir)
        if result.returncode != 0:
            sys.exit("check-engines: postgres: psql %s failed:\n%s" % (" ".join(args)[:200], result.stderr.decode()))
        return result

    def stop(self):
        subprocess.run(self.as_user + [self.bin("pg_ctl"), "-D", self.data, "-m", "immediate", "stop"], capture_output=True, cwd=self.dir)


def postgres_groups(inventory, sql, work, server):
    columns = header(inventory)
    readable = os.path.join(server.dir, "inventory.csv")
    shutil.copy(inventory, readable)
    if server.as_user:
        shutil.chown(readable, "postgres", "postgres")
    server.psql("-c", "DROP TABLE IF EXISTS devices")
    server.psql("-c", "CREATE TABLE devices (%s)" % ", ".join('"%s" text' % c for c in columns))
    server.psql("-c", "\\copy devices FROM '%s' WITH (FORMAT csv, HEADER)" % readable)
    out = os.path.join(work, "groups.csv")
    with open(out, "wb") as f:
        server.psql("-c", "COPY (%s) TO STDOUT WITH (FORMAT csv, HEADER)" % sql, stdout=f)
    return out


def spark_groups(inventory, sql, work, spark):
    # Every column a string (no inferSchema); a quote inside a quoted field is doubled, as FleetAudit writes CSV.
    df = spark.read.option("header", True).option("escape", '"').option("multiLine", False).csv(inventory)
    df.createOrReplaceTempView("devices")
    result = spark.sql(sql)
    out = os.path.join(work, "groups.csv")
    write_csv(out, result.columns, (tuple(r) for r in result.toLocalIterator()))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--engine", action="append", choices=["sqlite", "duckdb", "postgres", "spark"], required=True)
    ap.add_argument("--inventory", action="append", required=True)
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="fleet-audit-warehouse-")
    if os.geteuid() == 0:
        os.chmod(work, 0o755)
    server = spark = None
    try:
        if "postgres" in args.engine:
            server = Postgres(work)
        if "spark" in args.engine:
            from pyspark.sql import SparkSession
            spark = (SparkSession.builder.master("local[2]").appName("fleet-audit-warehouse")
                     .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").config("spark.sql.shuffle.partitions", "4").getOrCreate())
            spark.sparkContext.setLogLevel("ERROR")
        for inventory in args.inventory:
            direct = json.loads(fleet(args.bin, "audit", "--inventory", inventory, *CONFIGS, "--json", "-", "--quiet").stdout)
            columns = ",".join(header(inventory))
            for engine in args.engine:
                query = fleet(args.bin, "query", "--config-dir", "SampleData/configs", "--releases", "SampleData/releases.csv",
                              "--dialect", engine, "--table-columns", columns).stdout.decode()
                if engine == "sqlite":
                    groups = sqlite_groups(inventory, query, work)
                elif engine == "duckdb":
                    groups = duckdb_groups(inventory, query, work)
                elif engine == "postgres":
                    groups = postgres_groups(inventory, query, work, server)
                else:
                    groups = spark_groups(inventory, query, work, spark)
                with open(groups, "rb") as f:
                    grouped = json.loads(fleet(args.bin, "audit", "--inventory", "-", *CONFIGS, "--json", "-", "--quiet", stdin=f.read()).stdout)
                a, b = comparable(direct), comparable(grouped)
                if a != b:
                    for key in a:
                        if a[key] == b[key]:
                            continue
                        where, x, y = key, a[key], b[key]
                        if key == "configs" and len(x) == len(y):
                            # Name the first config and field that differ, not a page of JSON.
                            i = next(i for i in range(len(x)) if x[i] != y[i])
                            field = next(f for f in x[i] if x[i][f] != y[i].get(f))
                            where, x, y = "config %s, %s" % (x[i]["id"], field), x[i][field], y[i].get(field)
                        print("check-engines: %s on %s: %s differs:\n  direct  %s\n  grouped %s" % (
                            engine, inventory, where, json.dumps(x)[:800], json.dumps(y)[:800]), file=sys.stderr)
                    sys.exit(1)
                print("check-engines: %s: %s: %d rows → %d groups, %d devices evaluated, %d configs: the same numbers as the direct audit" % (
                    engine, inventory, direct["inventory"]["rowsRead"], grouped["inventory"]["rowsRead"],
                    b["devices"], len(b["configs"])))
    finally:
        if spark is not None:
            spark.stop()
        if server is not None:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
