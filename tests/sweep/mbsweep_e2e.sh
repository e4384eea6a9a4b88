#!/usr/bin/env bash
# End-to-end tests of mbsolve --set and mbsweep on the real binaries and examples/pendulum.xml:
# overrides on every supported element family, failing/crashing/hanging cases, -j 1 vs -j 4 vs
# one process per case, resume after a killed sweep, emit + run-case + collect.
# Usage: mbsweep_e2e.sh MBSOLVE MBSWEEP SOURCE_DIR
set -uo pipefail
mbsolve=$1
mbsweep=$2
src=$3
deck=$src/examples/pendulum.xml
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=../cli_checks.sh
. "$(dirname "$0")/../cli_checks.sh"

# csv_value FILE COLUMN ROW: a value of a result CSV (ROW 1 = first data row, -1 = last).
csv_value() {
  awk -F, -v col="$2" -v row="$3" '
    /^#/ { next }
    !h { for (i = 1; i <= NF; i++) if ($i == col) c = i; h = 1; next }
    { n++; v[n] = $c }
    END { print (row < 0 ? v[n] : v[row]) }' "$1"
}

short=(--set Simulate.end_time=0.2)

echo "== mbsolve --set on every supported element family"
expect 0 baseline "$mbsolve" "$deck" -q -o "$work/base" "${short[@]}"
expect 0 body_rigid_mass "$mbsolve" "$deck" -q -o "$work/mass" "${short[@]}" \
  --set 'Body_Rigid[30102].mass=4'
[ "$(csv_value "$work/mass.csv" body30102.y -1)" != "$(csv_value "$work/base.csv" body30102.y -1)" ] &&
  ok "Body_Rigid mass changes the motion" || fail "Body_Rigid mass changes the motion"
contains "$work/mass.json" '"Body_Rigid[30102].mass": "4"' body_rigid_mass_in_json
expect 0 reference_marker "$mbsolve" "$deck" -q -o "$work/marker" "${short[@]}" \
  --set 'reference_marker[30102001].POS_X=0.25'
[ "$(csv_value "$work/marker.csv" body30102.x 1)" = 0.25 ] && ok "Reference_Marker pos_x moves the CM" ||
  fail "Reference_Marker pos_x moves the CM: $(csv_value "$work/marker.csv" body30102.x 1)"
expect 0 force_gravity "$mbsolve" "$deck" -q -o "$work/grav" "${short[@]}" --set Force_Gravity.grav_y=0
[ "$(csv_value "$work/grav.csv" body30102.y -1)" = 0 ] && ok "Force_Gravity off: the pendulum stays" ||
  fail "Force_Gravity off: the pendulum stays: y = $(csv_value "$work/grav.csv" body30102.y -1)"
expect 0 constraint_joint "$mbsolve" "$deck" -q -o "$work/joint" "${short[@]}" \
  --set 'Constraint_Joint[301001].type=SPHERICAL'
contains "$work/joint.json" '"dof": 3' constraint_joint_spherical_has_3_dof
expect 0 param_transient "$mbsolve" "$deck" -q -o "$work/tol" "${short[@]}" \
  --set Param_Transient.integr_tol=1e-2
[ "$(grep -o '"steps": [0-9]*' "$work/tol.json")" != "$(grep -o '"steps": [0-9]*' "$work/base.json")" ] &&
  ok "Param_Transient integr_tol changes the step count" || fail "Param_Transient integr_tol"
expect 0 param_unit "$mbsolve" "$deck" -q -o "$work/unit" "${short[@]}" --set Param_Unit.length_unit=MILLIMETER
contains "$work/unit.csv" "length=millimeter" param_unit_length
expect 0 simulate "$mbsolve" "$deck" -q -o "$work/sim" --set Simulate.end_time=0.3 --set Simulate.print_interval=0.1
contains "$work/sim.json" '"output_rows": 4' simulate_end_time_and_print_interval

