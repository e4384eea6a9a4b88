#!/usr/bin/env bash
# Usage: scripts/build.sh [release|asan|fuzz|bench] [TARGET...]   (default release, all targets)
# Installs missing Debian packages, configures and builds into build/<kind> (only the named
# targets and what they need, when targets are given). Warnings are errors when CI is set.
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:-release}
[ $# -gt 0 ] && shift
targets=()
[ $# -gt 0 ] && targets=(--target "$@")
scripts/install-deps.sh

werror=OFF
[ -n "${CI:-}" ] && werror=ON
common=(-G Ninja -DMBSOLVE_WERROR=$werror)
# ccache (scripts/install-deps.sh) keeps rebuilds cheap across build kinds and clones: paths are
# hashed relative to the repository, so a fresh clone elsewhere hits the same cache.
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
  common+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
case "$kind" in
  release) args=(-DCMAKE_BUILD_TYPE=Release) ;;
  asan) args=(-DCMAKE_BUILD_TYPE=Debug -DMBSOLVE_SANITIZE=ON) ;;
  fuzz) args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DMBSOLVE_FUZZ=ON -DBUILD_TESTING=OFF
              -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++) ;;
  bench) args=(-DCMAKE_BUILD_TYPE=Release -DMBSOLVE_BENCH=ON -DBUILD_TESTING=OFF) ;;
  *) echo "usage: scripts/build.sh [release|asan|fuzz|bench]" >&2; exit 2 ;;
esac
# An optimised SUNDIALS built once from Debian's source package (scripts/sundials.sh); empty
# when it cannot be built, and CMake then finds Debian's libraries.
sundials_prefix=$(scripts/sundials.sh)
[ -n "$sundials_prefix" ] && common+=(-DSUNDIALS_DIR="$sundials_prefix/lib/cmake/sundials")
cmake -S . -B "build/$kind" "${common[@]}" "${args[@]}" >/dev/null
cmake --build "build/$kind" "${targets[@]}"
