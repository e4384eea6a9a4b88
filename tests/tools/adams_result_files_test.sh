#!/usr/bin/env bash
# Usage: adams_result_files_test.sh MBSOLVE MBCOMPARE
# mbsolve --format res,req writes the Adams XML results file and the request file; mbcompare
# reads them back (results/adams_res_reader, adams_req_reader) and they equal the CSV of the
# same run exactly (all three carry 17 significant digits): the part entity PART_2_XFORM of a
# MotionSolve body is its CM frame (X = body2.x, PSI THETA PHI = the --angles 313 columns, VX,
# WX), REQUEST_<id> holds the request channels, the .req the components f2 f3 f4 f6 f7 f8 (of a
# displacement request x y z psi theta phi). The part accelerations ACCX, ACCY (from the state
# derivative in the writer) equal the request measures ACCX(20), ACCY(20) (solver/measures) to
# 1e-9. An unknown --format is a usage error (exit 2).
set -uo pipefail
mbsolve=$1
mbcompare=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
fail() { echo "FAIL: $*" >&2; status=1; }
cp "$(dirname "$0")/pendulum_requests.xml" "$work/pendulum.xml"
"$mbsolve" -q --angles 313 --format res,req "$work/pendulum.xml" -o "$work/run" ||
  fail "mbsolve --format res,req: exit $?"
for f in csv res req; do [ -s "$work/run.$f" ] || fail "run.$f not written"; done
grep -q '<Entity name="PART_2_XFORM" entity="PART_2" entType="Part" objectId="2">' "$work/run.res" ||
  fail ".res: no PART_2_XFORM entity"
grep -q '<Units angle="rad" length="meter" mass="kg" time="sec" />' "$work/run.res" ||
  fail ".res: Units header"
grep -q 'name="ACCX" unitsValue="meter/sec\*\*2"' "$work/run.res" || fail ".res: ACCX unit"

# .res against the CSV: every mapped channel must be equal (max_abs 0).
{
  for c in x:X y:Y z:Z psi:PSI theta:THETA phi:PHI vx:VX vy:VY vz:VZ wx:WX wy:WY wz:WZ; do
    echo "body2.${c%%:*} = PART_2_XFORM.${c##*:}"
  done
  for k in 1 2 3 4 5 6 7 8; do echo "req1.f$k = REQUEST_1.f$k"; done
  for c in x y z psi theta phi; do echo "req2.$c = REQUEST_2.$c"; done
} >"$work/res.map"
channels=$(wc -l <"$work/res.map")
"$mbcompare" "$work/run.csv" "$work/run.res" --map "$work/res.map" >"$work/out" 2>"$work/err" ||
  fail "mbcompare csv vs res: exit $? $(cat "$work/err")"
exact=$(grep -c '^PASS .* max_abs 0.000e+00' "$work/out")
[ "$exact" = "$channels" ] || fail ".res equals the CSV in $exact of $channels channels: $(grep -v 'max_abs 0.000e+00' "$work/out" | head -3)"
echo ".res: $exact channels equal to the CSV"

# .req against the CSV: f2 f3 f4 f6 f7 f8 by name; the displacement request's six components.
{
  for k in 2 3 4 6 7 8; do echo "req1.f$k = req1.f$k"; done
  set -- x y z psi theta phi
  for k in 2 3 4 6 7 8; do echo "req2.$1 = req2.f$k"; shift; done
} >"$work/req.map"
"$mbcompare" "$work/run.csv" "$work/run.req" --map "$work/req.map" >"$work/out" 2>"$work/err" ||
  fail "mbcompare csv vs req: exit $? $(cat "$work/err")"
