#!/usr/bin/env bash
# Usage: contact_diff_cli_test.sh MBSOLVE
# An Adams dataset whose DIFF integrates CONTACT() (the normal force of a ball bouncing on the
# ground plane) run end to end by the mbsolve binary: exit 0, and in the CSV the DIFF (read by a
# REQUEST) equals the contact impulse from the ball's momentum, m (vz(t) - vz(0)) + m g t, at
# every row; after the bounce it is m (v_in + v_out) with the flight's touch-down and lift-off
# speeds (independent of the contact law).
set -euo pipefail
mbsolve=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cat >"$work/bounce.adm" <<'ADM'
ball bouncing on a plane, the contact impulse integrated by a DIFF
UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=2, CM=20, IP=0.008, 0.008, 0.008
MARKER/20, PART=2, QP=0, 0, 1
GRAPHICS/1, ELLIPSOID, CM=20, XSCALE=0.2, YSCALE=0.2, ZSCALE=0.2
GRAPHICS/2, PLANE, RM=10
CONTACT/1, IGEOM=1, JGEOM=2, POISSON, PENALTY=1E10, RESTITUTION_COEFFICIENT=0.7
DIFF/1, IC=0, FUNCTION=CONTACT(1, 0, 4, 10)
REQUEST/1, F2=DIF(1)
ACCGRAV/KGRAV=-9.81
INTEGRATOR/GSTIFF, ERROR=1E-8, HMAX=1E-4
END
ADM
printf 'bounce.adm\nbounce\nSIMULATE/DYNAMIC, END=0.9, STEPS=900\nSTOP\n' >"$work/bounce.acf"
status=0
err=$(cd "$work" && "$mbsolve" -q bounce.acf 2>&1) || status=$?
[ "$status" -eq 0 ] || fail "exit status $status, expected 0: $err"
python3 - "$work" <<'PY' || fail "the DIFF is not the contact impulse"
import csv, math, sys
work = sys.argv[1]
rows = [r for r in csv.reader(l for l in open(f"{work}/bounce.csv") if not l.startswith("#"))]
h = rows[0]
data = [[float(v) for v in r] for r in rows[1:]]
t, z, vz, dif = (h.index(c) for c in ("time", "body2.z", "body2.vz", "req1.f2"))
m, g, R = 2.0, 9.81, 0.1
worst = max(abs(r[dif] - (m * r[vz] + m * g * r[t])) for r in data)
assert worst < 2e-4, worst  # of an impulse of 14 N s
touch = lambda r: math.sqrt(r[vz] ** 2 + 2 * g * (r[z] - R))
before = next(r for r in data if abs(r[t] - 0.4) < 1e-9)
after = data[-1]  # t = 0.9: in flight after the bounce at 0.428 s (the next is at 1.03 s)
assert before[vz] < 0 and after[z] > R + 1e-3, (before, after)
v_in, v_out = touch(before), touch(after)
assert abs(v_out / v_in - 0.7) < 1e-3, (v_in, v_out)
rel = abs(after[dif] - m * (v_in + v_out)) / (m * (v_in + v_out))
assert rel < 1e-4, (after[dif], m * (v_in + v_out), rel)
print(f"impulse {after[dif]:.9g} N s, m (v_in + v_out) {m * (v_in + v_out):.9g} (rel {rel:.2g}); "
      f"momentum balance within {worst:.2g} N s")
PY
