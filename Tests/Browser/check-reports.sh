#!/usr/bin/env bash
# Renders the sample HTML report, plan and what-if page, and a hostile report and plan (a config whose every string is markup or script) in
# headless Chromium, checks that no script ran and nothing outside the page was requested, and saves
# screenshots into reports/screenshots/. Run by .ci/run; needs the Debian package chromium.
set -euo pipefail
cd "$(dirname "$0")/../.."
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "check-reports: chromium is not installed" >&2; exit 1; }
bin=$(swift build --show-bin-path)/fleet-audit
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p reports/screenshots

# The hostile report: every string a config can carry is an attack; the marker is what a script would set.
evil='<script>document.title=\"pwned\"</script>\"><img src=http://127.0.0.1:9/leak onerror=document.title=\"pwned\">javascript:alert(1)'
cat > "$work/hostile.json" <<JSON
{"ios2": [{"required_version": "99.0", "requirements": {"region": "$evil"}, "meta": {"$evil": "$evil"}},
          {"required_version": "99.0", "meta": {"note": "$evil"}}],
 "android2": [{"required_version": "$evil"}], "meta": {"owner": "$evil"}}
JSON
printf 'platform,os_version,app_version,app_build,region\nios,17.0,1.0,1,<script>x</script>\nandroid,14,1.0,<img src=x>,GB\n' > "$work/inventory.csv"
"$bin" audit --inventory "$work/inventory.csv" --config "$work/hostile.json" --html "$work/hostile.html" --quiet --allow-errors
"$bin" audit --inventory SampleData/inventory.csv --config-dir SampleData/configs --releases SampleData/releases.csv \
  --html "$work/sample.html" --quiet
# The plan pages: the README's sample plan, and a hostile draft against the hostile config.
"$bin" plan --inventory SampleData/inventory.csv --releases SampleData/releases.csv \
  --published SampleData/configs/nhs/availability-android.json --published SampleData/configs/princeofversions/fleet-rollout.json \
  --draft SampleData/drafts --html "$work/plan.html" --quiet
sed 's/"99.0"/"98.0"/' "$work/hostile.json" > "$work/hostile-draft.json"
"$bin" plan --inventory "$work/inventory.csv" --published "$work/hostile.json" --draft "$work/hostile-draft.json" \
  --html "$work/hostile-plan.html" --quiet

# A report with history: three nightly runs, the last with the draft (a config change), so the page shows the
# deltas, the "config changed" badge and trend lines with a marker; screenshotted in both colour schemes.
for day in 21 22 23; do
  config=SampleData/configs/nhs/availability-android.json
  [ "$day" = 23 ] && config=SampleData/drafts/nhs/availability-android.json
  "$bin" audit --inventory SampleData/inventory.csv --config "$config" --config SampleData/configs/nhs/availability-ios.json \
    --releases SampleData/releases.csv --as-of "2026-11-${day}T02:00:00Z" --history "$work/history.sqlite" \
    --html "$work/history.html" --quiet
done
grep -q 'class="spark-marker"' "$work/history.html" || { echo "check-reports: history: no config-change marker" >&2; exit 1; }
grep -q 'config changed since the baseline' "$work/history.html" || { echo "check-reports: history: no config-changed badge" >&2; exit 1; }

# The what-if page of the README: the Android sweep with its bounds, its chart and the chosen candidate.
"$bin" whatif --inventory SampleData/inventory.csv --releases SampleData/releases.csv --platform android --sweep-app \
  --target-coverage 90% --max-stranded 1% --html "$work/whatif.html" --quiet
grep -q '<svg class="whatif"' "$work/whatif.html" || { echo "check-reports: whatif: no chart" >&2; exit 1; }
grep -q 'class="chosen"' "$work/whatif.html" || { echo "check-reports: whatif: no chosen candidate" >&2; exit 1; }

run_browser() { # url, extra args...
  local url=$1; shift
  timeout 60 "$browser" --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
    --host-resolver-rules="MAP * ~NOTFOUND" "$@" "$url" 2> "$work/browser.log"
}

for name in sample hostile plan hostile-plan history whatif; do
  page=$work/$name.html
  run_browser "file://$page" --dump-dom > "$work/$name.dom"
  run_browser "file://$page" --window-size=1280,2000 --screenshot="reports/screenshots/$name.png" > /dev/null
  python3 - "$work/$name.dom" "$name" <<'PY'
import re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
name = sys.argv[2]
problems = []
if len(dom) < 1000 or "</html>" not in dom:
    problems.append("the browser did not render the page")
title = re.search(r"<title>(.*?)</title>", dom, re.S)
if not title or "pwned" in title.group(1):
    problems.append("a script changed the title: %r" % (title.group(1) if title else None))
if re.search(r"<script", dom, re.I):
    problems.append("a <script> element is in the DOM")
if re.search(r"<img", dom, re.I):
    problems.append("an injected <img> is in the DOM")
for attr in re.findall(r"\s(?:src|href|action|formaction|poster|data)\s*=\s*\"([^\"]*)\"", dom, re.I):
    if not attr.startswith("#"):
        problems.append("a reference leaves the page: %r" % attr)
if "default-src 'none'" not in dom:
    problems.append("the Content-Security-Policy is missing")
if name.startswith("hostile") and "&lt;script&gt;" not in dom:
    problems.append("the hostile strings are not shown as text")
if problems:
    print("check-reports: %s: %s" % (name, "; ".join(problems)), file=sys.stderr)
    sys.exit(1)
print("check-reports: %s: rendered, no script ran, no request left the page" % name)
PY
done
# Every page fits half a laptop screen (900 px: no clipped share column) and a phone (400 px: tables scroll).
for name in sample plan history whatif; do
  for width in 900 400; do python3 Tests/Browser/layout-at-width.py "$browser" "$work/$name.html" "$width"; done
done
run_browser "file://$work/history.html" --window-size=1280,1400 \
  --blink-settings=preferredColorScheme=0 --screenshot=reports/screenshots/history-dark.png > /dev/null
run_browser "file://$work/whatif.html" --window-size=1280,1400 \
  --blink-settings=preferredColorScheme=0 --screenshot=reports/screenshots/whatif-dark.png > /dev/null
echo "check-reports: screenshots in reports/screenshots/"
