#!/usr/bin/env bash
# mbsolve --animation with --report end to end, on two decks, each rendered by the report's
# animation viewer in headless Chromium at two times (URL fragment #t=T&view=xy, paused):
#   * examples/pendulum.xml (a frame glyph: the body has no graphics), t = 0 and 0.5 s: the
#     centroid of its cube's colour (magenta, the first body's) must lie within 3 px of where the
#     CSV's x, y at that time put it;
#   * examples/slider_crank.xml (Post_Graphic boxes), t = 0 and 0.25 s: the centroid of the
#     slider's box (cyan, the third body's colour) must lie within 3 px of where the closed-form
#     slider-crank kinematics put the slider (x = r cos(2 pi t) + sqrt(L^2 - r^2 sin^2(2 pi t)),
#     y = 0; r = 0.1 m, L = 0.3 m), and it must have moved by the expected amount (within 3 px)
#     towards -x.
# Pixels from metres by the projection the canvas reports (data-px-per-metre, data-origin-*), the
# colour centroids by tests/tools/png_pixels.py. Exits 77 (skipped) only when chromium is missing
# (apt-get install chromium), except under CI.
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
source "$here/../headless_chromium.sh"

# check NAME T0 T1 R G B: renders $out/NAME/report at T0 and T1 and checks the body of colour
# (R, G, B) where tests/tools/animation_browser_expect.py NAME puts it.
check() {
  local name=$1 t0=$2 t1=$3 r=$4 g=$5 b=$6 dir=$out/$1
  mkdir -p "$dir"
  "$bin" "$src/examples/$name.xml" -o "$dir/" --animation "$dir/$name.gltf" \
    --report "$dir/report" -q --set Simulate.end_time=1 2>"$dir.err" ||
    fail "mbsolve $name exit $?: $(cat "$dir.err")"
  grep -q "id='animation-canvas'" "$dir/report/index.html" || fail "no animation viewer on the page"
  # The canvas' page position and the projection it used, from the DOM after the viewer drew.
  cp "$dir/report/index.html" "$dir/report/render_check.html"
  cat >>"$dir/report/render_check.html" <<'JS'
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
  local size=1100,1400 positions=() t geometry centroid url
  for t in $t0 $t1; do
    url="file://$(realpath "$dir/report/render_check.html")#t=$t&view=xy"
    chromium_run --window-size=$size --virtual-time-budget=3000 --dump-dom "$url" \
      >"$dir/dom_$t.html" 2>>"$dir/chromium.log"
    chromium_run --window-size=$size --hide-scrollbars --screenshot="$dir/shot_$t.png" \
      "file://$(realpath "$dir/report/index.html")#t=$t&view=xy" >>"$dir/chromium.log" 2>&1
    geometry=$(sed -n 's/.*<pre id="render-check">\([^<]*\)<\/pre>.*/\1/p' "$dir/dom_$t.html")
    [ -n "$geometry" ] || fail "$name: the viewer did not run at t=$t (log: $dir/chromium.log)"
    centroid=$(python3 "$here/png_pixels.py" centroid "$dir/shot_$t.png" $r $g $b 40) ||
      fail "$name: no body of colour $r $g $b in the screenshot at t=$t ($dir/shot_$t.png)"
    positions+=("$t|$geometry|$centroid")
  done
  python3 "$here/animation_browser_expect.py" "$name" "$dir/$name.csv" "${positions[@]}" ||
    exit 1
  echo "$name: PASS (screenshots: $dir/shot_$t0.png, $dir/shot_$t1.png)"
}

check pendulum 0 0.5 255 0 255
check slider_crank 0 0.25 0 204 204
