#!/usr/bin/env bash
# Many-configs benchmark, one format at a time: the audit of the SampleData inventory (or INVENTORY, below)
# against N distinct copies of one sample config (copy k ends with k blank lines: another document to the engine,
# which evaluates identical documents once, and the same decisions), for N = 1, 10, 100, 1,000. Prints the median
# wall time (JSON report only), peak RSS, the evaluation phase and its cost per profile × config
# (FLEET_AUDIT_TIMINGS). Not run by CI.
# Copies share every section, so they measure the path where equal sections (PrinceOfVersions' platform views) and
# identical JSON trees (Turkcell, NHS, OSAM) are decided once per profile for all of them.
# `sparkle-distinct` (not in the default list; Benchmarks/many-appcasts.sh runs it) makes appcasts that differ in
# their items instead: the sample feed with another critical build, rollout start and title in each.
# `princeofversions-distinct` (not in the default list) gives each copy its own iOS and Android required versions:
# their views differ (the macOS view is still shared), the cost of configs that share little.
#
#   bash Benchmarks/many-configs.sh                        # every format, 1 10 100 1000
#   bash Benchmarks/many-configs.sh princeofversions 1000  # one format, some sizes
#   REPEAT=5 bash Benchmarks/many-configs.sh               # runs per point (median reported; default 3)
#   REPORTS=all bash Benchmarks/many-configs.sh            # time the three reports (--out) instead of the JSON
#   INVENTORY=high:1000000 bash Benchmarks/many-configs.sh # another inventory: SHAPE:ROWS as Benchmarks/run.sh
#                                                          # names them (low, high, aggregated; generated once
#                                                          # into bench-data/), or a file; default the sample's
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=bench-data
declare -A sources=(
  [princeofversions]=SampleData/configs/princeofversions/fleet-rollout.json
  [nhs]=SampleData/configs/nhs/availability-ios.json
  [turkcell]=SampleData/configs/turkcell/fleet-updater.json
  [osam]=SampleData/configs/osam/android-force-352.json
  [osam-rating]=SampleData/configs/osam/ios-rating.json
  [sparkle]=SampleData/configs/sparkle/appcast.xml
  [sparkle-distinct]=SampleData/configs/sparkle/appcast.xml
  [princeofversions-distinct]=SampleData/configs/princeofversions/fleet-rollout.json
)
formats=(princeofversions nhs turkcell osam osam-rating sparkle)
if [ $# -gt 0 ]; then
  formats=("$1")
  shift
fi
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(1 10 100 1000)
REPEAT=${REPEAT:-3}
REPORTS=${REPORTS:-json}

# The inventory: the sample's, a benchmark shape (generated as Benchmarks/run.sh does, CSV only), or a file.
INVENTORY=${INVENTORY:-SampleData/inventory.csv}
case $INVENTORY in
  low:* | high:* | aggregated:*)
    shape=${INVENTORY%%:*} rows=${INVENTORY##*:}
    if [ "$shape" = low ]; then inventory="$DATA/$rows.csv"; else inventory="$DATA/$shape-$rows.csv"; fi
    generator=()
    [ "$shape" = high ] && generator=(--cardinality high)
    [ "$shape" = aggregated ] && generator=(--aggregated)
    mkdir -p "$DATA"
    [ -s "$inventory" ] || python3 Benchmarks/make-inventory.py "${generator[@]}" --rows "$rows" --csv "$inventory" >&2
    ;;
  *) inventory=$INVENTORY ;;
esac
[ -s "$inventory" ] || { echo "many-configs: no inventory at $inventory" >&2; exit 2; }
echo "inventory: $inventory" >&2

swift build -c release --product fleet-audit >&2
BIN=$(swift build -c release --show-bin-path)/fleet-audit

printf '%-17s %6s %9s %12s %13s %18s\n' format configs "median s" "peak RSS MB" "evaluation s" "µs/profile×config"
for format in "${formats[@]}"; do
  source=${sources[$format]}
  extension=${source##*.}
  for n in "${sizes[@]}"; do
    dir="$DATA/many-$format-$n"
    if [ ! -d "$dir" ] && [ "$format" = sparkle-distinct ]; then
      mkdir -p "$dir"
      python3 - "$n" "$dir" "$source" <<'PY'
import random, sys
n, out, source = int(sys.argv[1]), sys.argv[2], open(sys.argv[3]).read()
r = random.Random(38)
for i in range(n):
    doc = (source.replace('sparkle:version="1200"', f'sparkle:version="{1000 + r.randint(0, 999)}"')
                 .replace("Sun, 15 Nov 2026 09:00:00", f"Sun, {r.randint(10, 17)} Nov 2026 09:00:00")
                 .replace("<title>Version 6.2</title>", f"<title>Version 6.2 ({i})</title>"))
    open(f"{out}/appcast-{i:04d}.xml", "w").write(doc)
PY
    elif [ ! -d "$dir" ] && [ "$format" = princeofversions-distinct ]; then
      mkdir -p "$dir"
      python3 - "$n" "$dir" "$source" <<'PY'
import sys
n, out, source = int(sys.argv[1]), sys.argv[2], open(sys.argv[3]).read()
for i in range(n):
    doc = (source.replace('"required_version": "4.29"', f'"required_version": "4.{10 + i % 90}"')
                 .replace('"required_version": 352', f'"required_version": {300 + i % 60}')
                 .replace('"required_version": 312', f'"required_version": {250 + i // 60 % 50}'))
    open(f"{out}/config-{i:04d}.json", "w").write(doc)
PY
    elif [ ! -d "$dir" ]; then
      mkdir -p "$dir"
      for k in $(seq 0 $((n - 1))); do
        { cat "$source"; for _ in $(seq 0 "$k"); do echo; done; } >"$dir/$(printf 'config-%04d' "$k").$extension"
      done
    fi
    outputs=(--json /dev/null)
    [ "$REPORTS" = all ] && outputs=(--out "$DATA/many-configs-report")
    times=() rss=0 eval="" profiles=""
    for _ in $(seq "$REPEAT"); do
      out=$( { FLEET_AUDIT_TIMINGS=1 /usr/bin/time -f "%e %M" "$BIN" audit --inventory "$inventory" \
                 --config-dir "$dir" --releases SampleData/releases.csv --as-of 2026-11-18T11:06:40Z \
                 "${outputs[@]}" --quiet --allow-errors >/dev/null; } 2>&1)
      last=$(echo "$out" | tail -1)
      times+=("${last% *}")
      r=${last#* }; [ "$r" -gt "$rss" ] && rss=$r
      eval=$(echo "$out" | awk '/timing: .* evaluation/ {print $2}')
      profiles=$(echo "$out" | awk '/distinct profiles/ {for (i = 1; i <= NF; i++) if ($i == "distinct") print $(i - 1)}')
    done
    median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    printf '%-17s %6s %9s %12s %13s %18s\n' "$format" "$n" "$median" "$((rss / 1024))" "$eval" \
      "$(awk -v e="$eval" -v p="$profiles" -v n="$n" 'BEGIN {printf "%.2f", e * 1e6 / (p * n)}')"
  done
done
