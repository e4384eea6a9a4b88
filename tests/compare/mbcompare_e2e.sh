#!/usr/bin/env bash
# End-to-end test of the real mbcompare binary on tests/data/compare: exit codes 0/1/2, the JSON
# summary, --rebaseline, and a report written without gnuplot.
# Usage: mbcompare_e2e.sh MBCOMPARE DATA_DIR
set -uo pipefail
bin=$1
data=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=../cli_checks.sh
. "$(dirname "$0")/../cli_checks.sh"

refs=("$data/Pend_ADAMS_Pos.txt" "$data/Pend_ADAMS_Vel.txt" "$data/pend_adams.tab")

expect 0 pass_within_tolerance "$bin" "$data/result.csv" "${refs[@]}" --map "$data/pend.map" \
  --tol "$data/pass.tol"
contains "$work/out" "PASS body2.x <- Pend_ADAMS_Pos:X_Pos [position] rms 1.183e-04 <= 0.001" pass_line
contains "$work/out" "PASS: 3 channel(s) compared, 0 failed" pass_summary

expect 0 pass_json "$bin" "$data/result.csv" "${refs[@]}" --map "$data/pend.map" \
  --tol "$data/pass.tol" --json --iso
contains "$work/out" '"verdict": "pass"' pass_json_verdict
contains "$work/out" '"exit_code": 0' pass_json_code
contains "$work/out" '"grade": "excellent"' pass_json_iso
contains "$work/err" "PASS body2.vx <- Pend_ADAMS_Vel:X_Vel [velocity]" pass_json_verdicts_on_stderr

expect 1 fail_tight_tolerance "$bin" "$data/result.csv" "${refs[@]}" --map "$data/pend.map" \
  --tol "$data/fail.tol" --json
contains "$work/out" '"verdict": "fail"' fail_json_verdict
contains "$work/out" '"exit_code": 1' fail_json_code
contains "$work/out" '"channels_failed": 1' fail_json_count
contains "$work/err" "FAIL body2.x <- Pend_ADAMS_Pos:X_Pos [position] max_abs 2.000e-04 > 0.0001" \
  fail_line

expect 2 error_missing_reference "$bin" "$data/result.csv" "$work/nope.txt" --json
contains "$work/err" "mbcompare: error: $work/nope.txt: cannot open file" missing_message
contains "$work/out" '"verdict": "error"' missing_json
expect 2 error_no_channel_matched "$bin" "$data/result.csv" "${refs[@]}"
contains "$work/err" "no channel matched" no_match_message
expect 2 error_bad_argument "$bin" "$data/result.csv" "${refs[@]}" --frobnicate
expect 2 error_no_reference "$bin" "$data/result.csv"
printf 'kind position rms\n' >"$work/bad.tol"
expect 2 error_bad_tolerance_file "$bin" "$data/result.csv" "${refs[@]}" --map "$data/pend.map" \
  --tol "$work/bad.tol"
contains "$work/err" "bad.tol:1: expected METRIC THRESHOLD after the scope" bad_tol_message

# --rebaseline writes the result as the reference; comparing against it then passes at 1e-9.
expect 0 rebaseline_writes "$bin" "$data/result.csv" "$work/baseline.csv" --rebaseline
contains "$work/baseline.csv" "# mbcompare --rebaseline: reference written from" rebaseline_comment
expect 0 rebaseline_then_pass "$bin" "$data/result.csv" "$work/baseline.csv"
contains "$work/out" "PASS: 3 channel(s) compared, 0 failed" rebaseline_summary
expect 2 rebaseline_needs_one_reference "$bin" "$data/result.csv" "$work/a.csv" "$work/b.csv" \
  --rebaseline

# A report without gnuplot: verdict and exit code unchanged, a clear warning, no figures.
expect 1 report_without_gnuplot env MBCOMPARE_GNUPLOT=/nonexistent/gnuplot "$bin" \
  "$data/result.csv" "${refs[@]}" --map "$data/pend.map" --tol "$data/fail.tol" \
  --report "$work/report"
contains "$work/err" "mbcompare: warning: gnuplot not found" report_warning
contains "$work/report/summary.json" '"verdict": "fail"' report_summary
contains "$work/report/index.html" "<h1>mbcompare: FAIL</h1>" report_index

finish
