#!/usr/bin/env python3
"""IFToMM benchmark A03, Andrews' squeezing mechanism, from its public definition.

Writes a03_andrews.xml (the MotionSolve deck) and a03_reference.csv (the reference motion of the
points F, E, D, G, H) next to this script. See README.md for the definition and the sources.

The mechanism (Giles 1978, Manning 1981; Schiehlen's benchmark book 1990; Hairer and Wanner,
Solving ODEs II, section VII.7; the Test Set for IVP solvers, problem "andrews", Mazzia and
Magherini, Bari): seven rigid bodies in the plane, no gravity, driven by a constant torque
mom = 0.033 N m on the crank OF, with a spring c0 = 4530 N/m of rest length l0 = 0.07785 m
between point D of the triangle BDE and the ground point C; ten revolute joints; one degree of
freedom; 0.03 s from rest. Parameters and the seven angles beta, Theta, gamma, Phi, delta,
Omega, epsilon (the Test Set's y1..y7) are the Test Set's; the deck's bodies are placed from the
Test Set's consistent initial angles.

Reference: (a) the Test Set's published reference solution at t = 0.03 s (PSIDE at rtol = atol =
1e-14 on a Cray C90, the SOLN routine of andrews.f), the seven angles, turned into the positions
of F, E, D, G, H; (b) the time history at the 300 outputs, computed here by an independent
method: the Test Set's own equations of motion in the seven angles, M(q) q'' = f(q, q') -
G(q)^T lambda with the six loop constraints g(q) = 0 at acceleration level, solved by Gaussian
elimination at each stage of the classical Runge-Kutta method at h = 2.5e-6 s, the positions and
velocities projected onto g = 0 and G q' = 0 after every step. The script stops if (b) differs
from (a) at t = 0.03 s by more than 1e-8 rad in any angle.
"""
import math
import os
import sys

from iftomm_common import deck_tail, integrate_projected

HERE = os.path.dirname(os.path.abspath(__file__))
END = 0.03
OUTPUTS = 300  # outputs every 1e-4 s

P = dict(m1=.04325, m2=.00365, m3=.02373, m4=.00706, m5=.07050, m6=.00706, m7=.05498,
         xa=-.06934, ya=-.00227, xb=-0.03635, yb=.03273, xc=.014, yc=.072, c0=4530,
         i1=2.194e-6, i2=4.410e-7, i3=5.255e-6, i4=5.667e-7, i5=1.169e-5, i6=5.667e-7,
         i7=1.912e-5, d=28e-3, da=115e-4, e=2e-2, ea=1421e-5, rr=7e-3, ra=92e-5, l0=7785e-5,
         ss=35e-3, sa=1874e-5, sb=1043e-5, sc=18e-3, sd=2e-2, ta=2308e-5, tb=916e-5, u=4e-2,
         ua=1228e-5, ub=449e-5, zf=2e-2, zt=4e-2, fa=1421e-5, mom=33e-3)
Q0 = [-0.0617138900142764496358948458001, 0.0, 0.455279819163070380255912382449,
      0.222668390165885884674473185609, 0.487364979543842550225598953530,
      -0.222668390165885884674473185609, 1.23054744454982119249735015568]
# The Test Set's reference solution at t = 0.03 s (andrews.f, SOLN): angles y1..y7.
Q_END = [0.1581077119629904e2, -0.1575637105984298e2, 0.4082224013073101e-1,
         -0.5347301163226948, 0.5244099658805304, 0.5347301163226948, 0.1048080741042263e1]


