#!/usr/bin/env bash
# Builds the benchmarks (Release, bench/) and runs every one; each compares mbsolve against a
# peer in the same run and prints its own report.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh bench
for b in build/bench/bench/*/bench_*; do
  [ -x "$b" ] || continue
  echo "== $(basename "$b")"
  "$b"
done
