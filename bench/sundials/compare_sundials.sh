#!/usr/bin/env bash
# Debian's SUNDIALS against the optimised one of scripts/sundials.sh (-O3, 32-bit indices), the
# same mbsolve on the same decks in the same run: hanging chains of N = 10 and 100 revolute links
# (bench_chain --write-deck, the deck's own integrator GSTIFF: IDA + KLU on the Cartesian
# stabilised index-2 DAE), END shortened to 0.3 s.
#   * instructions (valgrind callgrind: repeatable under any load) of one run each;
#   * CPU time, the median of REPEATS interleaved runs (default 5);
#   * the results must be identical to the last digit (the same algorithm, other compiler flags).
# Usage: bench/sundials/compare_sundials.sh [REPEATS]    (from the repository; builds what it needs)
set -euo pipefail
cd "$(dirname "$0")/../.."
repeats=${1:-5}
scripts/build.sh bench mbsolve bench_chain >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A second build tree against Debian's libraries.
export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
cmake -S . -B build/bench-system-sundials -G Ninja -DCMAKE_BUILD_TYPE=Release -DMBSOLVE_BENCH=ON \
  -DBUILD_TESTING=OFF -DSUNDIALS_DIR="/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/cmake/sundials" \
  -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache >/dev/null
cmake --build build/bench-system-sundials --target mbsolve >/dev/null
debian=build/bench-system-sundials/tools/mbsolve/mbsolve
optimised=build/bench/tools/mbsolve/mbsolve
cpu() {  # user + system CPU seconds of one run
  python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(r.ru_utime + r.ru_stime)' "$@"
}
median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
printf '| N | instructions Debian | instructions optimised | ratio | CPU s Debian | CPU s optimised | ratio | results |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for n in 10 100; do
  build/bench/bench/chain/bench_chain --write-deck "$n" "$work/chain$n.xml" >/dev/null
  sed -i 's/end_time="1"/end_time="0.3"/' "$work/chain$n.xml"
  for kind in debian optimised; do
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.$kind" "${!kind}" "$work/chain$n.xml" \
      -o "$work/$kind$n" -q >/dev/null 2>&1
  done
  ins_d=$(awk '/^totals:/ {print $2}' "$work/cg.debian")
  ins_o=$(awk '/^totals:/ {print $2}' "$work/cg.optimised")
  : >"$work/t.debian"
  : >"$work/t.optimised"
  for ((i = 0; i < repeats; ++i)); do
    for kind in debian optimised; do
      cpu "${!kind}" "$work/chain$n.xml" -o "$work/t$kind" -q >>"$work/t.$kind"
    done
  done
  cpu_d=$(median <"$work/t.debian")
  cpu_o=$(median <"$work/t.optimised")
  same=identical
  cmp -s <(grep -v '^#' "$work/debian$n.csv") <(grep -v '^#' "$work/optimised$n.csv") || same=DIFFERENT
  printf '| %s | %s | %s | %.3f | %s | %s | %.3f | %s |\n' "$n" "$ins_d" "$ins_o" \
    "$(awk -v a="$ins_o" -v b="$ins_d" 'BEGIN {print a / b}')" "$cpu_d" "$cpu_o" \
    "$(awk -v a="$cpu_o" -v b="$cpu_d" 'BEGIN {print a / b}')" "$same"
  [ "$same" = identical ] || exit 1
done
