#!/usr/bin/python3
"""Writes beam_tip_mass_reference.csv: the closed-form motion of beam_tip_mass.xml.

A rigid tip body (mass m, moment of inertia J about z, CM at the beam's I end) on a massless
Timoshenko cantilever (Force_Beam, Adams BEAM law) clamped to ground along the global x axis;
gravity -g along y; the body starts in the undeformed position with a velocity vy0 and an angular
velocity wz0, so it moves in the xy plane. In that plane the BEAM law is exactly linear (the
angle c = AZ(I, J) is the body's rotation theta about z; DY and c are the coordinates):

  [Fy; Tz] = -K [y; theta] - cratio K [y'; theta'],
  K = [[12 E I / (L^3 (1 + P)), -6 E I / (L^2 (1 + P))],
       [-6 E I / (L^2 (1 + P)),  (4 + P) E I / (L (1 + P))]],   P = 12 E I asy / (G A L^2),

the Timoshenko beam's end stiffness (written here from beam theory; the static check below
confirms it gives the textbook cantilever tip deflection and rotation). The axial coordinate x
is not excited (it stays at L). With M = diag(m, J):

  M q'' + cratio K q' + K q = f,  q = [y, theta],  f = [-m g, 0].

Closed form: the static solution q_s = K^-1 f, then modal superposition. The damping is
proportional (C = cratio K), so the modes of (K, M) (omega_i^2, phi_i, normalised to
phi^T M phi = 1) decouple it into  eta_i'' + 2 zeta_i omega_i eta_i' + omega_i^2 eta_i = 0  with
zeta_i = cratio omega_i / 2, each solved exactly (the cases zeta < 1 and zeta > 1 are handled).

Self-checks (the script stops with an error if one fails):
* static: y_s = -m g (L^3 / (3 E I) + L asy / (G A)), theta_s = -m g L^2 / (2 E I) (cantilever
  under a tip load, Timoshenko), to 1e-12 relative;
* the closed form against a fixed-step RK4 integration of the same ODE (steps h and h/2: the
  closed form must lie within the RK4 error estimate), so an algebra slip cannot go unnoticed.

Columns named like mbsolve's result CSV: body2.x, body2.y, body2.e0, body2.e3 (Euler parameters
cos(theta/2), sin(theta/2)), body2.vy, body2.wz, and req1.f1, req1.f2 = BEAM(4, 0, 3) and
BEAM(4, 0, 8), the beam's force along y and torque about z on the body.
Usage (Debian python3 with python3-numpy): beam_tip_mass_reference.py > beam_tip_mass_reference.csv
"""
import math
import sys

import numpy as np

# The deck's numbers (beam_tip_mass.xml): a steel rod of diameter 10 mm, 0.8 m long.
L, E, G = 0.8, 2.1e11, 8.1e10
diameter = 0.01
A = math.pi * diameter**2 / 4.0
I = math.pi * diameter**4 / 64.0
asy = 10.0 / 9.0  # shear area ratio of a solid circle (A / A_shear)
cratio = 1.0e-3
m, J, g = 1.0, 0.01, 9.81
vy0, wz0 = 0.2, 2.0
end, out_dt = 2.0, 1.0e-3

P = 12.0 * E * I * asy / (G * A * L * L)
K = np.array([[12.0 * E * I / (L**3 * (1.0 + P)), -6.0 * E * I / (L**2 * (1.0 + P))],
              [-6.0 * E * I / (L**2 * (1.0 + P)), (4.0 + P) * E * I / (L * (1.0 + P))]])
M = np.diag([m, J])
f = np.array([-m * g, 0.0])

q_s = np.linalg.solve(K, f)
y_timoshenko = -m * g * (L**3 / (3.0 * E * I) + L * asy / (G * A))
theta_timoshenko = -m * g * L**2 / (2.0 * E * I)
if (abs(q_s[0] / y_timoshenko - 1.0) > 1e-12 or abs(q_s[1] / theta_timoshenko - 1.0) > 1e-12):
    sys.exit(f"static check failed: {q_s} vs {y_timoshenko}, {theta_timoshenko}")

