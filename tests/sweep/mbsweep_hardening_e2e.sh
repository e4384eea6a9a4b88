#!/usr/bin/env bash
# mbsweep against careless and hostile input (issue 20, item 5), on the real binaries:
#   * a full factorial too large to hold (1e10 cases) is a usage error naming the product;
#   * worker replies are recognised amid what a user routine prints on stdout, and that output
#     goes to the case's mbsolve.out (worker results equal one process per case);
#   * a metric on a channel the result does not have is a usage error after the first case;
#     at=T past the end of the output is named in the case's message and warned about;
#   * --set X=... together with -p X=... is a usage error;
#   * -j 0, -j -4, --timeout -1, --timeout nan are usage errors;
#   * a design CSV with a UTF-8 byte order mark (Excel) is read;
#   * --mbsolve /nonexistent is exit 66 before any case.
# No check here may see exit 70.
# Usage: mbsweep_hardening_e2e.sh MBSOLVE MBSWEEP SOURCE_DIR USERSUB_LIB_DIR
set -uo pipefail
mbsolve=$1
mbsweep=$2
src=$3
libdir=$4
deck=$src/examples/pendulum.xml
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=../cli_checks.sh
. "$(dirname "$0")/../cli_checks.sh"

short=(--set Simulate.end_time=0.2)

echo "== the number of cases is capped"
expect 2 factorial_cap "$mbsweep" "$deck" -p 'Body_Rigid[30102].mass=lin:1:2:100000' \
  -p 'Simulate.end_time=lin:0.1:0.2:100000' -o "$work/cap"
contains "$work/err" "the full factorial has 10000000000 cases (100000 x 100000); a sweep has at most 100000 cases" cap_message
[ ! -e "$work/cap" ] && ok "cap: no directory written" || fail "cap: no directory written"
expect 2 lhs_cap "$mbsweep" "$deck" -p 'Body_Rigid[30102].mass=lin:1:2' --lhs 1000000 -o "$work/cap"

echo "== option values"
for bad in "-j 0" "-j -4" "--timeout -1" "--timeout nan" "--timeout inf" "--lhs 0"; do
  # shellcheck disable=SC2086
  expect 2 "rejects $bad" "$mbsweep" "$deck" -p 'Body_Rigid[30102].mass=1,2' $bad -o "$work/opt"
done
contains "$work/err" "--lhs" lhs_message_names_option
"$mbsweep" "$deck" -p 'Body_Rigid[30102].mass=1,2' --timeout nan -o "$work/opt" 2>"$work/err"
contains "$work/err" "--timeout: must be a number of seconds from 0 (no timeout) to 1e7" timeout_message
[ ! -e "$work/opt" ] && ok "bad options: no directory written" || fail "bad options: no directory written"

echo "== --mbsolve that does not exist"
expect 66 mbsolve_missing "$mbsweep" "$deck" -p 'Body_Rigid[30102].mass=1,2' --mbsolve /nonexistent \
  -o "$work/nomb"
contains "$work/err" "mbsweep: --mbsolve /nonexistent: no such file" mbsolve_missing_message
expect 66 mbsolve_not_executable "$mbsweep" "$deck" -p 'Body_Rigid[30102].mass=1,2' \
  --mbsolve "$deck" -o "$work/nomb"
contains "$work/err" "not an executable file" mbsolve_not_executable_message
[ ! -e "$work/nomb" ] && ok "no case was run" || fail "no case was run"

echo "== a name set twice"
expect 2 set_and_param "$mbsweep" "$deck" --set 'Body_Rigid[30102].mass=5' \
  -p 'Body_Rigid[30102].mass=1,2' -o "$work/twice"
contains "$work/err" "--set Body_Rigid[30102].mass=5 and the swept parameter Body_Rigid[30102].mass: the same name is set twice" twice_message
printf 'Simulate.end_time\n0.1\n' >"$work/twice.csv"
expect 2 set_and_design_column "$mbsweep" "$deck" --set Simulate.end_time=0.3 \
  --design "$work/twice.csv" -o "$work/twice"

