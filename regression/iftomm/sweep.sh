#!/usr/bin/env bash
# Usage: sweep.sh MBSOLVE MBCOMPARE CASE LIMIT
# The tolerance sweep of one IFToMM benchmark (CASE = a01, a02, ...): integr_tol 1e-5 .. 1e-10
# in the default form (no integrator named), the stabilised index-2 (SI2), stabilised index-1
# (SI1) and index-3 (I3) forms, and the ODE integrators VSTIFF and ABAM; one
# line per run with the largest error against the reference (run_case.sh), the residual
# evaluations and the CPU time. Long (minutes). Exit status 1 when a run fails or misses LIMIT
# (the benchmark's high-precision limit).
set -uo pipefail
[ $# -eq 4 ] || { echo "usage: sweep.sh MBSOLVE MBCOMPARE CASE LIMIT" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
status=0
for form in default 2 1 3 VSTIFF ABAM; do
  # default: no integrator named (the decks name none); a digit: the DAE form of that index;
  # else that integrator_type.
  index=()
  case "$form" in
    default) ;;
    [0-9]) index=(--set Param_Transient.dae_index=$form) ;;
    *) index=(--set Param_Transient.integrator_type=$form) ;;
  esac
  for tol in 1e-5 1e-6 1e-7 1e-8 1e-9 1e-10; do
    out=$(bash "$here/run_case.sh" "$1" "$2" "$3" "$4" "${index[@]}" \
      --set Param_Transient.integr_tol=$tol 2>&1) || status=1
    err=$(grep -oE "max_abs [0-9.e+-]+" <<<"$out" | awk '{print $2}' | sort -g | tail -1)
    evals=$(grep -oE "residual evaluations [0-9]+" <<<"$out" | awk '{print $3}')
    cpu=$(grep -oE "cpu time [0-9.]+" <<<"$out" | awk '{print $3}')
    run=$(grep -oE "status: [a-z]+.*" <<<"$out" | head -1)
    echo "form $form integr_tol $tol: max error ${err:-n/a}, residual evaluations ${evals:-n/a}, cpu ${cpu:-n/a} s, ${run:-}"
  done
done
exit "$status"
