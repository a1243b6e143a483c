#!/usr/bin/env bash
# Many-rules benchmark: the full audit (load, evaluate, all three reports) of the SampleData inventory
# against one generated config with N entries, for N = 10k, 100k, 200k and each format that can hold many
# (PrinceOfVersions: N entries in each of ios2 and android2; Turkcell Updater: N updates and N/10 messages).
# Loading, evaluating and reporting must grow as N log N at most: the script prints each time, the ratio to
# the 10k time, and peak RSS. Not run by CI (it times things); Benchmarks/make-many-rules.py is the generator.
#
#   bash Benchmarks/many-rules.sh              # 10000 100000 200000
#   bash Benchmarks/many-rules.sh 50000 400000 # other sizes (the first is the ratio's base)
#   REPEAT=5 bash Benchmarks/many-rules.sh     # runs per point (median reported; default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=bench-data
mkdir -p "$DATA"
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(10000 100000 200000)
REPEAT=${REPEAT:-3}

swift build -c release --product fleet-audit >&2
BIN=$(swift build -c release --show-bin-path)/fleet-audit

printf '%-10s %8s %10s %10s %10s %12s\n' format entries "median s" "runs" "× base" "peak RSS MB"
for format in pov turkcell; do
  base=""
  for n in "${sizes[@]}"; do
    config="$DATA/$format-$n.json"
    [ -f "$config" ] || python3 Benchmarks/make-many-rules.py --format "$format" --rules "$n" --out "$config"
    times=() rss=0
    for _ in $(seq "$REPEAT"); do
      out=$( { /usr/bin/time -f "%e %M" "$BIN" audit --inventory SampleData/inventory.csv --config "$config" \
                 --releases SampleData/releases.csv --out "$DATA/many-rules-report" --quiet --allow-errors >/dev/null; } 2>&1 | tail -1)
      times+=("${out% *}")
      r=${out#* }; [ "$r" -gt "$rss" ] && rss=$r
    done
    median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    [ -z "$base" ] && base=$median
    printf '%-10s %8s %10s %10s %10s %12s\n' "$format" "$n" "$median" "$(IFS=/; echo "${times[*]}")" \
      "$(awk -v a="$median" -v b="$base" 'BEGIN {printf "%.1f", a / b}')" "$((rss / 1024))"
  done
done
