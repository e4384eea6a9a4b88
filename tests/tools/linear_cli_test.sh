#!/usr/bin/env bash
# End-to-end: a Static then a Linear analysis of a quarter car writes the eigenvalues to the log,
# the JSON summary (`linear`), PREFIX_eigen.csv, the mode shapes to PREFIX_modes.csv and the
# strain energy distribution to PREFIX_energy.csv; with plant inputs and outputs the state
# matrices go to PREFIX.a .. .d and PREFIX_statemat.csv; a
# linear analysis away from equilibrium warns with the residual acceleration; a pinput_id that
# names no Control_PlantInput is a deck error (65) at its line.
set -u
mbsolve=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=../cli_checks.sh
. "$(dirname "$0")/../cli_checks.sh"

model='<Force_Gravity grav_z="-9.80665"/>
  <Body_Rigid id="1" isground="TRUE"/><Reference_Marker id="10" body_id="1"/>
  <Body_Rigid id="2" cg_id="20" mass="300" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
  <Reference_Marker id="20" body_id="2" pos_z="1.0"/>
  <Body_Rigid id="3" cg_id="30" mass="40" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
  <Reference_Marker id="30" body_id="3" pos_z="0.3"/>
  <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"/>
  <Constraint_Joint id="2" type="TRANSLATIONAL" i_marker_id="30" j_marker_id="10"/>
  <Force_SpringDamper id="3" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="30"
                      stiffness="2e4" damping="1500" length="0.7"/>
  <Force_SpringDamper id="4" type="TRANSLATIONAL" i_marker_id="30" j_marker_id="10"
                      stiffness="2e5" damping="0" length="0.3"/>'

# deck FILE COMMANDS: the quarter car with those commands.
deck() {
  printf '<MotionSolve><Model>\n  %s\n</Model><Command>\n  %s\n</Command></MotionSolve>\n' \
    "$model" "$2" >"$1"
}

deck "$work/qc.xml" '<Simulate analysis_type="Static"/><Simulate analysis_type="Linear"/>'

check "Static then Linear runs" expect_rc 0 "$mbsolve" -q "$work/qc.xml" -o "$work/qc"
check "the log lists both modes" \
  bash -c "grep -A3 'linear analysis at t = 0: 4 states' '$work/qc.log' | grep -Eq '^ +2 +11\.63'"
check "the eigen CSV has its header with units" \
  grep -q '^analysis,time,mode,real\[1/second\],imag\[rad/second\],frequency\[cycles/second\],damping_ratio\[-\]$' "$work/qc_eigen.csv"
check "the eigen CSV has two modes" bash -c "[ \$(wc -l < '$work/qc_eigen.csv') -eq 3 ]"
check "the modes CSV has a row per mode and body" bash -c "[ \$(wc -l < '$work/qc_modes.csv') -eq 5 ]"
check "the JSON has the linear section" \
  python3 -c "import json,sys; j=json.load(open('$work/qc.json')); m=j['linear'][0]['modes']; sys.exit(0 if len(m)==2 and abs(m[1]['frequency']-11.6328)<1e-3 else 1)"
check "the last line names the linear files" expect_rc 0 "$mbsolve" "$work/qc.xml" -o "$work/qc"
check "  beside the CSV" grep -q "results written to $work/qc.csv (.* rows), $work/qc_eigen.csv, $work/qc_modes.csv, $work/qc_energy.csv, $work/qc.json" "$work/err"
check "the energy CSV has a row per mode and spring" bash -c "[ \$(wc -l < '$work/qc_energy.csv') -eq 5 ]"
check "whose shares of each mode sum to 100 %" \
  awk -F, 'NR > 1 { s[$2] += $4 } END { for (m in s) if (s[m] < 99.999999 || s[m] > 100.000001) exit 1 }' "$work/qc_energy.csv"
check "no equilibrium warning after the static" bash -c "! grep -q 'not an equilibrium' '$work/qc.log'"

deck "$work/moving.xml" '<Simulate analysis_type="Linear"/>'
check "Linear at the input configuration runs" expect_rc 0 "$mbsolve" -q "$work/moving.xml" -o "$work/moving"
check "and warns how far it is from equilibrium" \
  grep -q 'warning: linear analysis at t = 0: the operating point is not an equilibrium (largest residual acceleration' "$work/moving.log"

deck "$work/bad.xml" '<Param_Linear poutput_id="4"/><Simulate analysis_type="Linear"/>'
check "a poutput_id naming nothing exits 65" expect_rc 65 "$mbsolve" -q "$work/bad.xml" -o "$work/bad"
line=$(grep -n 'Param_Linear' "$work/bad.xml" | cut -d: -f1)
check "at its line, in MotionSolve words" \
  grep -q "bad.xml:$line:[0-9]*: error: Param_Linear: poutput_id 4: the deck has no Control_PlantOutput" "$work/err"

