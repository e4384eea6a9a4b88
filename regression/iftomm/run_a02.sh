#!/usr/bin/env bash
# Usage: run_a02.sh MBSOLVE MBCOMPARE LIMIT [--set PATH=VALUE]...
# Runs the IFToMM A02 deck (a02_nfourbar.xml) with the given overrides and compares B0 (request
# 1, x and y) with the reference a02_reference.csv at the benchmark's 400 output times: passes
# when the largest absolute error is at most LIMIT (m). Prints the error, the residual
# evaluations and the CPU time. Exit status: 0 pass, 1 fail (or the run failed), 2 usage.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: run_a02.sh MBSOLVE MBCOMPARE LIMIT [--set PATH=VALUE]..." >&2; exit 2; }
mbsolve=$1
mbcompare=$2
limit=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
"$mbsolve" -q "$here/a02_nfourbar.xml" -o "$work/a02" "$@" >/dev/null 2>&1 || status=$?
grep -E "^(status|steps|wall)" "$work/a02.log" | tr '\n' ' '
echo
printf 'req1.x = B0_x position\nreq1.y = B0_y position\n' >"$work/a02.map"
printf 'default max_abs %s\n' "$limit" >"$work/a02.tol"
"$mbcompare" "$work/a02.csv" "$here/a02_reference.csv" --map "$work/a02.map" \
  --tol "$work/a02.tol" || status=1
exit "$status"
