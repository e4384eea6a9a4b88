#!/usr/bin/env bash
# Regenerates the HTML comparison report of every ADAMS regression case:
# out/regression/<case>/index.html and an index at out/regression/index.html.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh release >/dev/null
out=out/regression
mkdir -p "$out"
index="$out/index.html"
{
  echo "<!doctype html><html><head><meta charset='utf-8'><title>mbsolve ADAMS regression</title>"
  echo "</head><body><h1>mbsolve against the ADAMS reference curves</h1><table border='1'>"
  echo "<tr><th>case</th><th>verdict</th></tr>"
} >"$index"
status=0
while read -r name _; do
  case "$name" in "" | \#*) continue ;; esac
  if MBSOLVE_REGRESSION_DIR="$out/$name" regression/adams/run_case.sh \
    build/release/tools/mbsolve/mbsolve build/release/tools/mbcompare/mbcompare "$name" \
    "$out/$name/report" >"$out/$name.txt" 2>&1; then
    verdict=PASS
  else
    verdict=FAIL
    status=1
  fi
  echo "$verdict $name"
  echo "<tr><td><a href='$name/report/index.html'>$name</a></td><td>$verdict</td></tr>" >>"$index"
done <regression/adams/cases.txt
echo "</table></body></html>" >>"$index"
echo "report: $(pwd)/$index"
exit $status
