#!/usr/bin/env bash
# mbsolve --animation with --report end to end: solves examples/pendulum.xml, then renders the
# report's animation viewer in headless Chromium at two times (URL fragment #t=T&view=xy, paused) and checks the
# moving body's pixel position: the centroid of its cube's colour (magenta, the first body's) in
# each screenshot (tests/tools/png_pixels.py) must lie within 3 px of where the CSV's x, y at
# that time put it under the projection the canvas reports (data-px-per-metre, data-origin-*),
# and the two centroids must be far apart (the body moved).
# Exits 77 (skipped) only when chromium is missing (apt-get install chromium), except under CI.
# Usage: animation_browser_test.sh MBSOLVE SOURCE_DIR [OUT_DIR]
set -uo pipefail
bin=$1
src=$2
out=${3:-$(mktemp -d)}
here=$(cd "$(dirname "$0")" && pwd)
fail() {
  echo "FAIL: $*"
  exit 1
}
rm -rf "$out"
mkdir -p "$out"
"$bin" "$src/examples/pendulum.xml" -o "$out/" --animation "$out/pendulum.gltf" \
  --report "$out/report" -q --set Simulate.end_time=1 2>"$out/mbsolve.err" ||
  fail "mbsolve exit $?: $(cat "$out/mbsolve.err")"
grep -q "id='animation-canvas'" "$out/report/index.html" || fail "no animation viewer on the page"

source "$here/../headless_chromium.sh"

# The canvas' page position and the projection it used, from the DOM after the viewer drew.
cp "$out/report/index.html" "$out/report/render_check.html"
cat >>"$out/report/render_check.html" <<'JS'
<script>
window.addEventListener('load', () => {
  const c = document.getElementById('animation-canvas');
  const r = c.getBoundingClientRect();
  const pre = document.createElement('pre');
  pre.id = 'render-check';
  pre.textContent = [r.left + c.clientLeft, r.top + c.clientTop, c.dataset.pxPerMetre,
                     c.dataset.originX, c.dataset.originY, c.dataset.view, c.dataset.time,
                     window.devicePixelRatio].join(' ');
  document.body.appendChild(pre);
});
</script>
JS
size=1100,1400
positions=()
for t in 0 0.5; do
  url="file://$(realpath "$out/report/render_check.html")#t=$t&view=xy"
  chromium_run --window-size=$size --virtual-time-budget=3000 --dump-dom "$url" \
    >"$out/dom_$t.html" 2>>"$out/chromium.log"
  chromium_run --window-size=$size --hide-scrollbars --screenshot="$out/shot_$t.png" \
    "file://$(realpath "$out/report/index.html")#t=$t&view=xy" >>"$out/chromium.log" 2>&1
  geometry=$(sed -n 's/.*<pre id="render-check">\([^<]*\)<\/pre>.*/\1/p' "$out/dom_$t.html")
  [ -n "$geometry" ] || fail "the viewer did not run at t=$t (chromium log: $out/chromium.log)"
  centroid=$(python3 "$here/png_pixels.py" centroid "$out/shot_$t.png" 255 0 255 40) ||
    fail "no magenta body in the screenshot at t=$t ($out/shot_$t.png)"
  positions+=("$t|$geometry|$centroid")
done

python3 - "$out/pendulum.csv" "${positions[@]}" <<'PY' || exit 1
import sys
lines = open(sys.argv[1]).read().splitlines()
names = lines[5].split(",")
rows = [[float(x) for x in l.split(",")] for l in lines[6:] if l]
ix, iy = names.index("body30102.x"), names.index("body30102.y")
seen = []
for arg in sys.argv[2:]:
    t, geometry, centroid = arg.split("|")
    left, top, scale, ox, oy, view, drawn, dpr = geometry.split()
    cx, cy, n = centroid.split()
    row = min(rows, key=lambda r: abs(r[0] - float(t)))
    assert abs(row[0] - float(t)) < 1e-9, f"no CSV row at t={t}"
    assert view == "xy" and abs(float(drawn) - float(t)) < 1e-12 and float(dpr) == 1, geometry
    want_x = float(left) + float(ox) + float(scale) * row[ix]
    want_y = float(top) + float(oy) - float(scale) * row[iy]
    err = ((float(cx) - want_x) ** 2 + (float(cy) - want_y) ** 2) ** 0.5
    print(f"t={t}: CSV body30102 at ({row[ix]:.4f}, {row[iy]:.4f}) m -> expected pixel "
          f"({want_x:.1f}, {want_y:.1f}); magenta centroid ({cx}, {cy}) of {n} px; off by {err:.2f} px")
    if err > 3:
        sys.exit(f"FAIL: the body is drawn {err:.1f} px from where the CSV puts it at t={t}")
    seen.append((float(cx), float(cy)))
moved = ((seen[0][0] - seen[1][0]) ** 2 + (seen[0][1] - seen[1][1]) ** 2) ** 0.5
print(f"moved {moved:.1f} px between the two times")
if moved < 50:
    sys.exit("FAIL: the body did not move between the screenshots")
PY
echo "PASS (screenshots: $out/shot_0.png, $out/shot_0.5.png)"