echo "== mbsolve --set errors"
expect 65 unknown_type "$mbsolve" "$deck" -q -o "$work/e" --set 'Body_Rigd[30102].mass=1'
contains "$work/err" "<--set>: error: Body_Rigd[30102].mass: no Body_Rigd element in the deck (did you mean 'Body_Rigid'?)" unknown_type_message
expect 65 unknown_id "$mbsolve" "$deck" -q -o "$work/e" --set 'Body_Rigid[7].mass=1'
contains "$work/err" "<--set>: error: Body_Rigid[7].mass: no Body_Rigid element with id 7 (ids: 30101, 30102)" unknown_id_message
expect 65 unknown_attribute "$mbsolve" "$deck" -q -o "$work/e" --set 'Body_Rigid[30102].mas=1'
contains "$work/err" "<--set>: error: Body_Rigid 30102: unknown attribute 'mas' given with --set (did you mean 'mass'?)" unknown_attribute_message
expect 65 bad_value "$mbsolve" "$deck" -q -o "$work/e" --set 'Simulate.end_time=soon'
contains "$work/err" "<--set>: error: Simulate: end_time must be a finite real number (got 'soon')" bad_value_message
expect 65 unused_placeholder "$mbsolve" "$deck" -q -o "$work/e" --set k=1
contains "$work/err" "<--set>: error: k=1: the deck has no placeholder \${k}, and 'k' is not an element path (Type[id].attribute)" unused_placeholder_message
expect 2 malformed_set "$mbsolve" "$deck" -q -o "$work/e" --set 'Body_Rigid[1.mass=1'
contains "$work/err" "mbsolve: --set 'Body_Rigid[1.mass=1': missing ']' in 'Body_Rigid[1.mass'" malformed_set_message
sed 's/mass="2.0"/mass="${m}"/' "$deck" >"$work/tmpl.xml"
expect 0 placeholder_filled "$mbsolve" "$work/tmpl.xml" -q -o "$work/tmpl" "${short[@]}" --set m=2.0
cmp -s <(grep -v '^#' "$work/tmpl.csv") <(grep -v '^#' "$work/base.csv") && ok "placeholder gives the deck's result" ||
  fail "placeholder gives the deck's result"
expect 65 placeholder_unfilled "$mbsolve" "$work/tmpl.xml" -q -o "$work/e"
contains "$work/err" "tmpl.xml:13:68: error: placeholder \${m} has no value (give one with --set m=VALUE)" placeholder_unfilled_message

echo "== mbsweep: -j 1, -j 4 and one process per case give the same summary"
design=(-p 'Body_Rigid[30102].mass=1,2' -p 'Simulate.end_time=lin:0.1:0.3:3'
  -p Param_Transient.integr_tol=log:1e-6:1e-4:2 -m body30102.x:min -m body30102.y:final
  -m body30102.vx:rms -m body30102.y:tmin -m body30102.y:at=0.05 -m body30102.y:max)
expect 0 sweep_j1 "$mbsweep" "$deck" "${design[@]}" -o "$work/j1" -j 1 -q
expect 0 sweep_j4 "$mbsweep" "$deck" "${design[@]}" -o "$work/j4" -j 4 -q
expect 0 sweep_per_process "$mbsweep" "$deck" "${design[@]}" -o "$work/pp" -j 4 -q --no-worker
[ "$(wc -l <"$work/j1/summary.csv")" = 13 ] && ok "12 cases + header" || fail "12 cases + header"
same_without_wall "$work/j1/summary.csv" "$work/j4/summary.csv" "j1_equals_j4"
same_without_wall "$work/j1/summary.csv" "$work/pp/summary.csv" "workers_equal_one_process_per_case"
contains "$work/j1/summary.csv" "c0012,2,0.3,0.0001,ok,0," summary_row_format

echo "== mbsweep: workers reuse the built model for value-only overrides, bit-for-bit"
sd=$src/examples/spring_damper_sweep/spring_damper.xml
reuse=(-p 'Force_SpringDamper[301].stiffness=1e3,2e4' -p 'Force_SpringDamper[301].damping=0,75'
  --set Simulate.end_time=0.3 -m body30102.y:max -m body30102.vy:rms)
expect 0 sweep_reuse "$mbsweep" "$sd" "${reuse[@]}" -o "$work/reuse" -j 1 -q
expect 0 sweep_reuse_per_process "$mbsweep" "$sd" "${reuse[@]}" -o "$work/reuse_pp" -j 1 -q \
  --no-worker
same_without_wall "$work/reuse/summary.csv" "$work/reuse_pp/summary.csv" "reuse_summary_equals_fresh"
i=0
for k in 1e3 2e4; do
  for c in 0 75; do
    i=$((i + 1))
    case_dir=$work/reuse/cases/c000$i
    contains "$case_dir/result.log" "model reused from the worker's first build" "reused_c000$i"
    "$mbsolve" "$sd" -q -o "$work/fresh$i" --set Simulate.end_time=0.3 \
      --set "Force_SpringDamper[301].stiffness=$k" --set "Force_SpringDamper[301].damping=$c"
    cmp -s <(grep -v '^#' "$work/fresh$i.csv") <(grep -v '^#' "$case_dir/result.csv") &&
      ok "reused model gives the fresh run's CSV bit for bit (c000$i)" ||
      fail "reused model gives the fresh run's CSV bit for bit (c000$i)"
  done
