#!/usr/bin/env bash
# Usage: singular_drift_message_test.sh MBSOLVE SOURCE_DIR
# The delta robot ss_intento2 (regression/realworld/adams) is driven through a parallel
# singularity at t = 0.69 s, where its platform is not held (regression/iftomm/README.md). At
# ERROR 1e-9 the run removes the rows that became dependent there and, as they do not become
# independent again while the removed joint equation drifts, it must stop with exit 1 saying
# which equation drifted, which rows became dependent and when, rather than break the joint.
set -euo pipefail
mbsolve=$1
adm=$2/regression/realworld/adams/ss_intento2/intento2.adm
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%s\n' "$adm" "$work/run" "INTEGRATOR/GSTIFF, ERROR=1E-9" "SIMULATE/DYNAMIC, END=1.44, STEPS=144" \
  STOP >"$work/run.acf"
status=0
"$mbsolve" -q "$work/run.acf" -o "$work/run" >/dev/null 2>&1 || status=$?
fail() { echo "FAIL: $*" >&2; grep "^status" "$work/run.log" >&2 || true; exit 1; }
[ "$status" -eq 1 ] || fail "exit status $status, expected 1 (analysis failed)"
line=$(grep "^status: failed" "$work/run.log") || fail "no failure status in the log"
grep -qE "does not pass the singular configuration met at t = 0\.69[0-9]*: Constraint_Joint [0-9]+ \(equation [0-9]\), removed there" <<<"$line" ||
  fail "the message does not name the drifting equation and the singular time"
grep -qE "rank deficient, a singular configuration: Constraint_Joint [0-9]+ \(equation [0-9]\)" <<<"$line" ||
  fail "the message does not name the rows that became dependent"
echo "PASS: $line" | cut -c1-200
