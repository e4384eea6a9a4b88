#!/usr/bin/env python3
"""End-to-end check of examples/lugre_pendulum.xml (LuGre joint friction through YFOSUB and an
ARYSUB that reads the joint reaction with c_sysfnc("JOINT")).

Oracle: an independent fixed-step RK4 integration, written here, of the same pendulum with the
same LuGre law (examples/usersub/lugre_friction.c's header): states phi (AZ of the pin, about +Y),
omega, and the radial and axial bristle states. The friction torque depends on the reaction
force, which depends on the angular acceleration, so each derivative evaluation solves that
small implicit equation by fixed-point iteration (friction from reactions is solved, not lagged).

Claims checked:
  1. mbsolve follows the oracle (angle within 2e-3 rad over the run);
  2. the frictionless twin keeps its amplitude (energy), the friction run loses amplitude;
  3. with ten times the friction coefficients the pendulum comes to rest within 9 s (oracle and
     mbsolve);
  4. in zero gravity with an initial spin the only normal load is the centripetal reaction: the
     spin decays as the oracle says (it would not decay at all if the reaction were not read).

Usage: lugre_pendulum_test.py MBSOLVE EXAMPLES_DIR USERSUB_LIB_DIR WORK_DIR
"""
import math
import os
import subprocess
import sys

# The deck's values (examples/lugre_pendulum.xml): N, kg, mm, s.
M = 1.0  # kg
L = 100.0  # mm, pin to CM
I_CM = 1.0  # kg mm^2 about the pin axis
UCF = 1000.0  # N = 1000 kg mm / s^2
SEED_PARAMS = [1001, 100.0, 0.31625, 0.0004, 1.0, 5.0, 1.5, 1.25, 0.5, 0.3, 0.0]


def user_string(p):
    return "USER(" + ", ".join(repr(float(v)) for v in p) + ")"


def bristle_rate(z, v, sigma0, vs, mus, mud):
    g = (mud + (mus - mud) * math.exp(-(v / vs) ** 2)) / sigma0
    return v - abs(v) * z / g


def derivatives(s, p, grav):
    """d/dt (phi, omega, zr, za) of the LuGre pendulum (phi = rotation about +Y from the
    horizontal start, CM at L (cos phi, 0, -sin phi))."""
    phi, w, zr, za = s
    sigma0, sigma1, sigma2, vs, rb, rp, rf, mus, mud, preload = p[1:11]
    m_eff = M / UCF
    i_pin = (I_CM + M * L * L) / UCF
    vr, va = w * rp, w * rf
    zr_dot = bristle_rate(zr, vr, sigma0, vs, mus, mud)
    za_dot = bristle_rate(za, va, sigma0, vs, mus, mud)
    mu_r = sigma0 * zr + sigma1 * zr_dot + sigma2 * vr
    mu_a = sigma0 * za + sigma1 * za_dot + sigma2 * va
    sp, cp = math.sin(phi), math.cos(phi)
    alpha = 0.0
    for _ in range(8):
        # Reaction of the pin on the bob: m (a_cm - g), all in the XZ plane (no axial part).
        ax = L * alpha * (-sp) + L * w * w * (-cp)
        az = L * alpha * (-cp) + L * w * w * sp
        fr = m_eff * math.hypot(ax, az + grav)
        torque = -((fr + preload) * rp * mu_r + 0.0 * rf * mu_a)
        alpha = (m_eff * grav * L * cp + torque) / i_pin
    return [w, alpha, zr_dot, za_dot]


def rk4(p, grav, omega0, times, h=2e-4):
    """The state (phi, omega, zr, za) at each of `times`."""
    s = [0.0, omega0, 0.0, 0.0]
    t, out = 0.0, []

    def add(a, b, c):
        return [x + c * y for x, y in zip(a, b)]

    for target in times:
        while t < target - 1e-12:
            dt = min(h, target - t)
            k1 = derivatives(s, p, grav)
            k2 = derivatives(add(s, k1, 0.5 * dt), p, grav)
            k3 = derivatives(add(s, k2, 0.5 * dt), p, grav)
            k4 = derivatives(add(s, k3, dt), p, grav)
            s = [x + dt / 6 * (a + 2 * b + 2 * c + d) for x, a, b, c, d in zip(s, k1, k2, k3, k4)]
            t += dt
        out.append(list(s))
    return out


