#!/usr/bin/env bash
# The warehouse path on the four real engines (issue 21), run by .ci/run: the sample inventory and a generated
# 200k-row one, each grouped by SQLite, DuckDB, PostgreSQL and Spark with `fleet-audit query`'s SQL, then
# audited from standard input; the numbers must equal the direct audit's (Tests/Warehouse/check-engines.py).
# Needs Debian's postgresql and a Java 17 runtime (.ci/run installs them); DuckDB and PySpark go into a
# virtual environment here (WAREHOUSE_VENV, default /tmp/fleet-audit-warehouse-venv), made once.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=${WAREHOUSE_VENV:-/tmp/fleet-audit-warehouse-venv}
if ! "$venv/bin/python" -c 'import duckdb, pyspark' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q duckdb==1.5.5 pyspark==4.3.0
fi
bin=$(swift build --show-bin-path)/fleet-audit
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/make-inventory.py --rows 200000 --csv "$work/generated-200k.csv" > /dev/null
engines=(--engine sqlite --engine duckdb --engine postgres --engine spark)
[ "${WAREHOUSE_ENGINES:-}" ] && read -r -a engines <<< "$(printf -- '--engine %s ' $WAREHOUSE_ENGINES)"
"$venv/bin/python" Tests/Warehouse/check-engines.py --bin "$bin" "${engines[@]}" \
  --inventory SampleData/inventory.csv --inventory "$work/generated-200k.csv" 2> >(grep -v -E '^(Using Spark|Setting default|To adjust|[0-9/]+ [0-9:]+ WARN )' >&2)
