#!/usr/bin/env bash
# Many-configs benchmark for appcasts that differ in their items: the full audit (load, evaluate, all three
# reports) of the SampleData inventory against N distinct Sparkle appcasts (the sample feed with another critical
# build, rollout start and title in each, so no two documents are evaluated as one), for N = 10, 100, 1,000.
# Benchmarks/many-configs.sh does the work (its `sparkle-distinct` format). Not run by CI.
#
#   bash Benchmarks/many-appcasts.sh            # 10 100 1000
#   REPEAT=5 bash Benchmarks/many-appcasts.sh   # runs per point (median reported; default 3)
set -euo pipefail
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(10 100 1000)
REPORTS=all exec bash "$(dirname "$0")/many-configs.sh" sparkle-distinct "${sizes[@]}"
