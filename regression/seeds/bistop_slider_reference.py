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
t = 5 s, through one contact with each bumper.  BISTOP is only piecewise smooth: the force is
merely continuous where the max/min clamp starts (the damper would pull) and has jumps in a
higher derivative on entering a bumper (k p^2.1) and at the end of the damping ramp (p = d).
A fixed step straddling such a point would make RK4 first order there, so a step across a
switching point is redone as two halves, recursively down to h / 4096 (see advance()); every
other step has the fixed size h.

Convergence is shown by halving the step: the script integrates with h = 5e-5 s (260 steps per
period of the stiffest contact oscillation, 2 pi / sqrt(dF/dx) = 13 ms), h/2 and h/4, prints the
max change from h to h/2 and from h/2 to h/4 on stderr (measured: x 1.5e-8 then 2.8e-10 m, x'
3.2e-6 then 4.3e-8 m/s, force 9.9e-4 then 1.3e-5 N, ratios 50-75, i.e. fourth order), stops
with an error unless the change shrinks and the last one is below a tenth of the regression
tolerances (bistop_slider.tol), and writes the h/4 solution, whose error is below the last
change. (Much smaller steps gain nothing: over 10^6 steps the round-off of the sums reaches
about 1e-10 m.)

Output rows every 1 ms (the deck's print_interval). Columns named like mbsolve's result CSV:
body30102.x, body30102.vx and req1.f3 (the bumper force on the slider, VFORCE(30101, 0, 2)).
Usage: bistop_slider_reference.py > bistop_slider_reference.csv
"""
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


def regime(x, v):
    """Which smooth piece of BISTOP (x, v) is on: the force is only continuous, or only once
    differentiable, where this changes (entering or leaving a bumper, the end of the damping
    ramp at penetration d, the max/min clamp)."""
    if x < x1:
        p = x1 - x
        clamped = k * p**e - step(x, x1 - d, cmax, x1, 0.0) * v <= 0.0
        return ("lower", p < d, clamped)
    if x > x2:
        p = x - x2
        clamped = -k * p**e - step(x, x2, 0.0, x2 + d, cmax) * v >= 0.0
        return ("upper", p < d, clamped)
    return ("free", False, False)


def rk4_step(x, v, h):
    k1x, k1v = v, accel(x, v)
    k2x, k2v = v + 0.5 * h * k1v, accel(x + 0.5 * h * k1x, v + 0.5 * h * k1v)
    k3x, k3v = v + 0.5 * h * k2v, accel(x + 0.5 * h * k2x, v + 0.5 * h * k2v)
    k4x, k4v = v + h * k3v, accel(x + h * k3x, v + h * k3v)
    return (x + h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x),
            v + h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v))


def advance(x, v, h, depth=0):
    """One RK4 step of size h. A step across a switching point of BISTOP is redone as two half
    steps, recursively down to h / 2^12: RK4 keeps its order on the smooth pieces and the step
    holding the kink is so short that its error (of order h^2 times the jump in the force's
    derivative) is negligible. Without this, halving the step only halved the velocity error
    (measured), because a step lands on a kink at a random point."""
    xn, vn = rk4_step(x, v, h)
    if depth < 12 and regime(x, v) != regime(xn, vn):
        xm, vm = advance(x, v, h / 2.0, depth + 1)
        return advance(xm, vm, h / 2.0, depth + 1)
    return xn, vn


def integrate(h):
    """RK4 with step h; returns the rows (t, x, v, force) at every multiple of out_dt."""
    per_out = int(round(out_dt / h))
    n_out = int(round(end / out_dt))
    x, v = x0, v0
    rows = [(0.0, x, v, bistop(x, v))]
    for i in range(1, n_out + 1):
        for _ in range(per_out):
            x, v = advance(x, v, h)
        rows.append((i * out_dt, x, v, bistop(x, v)))
    return rows


def max_diff(a, b, col):
    return max(abs(p[col] - q[col]) for p, q in zip(a, b))


h = 5.0e-5
runs = [integrate(h), integrate(h / 2.0), integrate(h / 4.0)]
names = ("x [m]", "vx [m/s]", "force [N]")
limits = {1: 5e-9, 2: 1e-6, 3: 3e-4}  # a tenth of bistop_slider.tol
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

print("# RK4 (h = 1.25e-5 s, converged: see the script) of m x'' = BISTOP(x, x', ...) for "
      "examples/bistop_slider.xml (regression/seeds/bistop_slider_reference.py)")
print("time,body30102.x,body30102.vx,req1.f3")
for t, x, v, f in runs[2]:
    print(f"{t:.17g},{x:.17g},{v:.17g},{f:.17g}")
