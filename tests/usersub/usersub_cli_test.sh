#!/usr/bin/env bash
# End-to-end: the real mbsolve binary loads a user library built with no -l flags (the
# callbacks resolve against the executable's exports), found by bare name through
# MBSOLVE_USERSUB_PATH; a missing library is a deck error (65) at the attribute, a NaN from
# user code an analysis failure (1) naming the element and the library. The same for a Python
# script found next to the deck: its results equal the C library's, an exception stops the
# analysis with the traceback in the log, a missing function is a deck error.
set -u
mbsolve=$1
libdir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=../cli_checks.sh
. "$(dirname "$0")/../cli_checks.sh"
run() {  # run WANT_RC DECK
  MBSOLVE_USERSUB_PATH="/nonexistent:$libdir" "$mbsolve" "$work/$2" -o "$work/${2%.xml}" \
    >"$work/out" 2>"$work/err"
  local rc=$?
  [ "$rc" -eq "$1" ] || { echo "  exit $rc, wanted $1:"; sed 's/^/  /' "$work/err"; return 1; }
}
deck() {  # deck FILE FORCE_ATTRIBUTES
  cat >"$work/$1" <<XML
<MotionSolve><Model>
  <Force_Gravity grav_y="-9.81"/>
  <Body_Rigid id="1" isground="TRUE"/>
  <Reference_Marker id="10" body_id="1"/>
  <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.1"/>
  <Reference_Marker id="20" body_id="2" pos_x="0.3" pos_y="-1.0" pos_z="0.2"/>
  <Force_Scalar_TwoBody id="4" type="Force" i_marker_id="20" j_marker_id="10" $2/>
  <Post_Request id="1" type="USERSUB" usrsub_dll_name="mb_test_usersubs"
                usrsub_param_string="USER(20, 10)"/>
</Model><Command>
  <Simulate analysis_type="Transient" end_time="1" print_interval="0.1"/>
</Command></MotionSolve>
XML
}

deck ok.xml 'usrsub_dll_name="mb_test_usersubs" usrsub_param_string="USER(20, 10, 50, 0.8, 0.5)"'
check "a user library found through MBSOLVE_USERSUB_PATH runs (exit 0)" run 0 ok.xml
check "REQSUB channels are written" grep -q "req1.f8" "$work/ok.csv"

deck missing.xml 'usrsub_dll_name="no_such_lib" usrsub_param_string="USER(1)"'
check "a missing library exits 65" run 65 missing.xml
check "the deck error points at the attribute" \
  grep -q "missing.xml:7:.*error: Force_Scalar_TwoBody 4: user library 'no_such_lib' not found" \
  "$work/err"

deck nan.xml 'usrsub_dll_name="mb_test_usersubs" usrsub_fnc_name="SFOSUB_NAN" usrsub_param_string="USER(0.3)"'
check "a NaN from user code exits 1" run 1 nan.xml
check "the failure names the element, routine and library" \
  grep -q "Force_Scalar_TwoBody 4: user subroutine SFOSUB_NAN in .*libmb_test_usersubs.so returned nan" \
  "$work/err"
check "the JSON summary says failed" grep -q '"status": *"failed"' "$work/nan.json"

cp "$(dirname "$0")/test_subs.py" "$work/subs.py"
# A routine that calls exit(0) mid-run (issue 20: mbsolve exited 0 with no results): a failed
# analysis, exit 1, naming the routine, with the rows up to then and no temporary file.
deck exit.xml 'usrsub_dll_name="mb_test_usersubs" usrsub_fnc_name="SFOSUB_EXIT" usrsub_param_string="USER(0.35, 0)"'
check "a routine calling exit(0) exits 1" run 1 exit.xml
check "the failure names the element, routine and library" \
  grep -q "Force_Scalar_TwoBody 4: user subroutine SFOSUB_EXIT in .*libmb_test_usersubs.so called exit()" \
  "$work/err"
