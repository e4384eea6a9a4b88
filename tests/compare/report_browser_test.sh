#!/usr/bin/env bash
# Opens an mbcompare HTML report in headless Chromium (Debian package `chromium`) and checks
# that every channel's figure rendered: a script run in the page after layout measures each
# figure's <svg> box and the drawn length of its reference, result and difference curves, and a
# screenshot is taken (report/screenshot.png).
# Exits 77 (skipped) when chromium or gnuplot is missing (apt-get install chromium gnuplot-nox),
# except under CI (CI set, as .ci/run does), where a missing tool fails the test.
# Usage: report_browser_test.sh MBCOMPARE DATA_DIR [OUT_DIR]
set -uo pipefail
bin=$1
data=$2
out=${3:-$(mktemp -d)}
source "$(dirname "$0")/../headless_chromium.sh"
require_tool gnuplot gnuplot-nox

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

# A copy of the report with a script that, once the page has loaded and been laid out, measures
# every figure in the browser: the <svg>'s rendered box, and per gnuplot curve group (reference,
# result, difference) the length of its longest drawn path. A curve counts as drawn when that
# length exceeds 200 px (the legend sample line is ~40 px; a plotted curve spans the axes).
cp "$out/report/index.html" "$out/report/render_check.html"
cat >>"$out/report/render_check.html" <<'JS'
<script>
window.addEventListener('load', () => {
  const out = [];
  document.querySelectorAll('figure').forEach(f => {
    const svg = f.querySelector('svg');
    if (!svg) { out.push(f.id + ' box=0x0 curves=0'); return; }
    const box = svg.getBoundingClientRect();
    let curves = 0;
    svg.querySelectorAll('g[id*="gnuplot_plot_"]').forEach(g => {
      let longest = 0;
      g.querySelectorAll('path').forEach(p => { longest = Math.max(longest, p.getTotalLength()); });
      if (longest > 200) curves++;
    });
    out.push(f.id + ' box=' + Math.round(box.width) + 'x' + Math.round(box.height) +
             ' curves=' + curves);
  });
  const pre = document.createElement('pre');
  pre.id = 'render-check';
  pre.textContent = out.join('\n');
  document.body.appendChild(pre);
});
</script>
JS
url="file://$(realpath "$out/report/render_check.html")"
chromium_run --virtual-time-budget=5000 --dump-dom "$url" >"$out/dom.html" 2>"$out/chromium.log"
chromium_run --window-size=1100,2400 --screenshot="$out/report/screenshot.png" \
  "file://$(realpath "$out/report/index.html")" >>"$out/chromium.log" 2>&1

# One line per figure from the page: `ch<N> box=WxH curves=C`; every channel needs a figure with
# a non-empty box and its three curves drawn.
checks=$(sed -n '/<pre id="render-check">/,/<\/pre>/p' "$out/dom.html" |
  sed -e 's/<pre id="render-check">//' -e 's/<\/pre>.*//' | grep -E '^ch[0-9]+ ')
figures=$(printf '%s\n' "$checks" | grep -c '^ch' || true)
drawn=$(printf '%s\n' "$checks" | grep -cE 'box=[1-9][0-9]*x[1-9][0-9]* curves=3$' || true)
printf '%s\n' "$checks"
echo "channels: $channels, figures: $figures, with all 3 curves drawn: $drawn"
status=0
if [ "$channels" -lt 1 ] || [ "$figures" -ne "$channels" ] || [ "$drawn" -ne "$channels" ]; then
  echo "FAIL: every channel needs one rendered figure with its reference, result and difference"
  echo "curves drawn (chromium log: $out/chromium.log)"
  status=1
fi
if [ "$(head -c 8 "$out/report/screenshot.png" 2>/dev/null | od -An -tx1 | tr -d ' \n')" != \
  "89504e470d0a1a0a" ]; then
  echo "FAIL: no PNG screenshot"
  status=1
else
  echo "screenshot: $out/report/screenshot.png"
fi
exit $status