# State matrices: the quarter car with a force input on the sprung mass and its height as output.
model="$model"'
  <Reference_Variable id="1" expr="0"/><Reference_Variable id="2" expr="DZ(20, 10)"/>
  <Control_PlantInput id="1" num_element="1" variable_id_list="1"/>
  <Control_PlantOutput id="2" num_element="1" variable_id_list="2"/>
  <Force_Vector_OneBody id="9" type="ForceOnly" i_marker_id="20" ref_marker_id="10"
      fx_expression="0" fy_expression="0" fz_expression="VARVAL(1)"/>'
deck "$work/abcd.xml" '<Simulate analysis_type="Static"/>
  <Param_Linear pinput_id="1" poutput_id="2"/><Simulate analysis_type="Linear"/>'
check "a linear analysis with plant inputs and outputs runs" \
  expect_rc 0 "$mbsolve" -q "$work/abcd.xml" -o "$work/abcd"
check "it writes A (4 x 4) as a MATLAB ASCII matrix" \
  bash -c "[ \$(wc -l < '$work/abcd.a') -eq 4 ] && [ \$(awk '{print NF}' '$work/abcd.a' | sort -u) = 4 ]"
check "and B, C, D" bash -c "[ \$(wc -l < '$work/abcd.b') -eq 4 ] && [ \$(wc -l < '$work/abcd.c') -eq 1 ] && [ -s '$work/abcd.d' ]"
check "the state-matrix CSV names rows and columns" \
  grep -q '^1,B,body2.vz,VARVAL(1),0.0033333333333333' "$work/abcd_statemat.csv"
check "the JSON names the files and the sizes" \
  python3 -c "import json,sys; m=json.load(open('$work/abcd.json'))['linear'][0]['state_matrices']; sys.exit(0 if len(m['states'])==4 and m['inputs']==['VARVAL(1)'] and m['outputs']==['VARVAL(2)'] and m['files'][0].endswith('abcd.a') and m['files'][4].endswith('abcd_statemat.csv') else 1)"

# Adams: LINEAR/STATEMAT with PINPUT/POUTPUT; FORMAT=MATRIXX warns that MATLAB files are written.
cat >"$work/smd.adm" <<'EOF'
smd
UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=2.5, CM=20, IP=1, 1, 1
MARKER/20, PART=2, QP=0, 0, 1.1
JOINT/1, TRANSLATIONAL, I=20, J=10
VARIABLE/1, FUNCTION=0.3
VARIABLE/2, FUNCTION=DZ(20, 10)
PINPUT/1, VARIABLES=1
POUTPUT/2, VARIABLES=2
SFORCE/5, TRANSLATION, I=20, J=10, FUNCTION=-400*(DM(20, 10) - 1) - 3*VR(20, 10) + VARVAL(1)
END
EOF
printf 'smd.adm\nsmd\nSIMULATE/STATIC\nLINEAR/STATEMAT, PINPUT=1, POUTPUT=2, FORMAT=MATRIXX\nSTOP\n' \
  >"$work/smd.acf"
check "LINEAR/STATEMAT runs" expect_rc 0 "$mbsolve" -q "$work/smd.acf" -o "$work/smd"
check "FORMAT=MATRIXX warns at its column" \
  grep -q 'smd.acf:4:[0-9]*: warning: LINEAR: FORMAT=MATRIXX is not written by mbsolve' "$work/smd.log"
check "A of the spring-mass-damper (k 400, c 3, m 2.5) in MATLAB ASCII" \
  python3 -c "import sys; a=[[float(v) for v in l.split()] for l in open('$work/smd.a')]; e=[[0,1],[-160,-1.2]]; sys.exit(0 if all(abs(a[i][j]-e[i][j])<1e-9 for i in range(2) for j in range(2)) else 1)"

# STATEMAT FILE= names the matrices' files (extension dropped, in the output folder).
printf 'smd.adm\nsmd\nSIMULATE/STATIC\nLINEAR/STATEMAT, PINPUT=1, POUTPUT=2, FILE=plant.mat\nSTOP\n' \
  >"$work/file.acf"
check "LINEAR/STATEMAT, FILE= runs" expect_rc 0 "$mbsolve" -q "$work/file.acf" -o "$work/file"
check "  writing NAME.a .. .d and NAME_statemat.csv" \
  bash -c "[ -s '$work/plant.a' ] && [ -s '$work/plant.d' ] && [ -s '$work/plant_statemat.csv' ] && [ ! -e '$work/file.a' ]"
check "  which the JSON names" \
  python3 -c "import json,sys; f=json.load(open('$work/file.json'))['linear'][0]['state_matrices']['files']; sys.exit(0 if f[0]=='$work/plant.a' and f[4]=='$work/plant_statemat.csv' else 1)"

