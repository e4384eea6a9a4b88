#!/usr/bin/env bash
# Usage: sensor_cli_test.sh MBSOLVE
# An Adams dataset with SENSOR run end to end by the mbsolve binary: a part falling from 1 m is
# halted where its height crosses 0.1 m (closed form t = sqrt(2 * 0.9 / 9.81)): exit 0, the
# last CSV row at the halt time, the JSON's halted_by; the second SIMULATE does not run. A
# SENSOR with a bad argument is exit 65 at its line, in Adams words.
set -euo pipefail
mbsolve=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cat >"$work/ball.adm" <<'ADM'
falling ball halted by a sensor
UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND
PART/1, GROUND
PART/2, MASS=1, CM=20, IP=1, 1, 1
MARKER/20, PART=2, QP=0, 0, 1
ACCGRAV/KGRAV=-9.81
SENSOR/1, FUNCTION=DZ(20), VALUE=0.1, LE, ERROR=1e-6, HALT, CODGEN
INTEGRATOR/GSTIFF, ERROR=1e-10
END
ADM
printf 'ball.adm\nball\nSIMULATE/DYNAMIC, END=2, STEPS=40\nSIMULATE/DYNAMIC, END=3, STEPS=10\nSTOP\n' \
  >"$work/ball.acf"
status=0
err=$(cd "$work" && "$mbsolve" -q ball.acf 2>&1) || status=$?
[ "$status" -eq 0 ] || fail "exit status $status, expected 0: $err"
grep -q "ball.adm:7:.*warning: SENSOR 1: CODGEN: no meaning in mbsolve" "$work/ball.log" ||
  fail "no CODGEN warning in the log: $(cat "$work/ball.log")"
grep -q '"status": "ok"' "$work/ball.json" || fail "status is not ok"
grep -q '"message": "halted by SENSOR 1 at t = ' "$work/ball.json" || fail "no halt message"
python3 - "$work" <<'PY' || fail "halt time or last row wrong"
import csv, json, math, sys
work = sys.argv[1]
j = json.load(open(f"{work}/ball.json"))
t_exact = math.sqrt(2 * 0.9 / 9.81)
halt = j["halted_by"]
assert halt["sensor"] == "SENSOR 1", halt
err = abs(halt["time"] - t_exact)
assert err < 1e-9, err
rows = [r for r in csv.reader(l for l in open(f"{work}/ball.csv") if not l.startswith("#"))]
header, last = rows[0], rows[-1]
assert float(last[0]) == halt["time"], (last[0], halt["time"])
assert abs(float(last[header.index("body2.z")]) - 0.1) < 1e-9, last
assert j["end_time"] == halt["time"]
print(f"SENSOR HALT at t = {halt['time']!r}, error {err:.2g} s")
PY
# A GE sensor whose condition holds from the start: a warning in the log, no event (root finding
# sees crossings), the run goes to its end.
sed 's/LE, ERROR=1e-6, HALT/GE, HALT/' "$work/ball.adm" >"$work/above.adm"
printf 'above.adm\nabove\nSIMULATE/DYNAMIC, END=0.5, STEPS=5\nSTOP\n' >"$work/above.acf"
(cd "$work" && "$mbsolve" -q above.acf) || fail "the GE deck did not run"
grep -q "warning: SENSOR 1: its condition already holds at t = 0" "$work/above.log" ||
  fail "no warning: $(cat "$work/above.log")"
grep -q '"end_time": 0.5' "$work/above.json" || fail "the GE deck did not run to its end"
# A bad argument: exit 65 at its line and column, with the Adams keyword.
sed 's/ERROR=1e-6/ERROR=0/' "$work/ball.adm" >"$work/bad.adm"
printf 'bad.adm\nbad\nSIMULATE/DYNAMIC, END=2, STEPS=40\nSTOP\n' >"$work/bad.acf"
status=0
err=$(cd "$work" && "$mbsolve" -q bad.acf 2>&1) || status=$?
[ "$status" -eq 65 ] || fail "bad SENSOR: exit status $status, expected 65: $err"
grep -q "^bad.adm:7:43: error: SENSOR 1: ERROR must be a number > 0 (got 0)" <<<"$err" ||
  fail "unexpected message: $err"
echo "PASS: SENSOR HALT end to end; bad ERROR refused at bad.adm:7:43"
