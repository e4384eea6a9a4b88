#!/usr/bin/env bash
# README command 1: install what is missing, build (Release), run mbsolve on a bundled deck
# (default: examples/pendulum.xml; `scripts/example.sh lugre_pendulum` runs
# examples/lugre_pendulum.xml) and say where the results went. User-subroutine libraries of the
# examples are built into build/release/examples/usersub and found through MBSOLVE_USERSUB_PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:-pendulum}
name=${name%.xml}
name=${name#examples/}
[ -f "examples/$name.xml" ] || { echo "example.sh: no deck examples/$name.xml" >&2; exit 2; }
scripts/build.sh release mbsolve lugre_friction   # only what the examples need
mkdir -p out
MBSOLVE_USERSUB_PATH="$(pwd)/build/release/examples/usersub${MBSOLVE_USERSUB_PATH:+:$MBSOLVE_USERSUB_PATH}" \
  build/release/tools/mbsolve/mbsolve "examples/$name.xml" -o "out/$name"
echo "example: results in $(pwd)/out/$name.csv (summary out/$name.json, log out/$name.log)"
