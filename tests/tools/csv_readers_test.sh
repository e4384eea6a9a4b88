#!/usr/bin/env bash
# Usage: csv_readers_test.sh MBSOLVE SOURCE_DIR
# The result CSV of a bundled example (examples/impact_ball.xml) read by name the ways README.md
# (CSV) documents: pandas.read_csv(path, comment="#", float_precision="round_trip") and
# numpy.genfromtxt(path, delimiter=",", names=True, skip_header=5, deletechars=""). Every value
# of the time, a body and a request column must equal, to the last bit, the number in the CSV
# text (parsed by Python's float()). pandas' default float parser is not exact on 17-digit
# numbers: how many of its values differ is printed, not asserted. Skipped
# (77) without a python3 that has numpy and pandas, except under CI (CI set, as .ci/run does),
# where that fails the test.
set -euo pipefail
mbsolve=$1
src=$2
# shellcheck source=../python_with.sh
. "$(dirname "$0")/../python_with.sh"
python_with "numpy pandas" python3-pandas
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$mbsolve" -q "$src/examples/impact_ball.xml" -o "$work/ball" || { echo "FAIL: mbsolve exit $?"; exit 1; }
"$py" - "$work/ball.csv" <<'PY'
import sys
import numpy as np
import pandas as pd

path = sys.argv[1]
lines = open(path).read().splitlines()
preamble = 0
while lines[preamble].startswith("#"):
    preamble += 1
assert preamble == 5, f"the preamble has {preamble} lines, the documented skip_header is 5"
header = lines[preamble].split(",")
rows = [[float(v) for v in l.split(",")] for l in lines[preamble + 1:]]
assert len(rows) > 100, len(rows)

df = pd.read_csv(path, comment="#", float_precision="round_trip")
fast = pd.read_csv(path, comment="#")
arr = np.genfromtxt(path, delimiter=",", names=True, skip_header=5, deletechars="")
assert list(df.columns) == header, (list(df.columns), header)
assert list(arr.dtype.names) == header, (arr.dtype.names, header)
for name in ("time", "body2.z", "req1.f1", "req1.f2"):
    k = header.index(name)
    text = [r[k] for r in rows]
    bad_pd = sum(1 for a, b in zip(df[name].tolist(), text) if a != b)
    bad_np = sum(1 for a, b in zip(arr[name].tolist(), text) if a != b)
    assert len(df[name]) == len(text) and len(arr[name]) == len(text), name
    assert bad_pd == 0 and bad_np == 0, f"{name}: {bad_pd} pandas, {bad_np} numpy values differ"
    off = sum(1 for a, b in zip(fast[name].tolist(), text) if a != b)
    worst = max(abs(a - b) / max(abs(b), 1e-300) for a, b in zip(fast[name].tolist(), text))
    print(f"{name}: pandas' default parser: {off} of {len(text)} values off, by at most {worst:.1e}")
print(f"ok: {len(rows)} rows, {len(header)} columns read by name by pandas and numpy, "
      "every value equal to the CSV text")
PY
