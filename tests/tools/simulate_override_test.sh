#!/usr/bin/env bash
# End-to-end: --set on a deck with a Static then a Transient Simulate. `Simulate[N].attr`
# addresses the N-th Simulate; an override that would turn the Static into a quasi-static
# analysis (end_time or duration added to it) is a usage error of the deck (exit 65) naming it.
# The pendulum starts near its hanging equilibrium: the test is about which Simulate runs.
set -u
mbsolve=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=../cli_checks.sh
. "$(dirname "$0")/../cli_checks.sh"

cat >"$work/two.xml" <<'XML'
<MotionSolve><Model>
  <Force_Gravity grav_y="-9.81"/>
  <Body_Rigid id="1" isground="TRUE"/>
  <Reference_Marker id="10" body_id="1"/>
  <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.1"/>
  <Reference_Marker id="20" body_id="2" pos_x="0.1" pos_y="-1"/>
  <Reference_Marker id="21" body_id="2"/>
  <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
</Model><Command>
  <Simulate analysis_type="Static"/>
  <Simulate analysis_type="Transient" end_time="1" print_interval="0.1"/>
</Command></MotionSolve>
XML

check "Simulate.end_time on a Static exits 65" \
  expect_rc 65 "$mbsolve" -q "$work/two.xml" --set Simulate.end_time=120
check "the message names the Static Simulate and the way out" \
  grep -q "Simulate.end_time=120: Simulate 1 (.*two.xml:10.*) is a Static analysis.*Simulate\[2\].end_time" "$work/err"
check "Simulate.duration on a Static exits 65" \
  expect_rc 65 "$mbsolve" -q "$work/two.xml" --set Simulate.duration=3
check "Simulate[1].end_time exits 65" \
  expect_rc 65 "$mbsolve" -q "$work/two.xml" --set Simulate[1].end_time=5
check "Simulate[3] does not exist: 65" \
  expect_rc 65 "$mbsolve" -q "$work/two.xml" --set Simulate[3].end_time=5
check "Simulate[3]: the message counts the Simulates" grep -q "no Simulate\[3\]: the deck has 2" "$work/err"

check "Simulate[2].end_time runs" \
  expect_rc 0 "$mbsolve" -q "$work/two.xml" -o "$work/two" --set Simulate[2].end_time=0.5
# One static row at t = 0, then the transient's rows 0.1 .. 0.5 (the transient starts where the
# static ended; its t = 0 row repeats the time and is dropped).
check "one static equilibrium, then the transient to 0.5" \
  bash -c "grep -v '^#' '$work/two.csv' | tail -n +2 | cut -d, -f1 | tr '\n' ' ' | grep -Eq '^0 0.1[0-9]* 0.2[0-9]* 0.3[0-9]* 0.4[0-9]* 0.5 ?$'"
check "the log has a single static equilibrium" \
  bash -c "[ \$(grep -c 'static equilibrium at t = 0 in' '$work/two.log') -eq 1 ] && ! grep -q quasi-static '$work/two.log'"
check "the transient runs to 0.5" grep -q "transient analysis done at t = 0.5" "$work/two.log"
check "the JSON records the override" grep -q '"Simulate\[2\].end_time": "0.5"' "$work/two.json"

# A Static that is quasi-static in the deck keeps taking end_time.
sed 's|<Simulate analysis_type="Static"/>|<Simulate analysis_type="Static" end_time="0.2" print_interval="0.1"/>|' \
  "$work/two.xml" >"$work/quasi.xml"
check "a quasi-static Simulate takes end_time" \
  expect_rc 0 "$mbsolve" -q "$work/quasi.xml" -o "$work/quasi" --set Simulate[1].end_time=0.3
check "the quasi-static analysis ends at 0.3" grep -q "quasi-static analysis done at t = 0.3" "$work/quasi.log"

finish
