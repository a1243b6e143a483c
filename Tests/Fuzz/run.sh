#!/usr/bin/env bash
# Fuzz FleetAudit's CSV reader and each config format's parser + evaluation with libFuzzer and AddressSanitizer.
#
#   bash Tests/Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     (default 300 s; every target)
#
# Targets: csv, csv-counted (rows under a header with a count column), terminal (text on its way to a terminal or
# a CI log), nhs-availability, princeofversions, turkcell-updater, osam, sparkle-appcast, electron-updater. Corpora start from SampleData and the
# test fixtures and grow in .build-fuzz/corpus/TARGET. A crash input is written to .build-fuzz/crashes/;
# copy it to Tests/FleetAuditTests/Fixtures/fuzz-regressions/TARGET/ so FuzzRegressionTests replays it forever.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-300}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(csv csv-counted terminal nhs-availability princeofversions turkcell-updater osam sparkle-appcast electron-updater)

scratch=.build-fuzz
export FLEET_AUDIT_FUZZ=1   # Package.swift then instruments FleetAudit and the harness
swift build -c release --scratch-path "$scratch" --product fleet-audit-fuzz >&2
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path)/fleet-audit-fuzz

fixtures=Tests/FleetAuditTests/Fixtures
for t in "${targets[@]}"; do
  corpus=$scratch/corpus/$t
  mkdir -p "$corpus" "$scratch/crashes"
  case $t in
    csv) cp SampleData/inventory.csv "$fixtures"/inventory/*.csv "$corpus"/ 2>/dev/null || true ;;
    csv-counted | terminal) cp "$fixtures"/fuzz-regressions/"$t"/* "$corpus"/ 2>/dev/null || true ;;
    nhs-availability) cp -r SampleData/configs/nhs/. "$fixtures"/nhs/*/*.json "$corpus"/ 2>/dev/null || true ;;
    princeofversions) cp SampleData/configs/princeofversions/*.json "$fixtures"/princeofversions/*/*.json "$corpus"/ 2>/dev/null || true ;;
    turkcell-updater) cp SampleData/configs/turkcell/*.json "$fixtures"/turkcell/*/*.json "$corpus"/ 2>/dev/null || true ;;
    osam) cp SampleData/configs/osam/*.json "$fixtures"/osam/*/*.json "$corpus"/ 2>/dev/null || true ;;
    electron-updater) cp SampleData/desktop/configs/*.yml "$corpus"/ 2>/dev/null || true ;;
    sparkle-appcast) cp SampleData/configs/sparkle/*.xml "$fixtures"/sparkle/*/*.xml "$fixtures"/differential/sparkle/*.xml "$corpus"/ 2>/dev/null || true ;;
  esac
  # CSV inputs are capped at 4 KB: the harness reads them in 512-byte chunks with a 1 KB record limit, so that
  # already crosses every boundary, and shorter inputs run several times faster under AddressSanitizer.
  max_len=65536
  [ "$t" = csv ] || [ "$t" = csv-counted ] || [ "$t" = terminal ] && max_len=4096
  # The JSON formats' inputs are mutated with JSON's and org.json's tokens too (Tests/Fuzz/json.dict).
  dict=()
  case $t in nhs-availability | princeofversions | turkcell-updater | osam) dict=(-dict="$PWD/Tests/Fuzz/json.dict") ;; esac
  echo "fuzzing $t for $seconds s"
  LSAN_OPTIONS=suppressions=$PWD/Tests/Fuzz/lsan.supp FLEET_AUDIT_FUZZ_TARGET=$t "$bin" "$corpus" "${dict[@]}" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$scratch/crashes/$t-" -print_final_stats=1 2> "$scratch/$t.log" || {
      echo "fuzz: $t found a problem; see $scratch/$t.log and $scratch/crashes/" >&2
      tail -30 "$scratch/$t.log" >&2
      exit 1
    }
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$scratch/$t.log" | sed "s/^/  $t: /"
done