check "the JSON says failed with exit code 1" \
  bash -c "grep -q '\"status\": \"failed\"' '$work/exit.json' && grep -q '\"exit_code\": 1,' '$work/exit.json'"
check "the JSON names the routine" grep -q "SFOSUB_EXIT in .*called exit()" "$work/exit.json"
check "the log says failed" grep -q "^status: failed: Force_Scalar_TwoBody 4: user subroutine SFOSUB_EXIT" "$work/exit.log"
# Rows up to the last output before the step that reached t = 0.35: t = 0 to 0.2 at least (the
# default form on this one-body tree, explicit Runge-Kutta, evaluates its stages up to one step,
# at most the print interval, ahead of the last output).
check "the rows up to t = 0.2 are kept" test "$(grep -vc '^[#t]' "$work/exit.csv")" -ge 3
check "no temporary file is left" bash -c "! ls '$work' | grep -q '\.tmp\.'"
deck exit3.xml 'usrsub_dll_name="mb_test_usersubs" usrsub_fnc_name="SFOSUB_EXIT" usrsub_param_string="USER(0.35, 3)"'
check "a routine calling exit(3) exits 1 too" run 1 exit3.xml

deck py.xml 'script_name="subs.py" interpreter="PYTHON" usrsub_param_string="USER(20, 10, 50, 0.8, 0.5)"'
check "a Python script next to the deck runs (exit 0)" run 0 py.xml
check "the Python SFOSUB gives the C SFOSUB's results" \
  cmp <(grep -v '^#' "$work/ok.csv") <(grep -v '^#' "$work/py.csv")

deck pyraise.xml 'script_name="subs.py" interpreter="PYTHON" usrsub_fnc_name="SFOSUB_RAISE" usrsub_param_string="USER(0.3)"'
check "a Python exception exits 1" run 1 pyraise.xml
check "the log names the element and the script" \
  grep -q "Force_Scalar_TwoBody 4: user subroutine SFOSUB_RAISE in .*subs.py: raised ValueError: spring broke" \
  "$work/pyraise.log"
check "the log holds the Python traceback" grep -qE 'line [0-9]+, in spring_state' "$work/pyraise.log"

deck pymissing.xml 'script_name="subs.py" interpreter="PYTHON" usrsub_fnc_name="NOPE" usrsub_param_string="USER()"'
check "a missing Python function exits 65" run 65 pymissing.xml
check "the deck error points at the attribute" \
  grep -q "pymissing.xml:7:.*error: Force_Scalar_TwoBody 4: Python script .*subs.py defines no function 'NOPE'" \
  "$work/err"

# State elements (YFOSUB in test_subs.c: USER(a, c, 1) returns NaN after t = 0.5, USER(a, c, 2)
# calls c_errmes with endflg set).
state_deck() {  # state_deck FILE FORCE_STATEEQN_ATTRIBUTES
  cat >"$work/$1" <<XML
<MotionSolve><Model>
  <Body_Rigid id="1" isground="TRUE"/>
  <Reference_Marker id="10" body_id="1"/>
  <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
  <Reference_Marker id="20" body_id="2"/>
  <Reference_Variable id="5" type="EXPRESSION" expr="1"/>
  <Reference_Array id="101" type="U" num_element="1" variable_id="5"/>
  <Reference_Array id="100" type="X" num_element="1"/>
  <Force_StateEqn id="9" type="USERSUB" num_state="1" x_array_id="100" u_array_id="101"
    i_marker_id="20" j_floating_marker_id="10" ref_marker_id="10" $2/>
</Model><Command>
  <Simulate analysis_type="Transient" end_time="1" print_interval="0.1"/>
</Command></MotionSolve>
XML
}
state_deck yfo_nan.xml 'usrsub_dll_name="mb_test_usersubs" usrsub_param_string="USER(3, 4, 1)"'
check "a NaN from YFOSUB exits 1" run 1 yfo_nan.xml
check "the failure names the Force_StateEqn, routine and library" \
  grep -q "Force_StateEqn 9: user subroutine YFOSUB in .*libmb_test_usersubs.so returned nan" \
  "$work/err"
