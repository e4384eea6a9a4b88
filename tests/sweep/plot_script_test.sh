#!/usr/bin/env bash
# Runs examples/spring_damper_sweep/plot_response_surface.py on a small synthetic summary CSV
# and checks that a PNG appears. Skipped (77) without a python3 that has matplotlib, except under
# CI (CI set, as .ci/run does), where that fails the test.
# Usage: plot_script_test.sh SOURCE_DIR
set -euo pipefail
src=$1
# shellcheck source=../python_with.sh
. "$(dirname "$0")/../python_with.sh"
python_with "matplotlib" python3-matplotlib
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
  echo 'case,Force_SpringDamper[301].stiffness,Force_SpringDamper[301].damping,status,exit_code,wall_s,body30102.y:min,message'
  n=0
  for k in 1000 3162.28 10000 31622.8 100000; do
    for c in 0 100 200 300 400; do
      n=$((n + 1))
      printf 'c%04d,%s,%s,ok,0,0.1,%s,\n' $n $k $c "$(awk -v k=$k -v c=$c 'BEGIN{print -0.1 - 98/k - c/1e5}')"
    done
  done
  echo 'c0026,1,1,failed,65,0.1,,bad case'
} >"$work/summary.csv"
"$py" "$src/examples/spring_damper_sweep/plot_response_surface.py" "$work/summary.csv" \
  --x 'Force_SpringDamper[301].stiffness' --logx --y 'Force_SpringDamper[301].damping' \
  --z 'body30102.y:min' -o "$work/surface.png"
[ "$(head -c 8 "$work/surface.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
  { echo "FAIL: no PNG written"; exit 1; }
if "$py" "$src/examples/spring_damper_sweep/plot_response_surface.py" "$work/summary.csv" \
  --x nope --y 'Force_SpringDamper[301].damping' --z 'body30102.y:min' -o "$work/x.png" 2>"$work/err"; then
  echo "FAIL: an unknown column was accepted"; exit 1
fi
grep -qF "no column 'nope'" "$work/err" || { echo "FAIL: message"; cat "$work/err"; exit 1; }
echo "ok: PNG written, unknown column rejected"