exact=$(grep -c '^PASS .* max_abs 0.000e+00' "$work/out")
[ "$exact" = 12 ] || fail ".req equals the CSV in $exact of 12 channels: $(head -3 "$work/out")"
echo ".req: $exact channels equal to the CSV"
rows=$(grep -vc '^#' "$work/run.csv")
records=$(awk 'NR > 5 && NF == 1' "$work/run.req" | wc -l)
[ "$records" = $((rows - 1)) ] || fail ".req has $records records, the CSV $((rows - 1)) rows"

# Part accelerations against the request measures ACCX(20), ACCY(20) (another code path).
printf 'PART_2_XFORM.ACCX = REQUEST_1.f7  1  other\nPART_2_XFORM.ACCY = REQUEST_1.f8  1  other\n' \
  >"$work/acc.map"
printf 'default max_abs 1e-9\n' >"$work/acc.tol"
"$mbcompare" "$work/run.res" "$work/run.res" --map "$work/acc.map" --tol "$work/acc.tol" \
  >"$work/out" 2>"$work/err" || fail "ACCX/ACCY against ACCX(20)/ACCY(20): $(cat "$work/out" "$work/err")"
grep '^PASS' "$work/out" | sed 's/^/  /'

# abf_unique_time LAST holds each row until the next time is known (the state is kept for the
# other files): two Simulates meet at t = 0.5; .res and .h5 must still equal the CSV.
sed -e 's#<Simulate analysis_type="Transient" end_time="1" print_interval="0.02"/>#<ResOutput abf_unique_time="LAST"/><Simulate analysis_type="Transient" end_time="0.5" print_interval="0.02"/><Simulate analysis_type="Transient" end_time="1" print_interval="0.02"/>#' \
  "$work/pendulum.xml" >"$work/last.xml"
grep -q 'abf_unique_time="LAST"' "$work/last.xml" || fail "the LAST deck was not made"
"$mbsolve" -q --angles 313 --format res,hdf5 "$work/last.xml" -o "$work/last" ||
  fail "mbsolve LAST: exit $?"
"$mbcompare" "$work/last.csv" "$work/last.res" --map "$work/res.map" >"$work/out" 2>"$work/err" ||
  fail "mbcompare LAST csv vs res: exit $? $(cat "$work/err")"
exact=$(grep -c '^PASS .* max_abs 0.000e+00' "$work/out")
[ "$exact" = "$channels" ] || fail "LAST: .res equals the CSV in $exact of $channels channels"
rows=$(grep -vc '^#' "$work/last.csv")
steps=$(grep -c '<Step type=' "$work/last.res")
[ "$steps" = $((rows - 1)) ] || fail "LAST: .res has $steps steps, the CSV $((rows - 1)) rows"
"$mbcompare" "$work/last.csv" "$work/last.h5" >"$work/out" 2>"$work/err" ||
  fail "mbcompare LAST csv vs h5: exit $? $(cat "$work/err")"
echo "abf_unique_time LAST: .res ($exact channels, $steps steps) and .h5 equal the CSV"

# The last line of a run names every file written.
"$mbsolve" --format res,req,hdf5 "$work/pendulum.xml" -o "$work/line" 2>"$work/err" ||
  fail "mbsolve --format res,req,hdf5: exit $?"
line=$(tail -n 1 "$work/err")
rows=$(grep -vc '^#' "$work/line.csv")
want="mbsolve: results written to $work/line.csv ($((rows - 1)) rows), $work/line.res, $work/line.req, $work/line.h5, $work/line.json, $work/line.log"
[ "$line" = "$want" ] || fail "last line: '$line', expected '$want'"
for f in res req h5; do [ -s "$work/line.$f" ] || fail "line.$f not written"; done
echo "the last line names the .res, .req and .h5"

"$mbsolve" -q --format res,xyz "$work/pendulum.xml" -o "$work/bad" >"$work/out" 2>"$work/err"
rc=$?
[ "$rc" = 2 ] || fail "--format xyz: exit $rc, expected 2"
grep -q 'xyz' "$work/err" || fail "--format xyz: message does not name it: $(cat "$work/err")"
exit $status
