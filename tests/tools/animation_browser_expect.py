#!/usr/bin/env python3
"""Where the animation viewer must draw a body, for tests/tools/animation_browser_test.sh.

Usage: animation_browser_expect.py NAME RESULT.csv T|GEOMETRY|CENTROID ...
  NAME      pendulum: the pose of body30102 from the CSV row at T;
            slider_crank: the slider's centre from the closed-form kinematics (crank r = 0.1 m
            turning 2 pi t, rod L = 0.3 m: x = r cos(2 pi t) + sqrt(L^2 - r^2 sin^2(2 pi t)),
            y = 0), which the CSV's body4 must also match to 1e-6 m;
  GEOMETRY  the canvas' page left and top, px per metre, origin x and y, view, time drawn,
            device pixel ratio (the viewer's data attributes);
  CENTROID  x, y and count of the body's colour in the screenshot (png_pixels.py).
Each centroid must be within 3 px of the expected pixel; the body must have moved between the
two times by the expected displacement within 3 px (and by 50 px at least).
"""
import math
import sys


def main(name, csv_path, shots):
    lines = open(csv_path).read().splitlines()
    names = lines[5].split(",")
    rows = [[float(x) for x in l.split(",")] for l in lines[6:] if l]
    body = {"pendulum": "body30102", "slider_crank": "body4"}[name]
    ix, iy = names.index(body + ".x"), names.index(body + ".y")
    seen, wanted = [], []
    for arg in shots:
        t, geometry, centroid = arg.split("|")
        left, top, scale, ox, oy, view, drawn, dpr = geometry.split()
        cx, cy, n = centroid.split()
        row = min(rows, key=lambda r: abs(r[0] - float(t)))
        assert abs(row[0] - float(t)) < 1e-9, f"no CSV row at t={t}"
        assert view == "xy" and abs(float(drawn) - float(t)) < 1e-12 and float(dpr) == 1, geometry
        if name == "slider_crank":
            a = 2 * math.pi * float(t)
            x, y = 0.1 * math.cos(a) + math.sqrt(0.09 - 0.01 * math.sin(a) ** 2), 0.0
            off = math.hypot(row[ix] - x, row[iy] - y)
            if off > 1e-6:
                sys.exit(f"FAIL: the CSV's slider is {off:.3g} m from the closed form at t={t}")
        else:
            x, y = row[ix], row[iy]
        want_x = float(left) + float(ox) + float(scale) * x
        want_y = float(top) + float(oy) - float(scale) * y
        err = math.hypot(float(cx) - want_x, float(cy) - want_y)
        print(f"{name} t={t}: {body} at ({x:.4f}, {y:.4f}) m -> expected pixel ({want_x:.1f}, "
              f"{want_y:.1f}); colour centroid ({cx}, {cy}) of {n} px; off by {err:.2f} px")
        if err > 3:
            sys.exit(f"FAIL: {name}: the body is drawn {err:.1f} px from where it must be at t={t}")
        seen.append((float(cx), float(cy)))
        wanted.append((want_x, want_y))
    moved = math.hypot(seen[1][0] - seen[0][0], seen[1][1] - seen[0][1])
    off = math.hypot((seen[1][0] - seen[0][0]) - (wanted[1][0] - wanted[0][0]),
                     (seen[1][1] - seen[0][1]) - (wanted[1][1] - wanted[0][1]))
    print(f"{name}: moved {moved:.1f} px between the two times, {off:.2f} px from the expected "
          f"displacement")
    if moved < 50 or off > 3:
        sys.exit(f"FAIL: {name}: moved {moved:.1f} px, {off:.1f} px off the expected displacement")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
