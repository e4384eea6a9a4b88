#!/usr/bin/env bash
# End-to-end: SIGINT, SIGTERM and SIGHUP in the middle of a run (issue 20). mbsolve stops at the
# next step and exits 128 + the signal (130, 143, 129); the CSV keeps the rows written so far
# (renamed into place as after a failure), the JSON says status "interrupted" with that exit
# code, the log says so too, and no PREFIX.*.tmp.PID file is left. Each case takes about half a
# second: the signal is sent as soon as the first rows have been written.
set -u
mbsolve=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=../cli_checks.sh
. "$(dirname "$0")/../cli_checks.sh"

# The pendulum of examples/pendulum.xml for 50,000 s (5 million rows, under the 10 million row
# limit) at a tight tolerance: minutes of work, so the signal always arrives mid-run.
sed -e 's/end_time="5.0" print_interval="0.01"/end_time="50000" print_interval="0.01"/' \
  -e 's/integr_tol="1e-6"/integr_tol="1e-10"/' "$src/examples/pendulum.xml" >"$work/long.xml"
grep -q 'end_time="50000"' "$work/long.xml" || { echo "FAIL cannot make the long deck"; exit 1; }

# interrupt SIGNAL WANT_RC: runs the long deck, sends SIGNAL once rows are being written.
interrupt() {
  local sig=$1 want=$2 prefix="$work/run_$1"
  # A script's background job starts with SIGINT ignored (as mbsolve then leaves it): restore it.
  env --default-signal=INT "$mbsolve" "$work/long.xml" -o "$prefix" >"$prefix.out" 2>"$prefix.err" &
  local pid=$!
  # Wait until the temporary CSV holds rows (at most 20 s).
  for _ in $(seq 200); do
    local tmp
    tmp=$(ls "$prefix".csv.tmp.* 2>/dev/null | head -1)
    if [ -n "$tmp" ] && [ "$(grep -vc '^[#t]' "$tmp" 2>/dev/null)" -gt 5 ]; then break; fi
    sleep 0.1
  done
  kill -s "$sig" "$pid"
  # It must stop promptly (at the next step), not run on.
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then
    kill -9 "$pid"
    echo "  still running 10 s after $sig"
  fi
  wait "$pid"
  echo $? >"$prefix.rc"
}

for case in "INT 130" "TERM 143" "HUP 129"; do
  set -- $case
  sig=$1 want=$2 p="$work/run_$1"
  interrupt "$sig" "$want"
  check "SIG$sig: exit $want" test "$(cat "$p.rc")" -eq "$want"
  check "SIG$sig: the JSON says interrupted" grep -q '"status": "interrupted"' "$p.json"
  check "SIG$sig: the JSON has exit code $want" grep -q "\"exit_code\": $want" "$p.json"
  check "SIG$sig: the JSON names the signal" grep -q "interrupted by SIG$sig" "$p.json"
  rows=$(grep -vc '^[#t]' "$p.csv" 2>/dev/null || echo 0)
  check "SIG$sig: the CSV keeps the rows so far ($rows)" test "$rows" -gt 5
  check "SIG$sig: the CSV rows are whole" bash -c "test -s '$p.csv' && tail -1 '$p.csv' | awk -F, '{exit NF != 14}'"
  check "SIG$sig: the JSON counts the rows" grep -q "\"output_rows\": $rows," "$p.json"
  check "SIG$sig: the log says interrupted" grep -q "^status: interrupted: interrupted by SIG$sig" "$p.log"
  check "SIG$sig: stderr says where the rows went" grep -q "interrupted by SIG$sig at t = .*rows written to $p.csv" "$p.err"
  check "SIG$sig: no temporary file is left" bash -c "! ls '$work' | grep -q '\.tmp\.'"
done

# A signal that the parent set to be ignored (nohup) stays ignored: the run goes on to its end.
sed -e 's/end_time="50000"/end_time="30"/' "$work/long.xml" >"$work/short.xml"
(
  trap '' HUP
  "$mbsolve" "$work/short.xml" -o "$work/nohup" >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 200); do
    tmp=$(ls "$work"/nohup.csv.tmp.* 2>/dev/null | head -1)
    if [ -n "$tmp" ] && [ "$(grep -vc '^[#t]' "$tmp" 2>/dev/null)" -gt 5 ]; then break; fi
    sleep 0.1
  done
  kill -s HUP "$pid"
  wait "$pid"
  echo $? >"$work/nohup.rc"
)
check "an ignored SIGHUP stays ignored (exit 0)" test "$(cat "$work/nohup.rc")" -eq 0
check "the run with an ignored SIGHUP is complete (3001 rows)" \
  test "$(grep -vc '^[#t]' "$work/nohup.csv")" -eq 3001

finish