echo "== design CSV with a UTF-8 byte order mark"
printf '\xef\xbb\xbfBody_Rigid[30102].mass,Simulate.end_time\r\n2.0,0.2\r\n1.0,0.1\r\n' >"$work/bom.csv"
expect 0 design_csv_bom "$mbsweep" "$deck" --design "$work/bom.csv" -o "$work/bom" -q
contains "$work/bom/cases.csv" "case,Body_Rigid[30102].mass,Simulate.end_time" bom_header_clean

echo "== metrics on a missing channel, at= past the end"
expect 2 metric_missing_channel "$mbsweep" "$deck" "${short[@]}" -p 'Body_Rigid[30102].mass=1,2,3' \
  -m body30102.y:final -m nosuch.x:max -o "$work/nosuch" -j 2
contains "$work/err" "mbsweep: -m nosuch.x:max: no such channel in the result of the first case c0001 (its channels: " nosuch_message
[ ! -e "$work/nosuch" ] && ok "a fresh directory is removed again" || fail "a fresh directory is removed again"
mkdir -p "$work/keep" && echo mine >"$work/keep/notes.txt"
expect 2 metric_missing_channel_user_dir "$mbsweep" "$deck" "${short[@]}" \
  -p 'Body_Rigid[30102].mass=1,2' -m nosuch.x:max -o "$work/keep"
[ -f "$work/keep/notes.txt" ] && [ ! -e "$work/keep/sweep.json" ] && [ ! -e "$work/keep/cases" ] &&
  ok "only mbsweep's own files are removed" || fail "only mbsweep's own files are removed"
expect 0 metric_fixed_after_error "$mbsweep" "$deck" "${short[@]}" -p 'Body_Rigid[30102].mass=1,2' \
  -m body30102.x:max -o "$work/keep" -q
expect 0 metric_at_past_end "$mbsweep" "$deck" "${short[@]}" -p 'Body_Rigid[30102].mass=1,2' \
  -m body30102.y:at=5 -m body30102.y:final -o "$work/past"
contains "$work/past/summary.csv" "no metric value: body30102.y:at=5: 5 lies outside the output times (0 to 0.2)" at_past_end_message
contains "$work/err" "mbsweep: warning: 2 ok case(s) lack a metric value" at_past_end_warning

echo "== a user routine printing on stdout in worker mode"
cat >"$work/chatty.xml" <<XML
<MotionSolve><Model>
  <Force_Gravity grav_y="-9.81"/>
  <Body_Rigid id="1" isground="TRUE"/>
  <Reference_Marker id="10" body_id="1"/>
  <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.1"/>
  <Reference_Marker id="20" body_id="2" pos_x="0.3" pos_y="-1.0" pos_z="0.2"/>
  <Force_Scalar_TwoBody id="4" type="Force" i_marker_id="20" j_marker_id="10"
    usrsub_dll_name="mb_test_chatty_subs" usrsub_param_string="USER(20, 10, 50, 0.8, 0.5)"/>
</Model><Command>
  <Simulate analysis_type="Transient" end_time="0.3" print_interval="0.05"/>
</Command></MotionSolve>
XML
export MBSOLVE_USERSUB_PATH=$libdir
chatty=(-p 'Body_Rigid[2].mass=1,2,3,4' -m body2.y:final -m body2.vx:rms)
expect 0 chatty_workers "$mbsweep" "$work/chatty.xml" "${chatty[@]}" -o "$work/chatty_w" -j 2
expect 0 chatty_per_process "$mbsweep" "$work/chatty.xml" "${chatty[@]}" -o "$work/chatty_p" -j 2 \
  --no-worker
same_without_wall "$work/chatty_w/summary.csv" "$work/chatty_p/summary.csv" \
  "workers with a chatty routine give the one-process-per-case summary"
[ "$(grep -c ',ok,0,' "$work/chatty_w/summary.csv")" = 4 ] && ok "all 4 cases ok" ||
  fail "all 4 cases ok: $(cat "$work/chatty_w/summary.csv")"
for c in c0001 c0002 c0003 c0004; do
  contains "$work/chatty_w/cases/$c/mbsolve.out" "chatty user routine says hello" "user_stdout_kept_$c"
  contains "$work/chatty_w/cases/$c/mbsolve.out" "not-a-reply" "fake_reply_is_user_output_$c"
done
grep -q "^ready" "$work/chatty_w/cases/c0001/mbsolve.out" && fail "the worker's ready line is not user output" ||
  ok "the worker's ready line is not user output"

finish
