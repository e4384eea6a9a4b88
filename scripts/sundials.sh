#!/usr/bin/env bash
# Prints the install prefix of an optimised SUNDIALS, building it once if it is not cached.
#
# Debian 12's SUNDIALS libraries are built without optimisation and with 64-bit indices; the same
# version built with -O3 cuts mbsolve's CPU time by about 30 % with IDA, and 32-bit indices make
# KLU stream about a quarter less memory per solve (issue #21). This script builds the very
# source Debian ships (`apt-get source sundials` at the installed libsundials-dev version, from
# the Debian package registry; nothing else is downloaded) with -O3 and 32-bit indices, static,
# with KLU, into ${MBSOLVE_CACHE:-~/.cache/mbsolve}/sundials-<version>-o3-i32, and reuses it on
# later runs (CI on the same machine included).
#
# Prints nothing and exits 0 when the build is not possible (no deb-src access, a failed
# build, MBSOLVE_SYSTEM_SUNDIALS=1): CMake then finds Debian's libraries as before.
set -euo pipefail

[ "${MBSOLVE_SYSTEM_SUNDIALS:-0}" = 1 ] && exit 0

log() { echo "sundials.sh: $*" >&2; }

version=$(dpkg-query -W -f='${Version}' libsundials-dev 2>/dev/null || true)
[ -n "$version" ] || { log "libsundials-dev is not installed; using the system libraries"; exit 0; }
cache=${MBSOLVE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mbsolve}
prefix="$cache/sundials-${version//[^A-Za-z0-9.+-]/_}-o3-i32"
if [ -f "$prefix/.complete" ]; then
  echo "$prefix"
  exit 0
fi

build() {
  local work
  work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
  # The source package comes from Debian's registry: enable deb-src for the distribution's own
  # suites when no source entry exists yet.
  if ! apt-get source --print-uris -qq "sundials=$version" >/dev/null 2>&1; then
    local sudo_cmd=()
    [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
    printf '%s\n' 'Types: deb-src' 'URIs: http://deb.debian.org/debian' \
      "Suites: $(. /etc/os-release && echo "$VERSION_CODENAME")" 'Components: main' \
      'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' |
      "${sudo_cmd[@]}" tee /etc/apt/sources.list.d/mbsolve-deb-src.sources >/dev/null
    "${sudo_cmd[@]}" apt-get update -qq
  fi
  (cd "$work" && apt-get source --download-only -qq "sundials=$version" >/dev/null 2>&1)
  dpkg-source -x "$work"/sundials_*.dsc "$work/src" >/dev/null 2>&1
  cmake -S "$work/src" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_FLAGS_RELEASE="-O3 -DNDEBUG" -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DCMAKE_POSITION_INDEPENDENT_CODE=ON -DBUILD_SHARED_LIBS=OFF -DBUILD_STATIC_LIBS=ON \
    -DSUNDIALS_INDEX_SIZE=32 -DENABLE_KLU=ON -DKLU_INCLUDE_DIR=/usr/include/suitesparse \
    -DKLU_LIBRARY_DIR="/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)" \
    -DBUILD_ARKODE=ON -DBUILD_CVODE=ON -DBUILD_CVODES=OFF -DBUILD_IDA=ON -DBUILD_IDAS=OFF \
    -DBUILD_KINSOL=ON -DEXAMPLES_ENABLE_C=OFF -DEXAMPLES_ENABLE_CXX=OFF -DEXAMPLES_INSTALL=OFF \
    -DBUILD_FORTRAN_MODULE_INTERFACE=OFF >/dev/null
  cmake --build "$work/build" >/dev/null
  rm -rf "$prefix"
  cmake --install "$work/build" >/dev/null 2>&1
  touch "$prefix/.complete"
}

log "building SUNDIALS $version with -O3 and 32-bit indices into $prefix (once)"
if (build); then
  echo "$prefix"
else
  log "the optimised build failed; using Debian's SUNDIALS libraries"
fi
