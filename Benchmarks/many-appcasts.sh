#!/usr/bin/env bash
# Many-configs benchmark for appcasts: the full audit (load, evaluate, all three reports) of the SampleData
# inventory against N distinct Sparkle appcasts (the sample feed with another critical build, rollout start and
# title in each, so no two documents are evaluated as one), for N = 10, 100, 1,000. Prints the median wall time,
# peak RSS, the evaluation phase alone and its cost per profile × config (FLEET_AUDIT_TIMINGS). Not run by CI.
#
#   bash Benchmarks/many-appcasts.sh            # 10 100 1000
#   REPEAT=5 bash Benchmarks/many-appcasts.sh   # runs per point (median reported; default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=bench-data
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(10 100 1000)
REPEAT=${REPEAT:-3}

swift build -c release --product fleet-audit >&2
BIN=$(swift build -c release --show-bin-path)/fleet-audit

printf '%8s %10s %12s %14s %18s\n' appcasts "median s" "peak RSS MB" "evaluation s" "µs/profile×config"
for n in "${sizes[@]}"; do
  dir="$DATA/appcasts-$n"
  if [ ! -d "$dir" ]; then
    mkdir -p "$dir"
    python3 - "$n" "$dir" <<'PY'
import random, sys
n, out = int(sys.argv[1]), sys.argv[2]
source = open("SampleData/configs/sparkle/appcast.xml").read()
r = random.Random(38)
for i in range(n):
    doc = (source.replace('sparkle:version="1200"', f'sparkle:version="{1000 + r.randint(0, 999)}"')
                 .replace("Sun, 15 Nov 2026 09:00:00", f"Sun, {r.randint(10, 17)} Nov 2026 09:00:00")
                 .replace("<title>Version 6.2</title>", f"<title>Version 6.2 ({i})</title>"))
    open(f"{out}/appcast-{i:04d}.xml", "w").write(doc)
PY
  fi
  times=() rss=0 eval=""
  for _ in $(seq "$REPEAT"); do
    out=$( { FLEET_AUDIT_TIMINGS=1 /usr/bin/time -f "%e %M" "$BIN" audit --inventory SampleData/inventory.csv \
               --config-dir "$dir" --as-of 2026-11-18T11:06:40Z --out "$DATA/many-appcasts-report" --quiet >/dev/null; } 2>&1)
    last=$(echo "$out" | tail -1)
    times+=("${last% *}")
    r=${last#* }; [ "$r" -gt "$rss" ] && rss=$r
    eval=$(echo "$out" | awk '/timing: .* evaluation/ {print $2}')
    profiles=$(echo "$out" | awk '/distinct profiles/ {for (i = 1; i <= NF; i++) if ($i == "distinct") print $(i - 1)}')
  done
  median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  printf '%8s %10s %12s %14s %18s\n' "$n" "$median" "$((rss / 1024))" "$eval" \
    "$(awk -v e="$eval" -v p="$profiles" -v n="$n" 'BEGIN {printf "%.2f", e * 1e6 / (p * n)}')"
done
