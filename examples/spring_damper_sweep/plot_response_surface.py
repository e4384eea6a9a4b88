#!/usr/bin/env python3
"""Plots a response surface from an mbsweep summary CSV.

    plot_response_surface.py SUMMARY.csv --x COLUMN --y COLUMN --z COLUMN [-o OUT.png]
                             [--logx] [--logy] [--title TEXT]

Uses the rows with status "ok" and a value in every chosen column; draws filled contours of z
over (x, y) (triangulated, so any design works: a full factorial grid or a Latin hypercube) with
the design points on top. Needs python3 and python3-matplotlib (Debian); renders with the Agg
backend, no display required.
"""
import argparse
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend)
import matplotlib.tri as mtri  # noqa: E402


def read_points(path, xcol, ycol, zcol):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        sys.exit(f"{path}: no cases")
    for col in (xcol, ycol, zcol):
        if col not in rows[0]:
            sys.exit(f"{path}: no column '{col}' (columns: {', '.join(rows[0].keys())})")
    xs, ys, zs = [], [], []
    for r in rows:
        if r.get("status") != "ok" or not r[zcol]:
            continue
        xs.append(float(r[xcol]))
        ys.append(float(r[ycol]))
        zs.append(float(r[zcol]))
    if len(xs) < 3:
        sys.exit(f"{path}: fewer than 3 ok cases with a value of '{zcol}'")
    return xs, ys, zs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("summary")
    ap.add_argument("--x", required=True)
    ap.add_argument("--y", required=True)
    ap.add_argument("--z", required=True)
    ap.add_argument("-o", "--output", default="response_surface.png")
    ap.add_argument("--logx", action="store_true")
    ap.add_argument("--logy", action="store_true")
    ap.add_argument("--title", default="")
    a = ap.parse_args()

    xs, ys, zs = read_points(a.summary, a.x, a.y, a.z)
    import math

    # Triangulate in the plotted coordinates so that log axes get even triangles.
    tx = [math.log10(v) for v in xs] if a.logx else xs
    ty = [math.log10(v) for v in ys] if a.logy else ys
    tri = mtri.Triangulation(tx, ty)
    fig, ax = plt.subplots(figsize=(7, 5), dpi=110)
    filled = ax.tricontourf(tri, zs, levels=14, cmap="viridis")
    ax.tricontour(tri, zs, levels=14, colors="k", linewidths=0.4, alpha=0.5)
    ax.plot(tx, ty, "o", ms=2.5, color="white", mec="k", mew=0.4)
    fig.colorbar(filled, ax=ax, label=a.z)
    ax.set_xlabel(("log10 " if a.logx else "") + a.x)
    ax.set_ylabel(("log10 " if a.logy else "") + a.y)
    ax.set_title(a.title or f"{a.z} ({len(zs)} cases)")
    fig.tight_layout()
    fig.savefig(a.output)
    print(f"wrote {a.output}")


if __name__ == "__main__":
    main()
