#!/usr/bin/env bash
# End-to-end: runs the real mbsolve binary and checks exit codes, result files and messages
# against the contract of docs/architecture.md section 4.
set -u
mbsolve=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=../cli_checks.sh
. "$(dirname "$0")/../cli_checks.sh"

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
check "malformed XML points at file:line:col and names the element" \
  grep -q "bad.xml:3:1: error: malformed XML: <Body_Rigid> is not closed: its end tag </Body_Rigid> is missing" "$work/err"
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
check "the JSON records the named integrator" \
  grep -q '"integrator": "DSTIFF"' "$work/p.json"
# Issue 21: a deck that names no integrator gets the form chosen for its model.
sed 's/integrator_type="DSTIFF" //' "$src/examples/pendulum.xml" >"$work/pd.xml"
check "a deck naming no integrator runs" expect_rc 0 "$mbsolve" "$work/pd.xml" -o "$work/pd"
check "the log says the default chose joint coordinates, and why" \
  grep -q "no integrator named: joint coordinates on an explicit Runge-Kutta method .* (the model is a tree of 1 joints" "$work/pd.log"
check "the JSON records the default's form and reason" \
  bash -c "grep -q '\"integrator\": \"default\"' '$work/pd.json' && grep -q '\"reason\": \"the model is a tree of 1 joints' '$work/pd.json'"
check "-q prints nothing on success" bash -c "'$mbsolve' -q '$src/examples/pendulum.xml' -o '$work/q' 2>&1 | wc -c | grep -qx 0"
check "no temporary files are left" bash -c "! ls '$work' | grep -q tmp"

# Issue 20, item 7 and issue 19: output paths, devices, encodings, quiet mode.
mkdir -p "$work/outdir"
check "-o DIR/ writes DIR/<deck stem>.csv" expect_rc 0 "$mbsolve" -q "$src/examples/pendulum.xml" -o "$work/outdir/"
check "-o DIR/ leaves no hidden DIR/.csv" test -e "$work/outdir/pendulum.csv" -a ! -e "$work/outdir/.csv"
check "-o DIR (an existing folder) writes DIR/<deck stem>.json" bash -c \
  "rm -f '$work/outdir/pendulum.json' && '$mbsolve' -q '$src/examples/pendulum.xml' -o '$work/outdir' && test -e '$work/outdir/pendulum.json'"
check "-o /dev/null is a usage error (exit 2)" expect_rc 2 "$mbsolve" "$src/examples/pendulum.xml" -o /dev/null
check "-o /dev/null says why" grep -q -- "-o /dev/null: this is a device or special file" "$work/err"
check "-o /dev/null creates no /dev/null.csv" test ! -e /dev/null.csv -a ! -e /dev/null.json
check "-o into a missing folder is a usage error (exit 2)" expect_rc 2 "$mbsolve" "$src/examples/pendulum.xml" -o "$work/nowhere/run"
check "the missing folder is named with what to do" \
  grep -q "the folder $work/nowhere does not exist (create it, or choose another -o PREFIX)" "$work/err"
if [ "$(id -u)" -ne 0 ]; then  # root writes into read-only folders
  mkdir -p "$work/ro" && chmod 555 "$work/ro"
  check "-o into a read-only folder is a usage error (exit 2)" expect_rc 2 "$mbsolve" "$src/examples/pendulum.xml" -o "$work/ro/run"
  check "the read-only folder is named" grep -q "the folder $work/ro is not writable" "$work/err"
fi
# A full disk (the file size limit makes writes fail with EFBIG; SIGXFSZ ignored).
check "a results file that cannot be written is exit 2, not 70" \
  bash -c "trap '' XFSZ; ulimit -f 8; '$mbsolve' '$src/examples/pendulum.xml' -o '$work/full' 2>'$work/err'; test \$? -eq 2"
check "it names the file and the cause" grep -q "cannot write $work/full.csv: File too large" "$work/err"
check "it leaves no temporary file" bash -c "! ls '$work' | grep -q '\.tmp\.'"
check "/dev/zero as a deck is exit 66" expect_rc 66 "$mbsolve" /dev/zero -o "$work/zero"
check "/dev/zero: says it is a device" grep -q "/dev/zero: is a device, not a deck file" "$work/err"

# UTF-16 decks (as Windows editors save "Unicode" text) read as UTF-8.
for enc in UTF-16 UTF-16LE UTF-16BE; do
  iconv -f UTF-8 -t $enc "$src/examples/pendulum.xml" >"$work/p_$enc.xml"
  check "a $enc deck runs" expect_rc 0 "$mbsolve" -q "$work/p_$enc.xml"
  check "a $enc deck gives the UTF-8 deck's rows" \
    cmp <(grep -v '^#' "$work/p.csv") <(grep -v '^#' "$work/p_$enc.csv")
done

# -q prints nothing but errors: no warnings, no info lines, also when the deck has errors.
sed -e 's|<Reference_Marker id="30101010"|<Post_Graphic id="1"/><Reference_Marker id="30101010" pos_q="1"|' \
  "$src/examples/pendulum.xml" >"$work/warn.xml"
check "the warning deck draws a warning and an info line" \
  bash -c "'$mbsolve' '$work/warn.xml' 2>&1 | grep -q 'warning:' && '$mbsolve' '$work/warn.xml' 2>&1 | grep -q 'info:'"
check "-q prints nothing on a deck with warnings" \
  bash -c "'$mbsolve' -q '$work/warn.xml' 2>&1 | wc -c | grep -qx 0"
sed -e 's|mass="2.0"|mass="-2.0"|' "$work/warn.xml" >"$work/warnerr.xml"
check "-q on a deck with errors exits 65" expect_rc 65 "$mbsolve" -q "$work/warnerr.xml"
check "-q prints the error" grep -q "error: Body_Rigid 30102" "$work/err"
check "-q prints no warning or info line" bash -c "! grep -q 'warning:\|info:' '$work/err'"

# Adams command file: END= before the start is a deck error at END (issue 20: ran 0 to -1).
cat >"$work/model.adm" <<'ADM'
ADAMS/View model name: fall
PART/1, GROUND
MARKER/10, PART = 1
PART/2, MASS = 1, CM = 20, IP = 1, 1, 1
MARKER/20, PART = 2
ACCGRAV/, JGRAV = -9.80665
END
ADM
printf 'model\nrun\nSIMULATE/DYNAMIC, END=-1, STEPS=10\nSTOP\n' >"$work/neg.acf"
check "an .acf END=-1 exits 65" expect_rc 65 "$mbsolve" "$work/neg.acf"
check "the error is at END= in Adams words" \
  grep -q "neg.acf:3:19: error: SIMULATE: END -1 is not after the time this analysis starts at, t = 0" "$work/err"
printf 'model\nrun\nSIMULATE/DYNAMIC, END=1, STEPS=10\nSTOP\n' >"$work/ok.acf"
check "the same .acf with END=1 runs" expect_rc 0 "$mbsolve" -q "$work/ok.acf"

finish
