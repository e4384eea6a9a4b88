#!/usr/bin/env bash
# Usage: scripts/regression-report.sh
# Regenerates the HTML comparison report of every regression case: the ADAMS reference cases
# (regression/adams/cases.txt), the Chrono cases without an .adm deck
# (regression/chrono/cases.txt) and the seed examples against their oracle references
# (regression/seeds/cases.txt) and the real users' Adams datasets (regression/realworld/cases.txt;
# the cases that wait for another change are listed as WAITS). Writes
# out/regression/<group>/<case>/report/index.html for the groups adams, chrono, seeds and
# realworld, each case's log beside its folder (<case>.txt), and one index of all cases at
# out/regression/index.html.
# Builds the release build (scripts/build.sh release) and uses its binaries, unless
# MBSOLVE_BUILD_DIR names an existing build folder to take mbsolve and mbcompare from instead
# (it is not rebuilt), e.g. MBSOLVE_BUILD_DIR=build/cc scripts/regression-report.sh.
# Exit status: 0 every case passes, 1 a case fails, 2 the binaries are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${MBSOLVE_BUILD_DIR:-}" ]; then
  build=$MBSOLVE_BUILD_DIR
else
  scripts/build.sh release >/dev/null
  build=build/release
fi
mbsolve=$build/tools/mbsolve/mbsolve
mbcompare=$build/tools/mbcompare/mbcompare
for tool in "$mbsolve" "$mbcompare"; do
  [ -x "$tool" ] || {
    echo "regression-report: $tool not found (build it, or fix MBSOLVE_BUILD_DIR)" >&2
    exit 2
  }
done

# The seed decks' user-subroutine libraries (lugre_pendulum) are the examples' ones.
case "$build" in /*) build_abs=$build ;; *) build_abs=$PWD/$build ;; esac
export MBSOLVE_USERSUB_PATH=$build_abs/examples/usersub${MBSOLVE_USERSUB_PATH:+:$MBSOLVE_USERSUB_PATH}

out=out/regression
rm -rf "$out"
mkdir -p "$out/adams" "$out/chrono" "$out/seeds" "$out/realworld"
index="$out/index.html"
status=0

# Runs one case: GROUP (adams | chrono | seeds | realworld), CASE; appends its row to the index.
run_case() {
  local group=$1 name=$2 verdict
  local dir=$out/$group/$name
  mkdir -p "$dir"
  if MBSOLVE_REGRESSION_DIR="$dir" "regression/$group/run_case.sh" "$mbsolve" "$mbcompare" \
    "$name" "$dir/report" >"$out/$group/$name.txt" 2>&1; then
    verdict=PASS
  else
    verdict=FAIL
    status=1
  fi
  echo "$verdict $group/$name"
  echo "<tr><td><a href='$group/$name/report/index.html'>$name</a></td><td>$verdict</td>" \
    "<td><a href='$group/$name.txt'>log</a></td></tr>" >>"$index"
}

# Runs every case of GROUP's cases.txt under a heading and a note.
run_group() {
  local group=$1 title=$2 note=$3 name
  {
    echo "<h2>$title</h2><p>$note</p><table border='1'>"
    echo "<tr><th>case</th><th>verdict</th><th>log</th></tr>"
  } >>"$index"
  while read -r name f2 f3 f4 waits _; do
    case "$name" in "" | \#*) continue ;; esac
    if [ "$group" = realworld ] && [ -n "${waits:-}" ]; then
      echo "WAITS $group/$name ($waits)"
      echo "<tr><td>$name</td><td>WAITS for $waits</td><td></td></tr>" >>"$index"
      continue
    fi
    run_case "$group" "$name"
  done <"regression/$group/cases.txt"
  echo "</table>" >>"$index"
}

{
  echo "<!doctype html><html><head><meta charset='utf-8'><title>mbsolve regression</title>"
  echo "</head><body><h1>mbsolve regression cases</h1>"
} >"$index"
run_group adams "ADAMS reference cases (regression/adams)" \
  "mbsolve on the .adm decks against the ADAMS curves."
run_group chrono "Chrono joint tests without an .adm deck (regression/chrono)" \
  "hand-written XML decks of Chrono's unit-test models against the ADAMS curves; the log also has \
CVODE against IDA and SI1 against SI2."
run_group seeds "Seed examples (regression/seeds)" \
  "mbsolve against stored references from independent oracles (cases.txt names them); the \
log also has CVODE against IDA."
run_group realworld "Real users' Adams datasets (regression/realworld)" \
  "datasets as downloaded, with their own command file or a plain one: exit 0 and an independent \
oracle (closed form, or CVODE against IDA), or refused with exit 65 and one line per statement \
kind mbsolve does not support (cases.txt)."
echo "</body></html>" >>"$index"
echo "report: $(pwd)/$index"
exit $status
