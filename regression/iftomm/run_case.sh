#!/usr/bin/env bash
# Usage: run_case.sh MBSOLVE MBCOMPARE CASE LIMIT [--set PATH=VALUE]...
# Runs the IFToMM benchmark deck CASE_*.xml (CASE = a01, a02, ...) with the given overrides and
# compares the channels listed in CASE.map (mbcompare map: RESULT = REFERENCE per line) with the
# reference CASE_reference.csv at the benchmark's output times: passes when the largest absolute
# error of every channel is at most LIMIT. Prints the run's status line, the error per channel,
# the residual evaluations and the CPU time. Exit status: 0 pass, 1 fail (or the run failed),
# 2 usage.
set -euo pipefail
[ $# -ge 4 ] || {
  echo "usage: run_case.sh MBSOLVE MBCOMPARE CASE LIMIT [--set PATH=VALUE]..." >&2
  exit 2
}
mbsolve=$1
mbcompare=$2
case=$3
limit=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
decks=("$here/${case}"_*.xml)
[ ${#decks[@]} -eq 1 ] && [ -f "${decks[0]}" ] && [ -f "$here/$case.map" ] || {
  echo "run_case.sh: no single deck ${case}_*.xml with its $case.map in $here" >&2
  exit 2
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
"$mbsolve" -q "${decks[0]}" -o "$work/$case" "$@" >/dev/null 2>&1 || status=$?
grep -E "^(status|steps|wall)" "$work/$case.log" | tr '\n' ' '
echo
printf 'default max_abs %s\n' "$limit" >"$work/$case.tol"
"$mbcompare" "$work/$case.csv" "$here/${case}_reference.csv" --map "$here/$case.map" \
  --tol "$work/$case.tol" || status=1
exit "$status"
