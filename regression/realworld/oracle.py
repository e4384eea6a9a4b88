#!/usr/bin/env python3
"""Independent oracles for real Adams datasets (run_case.sh): closed forms of the models,
written from the datasets' numbers, checked against mbsolve's CSV.

  oracle.py oscillator CSV    docker_test: PART/2 (805.4306516 lbm) hangs on SFORCE/1,
      F = -100*(DM-17.7165354331) - 1.0*VR (lbf, inch), from MARKER/3 on ground 17.7165 inch
      above it, starting at rest at the spring's free length, ACCGRAV JGRAV=-386.0885827 in/s^2.
      The body moves on the vertical through MARKER/3: m y'' = -k y - c y' - m g with
      m = 805.4306516 lbm = 805.4306516/386.0885827 lbf s^2/inch (1 lbf = 1 lbm * 386.0886
      inch/s^2). Closed form of the damped oscillator; checked on body2.y and body2.vy.
  oracle.py slider_crank CSV  bt_spikes: MOTION/1 drives JOINT/1 (ground MARKER/5 is I, crank
      MARKER/6 is J) with 30D*TIME: I turns by +30 deg/s relative to J, so the crank turns by
      -30 deg/s from +Y. The crank's CM (MARKER/11, 3 inch along it) is at
      3*(cos a, sin a) with a = 90 deg - 30 deg/s * t. Checked on body2.x and body2.y.
Exit status: 0 pass, 1 the result differs from the closed form."""
import csv
import math
import sys


def read_csv(path):
    with open(path) as f:
        rows = [r for r in csv.reader(line for line in f if not line.startswith('#'))]
    head = rows[0]
    cols = {name: [float(r[i]) for r in rows[1:]] for i, name in enumerate(head)}
    return cols


def column(cols, name):
    if name not in cols:
        sys.exit(f"oracle: column {name} not in the CSV (has {', '.join(list(cols)[:12])} ...)")
    return cols[name]


def check(name, got, want, tol):
    err = max(abs(g - w) for g, w in zip(got, want))
    ok = err <= tol
    print(f"{'PASS' if ok else 'FAIL'} {name}: max |mbsolve - closed form| = {err:.3g} "
          f"(tolerance {tol:g})")
    return ok


def oscillator(cols):
    g0 = 386.0885827  # inch/s^2 per lbf/lbm
    m = 805.4306516 / g0
    k, c, g = 100.0, 1.0, 386.0885827
    w = math.sqrt(k / m)
    z = c / (2 * m * w)
    wd = w * math.sqrt(1 - z * z)
    ys = -m * g / k  # static deflection below the start
    a = -ys
    b = z * w * a / wd
    t = column(cols, 'time')
    y0 = column(cols, 'body2.y')[0]
    y = [y0 + ys + math.exp(-z * w * s) * (a * math.cos(wd * s) + b * math.sin(wd * s))
         for s in t]
    vy = [math.exp(-z * w * s) * ((-z * w) * (a * math.cos(wd * s) + b * math.sin(wd * s)) +
                                  (-a * wd * math.sin(wd * s) + b * wd * math.cos(wd * s)))
          for s in t]
    ok = check('body2.y (inch)', column(cols, 'body2.y'), y, 1e-3 * abs(ys))
    ok &= check('body2.vy (inch/s)', column(cols, 'body2.vy'), vy, 1e-3 * abs(ys) * w)
    return ok


def slider_crank(cols):
    t = column(cols, 'time')
    ang = [math.pi / 2 - math.radians(30.0) * s for s in t]
    # The deck's own integrator settings (Adams' default ERROR 1e-3) hold the motion to the
    # corrector's tolerance: 1.6e-5 inch measured; 1e-4 inch (3e-5 of the crank) is the limit.
    ok = check('body2.x (inch)', column(cols, 'body2.x'), [3 * math.cos(a) for a in ang], 1e-4)
    ok &= check('body2.y (inch)', column(cols, 'body2.y'), [3 * math.sin(a) for a in ang], 1e-4)
    return ok


if __name__ == '__main__':
    if len(sys.argv) != 3 or sys.argv[1] not in ('oscillator', 'slider_crank'):
        sys.exit(__doc__)
    cols = read_csv(sys.argv[2])
    sys.exit(0 if globals()[sys.argv[1]](cols) else 1)
