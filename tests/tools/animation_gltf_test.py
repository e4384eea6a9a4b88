#!/usr/bin/env python3
"""Checks an mbsolve --animation glTF against the CSV of the same run, reading both with the
standard library only (json, base64, struct): one node per body of the CSV, named bodyN (and a
node "ground" when the ground has graphics); one animation whose translation and rotation
samplers, per node, have the CSV's output times in seconds as input (converted from the CSV's
time unit, its `# column units:` line: s or ms) and the CSV's bodyN.x .y .z (times the file's
length_to_metre) and (e1, e2, e3, e0) as output, each equal to the CSV value rounded to float32 (glTF's single precision); node
defaults at the first row; every quaternion of unit length; accessor bounds where glTF requires
them.

Usage: animation_gltf_test.py FILE.gltf RESULT.csv
"""
import base64
import json
import struct
import sys


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def main(gltf_path, csv_path):
    g = json.load(open(gltf_path))
    assert g["asset"]["version"] == "2.0", "asset.version must be 2.0"
    uri = g["buffers"][0]["uri"]
    prefix = "data:application/octet-stream;base64,"
    assert uri.startswith(prefix), "buffer not embedded as a base64 data URI"
    data = base64.b64decode(uri[len(prefix):])
    assert len(data) == g["buffers"][0]["byteLength"], "buffer byteLength"

    def accessor(i):
        a = g["accessors"][i]
        v = g["bufferViews"][a["bufferView"]]
        width = {"SCALAR": 1, "VEC3": 3, "VEC4": 4}[a["type"]]
        fmt = {5126: "f", 5123: "H", 5125: "I"}[a["componentType"]]
        size = struct.calcsize(fmt)
        off = v.get("byteOffset", 0) + a.get("byteOffset", 0)
        assert off + a["count"] * width * size <= v.get("byteOffset", 0) + v["byteLength"]
        flat = struct.unpack_from(f"<{a['count'] * width}{fmt}", data, off)
        return [flat[k:k + width] for k in range(0, len(flat), width)], a

    lines = open(csv_path).read().splitlines()
    names = lines[5].split(",")
    rows = [[float(x) for x in l.split(",")] for l in lines[6:] if l]
    col = {n: k for k, n in enumerate(names)}
    bodies = sorted({n.split(".")[0] for n in names if n.startswith("body") and n.endswith(".x")})
    scale = g["asset"]["extras"]["length_to_metre"]
    units = next(l for l in lines if l.startswith("# column units:"))
    time_unit = units.split(":", 1)[1].strip().split(",")[0]
    to_second = {"second": 1.0, "s": 1.0, "millisecond": 1e-3, "ms": 1e-3}[time_unit]

    nodes = {n["name"]: k for k, n in enumerate(g["nodes"]) if n["name"] != "ground"}
    assert sorted(nodes) == bodies, f"nodes {sorted(nodes)} != CSV bodies {bodies}"
    assert len(g["animations"]) == 1, "one animation"
    anim = g["animations"][0]
    tracks = {}
    for ch in anim["channels"]:
        s = anim["samplers"][ch["sampler"]]
        assert s.get("interpolation", "LINEAR") == "LINEAR"
        times, tacc = accessor(s["input"])
        assert "min" in tacc and "max" in tacc, "sampler input needs min and max"
        values, _ = accessor(s["output"])
        tracks[(ch["target"]["node"], ch["target"]["path"])] = ([t[0] for t in times], values)

    checked = 0
    for b in bodies:
        k = nodes[b]
        for path, cols, factor in (("translation", [".x", ".y", ".z"], scale),
                                   ("rotation", [".e1", ".e2", ".e3", ".e0"], 1.0)):
            times, values = tracks[(k, path)]
            assert len(times) == len(rows), f"{b} {path}: {len(times)} times, {len(rows)} rows"
            for i, r in enumerate(rows):
                assert times[i] == f32(r[0] * to_second), \
                    f"{b} {path}: time {times[i]} s != {r[0]} {time_unit} (row {i})"
                want = [f32(r[col[b + c]] * factor) if b + c in col else None for c in cols]
                if path == "rotation" and want[0] is None:
                    want = [0.0, 0.0, 0.0, 1.0]  # Body_Point: no rotation
                got = list(values[i])
                assert got == want, f"{b} {path} at t={r[0]}: {got} != CSV {want}"
                if path == "rotation":
                    norm = sum(v * v for v in got) ** 0.5
                    assert abs(norm - 1) < 1e-6, f"{b}: |q| = {norm}"
                checked += 1
            first = g["nodes"][k][path]
            assert [f32(v) for v in first] == list(values[0]), f"{b}: node {path} != first row"
    print(f"{len(bodies)} bodies x {len(rows)} output times ({time_unit}): {checked} "
          f"translations and rotations equal the CSV (float32)")


if __name__ == "__main__":
    try:
        main(sys.argv[1], sys.argv[2])
    except AssertionError as e:
        print(f"FAIL: {e}")
        sys.exit(1)
