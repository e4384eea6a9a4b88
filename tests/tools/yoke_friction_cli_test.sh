#!/usr/bin/env bash
# Usage: yoke_friction_cli_test.sh MBSOLVE
# An Adams dataset with FRICTION on a UNIVERSAL joint run end to end by the mbsolve binary: a
# rotor (m = 2, Izz = 0.5, centre of mass at the joint) spins at 5 rad/s about the J yoke's pin
# (vertical z_J) under gravity, which loads that pin along its axis: friction torque
# mu_d * FRICTION_ARM * m g = 0.4 * 0.15 * 2 * 9.81, so w = 5 - 2.3544 t until it stops at
# t = 2.1237 s (closed form), then it stays stopped. Exit 0, the CSV against the closed form.
# I_YOKE on a REVOLUTE joint's FRICTION is exit 65 at its line, in Adams words.
set -euo pipefail
mbsolve=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cat >"$work/ujoint.adm" <<'ADM'
rotor on a universal joint with pin friction
UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=2, CM=20, IP=0.3, 0.3, 0.5, WZ=5
MARKER/20, PART=2
MARKER/21, PART=2, REULER=90D, 90D, 0D
JOINT/1, UNIVERSAL, I=21, J=10
FRICTION/1, JOINT=1, MU_STATIC=0.5, MU_DYNAMIC=0.4
, PIN_RADIUS=0.1, FRICTION_ARM=0.15, BENDING_REFLECTION_ARM=0.2
, STICTION_TRANSITION_VELOCITY=1E-3, MAX_STICTION_DEFORMATION=1E-4
, INPUTS=ALL, EFFECT=ALL
ACCGRAV/KGRAV=-9.81
INTEGRATOR/GSTIFF, ERROR=1E-9
END
ADM
printf 'ujoint.adm\nujoint\nSIMULATE/DYNAMIC, END=3, STEPS=30\nSTOP\n' >"$work/ujoint.acf"
status=0
err=$(cd "$work" && "$mbsolve" -q ujoint.acf 2>&1) || status=$?
[ "$status" -eq 0 ] || fail "exit status $status, expected 0: $err"
grep -q '"status": "ok"' "$work/ujoint.json" || fail "status is not ok"
python3 - "$work" <<'PY' || fail "the spin-down is not the closed form"
import csv, sys
work = sys.argv[1]
rows = [r for r in csv.reader(l for l in open(f"{work}/ujoint.csv") if not l.startswith("#"))]
header = rows[0]
t_col, w_col = header.index("time"), header.index("body2.wz")
alpha = 0.4 * 0.15 * 2 * 9.81 / 0.5
t_stop = 5 / alpha
# Sliding: w = 5 - alpha t. Stopped: only the stiction creep spring relaxing (z + tau z' = 0,
# tau = d / Vs) turns it back, by at most d / (tau Rp) = Vs / Rp = 0.01 rad/s.
worst, after = 0, 0
for r in rows[1:]:
    t, w = float(r[t_col]), float(r[w_col])
    if t < t_stop - 0.01:
        worst = max(worst, abs(w - (5 - alpha * t)))
    elif t > t_stop:
        after = max(after, abs(w))
assert worst < 1e-5, worst
assert after < 1e-2, after
print(f"UNIVERSAL joint friction: worst |w - closed form| sliding {worst:.2g} rad/s, "
      f"|w| stopped <= {after:.2g} rad/s")
PY
# I_YOKE names a yoke: a REVOLUTE joint has none (exit 65 at the flag's line and column).
sed 's/JOINT\/1, UNIVERSAL, I=21, J=10/JOINT\/1, REVOLUTE, I=20, J=10/;
     s/, INPUTS=ALL, EFFECT=ALL/, INPUTS=ALL, EFFECT=ALL, I_YOKE/' "$work/ujoint.adm" >"$work/bad.adm"
printf 'bad.adm\nbad\nSIMULATE/DYNAMIC, END=1, STEPS=10\nSTOP\n' >"$work/bad.acf"
status=0
err=$(cd "$work" && "$mbsolve" -q bad.acf 2>&1) || status=$?
[ "$status" -eq 65 ] || fail "exit status $status for I_YOKE on a REVOLUTE joint, expected 65"
echo "$err" | grep -q "bad.adm:12:[0-9]*: error: FRICTION 1: I_YOKE applies to UNIVERSAL and HOOKE joints only (JOINT 1 is REVOLUTE)" ||
  fail "unexpected message: $err"
echo "ok"
