#!/usr/bin/env bash
# End-to-end: runs the real mbsolve binary and checks exit codes, result files and messages
# against the contract of docs/architecture.md section 4.
set -u
mbsolve=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
check() {  # check NAME CONDITION...
  local name=$1
  shift
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; fails=$((fails + 1)); fi
}
expect_rc() {  # expect_rc WANT CMD...
  local want=$1
  shift
  "$@" >"$work/out" 2>"$work/err"
  local rc=$?
  [ "$rc" -eq "$want" ] || { echo "  exit $rc, wanted $want; stderr:"; sed 's/^/  /' "$work/err"; return 1; }
}

check "--help exits 0" expect_rc 0 "$mbsolve" --help
check "--version prints the version" bash -c "'$mbsolve' --version | grep -q '^mbsolve [0-9]'"
check "an unknown option exits 2" expect_rc 2 "$mbsolve" --no-such-option
check "no deck exits 2" expect_rc 2 "$mbsolve"
check "-q and -v together exit 2" expect_rc 2 "$mbsolve" -q -v "$src/examples/pendulum.xml"

check "a missing deck exits 66" expect_rc 66 "$mbsolve" "$work/none.xml"
check "a missing deck says which" grep -q "none.xml: no such file" "$work/err"
check "a missing deck writes no result" test ! -e "$work/none.csv" -a ! -e "$work/none.json"

printf '<MotionSolve>\n<Model>\n<Body_Rigid id="1" isground="TRUE">\n</Model>\n' >"$work/bad.xml"
echo "stale" >"$work/bad.csv"
check "malformed XML exits 65" expect_rc 65 "$mbsolve" "$work/bad.xml"
check "malformed XML points at file:line" grep -q "bad.xml:3: error: malformed XML" "$work/err"
check "malformed XML leaves no result CSV" test ! -e "$work/bad.csv"
check "malformed XML: JSON says failed with 65" \
  grep -q '"exit_code": 65' "$work/bad.json"
check "malformed XML: JSON status failed" grep -q '"status": "failed"' "$work/bad.json"

: >"$work/empty.xml"
check "an empty file exits 65" expect_rc 65 "$mbsolve" "$work/empty.xml"
head -c 3000 /dev/urandom >"$work/garbage.xml"
check "binary garbage exits 65" expect_rc 65 "$mbsolve" "$work/garbage.xml"

cat >"$work/inconsistent.xml" <<'XML'
<MotionSolve><Model>
  <Body_Rigid id="1" isground="TRUE"/>
  <Reference_Marker id="10" body_id="1"/>
  <Reference_Marker id="11" body_id="1" pos_x="1"/>
  <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
  <Reference_Marker id="20" body_id="2"/>
  <Constraint_Joint id="1" type="FIXED" i_marker_id="20" j_marker_id="10"/>
  <Constraint_Joint id="2" type="FIXED" i_marker_id="20" j_marker_id="11"/>
</Model><Command><Simulate analysis_type="Transient" end_time="1"/></Command></MotionSolve>
XML
check "an analysis that cannot start exits 1" expect_rc 1 "$mbsolve" "$work/inconsistent.xml"
check "a failed analysis says so in the JSON" grep -q '"status": "failed"' "$work/inconsistent.json"
check "a failed analysis names the cause" grep -q "inconsistent constraints: Constraint_Joint 2 (equation 1) is redundant with Constraint_Joint 1" "$work/inconsistent.json"

check "the pendulum example runs" expect_rc 0 "$mbsolve" "$src/examples/pendulum.xml" -o "$work/p"
check "it says where the results went" grep -q "results written to $work/p.csv" "$work/err"
check "the CSV header follows the contract" \
  grep -q '^time,body30102.x,body30102.y,body30102.z,body30102.e0,body30102.e1,body30102.e2,body30102.e3,body30102.vx,body30102.vy,body30102.vz,body30102.wx,body30102.wy,body30102.wz$' "$work/p.csv"
check "the CSV names its units" grep -q '^# units: force=newton mass=kilogram length=meter time=second' "$work/p.csv"
check "the CSV has 501 rows" test "$(grep -vc '^[#t]' "$work/p.csv")" -eq 501
check "numbers carry 17 significant digits" grep -q '^0.01,0.4999' "$work/p.csv"
check "the JSON says ok" grep -q '"status": "ok"' "$work/p.json"
for key in steps residual_evals jacobian_evals newton_iters error_test_fails wall_s cpu_s bodies \
  constraints dof; do
  check "the JSON has $key" grep -q "\"$key\":" "$work/p.json"
done
check "the log has the model summary" grep -q "1 moving bodies, 3 markers, 1 joints" "$work/p.log"
check "-q prints nothing on success" bash -c "'$mbsolve' -q '$src/examples/pendulum.xml' -o '$work/q' 2>&1 | wc -c | grep -qx 0"
check "no temporary files are left" bash -c "! ls '$work' | grep -q tmp"

if [ "$fails" -gt 0 ]; then echo "$fails check(s) failed"; exit 1; fi
echo "all mbsolve CLI checks passed"
