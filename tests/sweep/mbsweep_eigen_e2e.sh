#!/usr/bin/env bash
# End-to-end: mbsweep maps the natural frequency and damping ratio of a spring-mass-damper
# (m = 2, c = 3) over its stiffness k with `-m eig:1:freq -m eig:1:damping`: each case runs
# mbsolve with --set before its linear analysis; the values must be sqrt(k/m)/(2 pi) and
# c/(2 sqrt(k m)).
set -u
mbsolve=$1
mbsweep=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=../cli_checks.sh
. "$(dirname "$0")/../cli_checks.sh"

cat >"$work/sm.xml" <<'XML'
<MotionSolve><Model>
  <Body_Rigid id="1" isground="TRUE"/><Reference_Marker id="10" body_id="1"/>
  <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
  <Reference_Marker id="20" body_id="2" pos_z="1.5"/>
  <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"/>
  <Force_SpringDamper id="3" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"
                      stiffness="100" damping="3" length="1.5"/>
</Model><Command>
  <Simulate analysis_type="Linear"/>
</Command></MotionSolve>
XML

check "the sweep runs" expect_rc 0 "$mbsweep" "$work/sm.xml" -p "Force_SpringDamper[3].stiffness=50,200" \
  -m eig:1:freq -m eig:1:damping -o "$work/sw" -j 1 --mbsolve "$mbsolve"
check "the summary has the eigen columns" \
  grep -q '^case,Force_SpringDamper\[3\].stiffness,status,exit_code,wall_s,eig:1:freq,eig:1:damping,message$' "$work/sw/summary.csv"
check "frequency and damping ratio per stiffness" python3 - "$work/sw/summary.csv" <<'PY'
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1])))
ok = len(rows) == 2
for r in rows:
    k = float(r["Force_SpringDamper[3].stiffness"])
    ok &= abs(float(r["eig:1:freq"]) - math.sqrt(k / 2) / (2 * math.pi)) < 1e-10
    ok &= abs(float(r["eig:1:damping"]) - 3 / (2 * math.sqrt(k * 2))) < 1e-10
sys.exit(0 if ok else 1)
PY
check "a bad eig spec is a usage error" expect_rc 2 "$mbsweep" "$work/sm.xml" \
  -p "Force_SpringDamper[3].stiffness=50" -m eig:0:freq -o "$work/bad" --mbsolve "$mbsolve"
check "naming the form" grep -q "eig:N:KIND" "$work/err"

finish
