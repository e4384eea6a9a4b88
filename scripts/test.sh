#!/usr/bin/env bash
# README command 2: install what is missing, build, and run the whole test suite:
#   1. Release build: unit, end-to-end and regression tests (ctest);
#   2. ASan + UBSan build: the same tests under the sanitizers;
#   3. clang libFuzzer build: every fuzz target for a short, fixed time;
#   4. formatting: clang-format must have nothing to change; the house rules
#      (scripts/check-house.py: include graph without cycles, file and function sizes).
# Warnings are errors when CI is set. Exits non-zero on the first failing stage.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
fuzz_seconds=${MBSOLVE_FUZZ_SECONDS:-20}

echo "== format check"
scripts/check-format.sh

echo "== house rules"
scripts/install-deps.sh  # universal-ctags
python3 scripts/check-house.py

echo "== release build and tests"
scripts/build.sh release
ctest --test-dir build/release --output-on-failure -j "$jobs"

echo "== sanitizer build (ASan + UBSan) and tests"
scripts/build.sh asan
# tests/lsan.supp: the embedded Python interpreter is never finalised (its memory is the only
# leak allowed).
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp:print_suppressions=0 \
  ctest --test-dir build/asan --output-on-failure -j "$jobs" -LE no_sanitizer

echo "== fuzzing (${fuzz_seconds} s per target)"
scripts/build.sh fuzz
for f in build/fuzz/fuzz/*/fuzz_*; do
  [ -x "$f" ] || continue
  name=$(basename "$f")
  corpus="build/fuzz/corpus/$name"
  mkdir -p "$corpus"
  seeds=()
  [ -d "fuzz/${name#fuzz_}/seeds" ] && seeds=("fuzz/${name#fuzz_}/seeds")
  # A target's dictionary fuzz/<name>/<name>.dict (e.g. fuzz/expr/expr.dict) is used when present.
  dict=()
  [ -f "fuzz/${name#fuzz_}/${name#fuzz_}.dict" ] && dict=(-dict="fuzz/${name#fuzz_}/${name#fuzz_}.dict")
  echo "-- $name"
  "$f" -max_total_time="$fuzz_seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=0 \
    "${dict[@]}" "$corpus" "${seeds[@]}" 2>&1 | tail -n 3
done
echo "== all tests passed"
