#!/usr/bin/env bash
# Usage: run_case.sh MBSOLVE MBCOMPARE CASE [REPORT_DIR]
# Runs a seed example of cases.txt: the deck with its own integrator (IDA, GSTIFF) against the
# stored oracle reference and the case's tolerance file, then the deck with CVODE
# (--set Param_Transient.integrator_type=VSTIFF) against the IDA result. The fifth column is the
# CVODE-vs-IDA tolerance file (default integrators.tol) or `dae-only` (no CVODE run: the ODE form
# refuses the case's model); further columns are PATH=VALUE overrides given to both runs as --set.
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
read -r _ deck reference tol cross_tol overrides <<<"$line"
cross_tol=${cross_tol:-integrators.tol}
sets=()
for override in $overrides; do sets+=(--set "$override"); done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$mbsolve" -q "$here/$deck" -o "$work/ida" "${sets[@]}"
[ "$cross_tol" = dae-only ] ||
  "$mbsolve" -q "$here/$deck" -o "$work/cvode" "${sets[@]}" \
    --set Param_Transient.integrator_type=VSTIFF

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
[ "$cross_tol" = dae-only ] ||
  compare "CVODE (VSTIFF) against IDA (GSTIFF)" "$work/cvode.csv" "$work/ida.csv" \
    --tol "$here/$cross_tol"
exit $status