def points(q):
    """The global positions of the points of every body for the angles q (Test Set geometry)."""
    be, th, ga, ph, de, om, ep = q
    p = P
    o = (0.0, 0.0)
    a = (p['xa'], p['ya'])
    b = (p['xb'], p['yb'])
    f = (p['rr'] * math.cos(be), p['rr'] * math.sin(be))
    e = (f[0] - p['d'] * math.cos(be + th), f[1] - p['d'] * math.sin(be + th))
    g = (a[0] + p['zt'] * math.cos(de), a[1] + p['zt'] * math.sin(de))
    h = (a[0] + p['u'] * math.sin(ep), a[1] - p['u'] * math.cos(ep))
    dd = (b[0] + p['sd'] * math.cos(ga) + p['sc'] * math.sin(ga),
          b[1] + p['sd'] * math.sin(ga) - p['sc'] * math.cos(ga))
    return dict(
        O=o, A=a, B=b, C=(p['xc'], p['yc']), F=f, E=e, G=g, H=h, D=dd,
        E3=(b[0] + p['ss'] * math.sin(ga), b[1] - p['ss'] * math.cos(ga)),
        E4=(g[0] + p['e'] * math.sin(ph + de), g[1] - p['e'] * math.cos(ph + de)),
        E6=(h[0] + p['zf'] * math.cos(om + ep), h[1] + p['zf'] * math.sin(om + ep)),
        cg1=(p['ra'] * math.cos(be), p['ra'] * math.sin(be)),
        cg2=(f[0] - p['da'] * math.cos(be + th), f[1] - p['da'] * math.sin(be + th)),
        cg3=(b[0] + p['sb'] * math.cos(ga) + p['sa'] * math.sin(ga),
             b[1] + p['sb'] * math.sin(ga) - p['sa'] * math.cos(ga)),
        cg4=(g[0] + (p['e'] - p['ea']) * math.sin(ph + de),
             g[1] - (p['e'] - p['ea']) * math.cos(ph + de)),
        cg5=(a[0] + p['ta'] * math.cos(de) - p['tb'] * math.sin(de),
             a[1] + p['ta'] * math.sin(de) + p['tb'] * math.cos(de)),
        cg6=(h[0] + (p['zf'] - p['fa']) * math.cos(om + ep),
             h[1] + (p['zf'] - p['fa']) * math.sin(om + ep)),
        cg7=(a[0] + p['ub'] * math.cos(ep) + p['ua'] * math.sin(ep),
             a[1] + p['ub'] * math.sin(ep) - p['ua'] * math.cos(ep)))


# Bodies: id, label, mass, inertia about the CG, CG point, the points carried (marker suffix).
BODIES = [
    (2, 'crank OF', 'm1', 'i1', 'cg1', ['O', 'F']),
    (3, 'rod FE', 'm2', 'i2', 'cg2', ['F', 'E']),
    (4, 'triangle BDE', 'm3', 'i3', 'cg3', ['B', 'D', 'E3']),
    (5, 'rod EG', 'm4', 'i4', 'cg4', ['G', 'E4']),
    (6, 'rod GA', 'm5', 'i5', 'cg5', ['A', 'G']),
    (7, 'rod HE', 'm6', 'i6', 'cg6', ['H', 'E6']),
    (8, 'rod AH', 'm7', 'i7', 'cg7', ['A', 'H']),
]
# Revolute joints: id, (body, point), (body, point); body 1 is the ground.
JOINTS = [(1, (2, 'O'), (1, 'O')), (2, (3, 'F'), (2, 'F')), (3, (4, 'B'), (1, 'B')),
          (4, (4, 'E3'), (3, 'E')), (5, (6, 'A'), (1, 'A')), (6, (5, 'G'), (6, 'G')),
          (7, (5, 'E4'), (3, 'E')), (8, (8, 'A'), (1, 'A')), (9, (7, 'H'), (8, 'H')),
          (10, (7, 'E6'), (3, 'E'))]
POINT_IDS = {'O': 1, 'A': 2, 'B': 3, 'C': 4, 'F': 5, 'E': 6, 'G': 7, 'H': 8, 'D': 9, 'E3': 6,
             'E4': 6, 'E6': 6, 'cg': 0}
# Output points: request id, (body, point).
REQUESTS = [(1, 'F', 2), (2, 'E', 3), (3, 'D', 4), (4, 'G', 6), (5, 'H', 8)]


def marker(body, point):
    return body * 100 + POINT_IDS[point]


