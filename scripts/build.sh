#!/usr/bin/env bash
# Usage: scripts/build.sh [release|asan|fuzz|bench]   (default release)
# Installs missing Debian packages, configures and builds into build/<kind>. Warnings are errors
# when CI is set.
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:-release}
scripts/install-deps.sh

werror=OFF
[ -n "${CI:-}" ] && werror=ON
common=(-G Ninja -DMBSOLVE_WERROR=$werror)
case "$kind" in
  release) args=(-DCMAKE_BUILD_TYPE=Release) ;;
  asan) args=(-DCMAKE_BUILD_TYPE=Debug -DMBSOLVE_SANITIZE=ON) ;;
  fuzz) args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DMBSOLVE_FUZZ=ON -DBUILD_TESTING=OFF
              -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++) ;;
  bench) args=(-DCMAKE_BUILD_TYPE=Release -DMBSOLVE_BENCH=ON -DBUILD_TESTING=OFF) ;;
  *) echo "usage: scripts/build.sh [release|asan|fuzz|bench]" >&2; exit 2 ;;
esac
cmake -S . -B "build/$kind" "${common[@]}" "${args[@]}" >/dev/null
cmake --build "build/$kind"