# Modes: M^-1/2 K M^-1/2 is symmetric; phi = M^-1/2 v, so phi^T M phi = 1.
m_inv_sqrt = np.diag(1.0 / np.sqrt(np.diag(M)))
w2, v = np.linalg.eigh(m_inv_sqrt @ K @ m_inv_sqrt)
phi = m_inv_sqrt @ v
omega = np.sqrt(w2)
zeta = cratio * omega / 2.0
if np.any(np.abs(zeta - 1.0) < 1e-6):
    sys.exit("a critically damped mode: choose another cratio")

q0 = np.array([0.0, 0.0]) - q_s
qd0 = np.array([vy0, wz0])
eta0 = phi.T @ M @ q0
etad0 = phi.T @ M @ qd0


def modal(t, i):
    """eta_i(t) and eta_i'(t) of a free damped oscillator from eta0[i], etad0[i]."""
    w, z, a = omega[i], zeta[i], eta0[i]
    if z < 1.0:
        s, wd = z * w, w * math.sqrt(1.0 - z * z)
        b = (etad0[i] + s * a) / wd
        e, c, sn = math.exp(-s * t), math.cos(wd * t), math.sin(wd * t)
        return (e * (a * c + b * sn), e * ((b * wd - s * a) * c - (a * wd + s * b) * sn))
    r = w * math.sqrt(z * z - 1.0)
    r1, r2 = -z * w + r, -z * w - r  # eta = c1 exp(r1 t) + c2 exp(r2 t)
    c1 = (etad0[i] - r2 * a) / (r1 - r2)
    c2 = a - c1
    e1, e2 = math.exp(r1 * t), math.exp(r2 * t)
    return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)


def closed_form(t):
    eta = np.array([modal(t, i) for i in range(2)])  # rows: mode; columns: eta, eta'
    return q_s + phi @ eta[:, 0], phi @ eta[:, 1]


def rk4(h):
    """Fixed-step RK4 of the same ODE; states at every multiple of out_dt."""
    C = cratio * K
    M_inv = np.linalg.inv(M)

    def rhs(s):
        q, qd = s[:2], s[2:]
        return np.concatenate([qd, M_inv @ (f - C @ qd - K @ q)])

    per_out = int(round(out_dt / h))
    s = np.array([0.0, 0.0, vy0, wz0])
    states = [s.copy()]
    for _ in range(int(round(end / out_dt))):
        for _ in range(per_out):
            k1 = rhs(s)
            k2 = rhs(s + 0.5 * h * k1)
            k3 = rhs(s + 0.5 * h * k2)
            k4 = rhs(s + h * k3)
            s = s + h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
        states.append(s.copy())
    return np.array(states)


n_out = int(round(end / out_dt))
times = [i * out_dt for i in range(n_out + 1)]
exact = np.array([np.concatenate(closed_form(t)) for t in times])
h = 1.0e-4
coarse, fine = rk4(h), rk4(h / 2.0)
rk4_error = np.abs(coarse - fine).max(axis=0)  # estimates the error of the h solution
misfit = np.abs(fine - exact).max(axis=0)
print(f"modes: omega = {omega} rad/s, zeta = {zeta}; static y = {q_s[0]:.6g} m, "
      f"theta = {q_s[1]:.6g} rad", file=sys.stderr)
print(f"RK4 h - h/2: {rk4_error}; RK4 h/2 - closed form: {misfit}", file=sys.stderr)
if np.any(misfit > np.maximum(rk4_error, 1e-12)):
    sys.exit("the closed form does not match the RK4 integration of the same ODE")

print("# closed form (modal superposition) of a tip mass on a Timoshenko cantilever, "
      "beam_tip_mass.xml (regression/seeds/beam_tip_mass_reference.py)")
print("time,body2.x,body2.y,body2.e0,body2.e3,body2.vy,body2.wz,req1.f1,req1.f2")
for t, (y, theta, vy, wz) in zip(times, exact):
    fy, tz = -(K @ [y, theta]) - cratio * (K @ [vy, wz])
    print(f"{t:.17g},{L:.17g},{y:.17g},{math.cos(theta / 2):.17g},{math.sin(theta / 2):.17g},"
          f"{vy:.17g},{wz:.17g},{fy:.17g},{tz:.17g}")
