#!/usr/bin/env bash
# `make install` into a temporary prefix, then the installed binary on its own: no Swift runtime library
# needed (ldd), the sample audit run with an empty environment from a folder that holds only the sample data,
# with the toolchain's library folder hidden, giving the numbers the debug build gives; then `make uninstall`.
# In between, the GitHub Actions and GitLab CI examples of docs/cron-and-ci.md run with the installed binary
# (Tests/CI/run-readme-ci-examples.py), as a CI job that installed it would.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
prefix=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$work" "$prefix"' EXIT

make install PREFIX="$prefix"
bin=$prefix/bin/fleet-audit
for f in "$bin" "$prefix/share/man/man1/fleet-audit.1" "$prefix/share/bash-completion/completions/fleet-audit" \
         "$prefix/share/zsh/site-functions/_fleet-audit" "$prefix/share/fish/vendor_completions.d/fleet-audit.fish"; do
  [ -s "$f" ] || { echo "install: $f is missing or empty" >&2; exit 1; }
done
grep -q '^\.Dt FLEET-AUDIT 1' "$prefix/share/man/man1/fleet-audit.1" || { echo "install: the man page has no mdoc .Dt header" >&2; exit 1; }
grep -q 'validate' "$prefix/share/man/man1/fleet-audit.1" || { echo "install: the man page does not list validate" >&2; exit 1; }
bash -n "$prefix/share/bash-completion/completions/fleet-audit"
grep -q -- '--inventory' "$prefix/share/bash-completion/completions/fleet-audit"

# No Swift runtime, Foundation or Dispatch library, and nothing unresolved.
libs=$(ldd "$bin")
if grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|not found' <<<"$libs"; then
  echo "install: $bin needs the libraries above" >&2; exit 1
fi
if readelf -d "$bin" | grep -E 'RPATH|RUNPATH' | grep -q /opt/swift; then
  echo "install: $bin has a run path into the toolchain" >&2; exit 1
fi
# The Dockerfile's run stage installs exactly what this binary links (it is the binary the image would carry).
python3 Tests/Install/check-dockerfile.py "$bin"

# The sample audit with nothing but the binary and the data: no source tree (templates compiled in), no
# environment, and the toolchain's libraries out of sight when this machine allows a private mount namespace.
cp -r SampleData "$work/"
toolchain_lib=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift
run_bare=(env -i "$bin" audit --inventory SampleData/inventory.csv --config-dir SampleData/configs
          --releases SampleData/releases.csv --out reports --quiet)
if unshare --mount true 2>/dev/null; then
  (cd "$work" && unshare --mount sh -c 'mount -t tmpfs none "$0" && exec "$@"' "$toolchain_lib" "${run_bare[@]}")
  echo "install: ran with $toolchain_lib hidden"
else
  (cd "$work" && "${run_bare[@]}")
  echo "install: no private mount namespace here: ran with env -i only (ldd above shows no toolchain library)"
fi
swift run --skip-build fleet-audit audit --inventory SampleData/inventory.csv --config-dir SampleData/configs \
  --releases SampleData/releases.csv --json "$work/debug.json" --quiet
python3 .ci/check-report.py "$work/reports/report.json" --same-numbers-as "$work/debug.json"
test -s "$work/reports/report.html"
xmllint --noout --schema Templates/fleet-audit-report-1.xsd "$work/reports/report.xml"
"$bin" --version

python3 Tests/CI/run-readme-ci-examples.py "$prefix"

make uninstall PREFIX="$prefix"
left=$(find "$prefix" -type f)
[ -z "$left" ] || { echo "install: make uninstall left: $left" >&2; exit 1; }
echo "install: ok ($(du -h "$repo/.build-static/dist/fleet-audit" | cut -f1) binary)"