def run(mbsolve, deck, prefix, libdir, sets):
    cmd = [mbsolve, deck, "-o", prefix, "-q"]
    for s in sets:
        cmd += ["--set", s]
    env = dict(os.environ, MBSOLVE_USERSUB_PATH=libdir)
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"FAIL {' '.join(cmd)}: exit {r.returncode}\n{r.stderr}")
    rows = [l for l in open(prefix + ".csv") if not l.startswith("#")]
    header = rows[0].strip().split(",")
    data = [[float(x) for x in l.split(",")] for l in rows[1:]]
    return {name: [row[k] for row in data] for k, name in enumerate(header)}


fails = 0


def check(ok, what):
    global fails
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        fails += 1


def main():
    mbsolve, examples, libdir, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    deck = os.path.join(examples, "lugre_pendulum.xml")
    twin = os.path.join(examples, "lugre_pendulum_frictionless.xml")
    end = "Simulate.end_time=3"

    # 1, 2: the seed's parameters against the oracle; the frictionless twin.
    fric = run(mbsolve, deck, os.path.join(work, "fric"), libdir, [end])
    free = run(mbsolve, twin, os.path.join(work, "free"), libdir, [end])
    ref = rk4(SEED_PARAMS, 9810.0, 0.0, fric["time"])
    err = max(abs(a - r[0]) for a, r in zip(fric["req1.f1"], ref))
    check(err < 2e-3, f"friction run follows the RK4 oracle (largest angle error {err:.2e} rad)")
    # Amplitude: the largest swing past the bottom (phi = pi/2) in the last second.
    last = [k for k, t in enumerate(fric["time"]) if t > 2.0]
    amp_fric = max(abs(fric["req1.f1"][k] - math.pi / 2) for k in last)
    amp_free = max(abs(free["req1.f1"][k] - math.pi / 2) for k in last)
    amp_ref = max(abs(ref[k][0] - math.pi / 2) for k in last)
    check(abs(amp_free - math.pi / 2) < 1e-3,
          f"frictionless twin keeps its amplitude ({amp_free:.5f} rad, released at pi/2)")
    check(amp_fric < amp_free - 0.03 and abs(amp_fric - amp_ref) < 2e-3,
          f"friction loses amplitude: {amp_fric:.4f} rad after 2 s (oracle {amp_ref:.4f})")

    # 3: ten times the friction coefficients: the pendulum stops within 9 s.
    strong = list(SEED_PARAMS)
    strong[8], strong[9] = 5.0, 3.0
    sets = [f"Force_StateEqn[301001].usrsub_param_string={user_string(strong)}",
            "Simulate.end_time=10"]
    stop = run(mbsolve, deck, os.path.join(work, "stop"), libdir, sets)
    ref_stop = rk4(strong, 9810.0, 0.0, stop["time"])
    tail = [k for k, t in enumerate(stop["time"]) if t > 9.0]
    w_tail = max(abs(stop["req1.f2"][k]) for k in tail)
    w_ref = max(abs(ref_stop[k][1]) for k in tail)
    check(w_tail < 0.05 and w_ref < 0.05,
          f"strong friction brings it to rest (|omega| <= {w_tail:.2e} rad/s over 9..10 s, "
          f"oracle {w_ref:.2e})")
    err = max(abs(a - r[0]) for a, r in zip(stop["req1.f1"], ref_stop))
    check(err < 5e-3, f"strong friction follows the oracle (largest angle error {err:.2e} rad)")

    # 4: zero gravity, initial spin: the centripetal reaction alone loads the pin.
    sets = ["Force_Gravity.grav_z=0", "Simulate.end_time=2",
            "Body_Rigid[30102].w_ic_y=10", "Body_Rigid[30102].v_ic_z=-1000"]
    spin = run(mbsolve, deck, os.path.join(work, "spin"), libdir, sets)
    ref_spin = rk4(SEED_PARAMS, 0.0, 10.0, spin["time"])
    w_end, w_ref_end = spin["req1.f2"][-1], ref_spin[-1][1]
    check(w_end < 9.5 and abs(w_end - w_ref_end) < 1e-2,
          f"zero-g spin decays through the centripetal reaction: omega(2) = {w_end:.4f} "
          f"(oracle {w_ref_end:.4f}, started at 10)")
    # The ODE form (CVODE) cannot solve reactions that depend on the friction: refused clearly.
    env = dict(os.environ, MBSOLVE_USERSUB_PATH=libdir)
    r = subprocess.run([mbsolve, deck, "-o", os.path.join(work, "ode"), "-q", "--set", end,
                        "--set", "Param_Transient.integrator_type=VSTIFF"],
                       env=env, capture_output=True, text=True)
    check(r.returncode == 1 and "Force_StateEqn 301001" in r.stderr and "VSTIFF" in r.stderr,
          f"VSTIFF is refused (exit {r.returncode}): {r.stderr.strip()[:160]}")
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
