#!/usr/bin/env bash
# FleetAudit benchmark: on the same generated inventories, in one run, time FleetAudit's full audit (ingest +
# every SampleData config + the three reports) against the bare scan (wc -l), DuckDB's GROUP BY (threads=2) and,
# for SQLite, the sqlite3 CLI's GROUP BY and DuckDB's sqlite_scan. Prints wall time, MB/s, rows/s, peak RSS and
# the ratios the performance targets are stated in.
#
#   bash Benchmarks/run.sh                 # 1M and 10M rows (data generated once into bench-data/)
#   bash Benchmarks/run.sh 2000000         # other sizes
#   bash Benchmarks/run.sh --smoke         # CI: a tiny inventory, FleetAudit only, nothing timed or compared
#   REPEAT=5 bash Benchmarks/run.sh        # more runs per command (the median is reported; default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=bench-data
mkdir -p "$DATA"

smoke=false
sizes=()
for a in "$@"; do
  if [ "$a" = "--smoke" ]; then smoke=true; else sizes+=("$a"); fi
done
if $smoke; then sizes=(20000); elif [ ${#sizes[@]} -eq 0 ]; then sizes=(1000000 10000000); fi

# Timings need the release build; the CI smoke test reuses the debug build it already has.
mode=release
$smoke && mode=debug
swift build -c "$mode" --product fleet-audit >&2
BIN=$(swift build -c "$mode" --show-bin-path)/fleet-audit

CONFIGS=(--config-dir SampleData/configs --releases SampleData/releases.csv --quiet)
audit() { # inventory, output dir
  "$BIN" audit --inventory "$1" "${CONFIGS[@]}" --out "$2"
}

if $smoke; then
  for n in "${sizes[@]}"; do
    python3 Benchmarks/make-inventory.py --rows "$n" --csv "$DATA/smoke.csv" --sqlite "$DATA/smoke.sqlite" >&2
    audit "$DATA/smoke.csv" "$DATA/smoke-csv-report"
    audit "$DATA/smoke.sqlite" "$DATA/smoke-sqlite-report"
    python3 .ci/check-report.py "$DATA/smoke-csv-report/report.json"
    python3 .ci/check-report.py "$DATA/smoke-sqlite-report/report.json" --same-numbers-as "$DATA/smoke-csv-report/report.json"
  done
  echo "benchmark smoke test: ok (nothing timed)"
  exit 0
fi

# DuckDB from PyPI in a virtual environment of its own, with the SQLite scanner of the same version.
VENV=$DATA/venv
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q duckdb==1.5.5 duckdb-extension-sqlite-scanner==1.5.5
fi

cat > "$DATA/duck.py" <<'PY'
import os, sys, duckdb
kind, path = sys.argv[1], sys.argv[2]
con = duckdb.connect()
con.execute("SET threads=2")
cols = "platform, os_version, app_version, app_build, package_name, model, region, language, is_tablet"
if kind == "csv":
    src = f"read_csv('{path}', ignore_errors=true, all_varchar=true)"
else:
    import duckdb_extension_sqlite_scanner as ext
    con.execute("LOAD '" + os.path.join(os.path.dirname(ext.__file__), "extensions", "v" + duckdb.__version__, "sqlite_scanner.duckdb_extension") + "'")
    con.execute("SET sqlite_all_varchar=true")
    src = f"sqlite_scan('{path}', 'devices')"
con.execute(f"COPY (SELECT {cols}, count(*) AS n FROM {src} GROUP BY ALL) TO '/dev/null' (FORMAT csv)")
PY

# Each command runs $REPEAT times (default 3), the commands of one size interleaved (FleetAudit, DuckDB,
# FleetAudit, …), and the median wall time is reported: on this shared 2-core VM the same work varies by 10–30%
# from run to run, and interleaving spreads that noise over every command alike.
REPEAT=${REPEAT:-3}
once() { # key, command...: appends "seconds kilobytes" to $DATA/times-key
  local key=$1; shift
  /usr/bin/time -o "$DATA/time.txt" -f "%e %M" "$@" > /dev/null 2> "$DATA/stderr.txt" \
    || { echo "benchmark: $key failed:" >&2; cat "$DATA/stderr.txt" >&2; exit 1; }
  tail -1 "$DATA/time.txt" >> "$DATA/times-$key"
}
report() { # key, label, bytes, rows: prints the median time, its rates and the peak RSS; sets $median $peak
  read -r median peak < <(python3 - "$DATA/times-$1" <<'PY'
import statistics, sys
rows = [tuple(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()]
print(statistics.median(r[0] for r in rows), int(max(r[1] for r in rows)))
PY
)
  python3 - "$2" "$3" "$4" "$median" "$peak" "$DATA/times-$1" <<'PY'
import sys
label, size, rows, secs, kb, path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
runs = ", ".join(l.split()[0] for l in open(path) if l.strip())
s = max(secs, 0.001)
print(f"  {label:<32} {secs:7.2f} s {size / s / 1e6:7.0f} MB/s {rows / s / 1e6:6.2f} M rows/s {kb / 1024:6.0f} MB RSS   (runs: {runs})")
PY
}

declare -A result
for n in "${sizes[@]}"; do
  csv=$DATA/$n.csv; db=$DATA/$n.sqlite
  [ -s "$csv" ] && [ -s "$db" ] || python3 Benchmarks/make-inventory.py --rows "$n" --csv "$csv" --sqlite "$db" >&2
  bytes=$(stat -c %s "$csv"); dbbytes=$(stat -c %s "$db")
  cat "$csv" > /dev/null; cat "$db" > /dev/null   # warm the page cache
  echo "$n rows: CSV $((bytes / 1000000)) MB, SQLite $((dbbytes / 1000000)) MB; median of $REPEAT interleaved runs"
  rm -f "$DATA"/times-*
  for _ in $(seq "$REPEAT"); do
    once wc wc -l "$csv"
    once fa_csv "$BIN" audit --inventory "$csv" "${CONFIGS[@]}" --out "$DATA/report-$n-csv"
    once duck_csv "$VENV/bin/python" "$DATA/duck.py" csv "$csv"
    once fa_db "$BIN" audit --inventory "$db" "${CONFIGS[@]}" --out "$DATA/report-$n-sqlite"
    once duck_db "$VENV/bin/python" "$DATA/duck.py" sqlite "$db"
  done
  # The sqlite3 CLI takes ten times longer than the rest: once is enough to show where it stands.
  once sqlite_cli sqlite3 "$db" "SELECT platform, os_version, app_version, app_build, package_name, model, region, language, is_tablet, count(*) FROM devices GROUP BY 1,2,3,4,5,6,7,8,9"
  report wc "wc -l (bare scan)" "$bytes" "$n"
  report fa_csv "FleetAudit CSV (full audit)" "$bytes" "$n"; fa_csv=$median; fa_csv_kb=$peak
  report duck_csv "DuckDB CSV GROUP BY (2 threads)" "$bytes" "$n"; duck_csv=$median
  report fa_db "FleetAudit SQLite (full audit)" "$dbbytes" "$n"; fa_db=$median; fa_db_kb=$peak
  report duck_db "DuckDB sqlite_scan GROUP BY" "$dbbytes" "$n"; duck_db=$median
  report sqlite_cli "sqlite3 CLI GROUP BY" "$dbbytes" "$n"
  python3 - "$fa_csv" "$duck_csv" "$fa_db" "$duck_db" <<'PY'
import sys
fc, dc, fd, dd = map(float, sys.argv[1:])
print(f"  ratios: CSV FleetAudit/DuckDB = {fc / dc:.2f} (target <= 0.5); SQLite FleetAudit/DuckDB sqlite_scan = {fd / dd:.2f} (target <= 1.0)")
PY
  python3 .ci/check-report.py "$DATA/report-$n-sqlite/report.json" --same-numbers-as "$DATA/report-$n-csv/report.json" >&2
  result[$n]="$fa_csv_kb $fa_db_kb"
done
if [ ${#sizes[@]} -ge 2 ]; then
  first=${sizes[0]}; last=${sizes[${#sizes[@]}-1]}
  python3 - ${result[$first]} ${result[$last]} "$first" "$last" <<'PY'
import sys
a_csv, a_db, b_csv, b_db = map(int, sys.argv[1:5]); first, last = sys.argv[5], sys.argv[6]
for kind, a, b in (("CSV", a_csv, b_csv), ("SQLite", a_db, b_db)):
    print(f"peak RSS {kind}: {first} rows {a / 1024:.0f} MB, {last} rows {b / 1024:.0f} MB, growth {100 * (b - a) / a:+.0f}% (target < 20%, and <= 100 MB)")
PY
fi
