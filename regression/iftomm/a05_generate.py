#!/usr/bin/env python3
"""IFToMM benchmark A05, the stiff flyball governor, from its public definition.

Writes a05_governor.xml (the MotionSolve deck) and a05_reference.csv (the reference motion of
the slider, coordinate s) next to this script. See README.md for the definition and the sources.

Mechanism (the library's figure and table, as built by the OpenSim study of the benchmarks): a
vertical shaft (1 x 0.01 x 0.01 m, density 3000 kg/m^3) on a revolute joint to the ground about
z at the origin, spinning freely at 2 pi rad/s at t = 0; a slider (a 0.1 m cube, 3000 kg/m^3) on
a translational joint along the shaft at s = 0.5 m; two rods (as the shaft) pinned to the top of
the shaft at (+-0.05, 0, 1) about the shaft-fixed y axis, 30 degrees below the horizontal, each
with a point mass of 5 kg at its end; the coupler rods are stiff spring-dampers (8e5 N/m,
4e4 N s/m, rest length 0.5 m) between the slider's sides (+-0.05, 0, s) and the rods' centres;
gravity 9.81 m/s^2 in -z; 10 s. Everything starts at its place with the shaft's spin and no
other motion (the springs at their rest length).

Reference (an independent method): the governor is a tree with four degrees of freedom: the
shaft angle phi, s, and the rods' angles th1, th2 from the downward vertical. In these
coordinates the mass matrix is diagonal, phi is cyclic (its momentum p = J(th1, th2) phi' is
conserved: the springs act in the shaft's plane), and
    M_th th_i'' = 1/2 dJ/dth_i phi'^2 - dV/dth_i - F_i dl_i/dth_i,
    m_s s'' = -m_s g - sum_i F_i dl_i/ds,
with F_i = K (l_i - l0) + C l_i' the spring-damper tensions. Integrated by the classical
Runge-Kutta method at h = 2.5e-5 s (the spring-damper's fastest decay rate is about 7e3 1/s); the
script stops if the run at h = 5e-5 s differs by more than 1e-9 m in s.
"""
import math
import os
import sys

from iftomm_common import deck_tail, rk4_step

HERE = os.path.dirname(os.path.abspath(__file__))
END = 10.0
OUTPUTS = 1000  # outputs every 0.01 s
G = 9.81
RHO = 3000.0
ROD_M = RHO * 1.0 * 0.01 * 0.01  # shaft and rods: 0.3 kg
ROD_LONG = ROD_M * (0.01 ** 2 + 0.01 ** 2) / 12.0  # about the rod's axis
ROD_TRANS = ROD_M * (1.0 + 0.01 ** 2) / 12.0  # about a transverse axis through its centre
SLIDER_M = RHO * 0.1 ** 3  # 3 kg
SLIDER_I = SLIDER_M * (0.1 ** 2 + 0.1 ** 2) / 12.0
BALL_M = 5.0
K, C, L0 = 8e5, 4e4, 0.5
PIN_X = 0.05  # the pins at (+-0.05, 0, 1), the slider's spring points at (+-0.05, 0, s)
OMEGA0 = 2 * math.pi
TH0 = math.radians(60.0)  # 30 degrees below the horizontal
S0 = 0.5
M_TH = ROD_M * 0.25 + ROD_TRANS + BALL_M  # about the pin


def spin_inertia(th):
    """J(th) and dJ/dth: one rod and its ball about the shaft axis."""
    xc = PIN_X + 0.5 * math.sin(th)
    xb = PIN_X + math.sin(th)
    j = (ROD_M * xc ** 2 + ROD_LONG * math.cos(th) ** 2 + ROD_TRANS * math.sin(th) ** 2 +
         BALL_M * xb ** 2)
    dj = (2 * ROD_M * xc * 0.5 * math.cos(th) + 2 * (ROD_TRANS - ROD_LONG) * math.sin(th) *
          math.cos(th) + 2 * BALL_M * xb * math.cos(th))
    return j, dj


def spring(th, s, thd, sd):
    """Length l of a spring-damper, dl/dth, dl/ds, and its tension."""
    dx = 0.5 * math.sin(th)
    dz = 1 - 0.5 * math.cos(th) - s
    length = math.hypot(dx, dz)
    dl_th = (dx * 0.5 * math.cos(th) + dz * 0.5 * math.sin(th)) / length
    dl_s = -dz / length
    tension = K * (length - L0) + C * (dl_th * thd + dl_s * sd)
    return dl_th, dl_s, tension