# shape_modes / energy_modes (Adams COORDS= / ENERGY=) choose the modes whose shapes and strain
# energy are written; the eigenvalues keep every mode.
sed 's|<Simulate analysis_type="Linear"/>|<Param_Linear shape_modes="2" energy_modes="1"/><Simulate analysis_type="Linear"/>|' \
  "$work/qc.xml" >"$work/sel.xml"
check "shape_modes and energy_modes run" expect_rc 0 "$mbsolve" -q "$work/sel.xml" -o "$work/sel"
check "  the modes CSV has mode 2 only (two bodies)" \
  bash -c "[ \"\$(awk -F, 'NR > 1 { print \$2 }' '$work/sel_modes.csv' | sort -u)\" = 2 ] && [ \$(wc -l < '$work/sel_modes.csv') -eq 3 ]"
check "  the energy CSV has mode 1 only (two springs)" \
  bash -c "[ \"\$(awk -F, 'NR > 1 { print \$2 }' '$work/sel_energy.csv' | sort -u)\" = 1 ] && [ \$(wc -l < '$work/sel_energy.csv') -eq 3 ]"
check "  the eigen CSV keeps both modes" bash -c "[ \$(wc -l < '$work/sel_eigen.csv') -eq 3 ]"
sed 's|<Simulate analysis_type="Linear"/>|<Param_Linear shape_modes="2,1"/><Simulate analysis_type="Linear"/>|' \
  "$work/qc.xml" >"$work/badrange.xml"
check "a reversed mode range exits 65" expect_rc 65 "$mbsolve" -q "$work/badrange.xml" -o "$work/badrange"
check "  naming the attribute" grep -q "error: Param_Linear: shape_modes '2,1': expected one mode number or a range" "$work/err"
sed 's|<Param_Linear pinput_id="1" poutput_id="2"/>|<Param_Linear pinput_id="1" poutput_id="2" write_matlabfiles="FALSE" write_energy_dist="FALSE"/>|' \
  "$work/abcd.xml" >"$work/nofiles.xml"
check "write_matlabfiles and write_energy_dist FALSE run" \
  expect_rc 0 "$mbsolve" -q "$work/nofiles.xml" -o "$work/nofiles"
check "  writing neither the MATLAB files nor the energy CSV" \
  bash -c "[ ! -e '$work/nofiles.a' ] && [ ! -e '$work/nofiles_energy.csv' ] && [ -s '$work/nofiles_statemat.csv' ]"

# The Adams spelling on a quarter car: EIGENSOL with COORDS= and ENERGY= with KINETIC only.
cat >"$work/qc.adm" <<'ADM'
qc
UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND
ACCGRAV/KGRAV=-9.80665
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=300, CM=20, IP=1, 1, 1
MARKER/20, PART=2, QP=0, 0, 1.0
PART/3, MASS=40, CM=30, IP=1, 1, 1
MARKER/30, PART=3, QP=0, 0, 0.3
JOINT/1, TRANSLATIONAL, I=20, J=10
JOINT/2, TRANSLATIONAL, I=30, J=10
SPRINGDAMPER/3, TRANSLATIONAL, I=20, J=30, K=2E4, C=1500, LENGTH=0.7
SPRINGDAMPER/4, TRANSLATIONAL, I=30, J=10, K=2E5, C=0, LENGTH=0.3
END
ADM
printf 'qc.adm\nqca\nSIMULATE/STATIC\nLINEAR/EIGENSOL, COORDS=1, 1, ENERGY=2, KINETIC\nSTOP\n' >"$work/qca.acf"
check "LINEAR/EIGENSOL, COORDS=, ENERGY= runs" expect_rc 0 "$mbsolve" -q "$work/qca.acf" -o "$work/qca"
check "  the same frequencies as the XML deck" \
  bash -c "[ \"\$(cut -d, -f3- '$work/qca_eigen.csv' | cut -c1-40)\" = \"\$(cut -d, -f3- '$work/qc_eigen.csv' | cut -c1-40)\" ]"
check "  COORDS=1, 1: the shapes of mode 1 only" \
  bash -c "[ \"\$(awk -F, 'NR > 1 { print \$2 }' '$work/qca_modes.csv' | sort -u)\" = 1 ]"
check "  ENERGY= with KINETIC alone: no strain energy CSV" bash -c "[ ! -e '$work/qca_energy.csv' ]"
check "  and no warning about COORDS or ENERGY" bash -c "! grep -Eq 'COORDS|ENERGY' '$work/qca.log'"
printf 'qc.adm\nqcb\nSIMULATE/STATIC\nLINEAR/EIGENSOL, COORDS=2, 1\nSTOP\n' >"$work/qcb.acf"
check "COORDS=2, 1 exits 65" expect_rc 65 "$mbsolve" -q "$work/qcb.acf" -o "$work/qcb"
check "  in Adams words at its line" grep -q "qcb.acf:4:[0-9]*: error: LINEAR: COORDS= expects one mode number or two" "$work/err"

finish
