#!/usr/bin/env bash
# README command 1: install what is missing, build (Release), run mbsolve on the bundled
# pendulum and say where the results went.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh release
mkdir -p out
build/release/tools/mbsolve/mbsolve examples/pendulum.xml -o out/pendulum
echo "example: results in $(pwd)/out/pendulum.csv (summary out/pendulum.json, log out/pendulum.log)"