def deck():
    pts = points(Q0)
    out = []
    w = out.append
    w('<?xml version="1.0" encoding="UTF-8"?>')
    w("<!-- IFToMM benchmark A03: Andrews' squeezing mechanism (seven bodies, ten revolute")
    w('     joints, one degree of freedom, 0.03 s). Generated by a03_generate.py; see README.md.')
    w('     Marker ids: body * 100 + point (1 O, 2 A, 3 B, 4 C, 5 F, 6 E, 7 G, 8 H, 9 D), CG 0. -->')
    w('<MotionSolve>')
    w('  <Model>')
    w('    <Param_Unit force_unit="NEWTON" mass_unit="KILOGRAM" length_unit="METER" '
      'time_unit="SECOND"/>')
    w('    <Body_Rigid id="1" isground="TRUE"/>')
    for name in ('O', 'A', 'B', 'C'):
        x, y = pts[name]
        w(f'    <Reference_Marker id="{marker(1, name)}" body_id="1" pos_x="{x:.17g}" '
          f'pos_y="{y:.17g}" pos_z="0"/>')
    for bid, label, mass, inertia, cg, carried in BODIES:
        i = P[inertia]
        w(f'    <Body_Rigid id="{bid}" label="{label}" cg_id="{marker(bid, "cg")}" '
          f'mass="{P[mass]:.17g}" inertia_xx="{i:.17g}" inertia_yy="{i:.17g}" '
          f'inertia_zz="{i:.17g}"/>')
        for name in ['cg'] + carried:
            x, y = pts[cg if name == 'cg' else name]
            w(f'    <Reference_Marker id="{marker(bid, name)}" body_id="{bid}" pos_x="{x:.17g}" '
              f'pos_y="{y:.17g}" pos_z="0"/>')
    for jid, (bi, pi), (bj, pj) in JOINTS:
        w(f'    <Constraint_Joint id="{jid}" type="REVOLUTE" i_marker_id="{marker(bi, pi)}" '
          f'j_marker_id="{marker(bj, pj)}"/>')
    w('    <!-- The spring between D (triangle) and C (ground), the motor torque on the crank. -->')
    w(f'    <Force_SpringDamper id="1" type="TRANSLATIONAL" i_marker_id="{marker(4, "D")}" '
      f'j_marker_id="{marker(1, "C")}" stiffness="{P["c0"]:g}" damping="0" '
      f'length="{P["l0"]:.17g}"> </Force_SpringDamper>')
    w(f'    <Force_Scalar_TwoBody id="2" type="Torque" i_marker_id="{marker(2, "O")}" '
      f'j_marker_id="{marker(1, "O")}" val_expression="{P["mom"]:g}"/>')
    w('    <!-- F, E, D, G, H in ground -->')
    for rid, name, bid in REQUESTS:
        w(f'    <Post_Request id="{rid}" type="MARKER_DISPLACEMENT" '
          f'i_marker_id="{marker(bid, name)}" j_marker_id="{marker(1, "O")}"/>')
    out += deck_tail(END, OUTPUTS)
    return '\n'.join(out) + '\n'


# Constraints g(q) = 0 of the Test Set as sums of terms c * trig(sum of angles): each term is
# (coefficient, 'c' or 's', angle indices); constants are separate.
def _t(c, f, *idx):
    return (c, f, idx)


def constraint_terms():
    p = P
    e1 = [_t(p['rr'], 'c', 0), _t(-p['d'], 'c', 0, 1)]
    e2 = [_t(p['rr'], 's', 0), _t(-p['d'], 's', 0, 1)]
    return [
        (e1 + [_t(-p['ss'], 's', 2)], -p['xb']),
        (e2 + [_t(p['ss'], 'c', 2)], -p['yb']),
        (e1 + [_t(-p['e'], 's', 3, 4), _t(-p['zt'], 'c', 4)], -p['xa']),
        (e2 + [_t(p['e'], 'c', 3, 4), _t(-p['zt'], 's', 4)], -p['ya']),
        (e1 + [_t(-p['zf'], 'c', 5, 6), _t(-p['u'], 's', 6)], -p['xa']),
        (e2 + [_t(-p['zf'], 's', 5, 6), _t(p['u'], 'c', 6)], -p['ya']),
    ]


