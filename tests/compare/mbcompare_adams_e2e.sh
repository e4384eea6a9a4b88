#!/usr/bin/env bash
# End-to-end: mbcompare reads results written by Adams (regression/realworld/adams/) directly:
# a CSV against RD3.res with --map passes when the CSV holds the same numbers (extracted here
# from the raw XML text with awk, independently of the reader) and fails when one is off by
# 1e-3; the reader's note on part reference frames is printed; a map naming a missing channel,
# a .req without requests, a truncated .res are errors (exit 2) with file and line.
# Usage: mbcompare_adams_e2e.sh MBCOMPARE SOURCE_DIR
set -uo pipefail
bin=$1
src=$2
adams=$src/regression/realworld/adams
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=../cli_checks.sh
. "$(dirname "$0")/../cli_checks.sh"

# Values 1 (TIME), 2 (Y_W_AntebrazoCompleto_4_XFORM.X, id 2) and 200 (Coincidente11.FX, id 200)
# of every result step (not the model input), as written in the file.
awk '
  /<Step type="input">/ { skip = 1 }
  /<Step type=/ { n = 0; inside = 1; sub(/.*<Step type="[^"]*">/, ""); }
  inside {
    line = $0
    done = sub(/<\/Step>.*/, "", line)
    k = split(line, tok, /[ \t\r]+/)
    for (i = 1; i <= k; ++i) if (tok[i] != "") v[++n] = tok[i]
    if (done) {
      if (!skip) print v[1] "," v[2] "," v[200]
      inside = 0; skip = 0
    }
  }' "$adams/ss_rd3/RD3.res" >"$work/rows.txt"
{
  echo "# RD3.res values extracted with awk"
  echo "time,arm.x,pin.fx"
  cat "$work/rows.txt"
} >"$work/run.csv"
steps=$(wc -l <"$work/rows.txt")
[ "$steps" = 202 ] && ok "202 result steps extracted" || fail "202 result steps extracted: $steps"
printf 'arm.x = Y_W_AntebrazoCompleto_4_XFORM.X  1  position\npin.fx = Coincidente11.FX  1  force\n' >"$work/rd3.map"

expect 0 csv_against_res "$bin" "$work/run.csv" "$adams/ss_rd3/RD3.res" --map "$work/rd3.map"
contains "$work/out" "PASS arm.x <- RD3:Y_W_AntebrazoCompleto_4_XFORM.X [position] max_abs 0.000e+00" res_pass_line
contains "$work/out" "PASS: 2 channel(s) compared, 0 failed" res_pass_summary
contains "$work/err" "mbcompare: note: $adams/ss_rd3/RD3.res: the 10 part entities *_XFORM" res_part_frame_note
contains "$work/err" "not its centre of mass" res_part_frame_note_text

awk -F, 'NR > 2 { $2 = $2 + 1e-3 } { print }' OFS=, "$work/run.csv" >"$work/off.csv"
expect 1 csv_off_by_1e-3_fails "$bin" "$work/off.csv" "$adams/ss_rd3/RD3.res" --map "$work/rd3.map" \
  --json -q
contains "$work/out" '"verdict": "fail"' res_fail_json

printf 'arm.x = Y_W_AntebrazoCompleto_4_XFORM.XX\n' >"$work/bad.map"
expect 2 map_names_missing_res_channel "$bin" "$work/run.csv" "$adams/ss_rd3/RD3.res" \
  --map "$work/bad.map"
contains "$work/err" "reference channel 'Y_W_AntebrazoCompleto_4_XFORM.XX' is in no reference file" missing_channel_message

expect 2 req_without_requests "$bin" "$work/run.csv" "$adams/ss_rd3/RD3.req"
contains "$work/err" "no channel matched" req_no_channel_message

head -c 100000 "$adams/ss_rd3/RD3.res" >"$work/cut.res"
expect 2 truncated_res "$bin" "$work/run.csv" "$work/cut.res" --map "$work/rd3.map"
contains "$work/err" "mbcompare: error: $work/cut.res:" truncated_res_names_file_and_line

finish
