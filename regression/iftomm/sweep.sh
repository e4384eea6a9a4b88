#!/usr/bin/env bash
# Usage: sweep.sh MBSOLVE MBCOMPARE
# The A02 tolerance sweep: integr_tol 1e-5 .. 1e-10 in the stabilised index-2 (SI2, default),
# stabilised index-1 (SI1) and index-3 (I3) forms; one line per run with the largest error of
# B0 against the reference (run_a02.sh), the residual evaluations and the CPU time. Long (minutes).
# Exit status 1 when a run fails or misses the high-precision limit 1e-3.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
status=0
for form in 2 1 3; do
  for tol in 1e-5 1e-6 1e-7 1e-8 1e-9 1e-10; do
    out=$(bash "$here/run_a02.sh" "$1" "$2" 1e-3 --set Param_Transient.dae_index=$form \
      --set Param_Transient.integr_tol=$tol 2>&1) || status=1
    err=$(grep -oE "max_abs [0-9.e+-]+" <<<"$out" | awk '{print $2}' | sort -g | tail -1)
    evals=$(grep -oE "residual evaluations [0-9]+" <<<"$out" | awk '{print $3}')
    cpu=$(grep -oE "cpu time [0-9.]+" <<<"$out" | awk '{print $3}')
    run=$(grep -oE "status: [a-z]+" <<<"$out" | head -1)
    echo "dae_index $form integr_tol $tol: max error ${err:-n/a} m, residual evaluations ${evals:-n/a}, cpu ${cpu:-n/a} s, ${run:-}"
  done
done
exit "$status"
