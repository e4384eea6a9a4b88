#!/usr/bin/env bash
# mbsolve --animation writes a glTF 2.0 file whose node animation equals the CSV of the same run
# at every output time (tests/tools/animation_gltf_test.py, standard-library Python): a pendulum
# (examples/pendulum.xml, one body), the same pendulum in milliseconds (the glTF's times are in
# seconds all the same) and the IFToMM A02 N-four-bar (81 bodies, 2 s).
# Usage: animation_gltf_test.sh MBSOLVE SOURCE_DIR [OUT_DIR]
set -uo pipefail
bin=$1
src=$2
out=${3:-$(mktemp -d)}
mkdir -p "$out"
status=0
sed -e 's/time_unit="SECOND"/time_unit="MILLISECOND"/; s/grav_y="-9.80665"/grav_y="-9.80665e-6"/' \
  -e 's/print_interval="0.01"/print_interval="10"/' "$src/examples/pendulum.xml" \
  >"$out/pendulum_ms.xml"
grep -q 'time_unit="MILLISECOND"' "$out/pendulum_ms.xml" || { echo "FAIL: no ms deck"; exit 1; }
for deck in examples/pendulum.xml "$out/pendulum_ms.xml" regression/iftomm/a02_nfourbar.xml; do
  name=$(basename "$deck" .xml)
  path=$deck
  [ -f "$path" ] || path=$src/$deck
  end=2
  [ "$name" = pendulum_ms ] && end=2000
  if ! "$bin" "$path" -o "$out/" --animation "$out/$name.gltf" -q \
    --set Simulate.end_time=$end 2>"$out/$name.err"; then
    echo "FAIL: mbsolve $deck: $(cat "$out/$name.err")"
    status=1
    continue
  fi
  echo -n "$name: "
  python3 "$(dirname "$0")/animation_gltf_test.py" "$out/$name.gltf" "$out/$name.csv" || status=1
done
exit $status