check "results up to the failure (t = 0.5) are kept" \
  test "$(grep -vc '^#' "$work/yfo_nan.csv")" -ge 6
state_deck yfo_err.xml 'usrsub_dll_name="mb_test_usersubs" usrsub_param_string="USER(3, 4, 2)"'
check "c_errmes with endflg from YFOSUB exits 1" run 1 yfo_err.xml
check "the failure carries the routine's message" \
  grep -q "Force_StateEqn 9: user subroutine YFOSUB in .*libmb_test_usersubs.so: the lag diverged (id 9)" \
  "$work/err"
state_deck yfo_missing.xml 'usrsub_dll_name="mb_test_usersubs" usrsub_fnc_name="NO_YFOSUB" usrsub_param_string="USER(3, 4)"'
check "a missing YFOSUB entry point exits 65" run 65 yfo_missing.xml
check "the deck error names the entry point" \
  grep -q "yfo_missing.xml:10:.*error: Force_StateEqn 9: user library .*libmb_test_usersubs.so has no entry point 'NO_YFOSUB'" \
  "$work/err"

# Adams PREFERENCES/LIBPATH: the library copied into a folder only LIBPATH names (relative to
# the dataset), MBSOLVE_USERSUB_PATH unset. Without LIBPATH: exit 65 naming the folders searched.
mkdir -p "$work/adm/mylibs"
cp "$libdir/libmb_test_usersubs.so" "$work/adm/mylibs/"
adm_deck() {  # adm_deck FILE PREFERENCES_LINE
  cat >"$work/adm/$1" <<ADM
wheel driven by a MOTSUB
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=2, CM=20, IP=0.3, 0.3, 0.5
MARKER/20, PART=2
JOINT/1, REVOLUTE, I=20, J=10
MOTION/5, JOINT=1, ROTATION, FUNCTION=USER(0.3, 2), ROUTINE=mb_test_usersubs::MOTSUB
$2
END
ADM
  printf '%s\n' "$1" "${1%.adm}" 'INTEGRATOR/GSTIFF, ERROR=1.0E-9' \
    'SIMULATE/DYNAMIC, END=1, DTOUT=0.1' 'STOP' \
    >"$work/adm/${1%.adm}.acf"
}
adm_run() {  # adm_run WANT_RC DECK
  env -u MBSOLVE_USERSUB_PATH "$mbsolve" "$work/adm/${2%.adm}.acf" -o "$work/adm/${2%.adm}" \
    >"$work/out" 2>"$work/err"
  local rc=$?
  [ "$rc" -eq "$1" ] || { echo "  exit $rc, wanted $1:"; sed 's/^/  /' "$work/err"; return 1; }
}
adm_deck libpath.adm 'PREFERENCES/LIBPATH=/nonexistent:mylibs'
check "a library in a PREFERENCES/LIBPATH folder runs (exit 0)" adm_run 0 libpath.adm
check "the MOTSUB drives the wheel: wz = 0.6 cos(2 t) to 1e-6 at all 11 outputs" awk -F, '
  /^#/ { next }
  !c { for (i = 1; i <= NF; ++i) if ($i == "body2.wz") c = i; next }
  { d = $c - 0.6 * cos(2 * $1); rows += (d < 1e-6 && d > -1e-6) }
  END { exit rows != 11 }' "$work/adm/libpath.csv"
adm_deck nolibpath.adm ''
check "without LIBPATH the library is a deck error (exit 65)" adm_run 65 nolibpath.adm
check "the error names the statement and the folders searched" \
  grep -q "nolibpath.adm:7:.*error: MOTION 5: ROUTINE: user library 'mb_test_usersubs' not found: .* in .*adm (MBSOLVE_USERSUB_PATH is not set)" \
  "$work/err"

finish
