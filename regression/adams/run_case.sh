#!/usr/bin/env bash
# Usage: run_case.sh MBSOLVE MBCOMPARE CASE [REPORT_DIR]
# Runs one ADAMS reference case of regression/refdata/chrono_adams_joints through mbsolve from its
# .adm deck (with the .acf of write_acf.sh: ERROR=1e-8, output every 0.01 s to 5 s, as the ADAMS
# runs)
# and compares the result with the ADAMS curves using mbcompare, the case's map file and
# tolerance file (cases.txt). Exit status: mbcompare's (0 pass, 1 fail, 2 error).
set -euo pipefail
mbsolve=$1
mbcompare=$2
case_name=$3
report=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
refdata=$(cd "$here/../refdata/chrono_adams_joints" && pwd)

line=$(grep -E "^$case_name[[:space:]]" "$here/cases.txt") || {
  echo "run_case: unknown case $case_name (see cases.txt)" >&2
  exit 2
}
read -r _ ref_dir ref_stem map tol <<<"$line"

if [ -n "${MBSOLVE_REGRESSION_DIR:-}" ]; then
  work=$MBSOLVE_REGRESSION_DIR
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
work=$(cd "$work" && pwd)
acf="$work/$case_name.acf"
"$here/write_acf.sh" "$case_name" "$acf" "$work/$case_name"
"$mbsolve" -q "$acf"
refs=("$refdata/$ref_dir/${ref_stem}"_ADAMS_*.txt)
args=("$work/$case_name.csv" "${refs[@]}" --map "$here/$map" --tol "$here/$tol")
[ -n "$report" ] && args+=(--report "$report")
"$mbcompare" "${args[@]}"
