#!/usr/bin/env bash
# Usage: massless_part_cli_test.sh MBSOLVE
# A PART without MASS that keeps a freedom of its own (alone on a REVOLUTE joint) is a deck
# error (exit 65) at the PART statement, in Adams words; carried by its joints it runs (exit 0).
set -euo pipefail
mbsolve=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cat >"$work/free.adm" <<'ADM'
massless part alone on a revolute joint
PART/1, GROUND
MARKER/10, PART=1
PART/2, CM=20
MARKER/20, PART=2, QP=0, -0.5, 0
MARKER/21, PART=2
JOINT/1, REVOLUTE, I=21, J=10
END
ADM
printf 'free.adm\nfree\nSIMULATE/DYNAMIC, END=1, STEPS=10\nSTOP\n' >"$work/free.acf"
status=0
err=$(cd "$work" && "$mbsolve" -q free.acf 2>&1) || status=$?
[ "$status" -eq 65 ] || fail "exit status $status, expected 65: $err"
grep -q "^free.adm:4:1: error: PART 2: the part has no mass but 1 degree of freedom" <<<"$err" ||
  fail "unexpected message: $err"
# Fixed to a bob with mass, the same part runs.
sed 's/^END$/PART\/3, MASS=1, CM=30, IP=1, 1, 1\nMARKER\/30, PART=3, QP=0, -0.5, 0\nJOINT\/2, FIXED, I=30, J=20\nACCGRAV\/JGRAV=-9.81\nEND/' \
  "$work/free.adm" >"$work/held.adm"
printf 'held.adm\nheld\nSIMULATE/DYNAMIC, END=0.5, STEPS=5\nSTOP\n' >"$work/held.acf"
(cd "$work" && "$mbsolve" -q held.acf) || fail "the carried massless part did not run"
echo "PASS: massless part refused at free.adm:4:1, carried one runs"
