#!/usr/bin/env bash
# Usage: contact_animation_test.sh MBSOLVE
# mbsolve --animation draws a CONTACT's force as an arrow node "contact1": a ball (m = 2,
# R = 0.1, at x = 0.3, y = -0.2) dropped 5 cm onto the ground plane (IMPACT, linear spring
# k = 1e6) comes to rest. In flight the arrow is hidden (scale 0); at rest (t = 1.5) its tip is
# the centre of pressure, midway between the sphere's lowest point and the plane, so
# (0.3, -0.2, -d / 2) with d = m g / k; it points up (+z, into the ball from below) and is m g
# long in force units (length / force_to_length).
set -euo pipefail
mbsolve=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cat >"$work/rest.adm" <<'ADM'
ball settling on a plane
UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=2, CM=20, IP=0.008, 0.008, 0.008
MARKER/20, PART=2, QP=0.3, -0.2, 0.15
GRAPHICS/1, ELLIPSOID, CM=20, XSCALE=0.2, YSCALE=0.2, ZSCALE=0.2
GRAPHICS/2, PLANE, RM=10
CONTACT/1, IGEOM=1, JGEOM=2, IMPACT, STIFFNESS=1E6, EXPONENT=1, DAMPING=2E3, DMAX=1E-4
ACCGRAV/KGRAV=-9.81
INTEGRATOR/GSTIFF, ERROR=1E-9, HMAX=1E-3
END
ADM
printf 'rest.adm\nrest\nSIMULATE/DYNAMIC, END=1.5, STEPS=30\nSTOP\n' >"$work/rest.acf"
status=0
err=$(cd "$work" && "$mbsolve" rest.acf --animation rest.gltf 2>&1) || status=$?
[ "$status" -eq 0 ] || fail "exit status $status, expected 0: $err"
grep -q "1 contact force arrows" <<<"$err" || fail "no arrow reported: $err"
python3 - "$work" <<'PY' || fail "the contact arrow is wrong"
import base64, json, struct, sys
work = sys.argv[1]
g = json.load(open(f"{work}/rest.gltf"))
data = base64.b64decode(g["buffers"][0]["uri"].split(",", 1)[1])

def accessor(i):
    a = g["accessors"][i]
    v = g["bufferViews"][a["bufferView"]]
    width = {"SCALAR": 1, "VEC3": 3, "VEC4": 4}[a["type"]]
    flat = struct.unpack_from(f"<{a['count'] * width}f", data, v.get("byteOffset", 0))
    return [flat[k:k + width] for k in range(0, len(flat), width)]

node = next(k for k, n in enumerate(g["nodes"]) if n["name"] == "contact1")
extras = g["nodes"][node]["extras"]
assert extras["contact"] == "CONTACT 1", extras
f2l = extras["force_to_length"]
assert f2l > 0, extras
anim = g["animations"][0]
tracks = {}
for ch in anim["channels"]:
    if ch["target"]["node"] == node:
        s = anim["samplers"][ch["sampler"]]
        tracks[ch["target"]["path"]] = ([t[0] for t in accessor(s["input"])],
                                        accessor(s["output"]))
times, tr = tracks["translation"]
_, rot = tracks["rotation"]
_, scale = tracks["scale"]
assert len(times) == 31, len(times)
m, gz, k = 2.0, 9.81, 1e6
# t = 0 and t = 0.05: in flight (touch-down at sqrt(2 0.05 / g) = 0.101 s): hidden.
for i in (0, 1):
    assert scale[i] == (0.0, 0.0, 0.0), (times[i], scale[i])
# At rest, t = 1.5.
i = len(times) - 1
assert abs(times[i] - 1.5) < 1e-6, times[i]
d = m * gz / k
x, y, z = tr[i]
assert abs(x - 0.3) < 1e-6 and abs(y + 0.2) < 1e-6, tr[i]
assert abs(z + d / 2) < 1e-8, (z, -d / 2)
assert max(abs(q - w) for q, w in zip(rot[i], (0, 0, 0, 1))) < 1e-6, rot[i]
force = scale[i][2] / f2l
assert abs(force - m * gz) < 1e-5 * m * gz, (force, m * gz)
assert scale[i][0] > 0 and scale[i][0] == scale[i][1], scale[i]
print(f"arrow at rest: tip ({x:.7g}, {y:.7g}, {z:.4g}) vs (0.3, -0.2, {-d / 2:.4g}), "
      f"force {force:.7g} N vs m g {m * gz:.7g} N")
PY
