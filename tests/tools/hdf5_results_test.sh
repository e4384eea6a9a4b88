#!/usr/bin/env bash
# Usage: hdf5_results_test.sh MBSOLVE MBCOMPARE MBSWEEP
# mbsolve --format hdf5 writes PREFIX.h5; h5py (not our code) reads it back and every channel
# equals the CSV of the same run to the last bit: the CSV prints 17 significant digits, which
# round-trip doubles, so Python's float() of each CSV field must equal h5py's value exactly.
# Also: the channel order, unit and description attributes, /model and /solver against the
# JSON summary, pandas from h5py in one expression; mbcompare reads the .h5 as a result;
# mbsweep --results hdf5 (workers and --no-worker) reads its metrics from the cases' .h5 and
# gets the same summary as from the CSV.
# Skipped (77) without a python3 that has h5py and pandas, except under CI (CI set), where that
# fails the test (scripts/install-deps.sh installs python3-h5py).
set -uo pipefail
mbsolve=$1
mbcompare=$2
mbsweep=$3
py=
for p in /usr/bin/python3 python3; do
  if command -v "$p" >/dev/null && "$p" -c 'import h5py, pandas' 2>/dev/null; then py=$p; break; fi
done
if [ -z "$py" ]; then
  [ -n "${CI:-}" ] && { echo "FAIL: no python3 with h5py and pandas (apt install python3-h5py)"; exit 1; }
  echo "skipped: no python3 with h5py and pandas (apt install python3-h5py python3-pandas)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
fail() { echo "FAIL: $*" >&2; status=1; }
cp "$(dirname "$0")/pendulum_requests.xml" "$work/pendulum.xml"
# 2001 rows: the writer appends in blocks of 1024 rows, so two blocks and a partial one.
"$mbsolve" -q --angles ypr --format hdf5 --set Simulate.end_time=2 \
  --set Simulate.print_interval=0.001 "$work/pendulum.xml" -o "$work/run" ||
  fail "mbsolve --format hdf5: exit $?"
[ -s "$work/run.h5" ] || fail "run.h5 not written"
"$py" - "$work/run" <<'PY' || fail "h5py read-back"
import csv, json, sys
import h5py
import pandas as pd

prefix = sys.argv[1]
with open(prefix + ".csv") as f:
    lines = f.read().splitlines()
units = lines[4][len("# column units: "):].split(",")
rows = list(csv.reader(lines[5:]))
header, data = rows[0], rows[1:]
summary = json.load(open(prefix + ".json"))
bad = 0
with h5py.File(prefix + ".h5", "r") as h:
    names = ["time"] + list(h["channels"].keys())
    assert names == header, f"channel order {names[:5]}... differs from the CSV {header[:5]}..."
    assert list(h.attrs["columns"]) == header, "the columns attribute differs from the CSV header"
    compared = 0
    for k, name in enumerate(header):
        ds = h["time"] if k == 0 else h["channels"][name]
        assert ds.dtype == "float64", f"{name}: dtype {ds.dtype}"
        assert ds.attrs["unit"] == units[k], f"{name}: unit {ds.attrs['unit']!r} != {units[k]!r}"
        assert ds.attrs["description"], f"{name}: no description"
        values = ds[()]
        assert len(values) == len(data), f"{name}: {len(values)} values, CSV {len(data)} rows"
        for r, row in enumerate(data):
            if float(row[k]) != values[r]:
                bad += 1
                if bad < 5:
                    print(f"{name} row {r}: CSV {row[k]} h5py {values[r]!r}")
            compared += 1
    assert bad == 0, f"{bad} of {compared} values differ"
    solver, model = h["solver"].attrs, h["model"].attrs
    for key in ("steps", "residual_evals", "jacobian_evals", "newton_iters", "error_test_fails"):
        assert solver[key] == summary[key], f"/solver {key} {solver[key]} != JSON {summary[key]}"
    assert solver["output_rows"] == len(data) and solver["status"] == "ok"
    assert model["degrees_of_freedom"] == summary["dof"] == 1, model["degrees_of_freedom"]
    assert model["length_unit"] == "meter"
    print(f"h5py: {compared} values in {len(header)} channels equal the CSV bit for bit; "
          f"steps {solver['steps']}")
    print("description of body2.vx:", h["channels"]["body2.vx"].attrs["description"])
    df = pd.DataFrame({k: v[()] for k, v in h["channels"].items()}, index=h["time"][()])
    assert list(df.columns) == header[1:] and len(df) == len(data)
PY
"$mbcompare" "$work/run.csv" "$work/run.h5" >"$work/out" 2>"$work/err" ||
  fail "mbcompare csv vs h5: exit $? $(cat "$work/err")"
n=$(grep -c '^PASS .* max_abs 0.000e+00' "$work/out")
total=$(head -6 "$work/run.csv" | tail -1 | tr ',' '\n' | wc -l)
[ "$n" = $((total - 1)) ] || fail "mbcompare: $n of $((total - 1)) channels equal: $(tail -2 "$work/out")"
echo "mbcompare: $n channels of run.h5 equal the CSV"

sweep() {
  "$mbsweep" -q "$work/pendulum.xml" -p 'Force_Gravity.grav_y=-9.81,-5' -m body2.x:final \
    -m req1.f2:min -m body2.vy:rms -j 1 "$@"
}
sweep -o "$work/csv" || fail "mbsweep --results csv: exit $?"
sweep -o "$work/h5" --results hdf5 || fail "mbsweep --results hdf5: exit $?"
sweep -o "$work/h5nw" --results hdf5 --no-worker || fail "mbsweep --results hdf5 --no-worker: exit $?"
ls "$work"/h5/cases/*/result.h5 >/dev/null 2>&1 || fail "mbsweep --results hdf5: no result.h5"
ls "$work"/csv/cases/*/result.h5 >/dev/null 2>&1 && fail "mbsweep --results csv wrote result.h5"
# case, parameter, status, exit code, the three metrics (not wall_s, column 5; not the message)
cut -d, -f1-4,6-8 "$work/csv/summary.csv" >"$work/csv.cut"
awk -F, 'NR > 1 && ($3 != "ok" || $6 == "" || $7 == "" || $8 == "") { bad = 1 } END { exit bad }' \
  "$work/csv/summary.csv" || fail "mbsweep --results csv: a case without metrics: $(cat "$work/csv/summary.csv")"
for d in h5 h5nw; do
  cut -d, -f1-4,6-8 "$work/$d/summary.csv" >"$work/$d.cut"
  cmp -s "$work/csv.cut" "$work/$d.cut" ||
    fail "mbsweep $d summary differs from the CSV one: $(diff "$work/csv.cut" "$work/$d.cut")"
done
echo "mbsweep --results hdf5: $(($(wc -l <"$work/h5.cut") - 1)) cases, metrics equal to the CSV sweep's"
grep -q '"results": "hdf5"' "$work/h5/sweep.json" || fail "sweep.json does not keep --results"
exit $status