J_FIXED = ROD_LONG + SLIDER_I  # the shaft and the slider about the shaft axis


def rhs(y, p_phi):
    """y = (s, th1, th2, s', th1', th2'); returns y' and phi'."""
    s, t1, t2, sd, t1d, t2d = y
    j1, dj1 = spin_inertia(t1)
    j2, dj2 = spin_inertia(t2)
    phid = p_phi / (J_FIXED + j1 + j2)
    acc = []
    fs = -SLIDER_M * G
    for th, thd, dj in ((t1, t1d, dj1), (t2, t2d, dj2)):
        dl_th, dl_s, tension = spring(th, s, thd, sd)
        dv = G * (ROD_M * 0.5 + BALL_M) * math.sin(th)
        acc.append((0.5 * dj * phid ** 2 - dv - tension * dl_th) / M_TH)
        fs -= tension * dl_s
    return (sd, t1d, t2d, fs / SLIDER_M, acc[0], acc[1]), phid


def integrate(h):
    j1, _ = spin_inertia(TH0)
    p_phi = (J_FIXED + 2 * j1) * OMEGA0

    def f(y):  # y = (s, th1, th2, s', th1', th2', phi)
        ydot, phid = rhs(y[:6], p_phi)
        return list(ydot) + [phid]

    y = [S0, TH0, TH0, 0.0, 0.0, 0.0, 0.0]
    rows = [(0.0, y[:6], y[6], OMEGA0)]
    per_out = round(END / OUTPUTS / h)
    for i in range(OUTPUTS):
        for _ in range(per_out):
            y = rk4_step(f, y, h)
        rows.append(((i + 1) * END / OUTPUTS, y[:6], y[6], rhs(y[:6], p_phi)[1]))
    return rows


def marker(mid, body, pos, zaxis_y=False):
    x, y, z = pos
    axes = ' a00="0" a10="0" a20="1" a01="1" a11="0" a21="0" a02="0" a12="1" a22="0"' \
        if zaxis_y else ''
    return (f'    <Reference_Marker id="{mid}" body_id="{body}" pos_x="{x:.17g}" '
            f'pos_y="{y:.17g}" pos_z="{z:.17g}"{axes}/>')


