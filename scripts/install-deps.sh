#!/usr/bin/env bash
# Installs every Debian 12 package mbsolve needs to build, test and run. Idempotent: packages
# that are already present are not reinstalled, and apt is only asked when something is missing.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git ccache
  clang clang-format libclang-rt-14-dev
  libtinyxml2-dev libeigen3-dev libsundials-dev libsuitesparse-dev
  libfmt-dev catch2 libcli11-dev nlohmann-json3-dev
  libmuparser-dev libhdf5-dev python3-h5py
  gnuplot-nox
  universal-ctags python3
  python3-matplotlib python3-dev python3-pandas
  libsimbody-dev libfcl-dev
  chromium
)
# python3-dev: CPython, embedded for interpreter="PYTHON" user scripts (usersub/python_script.hpp).
# python3-pandas (with numpy): the CSV reader test (tests/tools/csv_readers_test.sh).
# libhdf5-dev: mbsolve --format hdf5 and its reader; python3-h5py: the test that reads the file
# back without our code (tests/tools/hdf5_results_test.sh).
# libsimbody-dev: the Simbody comparisons (tests/simbody, bench/chain). chromium: the browser
# tests, which render the mbcompare report (tests/compare/report_browser_test.sh) and the mbsolve
# quick look (tests/tools/quick_look_browser_test.sh) headless.
# libfcl-dev: the Flexible Collision Library, 3-D contact with meshes and between shapes without a
# closed form (models/mesh_collision.hpp).
# universal-ctags: function extents for scripts/check-house.py (the house rules of the code).

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