TERMS = constraint_terms()


def g_jac_gamma(q, v):
    """g(q), its Jacobian G(q) and gamma = dG/dt q' (so that G q'' = -gamma)."""
    g, jac, gam = [], [], []
    for terms, const in TERMS:
        val, row, gm = const, [0.0] * 7, 0.0
        for c, f, idx in terms:
            a = sum(q[i] for i in idx)
            av = sum(v[i] for i in idx)
            s, co = math.sin(a), math.cos(a)
            if f == 'c':
                val += c * co
                for i in idx:
                    row[i] += -c * s
                gm += -c * co * av * av
            else:
                val += c * s
                for i in idx:
                    row[i] += c * co
                gm += -c * s * av * av
        g.append(val)
        jac.append(row)
        gam.append(gm)
    return g, jac, gam


def mass_force(q, v):
    """The Test Set's mass matrix M(q) and force vector f(q, q') (andrews.f, ANDFUNC)."""
    p = P
    be, th, ga, ph, de, om, ep = q
    bep, thp, _, php, dep, omp, epp = v
    m = [[0.0] * 7 for _ in range(7)]
    m[0][0] = (p['m1'] * p['ra'] ** 2 + p['m2'] * (p['rr'] ** 2 - 2 * p['da'] * p['rr'] *
               math.cos(th) + p['da'] ** 2) + p['i1'] + p['i2'])
    m[1][0] = p['m2'] * (p['da'] ** 2 - p['da'] * p['rr'] * math.cos(th)) + p['i2']
    m[1][1] = p['m2'] * p['da'] ** 2 + p['i2']
    m[2][2] = p['m3'] * (p['sa'] ** 2 + p['sb'] ** 2) + p['i3']
    eea = p['e'] - p['ea']
    m[3][3] = p['m4'] * eea ** 2 + p['i4']
    m[4][3] = p['m4'] * (eea ** 2 + p['zt'] * eea * math.sin(ph)) + p['i4']
    m[4][4] = (p['m4'] * (p['zt'] ** 2 + 2 * p['zt'] * eea * math.sin(ph) + eea ** 2) +
               p['m5'] * (p['ta'] ** 2 + p['tb'] ** 2) + p['i4'] + p['i5'])
    zfa = p['zf'] - p['fa']
    m[5][5] = p['m6'] * zfa ** 2 + p['i6']
    m[6][5] = p['m6'] * (zfa ** 2 - p['u'] * zfa * math.sin(om)) + p['i6']
    m[6][6] = (p['m6'] * (zfa ** 2 - 2 * p['u'] * zfa * math.sin(om) + p['u'] ** 2) +
               p['m7'] * (p['ua'] ** 2 + p['ub'] ** 2) + p['i6'] + p['i7'])
    for j in range(1, 7):
        for i in range(j):
            m[i][j] = m[j][i]
    xd = p['sd'] * math.cos(ga) + p['sc'] * math.sin(ga) + p['xb']
    yd = p['sd'] * math.sin(ga) - p['sc'] * math.cos(ga) + p['yb']
    lang = math.hypot(xd - p['xc'], yd - p['yc'])
    force = -p['c0'] * (lang - p['l0']) / lang
    fx, fy = force * (xd - p['xc']), force * (yd - p['yc'])
    f = [p['mom'] - p['m2'] * p['da'] * p['rr'] * thp * (thp + 2 * bep) * math.sin(th),
         p['m2'] * p['da'] * p['rr'] * bep ** 2 * math.sin(th),
         fx * (p['sc'] * math.cos(ga) - p['sd'] * math.sin(ga)) +
         fy * (p['sd'] * math.cos(ga) + p['sc'] * math.sin(ga)),
         p['m4'] * p['zt'] * eea * dep ** 2 * math.cos(ph),
         -p['m4'] * p['zt'] * eea * php * (php + 2 * dep) * math.cos(ph),
         -p['m6'] * p['u'] * zfa * epp ** 2 * math.cos(om),
         p['m6'] * p['u'] * zfa * omp * (omp + 2 * epp) * math.cos(om)]
    return m, f