def deck():
    w0 = OMEGA0
    out = []
    a = out.append
    a('<?xml version="1.0" encoding="UTF-8"?>')
    a('<!-- IFToMM benchmark A05: stiff flyball governor (shaft spinning freely at 2 pi rad/s,')
    a('     slider on the shaft, two rods with 5 kg balls, stiff spring-damper couplers), 10 s.')
    a('     Generated by a05_generate.py; see README.md. Every body starts with the rigid')
    a('     rotation of the shaft (v = w z x r). -->')
    a('<MotionSolve>')
    a('  <Model>')
    a('    <Param_Unit force_unit="NEWTON" mass_unit="KILOGRAM" length_unit="METER" '
      'time_unit="SECOND"/>')
    a(f'    <Force_Gravity grav_x="0" grav_y="0" grav_z="{-G}"/>')
    a('    <Body_Rigid id="1" isground="TRUE"/>')
    a(marker(100, 1, (0, 0, 0)))
    a(f'    <Body_Rigid id="2" label="shaft" cg_id="200" mass="{ROD_M:.17g}" '
      f'inertia_xx="{ROD_TRANS:.17g}" inertia_yy="{ROD_TRANS:.17g}" '
      f'inertia_zz="{ROD_LONG:.17g}" w_ic_z="{w0:.17g}"/>')
    a(marker(200, 2, (0, 0, 0.5)))
    a(marker(201, 2, (0, 0, 0)))
    a(f'    <Body_Rigid id="3" label="slider" cg_id="300" mass="{SLIDER_M:.17g}" '
      f'inertia_xx="{SLIDER_I:.17g}" inertia_yy="{SLIDER_I:.17g}" '
      f'inertia_zz="{SLIDER_I:.17g}" w_ic_z="{w0:.17g}"/>')
    a(marker(300, 3, (0, 0, S0)))
    a(marker(301, 3, (PIN_X, 0, S0)))
    a(marker(302, 3, (-PIN_X, 0, S0)))
    a('    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="201" j_marker_id="100"/>')
    a('    <Constraint_Joint id="2" type="TRANSLATIONAL" i_marker_id="300" j_marker_id="200"/>')
    for k, sign in ((1, 1.0), (2, -1.0)):
        rod, ball = 3 + k, 5 + k
        d = (sign * math.sin(TH0), 0.0, -math.cos(TH0))
        pin = (sign * PIN_X, 0.0, 1.0)
        cg = tuple(p + 0.5 * x for p, x in zip(pin, d))
        tip = tuple(p + x for p, x in zip(pin, d))
        # The rod's axes: its direction d and the pin axis y; inertia about the CG in the
        # global axes at t = 0 (the CG marker has the global orientation).
        ixx = ROD_TRANS * (1 - d[0] ** 2) + ROD_LONG * d[0] ** 2
        izz = ROD_TRANS * (1 - d[2] ** 2) + ROD_LONG * d[2] ** 2
        ixz = -(ROD_LONG - ROD_TRANS) * d[0] * d[2]  # Adams sign: +integral of x z dm
        a(f'    <Body_Rigid id="{rod}" label="rod {k}" cg_id="{rod}00" mass="{ROD_M:.17g}" '
          f'inertia_xx="{ixx:.17g}" inertia_yy="{ROD_TRANS:.17g}" inertia_zz="{izz:.17g}" '
          f'inertia_xz="{ixz:.17g}" v_ic_y="{w0 * cg[0]:.17g}" w_ic_z="{w0:.17g}"/>')
        a(marker(rod * 100, rod, cg))
        a(marker(rod * 100 + 1, rod, pin, zaxis_y=True))
        a(marker(rod * 100 + 2, rod, tip))
        a(marker(200 + k + 1, 2, pin, zaxis_y=True))
        a(f'    <Body_Point id="{ball}" label="ball {k}" cg_id="{ball}00" mass="{BALL_M:g}" '
          f'v_ic_y="{w0 * tip[0]:.17g}"/>')
        a(marker(ball * 100, ball, tip))
        a(f'    <Constraint_Joint id="{2 + k}" type="REVOLUTE" i_marker_id="{rod}01" '
          f'j_marker_id="{200 + k + 1}"/>')
        a(f'    <Constraint_Joint id="{4 + k}" type="SPHERICAL" i_marker_id="{ball}00" '
          f'j_marker_id="{rod}02"/>')
        a(f'    <Force_SpringDamper id="{k}" type="TRANSLATIONAL" i_marker_id="{300 + k}" '
          f'j_marker_id="{rod}00" stiffness="{K:g}" damping="{C:g}" length="{L0:g}"> '
          '</Force_SpringDamper>')
    a('    <!-- The slider in ground: s is its z -->')
    a('    <Post_Request id="1" type="MARKER_DISPLACEMENT" i_marker_id="300" j_marker_id="100"/>')
    out += deck_tail(END, OUTPUTS)
    return '\n'.join(out) + '\n'


def main():
    with open(os.path.join(HERE, 'a05_governor.xml'), 'w') as fh:
        fh.write(deck())
    h = float(sys.argv[1]) if len(sys.argv) > 1 else 2.5e-5
    fine = integrate(h)
    check = integrate(2 * h)
    diff = max(abs(r[1][0] - c[1][0]) for r, c in zip(fine, check))
    print(f'a05_generate: h = {h:g} and {2 * h:g} differ by {diff:.2e} m at most in s')
    if diff > 1e-9:
        sys.exit('a05_generate: the reference is not converged')
    with open(os.path.join(HERE, 'a05_reference.csv'), 'w') as fh:
        fh.write('# IFToMM A05 reference: the slider of the stiff flyball governor; reduced\n')
        fh.write(f'# coordinates, RK4 at h = {h:g} s (h = {2 * h:g} s agrees to {diff:.1e} m); '
                 'a05_generate.py\n')
        fh.write('time,s,s_dot,theta1,theta2,phi_dot\n')
        for t, y, _, phid in fine:
            fh.write(f'{t:.17g},{y[0]:.17g},{y[3]:.17g},{y[1]:.17g},{y[2]:.17g},{phid:.17g}\n')


if __name__ == '__main__':
    main()
