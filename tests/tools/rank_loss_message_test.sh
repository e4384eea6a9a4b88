#!/usr/bin/env bash
# Usage: rank_loss_message_test.sh MBSOLVE SOURCE_DIR
# A driven slider-crank reaches a dead point at t = pi/6 s (tests/data/singular): the run must
# fail with exit 1 at that time (analytic, to 1e-4 s) and name the constraint row that became
# dependent there (the drive, Motion_Joint 1) and the singular configuration.
set -euo pipefail
mbsolve=$1
deck=$2/tests/data/singular/dead_point_slider_crank.xml
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
"$mbsolve" -q "$deck" -o "$work/run" >/dev/null 2>&1 || status=$?
fail() { echo "FAIL: $*" >&2; grep "^status" "$work/run.log" >&2 || true; exit 1; }
[ "$status" -eq 1 ] || fail "exit status $status, expected 1 (analysis failed)"
line=$(grep "^status: failed" "$work/run.log") || fail "no failure status in the log"
grep -q "rank deficient, a singular configuration: Motion_Joint 1 is dependent" <<<"$line" ||
  fail "the message does not name the dependent row"
t=$(grep -oE "IDA failed at t = [0-9.e+-]+" <<<"$line" | awk '{print $6}')
awk -v t="$t" 'BEGIN { d = t - atan2(1, 0) / 3; exit !(d < 1e-4 && d > -1e-4) }' ||
  fail "failed at t = $t, expected pi/6 = 0.5235988"
echo "PASS: dead point at t = $t named"