def solve(a, b):
    """Gaussian elimination with partial pivoting (a is overwritten)."""
    n = len(b)
    for k in range(n):
        piv = max(range(k, n), key=lambda r: abs(a[r][k]))
        a[k], a[piv] = a[piv], a[k]
        b[k], b[piv] = b[piv], b[k]
        for r in range(k + 1, n):
            fct = a[r][k] / a[k][k]
            if fct:
                for c in range(k, n):
                    a[r][c] -= fct * a[k][c]
                b[r] -= fct * b[k]
    x = [0.0] * n
    for k in range(n - 1, -1, -1):
        x[k] = (b[k] - sum(a[k][c] * x[c] for c in range(k + 1, n))) / a[k][k]
    return x


def acceleration(q, v):
    m, f = mass_force(q, v)
    _, jac, gam = g_jac_gamma(q, v)
    a = [m[i] + [jac[r][i] for r in range(6)] for i in range(7)]
    a += [jac[r] + [0.0] * 6 for r in range(6)]
    return solve(a, f + [-x for x in gam])[:7]


def min_norm_correction(jac, res):
    """dx with G dx = -res of least norm: dx = -G^T (G G^T)^-1 res."""
    ggt = [[sum(jac[i][k] * jac[j][k] for k in range(7)) for j in range(6)] for i in range(6)]
    y = solve(ggt, [-r for r in res])
    return [sum(jac[r][k] * y[r] for r in range(6)) for k in range(7)]


def project(q, v):
    for _ in range(3):
        g, jac, _ = g_jac_gamma(q, v)
        dq = min_norm_correction(jac, g)
        q = [a + b for a, b in zip(q, dq)]
    _, jac, _ = g_jac_gamma(q, v)
    gv = [sum(jac[r][k] * v[k] for k in range(7)) for r in range(6)]
    dv = min_norm_correction(jac, gv)
    return q, [a + b for a, b in zip(v, dv)]


def integrate(h):
    return integrate_projected(Q0, acceleration, project, h, END, OUTPUTS)


def main():
    pts = points(Q0)
    for name in ('E3', 'E4', 'E6'):
        if math.dist(pts[name], pts['E']) > 1e-12:
            sys.exit(f'a03_generate: the initial angles do not close the loop at {name}')
    with open(os.path.join(HERE, 'a03_andrews.xml'), 'w') as fh:
        fh.write(deck())
    h = float(sys.argv[1]) if len(sys.argv) > 1 else 2.5e-6
    rows = integrate(h)
    dev = max(abs(a - b) for a, b in zip(rows[-1][1], Q_END))
    print(f'a03_generate: h = {h:g}: largest angle difference from the Test Set at 0.03 s: '
          f'{dev:.2e} rad')
    if dev > 1e-8:
        sys.exit('a03_generate: the reference does not reproduce the Test Set\'s solution')
    with open(os.path.join(HERE, 'a03_reference.csv'), 'w') as fh:
        fh.write("# IFToMM A03 reference: points of Andrews' mechanism; Test Set equations, RK4\n")
        fh.write(f'# at h = {h:g} s with projection (t = 0.03 s: {dev:.1e} rad from the Test Set\'s\n')
        fh.write('# published solution); a03_generate.py\n')
        names = [name for _, name, _ in REQUESTS]
        fh.write('time,' + ','.join(f'{n}_x,{n}_y' for n in names) + '\n')
        for t, q, _ in rows:
            p = points(q)
            fh.write(f'{t:.17g},' + ','.join(f'{p[n][0]:.17g},{p[n][1]:.17g}' for n in names)
                     + '\n')


if __name__ == '__main__':
    main()
