#!/usr/bin/env bash
# Usage: body_angles_test.sh MBSOLVE
# mbsolve --angles against a closed form: a body with a spherical inertia, its CM frame tilted
# by theta0 = 0.3 about x (Reference_Marker theta) and spinning freely about the global z axis
# at w = 1 rad/s, has A(t) = Rz(w t) Rx(theta0): yaw = w t (wrapped into (-pi, pi]),
# pitch = 0, roll = theta0; body 3-1-3 psi = w t, theta = theta0, phi = 0. A bad --angles
# value is a usage error (exit 2). The deck asks for the same columns with the ResOutput extension
# mbsolve_body_angles (YPR, 313; --angles wins over it); a bad value is a deck error (exit 65).
set -euo pipefail
mbsolve=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cat >"$work/spin.xml" <<'XML'
<MotionSolve><Model>
  <Param_Unit force_unit="NEWTON" mass_unit="KILOGRAM" length_unit="METER" time_unit="SECOND"/>
  <Body_Rigid id="1" isground="TRUE"/>
  <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"
    w_ic_z="1"/>
  <Reference_Marker id="20" body_id="2" theta="0.3"/>
  <Param_Transient integr_tol="1e-10"/>
</Model><Command>
  <Simulate analysis_type="Transient" end_time="5" print_interval="0.25"/>
</Command></MotionSolve>
XML
# check FILE COLUMNS EXPECTED...: awk checks each named column against its closed form.
check() {
  local csv=$1
  awk -F, -v want="$2" '
    function wrap(a) { while (a > pi) a -= 2 * pi; while (a <= -pi) a += 2 * pi; return a }
    BEGIN { pi = atan2(0, -1); n = split(want, spec, " ") }
    /^#/ { next }
    !hdr { for (i = 1; i <= NF; i++) col[$i] = i; hdr = 1
           for (k = 1; k <= n; k++) { split(spec[k], p, "="); if (!(p[1] in col)) { print "no column " p[1]; bad = 1 } }
           next }
    { t = $1
      for (k = 1; k <= n; k++) {
        split(spec[k], p, "=")
        e = p[2] == "wt" ? wrap(t) : p[2] + 0
        d = $(col[p[1]]) - e; if (d < 0) d = -d
        if (d > 1e-6) { printf "t=%s %s=%s expected %.9f\n", t, p[1], $(col[p[1]]), e; bad = 1 }
        if (d > worst) worst = d
      }
      rows++ }
    END { if (bad || rows < 20) exit 1; printf "%d rows, worst error %.1e\n", rows, worst }' "$csv"
}
"$mbsolve" -q --angles ypr "$work/spin.xml" -o "$work/ypr" || fail "mbsolve --angles ypr: exit $?"
check "$work/ypr.csv" "body2.yaw=wt body2.pitch=0 body2.roll=0.3" || fail "yaw-pitch-roll"
"$mbsolve" -q --angles 313 "$work/spin.xml" -o "$work/e313" || fail "mbsolve --angles 313: exit $?"
check "$work/e313.csv" "body2.psi=wt body2.theta=0.3 body2.phi=0" || fail "3-1-3"
"$mbsolve" -q "$work/spin.xml" -o "$work/none" || fail "mbsolve: exit $?"
grep -q 'yaw\|psi' <(grep -v '^#' "$work/none.csv" | head -1) && fail "angle columns without --angles"
# The deck-side switch: ResOutput mbsolve_body_angles.
for a in ypr 313; do
  sed "s#<Command>#<Command><ResOutput mbsolve_body_angles=\"$a\"/>#" "$work/spin.xml" \
    >"$work/deck_$a.xml"
  "$mbsolve" -q "$work/deck_$a.xml" -o "$work/deck_$a" || fail "mbsolve ResOutput $a: exit $?"
done
check "$work/deck_ypr.csv" "body2.yaw=wt body2.pitch=0 body2.roll=0.3" || fail "ResOutput ypr"
check "$work/deck_313.csv" "body2.psi=wt body2.theta=0.3 body2.phi=0" || fail "ResOutput 313"
"$mbsolve" -q --angles 313 "$work/deck_ypr.xml" -o "$work/cli" || fail "--angles over deck: exit $?"
check "$work/cli.csv" "body2.psi=wt body2.theta=0.3 body2.phi=0" || fail "--angles 313 over YPR"
grep -q 'yaw' <(grep -v '^#' "$work/cli.csv" | head -1) && fail "--angles 313 and the deck's ypr"
sed 's#<Command>#<Command><ResOutput mbsolve_body_angles="xyz"/>#' "$work/spin.xml" >"$work/bad.xml"
rc=0
"$mbsolve" -q "$work/bad.xml" -o "$work/bad" 2>"$work/bad.err" || rc=$?
[ "$rc" = 65 ] || fail "mbsolve_body_angles xyz: exit $rc, expected 65"
grep -q "mbsolve_body_angles 'xyz' is not allowed.*allowed: NONE, YPR, 313" "$work/bad.err" ||
  fail "mbsolve_body_angles xyz: $(cat "$work/bad.err")"
rc=0
"$mbsolve" -q --angles xyz "$work/spin.xml" -o "$work/bad" 2>/dev/null || rc=$?
[ "$rc" = 2 ] || fail "--angles xyz: exit $rc, expected 2"
echo "ok: yaw-pitch-roll and 3-1-3 body angles equal the closed form (--angles and ResOutput)"
