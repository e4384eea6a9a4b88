#!/usr/bin/env bash
# Opens an mbcompare HTML report in headless Chromium (Debian package `chromium`) and checks
# that every channel's figure rendered: the DOM after rendering has one <svg> per channel, each
# with drawn <path> elements, and a screenshot is taken (report/screenshot.png).
# Exits 77 (skipped) when chromium or gnuplot is missing: apt-get install chromium gnuplot-nox.
# Usage: report_browser_test.sh MBCOMPARE DATA_DIR [OUT_DIR]
set -uo pipefail
bin=$1
data=$2
out=${3:-$(mktemp -d)}
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "SKIP: chromium not installed (apt-get install chromium); the report browser test needs it"
  exit 77
fi
if ! command -v gnuplot >/dev/null; then
  echo "SKIP: gnuplot not installed (apt-get install gnuplot-nox)"
  exit 77
fi

mkdir -p "$out"
rm -rf "$out/report"
"$bin" "$data/result.csv" "$data/Pend_ADAMS_Pos.txt" "$data/Pend_ADAMS_Vel.txt" \
  "$data/pend_adams.tab" --map "$data/pend.map" --tol "$data/fail.tol" --iso \
  --report "$out/report" >/dev/null 2>"$out/mbcompare.err"
rc=$?
if [ "$rc" -ne 1 ]; then
  echo "FAIL: mbcompare exit $rc, expected 1"
  cat "$out/mbcompare.err"
  exit 1
fi
channels=$(grep -c '"result": "body' "$out/report/summary.json")

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
  --disable-background-networking --disable-component-update --disable-sync
  --user-data-dir="$profile")
url="file://$(realpath "$out/report/index.html")"
timeout 120 "$browser" "${flags[@]}" --dump-dom "$url" >"$out/dom.html" 2>"$out/chromium.log"
timeout 120 "$browser" "${flags[@]}" --window-size=1100,2400 \
  --screenshot="$out/report/screenshot.png" "$url" >>"$out/chromium.log" 2>&1

# Count figures and their drawn paths in the rendered DOM, one <svg>...</svg> at a time.
svgs=0
drawn=0
while IFS= read -r n; do
  svgs=$((svgs + 1))
  [ "$n" -gt 0 ] && drawn=$((drawn + 1))
done < <(awk 'BEGIN{RS="</svg>"} /<svg/{print gsub(/<path/, "&")}' "$out/dom.html")

echo "channels: $channels, rendered <svg>: $svgs, with paths: $drawn"
status=0
if [ "$channels" -lt 1 ] || [ "$svgs" -ne "$channels" ] || [ "$drawn" -ne "$channels" ]; then
  echo "FAIL: every channel needs one rendered figure with paths"
  status=1
fi
if [ ! -s "$out/report/screenshot.png" ]; then
  echo "FAIL: no screenshot"
  status=1
else
  echo "screenshot: $out/report/screenshot.png"
fi
exit $status
