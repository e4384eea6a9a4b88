#!/usr/bin/python3
"""Writes bistop_slider_reference.csv: the motion of the slider of examples/bistop_slider.xml.

Independent oracle, written from the MotionSolve definition of BISTOP (not from mbsolve's code):

  BISTOP(x, x', x1, x2, k, e, cmax, d) =
      max(k (x1 - x)^e - STEP(x, x1 - d, cmax, x1, 0) x', 0)    if x < x1
      0                                                          if x1 <= x <= x2
      min(-k (x - x2)^e - STEP(x, x2, 0, x2 + d, cmax) x', 0)    if x > x2

  STEP(x, a0, h0, a1, h1) = h0 for x <= a0, h1 for x >= a1, else h0 + (h1 - h0) s^2 (3 - 2 s)
  with s = (x - a0) / (a1 - a0).

The slider (mass m) slides along the global x axis in a translational joint (gravity acts across
the joint and does no work), so its motion is the scalar ODE  m x'' = BISTOP(x, x', ...).  It is
integrated by the classical fixed-step Runge-Kutta method (RK4) from x(0) = 5, x'(0) = 4 to
t = 5 s, through one contact with each bumper.  Convergence is shown by halving the step: the
script integrates with h = 5e-6 s (2600 steps per period of the stiffest contact oscillation,
2 pi / sqrt(dF/dx) = 13 ms), h/2 and h/4, requires the change from h/2 to h/4 to be smaller than
the change from h to h/2 and far below the regression tolerances (bistop_slider.tol), prints
both changes on stderr, and writes the h/4 solution, whose error is below the h/2 to h/4
change. (RK4 converges as h^4 in free flight; inside a contact the force k p^2.1 has an
unbounded third derivative at p = 0 and the max(..., 0) clamp makes it only continuous where
the damper would start to pull, which lowers the order locally: measured about 3.6.)

Output rows every 1 ms (the deck's print_interval). Columns named like mbsolve's result CSV:
body30102.x, body30102.vx and req1.f3 (the bumper force on the slider, VFORCE(30101, 0, 2)).
Usage: bistop_slider_reference.py > bistop_slider_reference.csv
"""
import math
import sys

# The deck's numbers (examples/bistop_slider.xml).
m = 1.0
x1, x2, k, e, cmax, d = 0.5, 9.5, 1.0e7, 2.1, 1.0, 0.001
x0, v0 = 5.0, 4.0
end, out_dt = 5.0, 1.0e-3


def step(x, a0, h0, a1, h1):
    if x <= a0:
        return h0
    if x >= a1:
        return h1
    s = (x - a0) / (a1 - a0)
    return h0 + (h1 - h0) * s * s * (3.0 - 2.0 * s)


def bistop(x, v):
    if x < x1:
        return max(k * (x1 - x) ** e - step(x, x1 - d, cmax, x1, 0.0) * v, 0.0)
    if x > x2:
        return min(-k * (x - x2) ** e - step(x, x2, 0.0, x2 + d, cmax) * v, 0.0)
    return 0.0


def accel(x, v):
    return bistop(x, v) / m


def integrate(h):
    """RK4 with step h; returns the rows (t, x, v, force) at every multiple of out_dt."""
    per_out = int(round(out_dt / h))
    n_out = int(round(end / out_dt))
    x, v = x0, v0
    rows = [(0.0, x, v, bistop(x, v))]
    for i in range(1, n_out + 1):
        for _ in range(per_out):
            k1x, k1v = v, accel(x, v)
            k2x, k2v = v + 0.5 * h * k1v, accel(x + 0.5 * h * k1x, v + 0.5 * h * k1v)
            k3x, k3v = v + 0.5 * h * k2v, accel(x + 0.5 * h * k2x, v + 0.5 * h * k2v)
            k4x, k4v = v + h * k3v, accel(x + h * k3x, v + h * k3v)
            x += h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x)
            v += h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v)
        rows.append((i * out_dt, x, v, bistop(x, v)))
    return rows


def max_diff(a, b, col):
    return max(abs(p[col] - q[col]) for p, q in zip(a, b))


h = 5.0e-6
runs = [integrate(h), integrate(h / 2.0), integrate(h / 4.0)]
names = ("x [m]", "vx [m/s]", "force [N]")
limits = {1: 1e-8, 2: 1e-6, 3: 1e-3}
for col, name in zip((1, 2, 3), names):
    d1, d2 = max_diff(runs[0], runs[1], col), max_diff(runs[1], runs[2], col)
    print(f"{name}: |h - h/2| = {d1:.3g}, |h/2 - h/4| = {d2:.3g}", file=sys.stderr)
    if not d2 < d1:
        sys.exit(f"no convergence in {name} when the step is halved")
    if d2 > limits[col]:
        sys.exit(f"{name}: step not small enough ({d2:.3g} > {limits[col]})")
# Both bumpers must be hit (the case exists to exercise both branches of BISTOP).
forces = [r[3] for r in runs[2]]
if not (max(forces) > 100.0 and min(forces) < -100.0):
    sys.exit("the slider does not hit both bumpers")

print("# RK4 (h = 1.25e-6 s, converged: see the script) of m x'' = BISTOP(x, x', ...) for "
      "examples/bistop_slider.xml (regression/seeds/bistop_slider_reference.py)")
print("time,body30102.x,body30102.vx,req1.f3")
for t, x, v, f in runs[2]:
    print(f"{t:.17g},{x:.17g},{v:.17g},{f:.17g}")
