#!/usr/bin/env bash
# mbsolve --report end to end in a real browser: solves examples/impact_ball.xml (its request's
# columns named and given units through --set, as a deck's column_names/column_units do) with
# --report, opens the page in headless Chromium (Debian package `chromium`), and checks, from the
# DOM after layout, that every CSV channel has exactly one figure whose curve is drawn (a path in
# the curve colour longer than 200 px) and whose axes carry `time [second]` and `NAME [UNIT]`
# as the CSV's header row and `# column units` line give them; that the counters table shows the
# JSON's step count and the log is on the page; and, from a screenshot decoded by
# tests/tools/png_pixels.py, that the page is not blank and its curves are visible.
# Exits 77 (skipped) only when chromium is missing (apt-get install chromium), except under CI
# (CI set, as .ci/run does), where that fails the test.
# Usage: quick_look_browser_test.sh MBSOLVE SOURCE_DIR [OUT_DIR]
set -uo pipefail
bin=$1
src=$2
out=${3:-$(mktemp -d)}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../headless_chromium.sh"
fail() {
  echo "FAIL: $*"
  exit 1
}

rm -rf "$out"
mkdir -p "$out"
"$bin" "$src/examples/impact_ball.xml" -o "$out/" --report "$out/report" -q \
  --set 'Post_Request[1].column_names=gap,gap_rate,contact_force' \
  --set 'Post_Request[1].column_units=meter,meter/second,newton' \
  --set Simulate.print_interval=0.01 2>"$out/mbsolve.err"
rc=$?
[ "$rc" -eq 0 ] || fail "mbsolve exit $rc: $(cat "$out/mbsolve.err")"
[ -s "$out/report/index.html" ] || fail "no report/index.html"
grep -qE '(src|href)=.(https?:)?//' "$out/report/index.html" && fail "the page loads from elsewhere"

# A copy of the page with a script that, after layout, writes one line per figure: its id, the
# channel it names, the rendered <svg> box, the longest path drawn in the curve colour, and the
# texts of the SVG (tick labels, axis labels) joined by '|'.
cp "$out/report/index.html" "$out/report/render_check.html"
cat >>"$out/report/render_check.html" <<'JS'
<script>
window.addEventListener('load', () => {
  const out = [];
  document.querySelectorAll('figure.channel').forEach(f => {
    const svg = f.querySelector('svg');
    const box = svg ? svg.getBoundingClientRect() : {width: 0, height: 0};
    let curve = 0;
    if (svg) svg.querySelectorAll('path').forEach(p => {
      if (getComputedStyle(p).stroke === 'rgb(31, 119, 180)')
        curve = Math.max(curve, p.getTotalLength());
    });
    const texts = svg ? [...svg.querySelectorAll('text')].map(t => t.textContent.trim()) : [];
    out.push([f.id, f.dataset.name, Math.round(box.width) + 'x' + Math.round(box.height),
              Math.round(curve), texts.join('|')].join('\t'));
  });
  const steps = [...document.querySelectorAll('#counters tr')]
                    .filter(r => r.querySelector('th').textContent === 'steps')
                    .map(r => r.querySelector('td').textContent);
  out.push(['counters', 'steps', steps.join(''), 0,
            document.getElementById('log').textContent.length].join('\t'));
  const pre = document.createElement('pre');
  pre.id = 'render-check';
  pre.textContent = out.join('\n');
  document.body.appendChild(pre);
});
</script>
JS
chromium_run --virtual-time-budget=5000 --dump-dom \
  "file://$(realpath "$out/report/render_check.html")" >"$out/dom.html" 2>"$out/chromium.log"
chromium_run --window-size=1100,1600 --screenshot="$out/screenshot.png" \
  "file://$(realpath "$out/report/index.html")" >>"$out/chromium.log" 2>&1

python3 - "$out/dom.html" "$out/impact_ball.csv" "$out/impact_ball.json" <<'PY' || exit 1
import html, json, re, sys
dom, csv_path, json_path = sys.argv[1:4]
text = open(dom, encoding="utf-8").read()
m = re.search(r'<pre id="render-check">(.*?)</pre>', text, re.S)
if not m:
    sys.exit("FAIL: the page's check script did not run (chromium log: chromium.log)")
rows = [l.split("\t") for l in html.unescape(m.group(1)).splitlines()]
lines = open(csv_path).read().splitlines()
units = lines[4][len("# column units:"):].strip().split(",")
names = lines[5].split(",")
expected = {n: f"{n} [{u}]" if u else n for n, u in zip(names[1:], units[1:])}
xlabel = f"{names[0]} [{units[0]}]"
figs = [r for r in rows if r[0].startswith("ch")]
bad = []
if [r[1] for r in figs] != names[1:]:
    bad.append(f"figures {[r[1] for r in figs]} != CSV channels {names[1:]}")
for fid, name, box, curve, texts in figs:
    w, h = (int(v) for v in box.split("x"))
    labels = texts.split("|")
    if w < 100 or h < 100: bad.append(f"{fid} {name}: svg box {box}")
    if int(curve) < 200: bad.append(f"{fid} {name}: curve {curve} px long")
    if xlabel not in labels: bad.append(f"{fid} {name}: no x label '{xlabel}'")
    if expected.get(name) not in labels: bad.append(f"{fid} {name}: no y label '{expected.get(name)}'")
steps = json.load(open(json_path))["steps"]
counters = [r for r in rows if r[0] == "counters"][0]
if counters[2] != str(steps): bad.append(f"counters table steps '{counters[2]}' != JSON {steps}")
if int(counters[4]) < 100: bad.append("the log is missing from the page")
print(f"{len(figs)} figures for {len(names) - 1} channels; e.g. {figs[-1][1]}: "
      f"y label '{expected[figs[-1][1]]}', curve {figs[-1][3]} px")
if bad:
    print("FAIL:\n  " + "\n  ".join(bad))
    sys.exit(1)
PY

# The screenshot: a PNG, not blank (dark pixels on >1 % of it), with the curves' blue visible.
ink=$(python3 "$here/png_pixels.py" ink "$out/screenshot.png") || fail "screenshot unreadable"
blue=$(python3 "$here/png_pixels.py" centroid "$out/screenshot.png" 31 119 180 40) ||
  fail "no curve colour in the screenshot"
echo "screenshot $out/screenshot.png: ink fraction $ink, curve pixels: $blue"
python3 -c "import sys; sys.exit(0 if float('$ink') > 0.01 and int('$blue'.split()[2]) > 300 else 1)" ||
  fail "the screenshot looks blank"
echo "PASS"
