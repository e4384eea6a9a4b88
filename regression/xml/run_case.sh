#!/usr/bin/env bash
# Usage: run_case.sh MBSOLVE MBCOMPARE CASE ADM_RESULT [REPORT_DIR]
# Runs the MotionSolve XML equivalent decks/CASE.xml of an ADAMS case (regenerate.sh), or the
# hand-written deck ../chrono/decks/CASE.xml of a case without an .adm deck (../chrono/cases.txt;
# ADM_RESULT is then "-" and check 2 is skipped), and checks:
#   1. the result against the ADAMS curves, with the case's map and tolerance files
#      (../adams/cases.txt: Chrono's RMS tolerances);
#   2. the result against ADM_RESULT, the result CSV of the same case run from its .adm deck
#      (../adams/run_case.sh): the two decks are the same model, so the curves must agree to
#      same_deck.tol (1e-9);
#   3. the same deck integrated by CVODE (VSTIFF, --set Param_Transient.integrator_type=VSTIFF)
#      against the IDA (GSTIFF) result, to integrators.tol;
#   4. and by CVODE Adams (ABAM: in joint coordinates when the model is a tree of supported
#      joints, solver/tree/, the Cartesian ODE form otherwise) against IDA, to integrators.tol;
#   5. the ABAM run at the deck's own tolerance against the ADAMS curves, as in 1;
#   6. the same deck in the stabilised index-1 form (--set Param_Transient.dae_index=1) against
#      the index-2 result, to integrators.tol (two formulations of the same DAE, both converged;
#      measured differences at 1e-10: below 1.1e-5 in every channel but the Cylindrical_Case03
#      reaction torques, 2.9e-4 of bound 0.3; the Distance cases' Constraint_General included).
# Exit status: 0 when all pass, 1 when a comparison fails, 2 on errors.
set -euo pipefail
mbsolve=$1
mbcompare=$2
case_name=$3
adm_result=$4
report=${5:-}
here=$(cd "$(dirname "$0")" && pwd)
adams=$(cd "$here/../adams" && pwd)
chrono=$(cd "$here/../chrono" && pwd)
refdata=$(cd "$here/../refdata/chrono_adams_joints" && pwd)

# The case's folder holds its cases.txt line, its map and (relative to it) its tolerance file.
if line=$(grep -E "^$case_name[[:space:]]" "$adams/cases.txt"); then
  case_dir=$adams
  deck="$here/decks/$case_name.xml"
elif line=$(grep -E "^$case_name[[:space:]]" "$chrono/cases.txt"); then
  case_dir=$chrono
  deck="$chrono/decks/$case_name.xml"
else
  echo "run_case: unknown case $case_name (see ../adams/cases.txt and ../chrono/cases.txt)" >&2
  exit 2
fi
read -r _ ref_dir ref_stem map tol integrators_override <<<"$line"
if [ "$adm_result" = - ]; then
  [ "$case_dir" = "$chrono" ] || {
    echo "run_case: $case_name has an .adm deck: give the result of the adams_$case_name test" >&2
    exit 2
  }
elif [ ! -f "$adm_result" ]; then
  echo "run_case: no .adm result $adm_result (run the adams_$case_name test first)" >&2
  exit 2
fi

if [ -n "${MBSOLVE_REGRESSION_DIR:-}" ]; then
  work=$MBSOLVE_REGRESSION_DIR
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
"$mbsolve" -q "$deck" -o "$work/${case_name}_ida"
# The integrator check runs both forms at a tighter tolerance than the deck's: at ERROR=1e-8 the
# ODE form's global error on Distance_Case02 (a freely spinning body on a distance constraint) is
# 2e-3 rad/s in angular velocity against IDA's 9e-5; at 1e-10 both converge to within 4e-5.
tight=(--set Param_Transient.integr_tol=1e-10)
"$mbsolve" -q "$deck" -o "$work/${case_name}_ida_tight" "${tight[@]}"
"$mbsolve" -q "$deck" -o "$work/${case_name}_cvode" "${tight[@]}" \
  --set Param_Transient.integrator_type=VSTIFF
"$mbsolve" -q "$deck" -o "$work/${case_name}_abam" "${tight[@]}" \
  --set Param_Transient.integrator_type=ABAM
"$mbsolve" -q "$deck" -o "$work/${case_name}_abam_deck_tol" \
  --set Param_Transient.integrator_type=ABAM
"$mbsolve" -q "$deck" -o "$work/${case_name}_si1" "${tight[@]}" --set Param_Transient.dae_index=1

# The integrator checks' tolerances: integrators.tol, with the channel rules of the case's optional
# sixth column (../chrono/cases.txt) in place of the same channels' rules.
integrators_tol="$here/integrators.tol"
if [ -n "${integrators_override:-}" ]; then
  integrators_tol="$work/integrators.tol"
  awk 'NR == FNR { if ($1 == "channel") over[$2] = 1; next }
       !($1 == "channel" && ($2 in over))' "$case_dir/$integrators_override" "$here/integrators.tol" \
    >"$integrators_tol"
  cat "$case_dir/$integrators_override" >>"$integrators_tol"
fi

status=0
compare() {
  local what=$1
  shift
  echo "== $case_name: $what"
  "$mbcompare" "$@" || {
    local rc=$?
    [ "$rc" -gt "$status" ] && status=$rc
  }
}
refs=("$refdata/$ref_dir/${ref_stem}"_ADAMS_*.txt)
args=("$work/${case_name}_ida.csv" "${refs[@]}" --map "$case_dir/$map" --tol "$case_dir/$tol")
[ -n "$report" ] && args+=(--report "$report")
compare "XML deck against the ADAMS curves" "${args[@]}"
if [ "$adm_result" != - ]; then
  compare "XML deck against the .adm deck" "$work/${case_name}_ida.csv" "$adm_result" \
    --tol "$here/same_deck.tol"
fi
# Every channel except the 3-1-3 angles of the displacement request (req1.psi, .theta, .phi):
# these cases sit on psi = +-pi, where the angle flips by 2 pi between two runs; the Euler
# parameters (body2.e0..e3, req4) carry the same orientation without the cut.
awk -F, '!/^#/ { for (i = 2; i <= NF; ++i) if ($i !~ /^req1\.(psi|theta|phi)$/) print $i " = " $i
  exit }' "$work/${case_name}_ida.csv" >"$work/integrators.map"
compare "CVODE (VSTIFF) against IDA (GSTIFF)" "$work/${case_name}_cvode.csv" \
  "$work/${case_name}_ida_tight.csv" --map "$work/integrators.map" --tol "$integrators_tol"
grep -h "transient analysis" "$work/${case_name}_abam.log" || true
compare "CVODE (ABAM) against IDA (GSTIFF)" "$work/${case_name}_abam.csv" \
  "$work/${case_name}_ida_tight.csv" --map "$work/integrators.map" --tol "$integrators_tol"
compare "ABAM at the deck's tolerance against the ADAMS curves" \
  "$work/${case_name}_abam_deck_tol.csv" "${refs[@]}" --map "$case_dir/$map" \
  --tol "$case_dir/$tol"
compare "dae_index 1 (SI1) against dae_index 2 (SI2)" "$work/${case_name}_si1.csv" \
  "$work/${case_name}_ida_tight.csv" --map "$work/integrators.map" --tol "$integrators_tol"
exit $status