done
# A body's mass is reused too; a marker position (geometry) builds the model again.
expect 0 sweep_mass "$mbsweep" "$sd" -p 'Body_Rigid[30102].mass=5' --set Simulate.end_time=0.3 \
  -m body30102.y:max -o "$work/mass" -j 1 -q
contains "$work/mass/cases/c0001/result.log" "model reused" "reused_mass"
"$mbsolve" "$sd" -q -o "$work/fresh_mass" --set Simulate.end_time=0.3 --set 'Body_Rigid[30102].mass=5'
cmp -s <(grep -v '^#' "$work/fresh_mass.csv") <(grep -v '^#' "$work/mass/cases/c0001/result.csv") &&
  ok "reused model with a new mass gives the fresh run's CSV bit for bit" ||
  fail "reused model with a new mass gives the fresh run's CSV bit for bit"
expect 0 sweep_rebuild "$mbsweep" "$sd" -p 'Reference_Marker[30102001].pos_y=-0.65' \
  --set Simulate.end_time=0.1 -m body30102.y:max -o "$work/rebuild" -j 1 -q
grep -q "model reused" "$work/rebuild/cases/c0001/result.log" && fail "geometry override rebuilds" ||
  ok "geometry override rebuilds"

echo "== mbsweep: failing, crashing and hanging cases do not stop the sweep"
export MB_REAL_MBSOLVE=$mbsolve
for mode in worker no-worker; do
  extra=()
  [ $mode = no-worker ] && extra=(--no-worker)
  expect 1 "bad_cases_$mode" "$mbsweep" "$deck" -p 'Body_Rigid[30102].mass=1,-1,crash,2' \
    -p Simulate.end_time=0.1,hang --timeout 1.5 -m body30102.y:final -j 2 -o "$work/bad_$mode" \
    --mbsolve "$here/fake_mbsolve.sh" "${extra[@]}"
  s=$work/bad_$mode/summary.csv
  contains "$s" "c0001,1,0.1,ok,0," "ok_case_$mode"
  contains "$s" "c0002,1,hang,timeout,124," "timeout_case_$mode"
  contains "$s" "timeout after 1.5 s" "timeout_message_$mode"
  contains "$s" "c0003,-1,0.1,failed,65," "deck_error_case_$mode"
  contains "$s" "c0005,crash,0.1,crashed,139," "crashed_case_$mode"
  contains "$s" "crashed: signal 11" "crash_message_$mode"
  contains "$s" "c0007,2,0.1,ok,0," "case_after_crash_$mode"
  [ "$(wc -l <"$s")" = 9 ] && ok "all 8 cases recorded ($mode)" || fail "all 8 cases recorded ($mode)"
done

echo "== mbsweep: resume after a killed sweep"
# Cases long enough (about 0.3 s each) that the kills below land while the sweep still runs.
long=(-p 'Body_Rigid[30102].mass=1,1.5,2,2.5' -p Simulate.end_time=100,110,120 -m body30102.y:final)
"$mbsweep" "$deck" "${long[@]}" -o "$work/resume" -j 1 -q --no-worker &
pid=$!
for _ in $(seq 1 2400); do  # up to 2 min: sanitizer builds are slow
  [ -f "$work/resume/summary.csv" ] && [ "$(wc -l <"$work/resume/summary.csv")" -ge 4 ] && break
  sleep 0.05
done
kill -KILL $pid
wait $pid 2>/dev/null
before=$(($(wc -l <"$work/resume/summary.csv") - 1))
[ "$before" -ge 3 ] && [ "$before" -lt 12 ] && ok "killed after $before of 12 cases" ||
  fail "killed after $before of 12 cases"
first=$(sed -n 2p "$work/resume/summary.csv" | cut -d, -f1)
stamp=$(stat -c %Y.%y "$work/resume/cases/$first/case.json")
printf 'c0012,2.5,120,ok,0,0.1' >>"$work/resume/summary.csv"  # a torn last line
expect 0 resumed "$mbsweep" "$deck" "${long[@]}" -o "$work/resume" -j 2
contains "$work/err" "$before already done (resuming), running $((12 - before))" resume_skips_done_cases
[ "$(stat -c %Y.%y "$work/resume/cases/$first/case.json")" = "$stamp" ] && ok "a finished case is not run again" ||
  fail "a finished case is not run again"
