#!/usr/bin/env bash
# Usage: run_case.sh MBSOLVE MBCOMPARE CASE [REPORT_DIR]
# Runs a seed example of cases.txt: the deck with its own integrator (IDA, GSTIFF) against the
# stored oracle reference and the case's tolerance file, then the deck with CVODE
# (--set Param_Transient.integrator_type=VSTIFF) against the IDA result (integrators.tol), except
# for cases marked dae-only.
# Exit status: 0 both pass, 1 a comparison fails, 2 errors.
set -euo pipefail
mbsolve=$1
mbcompare=$2
case_name=$3
report=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
line=$(grep -E "^$case_name[[:space:]]" "$here/cases.txt") || {
  echo "run_case: unknown case $case_name (see cases.txt)" >&2
  exit 2
}
read -r _ deck reference tol mode <<<"$line"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$mbsolve" -q "$here/$deck" -o "$work/ida"
[ "${mode:-}" = dae-only ] ||
  "$mbsolve" -q "$here/$deck" -o "$work/cvode" --set Param_Transient.integrator_type=VSTIFF

status=0
compare() {
  local what=$1
  shift
  echo "== $case_name: $what"
  "$mbcompare" "$@" || {
    local rc=$?
    [ "$rc" -gt "$status" ] && status=$rc
  }
}
args=("$work/ida.csv" "$here/$reference" --tol "$here/$tol")
[ -n "$report" ] && args+=(--report "$report")
compare "against the oracle reference $reference" "${args[@]}"
[ "${mode:-}" = dae-only ] ||
  compare "CVODE (VSTIFF) against IDA (GSTIFF)" "$work/cvode.csv" "$work/ida.csv" \
    --tol "$here/integrators.tol"
exit $status