[ "$(tail -n +2 "$work/resume/summary.csv" | cut -d, -f1 | sort -u | wc -l)" = 12 ] &&
  [ "$(wc -l <"$work/resume/summary.csv")" = 13 ] && ok "12 distinct rows, no duplicates" ||
  fail "12 distinct rows, no duplicates"
expect 0 reference_run "$mbsweep" "$deck" "${long[@]}" -o "$work/resume_ref" -j 2 -q
same_without_wall "$work/resume/summary.csv" "$work/resume_ref/summary.csv" resumed_equals_uninterrupted
expect 2 other_sweep_in_same_dir "$mbsweep" "$deck" -p 'Body_Rigid[30102].mass=3' -o "$work/resume" -q
contains "$work/err" "holds a different sweep" other_sweep_message

"$mbsweep" "$deck" "${long[@]}" -o "$work/term" -j 1 -q 2>"$work/err" &
pid=$!
for _ in $(seq 1 2400); do  # up to 2 min: sanitizer builds are slow
  [ -f "$work/term/summary.csv" ] && [ "$(wc -l <"$work/term/summary.csv")" -ge 2 ] && break
  sleep 0.05
done
kill -TERM $pid
wait $pid
rc=$?
[ $rc = 130 ] && ok "SIGTERM: exit 130" || fail "SIGTERM: exit $rc"
contains "$work/err" "run the same command again to resume" sigterm_message

echo "== mbsweep: designs from CSV and Latin hypercube, placeholders, preflight"
printf '# two cases\nm,Simulate.end_time\n2.0,0.2\n1.0,0.1\n' >"$work/design.csv"
expect 0 design_csv_with_placeholder "$mbsweep" "$work/tmpl.xml" --design "$work/design.csv" \
  -m body30102.y:final -o "$work/dcsv" -q
contains "$work/dcsv/summary.csv" "c0001,2.0,0.2,ok,0," design_csv_row1
[ "$(csv_value "$work/dcsv/summary.csv" body30102.y:final 1)" = "$(csv_value "$work/base.csv" body30102.y -1)" ] &&
  ok "placeholder case equals the plain run" || fail "placeholder case equals the plain run"
expect 0 lhs "$mbsweep" "$deck" -p 'Body_Rigid[30102].mass=lin:1:3' -p Simulate.end_time=log:0.05:0.2 \
  --lhs 5 --seed 7 -o "$work/lhs" -q
[ "$(wc -l <"$work/lhs/cases.csv")" = 6 ] && ok "lhs: 5 cases" || fail "lhs: 5 cases"
expect 65 preflight_unknown_path "$mbsweep" "$deck" -p 'Body_Rigid[9].mass=1,2' -o "$work/pre"
contains "$work/err" "<--set>: error: Body_Rigid[9].mass: no Body_Rigid element with id 9 (ids: 30101, 30102)" preflight_message
[ ! -d "$work/pre" ] && ok "preflight runs no case" || fail "preflight runs no case"
expect 2 bad_param "$mbsweep" "$deck" -p 'k=log:0:1:3'
contains "$work/err" "mbsweep: -p 'k=log:0:1:3': a log range needs LO > 0 and HI > 0" bad_param_message

echo "== mbsweep: emit, run-case, collect (the cluster path without a cluster)"
expect 0 emit_parallel "$mbsweep" "$deck" "${design[@]}" -o "$work/em" --emit parallel -j 3
contains "$work/em/parallel.sh" "seq 1 12 | parallel --jobs 3" parallel_script
expect 0 emit_slurm "$mbsweep" "$deck" "${design[@]}" -o "$work/em" --emit slurm
contains "$work/em/slurm.sh" "#SBATCH --array=1-12" slurm_array
for i in $(seq 1 12); do "$mbsweep" run-case "$work/em" "$i" 2>>"$work/runcase.log" || fail "run-case $i"; done
expect 0 collect "$mbsweep" collect "$work/em"
same_without_wall "$work/j1/summary.csv" "$work/em/summary.csv" collect_equals_local_run
expect 0 collect_local_dir "$mbsweep" collect "$work/j4"
same_without_wall "$work/j1/summary.csv" "$work/j4/summary.csv" collect_of_local_run_unchanged
expect 2 run_case_unknown "$mbsweep" run-case "$work/em" c9999
contains "$work/err" "run-case: no case 'c9999'" run_case_unknown_message
mkdir -p "$work/partial" && cp "$work/em/sweep.json" "$work/em/cases.csv" "$work/partial/"
expect 1 collect_missing "$mbsweep" collect "$work/partial"
contains "$work/partial/summary.csv" "c0001,1,0.1,1e-06,missing,-1," collect_missing_row

finish
