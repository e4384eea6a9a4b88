#!/usr/bin/env python3
"""IFToMM benchmark A04, Bricard's overconstrained mechanism, from its public definition.

Writes a04_bricard.xml (the MotionSolve deck) and a04_reference.csv (the reference motion of
point P3) next to this script. See README.md for the definition and the sources.

Mechanism: five rods of 1 m and 1 kg with a square cross-section of 0.1 m, joined in a closed
loop with the ground by six revolute joints; Grubler's count gives no degree of freedom, the
axes' special directions give one. Gravity 9.81 m/s^2 in -y; released from rest; 10 s. The
geometry (the library's figure, as built by the OpenSim study of the benchmarks): joint 1 at
O = (0, 0, 0) about y; rod 1 from O to (1, 0, 0); joint 2 there about z; rod 2 down to
P3 = (1, -1, 0); joint 3 there about x; rod 3 to (1, -1, 1); joint 4 there about y; rod 4 to
(0, -1, 1); joint 5 there about z; rod 5 up to (0, 0, 1); joint 6 there, to the ground, about x.
Every rod's two joint axes are perpendicular to it and to each other.

Reference (an independent method): the five joint angles q1..q5 of the open chain ground-rod 1-
... -rod 5, with the closure at joint 6 as five constraints (rod 5's end at (0, 0, 1): three;
its joint-6 axis along x: two), of rank 4 (one is redundant). Equations of motion: the
Newton-Euler equations of the rods projected on the joint axes (velocity Jacobians and
velocity-product accelerations from the chain's recursion, all analytic), M(q) q'' = Q(q, q') -
Phi_q^T lambda. The acceleration is the least-norm solution of the constraints at acceleration
level (Gram-Schmidt on the constraint rows, the redundant row dropped) plus the component along
the one null-space direction n from n^T (M q'' - Q) = 0. Integrated by the classical Runge-Kutta
method at h = 2.5e-4 s, positions and velocities projected onto the constraints after every step;
the script stops if the run at h = 5e-4 s differs anywhere by more than 1e-9 m.
"""
import math
import os
import sys

from iftomm_common import deck_tail, integrate_projected

HERE = os.path.dirname(os.path.abspath(__file__))
END = 10.0
OUTPUTS = 1000  # outputs every 0.01 s
G_ACC = (0.0, -9.81, 0.0)
MASS = 1.0
SIDE = 0.1
I_LONG = MASS * (SIDE ** 2 + SIDE ** 2) / 12.0
I_TRANS = MASS * (1.0 + SIDE ** 2) / 12.0

X, Y, Z = (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)
# Joint k (1..5): point and axis at t = 0; joint k joins rod k to rod k-1 (rod 0: the ground).
JOINT_POINTS = [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (1.0, -1.0, 0.0), (1.0, -1.0, 1.0),
                (0.0, -1.0, 1.0)]
JOINT_AXES = [Y, Z, X, Y, Z]
TIP, TIP_AXIS = (0.0, 0.0, 1.0), X  # joint 6: the end of rod 5, to the ground, about x
ROD_ENDS = JOINT_POINTS + [TIP]


def add(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def scale(s, a):
    return (s * a[0], s * a[1], s * a[2])


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def matvec(m, v):
    return tuple(dot(row, v) for row in m)


def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def transpose(m):
    return [[m[j][i] for j in range(3)] for i in range(3)]


def rotation(axis, angle):
    """Rotation matrix about a unit axis (Rodrigues)."""
    x, y, z = axis
    c, s = math.cos(angle), math.sin(angle)
    t = 1 - c
    return [[t * x * x + c, t * x * y - s * z, t * x * z + s * y],
            [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
            [t * x * z - s * y, t * y * z + s * x, t * z * z + c]]


def rod_inertia(k):
    """Inertia tensor of rod k (0-based) about its CG in its initial (= global) axes."""
    d = sub(ROD_ENDS[k + 1], ROD_ENDS[k])
    return [[I_LONG if abs(d[i]) > 0.5 and i == j else (I_TRANS if i == j else 0.0)
             for j in range(3)] for i in range(3)]


INERTIA = [rod_inertia(k) for k in range(5)]
CG0 = [scale(0.5, add(ROD_ENDS[k], ROD_ENDS[k + 1])) for k in range(5)]


def kinematics(q, v):
    """Chain kinematics: per rod its rotation, joint point, axis, CG, angular velocity, the
    velocity-product (bias) accelerations; the Jacobians' columns; the closure quantities."""
    rot = [[1.0 if i == j else 0.0 for j in range(3)] for i in range(3)]
    omega, alpha_b = (0.0, 0.0, 0.0), (0.0, 0.0, 0.0)
    p, acc_p = JOINT_POINTS[0], (0.0, 0.0, 0.0)  # joint point and its bias acceleration
    points, axes, rods = [], [], []
    for k in range(5):
        axis = matvec(rot, JOINT_AXES[k])  # fixed in rod k-1
        if k > 0:
            arm = matvec(rot, sub(JOINT_POINTS[k], JOINT_POINTS[k - 1]))
            acc_p = add(add(acc_p, cross(alpha_b, arm)), cross(omega, cross(omega, arm)))
            p = add(p, arm)
        alpha_b = add(alpha_b, cross(omega, scale(v[k], axis)))
        omega = add(omega, scale(v[k], axis))
        rot = matmul(rot, rotation(JOINT_AXES[k], q[k]))
        points.append(p)
        axes.append(axis)
        r = matvec(rot, sub(CG0[k], JOINT_POINTS[k]))
        cg = add(p, r)
        acc_cg = add(add(acc_p, cross(alpha_b, r)), cross(omega, cross(omega, r)))
        rods.append((rot, cg, omega, alpha_b, acc_cg))
    r = matvec(rot, sub(TIP, JOINT_POINTS[4]))
    tip = add(p, r)
    acc_tip = add(add(acc_p, cross(alpha_b, r)), cross(omega, cross(omega, r)))
    u = matvec(rot, TIP_AXIS)
    acc_u = add(cross(alpha_b, u), cross(omega, cross(omega, u)))
    return points, axes, rods, tip, acc_tip, u, acc_u


def constraints(q, v):
    """Phi(q), its Jacobian rows and the bias b (Phi_q q'' = -b)."""
    points, axes, _, tip, acc_tip, u, acc_u = kinematics(q, v)
    phi = list(sub(tip, TIP)) + [u[1], u[2]]
    cols_t = [cross(axes[j], sub(tip, points[j])) for j in range(5)]
    cols_u = [cross(axes[j], u) for j in range(5)]
    rows = [[cols_t[j][i] for j in range(5)] for i in range(3)]
    rows += [[cols_u[j][i] for j in range(5)] for i in (1, 2)]
    bias = list(acc_tip) + [acc_u[1], acc_u[2]]
    return phi, rows, bias


def orthonormal_rows(rows, rhs):
    """Gram-Schmidt on the constraint rows, carrying the right-hand sides; dependent rows
    (residual below 1e-9) are dropped. Returns the orthonormal rows and transformed rhs."""
    basis, out = [], []
    for row, b in zip(rows, rhs):
        r, c = list(row), b
        for qb, cb in zip(basis, out):
            d = sum(x * y for x, y in zip(r, qb))
            r = [x - d * y for x, y in zip(r, qb)]
            c -= d * cb
        norm = math.sqrt(sum(x * x for x in r))
        if norm > 1e-9:
            basis.append([x / norm for x in r])
            out.append(c / norm)
    return basis, out


def null_vector(basis):
    best = None
    for i in range(5):
        r = [1.0 if j == i else 0.0 for j in range(5)]
        for qb in basis:
            d = sum(x * y for x, y in zip(r, qb))
            r = [x - d * y for x, y in zip(r, qb)]
        norm = math.sqrt(sum(x * x for x in r))
        if best is None or norm > best[0]:
            best = (norm, [x / norm for x in r])
    return best[1]


def acceleration(q, v):
    points, axes, rods = kinematics(q, v)[:3]
    m = [[0.0] * 5 for _ in range(5)]
    f = [0.0] * 5
    for k, (rot, cg, omega, alpha_b, acc_cg) in enumerate(rods):
        inertia = matmul(matmul(rot, INERTIA[k]), transpose(rot))
        jv = [cross(axes[j], sub(cg, points[j])) if j <= k else (0.0, 0.0, 0.0)
              for j in range(5)]
        jw = [axes[j] if j <= k else (0.0, 0.0, 0.0) for j in range(5)]
        lin = scale(MASS, sub(acc_cg, G_ACC))
        ang = add(matvec(inertia, alpha_b), cross(omega, matvec(inertia, omega)))
        for i in range(5):
            f[i] -= dot(jv[i], lin) + dot(jw[i], ang)
            iw = matvec(inertia, jw[i])
            for j in range(5):
                m[i][j] += MASS * dot(jv[i], jv[j]) + dot(jw[j], iw)
    _, rows, bias = constraints(q, v)
    basis, rhs = orthonormal_rows(rows, [-b for b in bias])
    if len(basis) != 4:
        sys.exit(f'a04_generate: constraint rank {len(basis)} at q = {q}')
    acc = [sum(c * qb[i] for qb, c in zip(basis, rhs)) for i in range(5)]
    n = null_vector(basis)
    mn = [sum(m[i][j] * n[j] for j in range(5)) for i in range(5)]
    resid = [f[i] - sum(m[i][j] * acc[j] for j in range(5)) for i in range(5)]
    s = sum(n[i] * resid[i] for i in range(5)) / sum(n[i] * mn[i] for i in range(5))
    return [a + s * b for a, b in zip(acc, n)]


def project(q, v):
    for _ in range(3):
        phi, rows, _ = constraints(q, v)
        basis, rhs = orthonormal_rows(rows, [-x for x in phi])
        q = [x + sum(c * qb[i] for qb, c in zip(basis, rhs)) for i, x in enumerate(q)]
    _, rows, _ = constraints(q, v)
    basis, _ = orthonormal_rows(rows, [0.0] * 5)
    for qb in basis:
        d = sum(x * y for x, y in zip(v, qb))
        v = [x - d * y for x, y in zip(v, qb)]
    return q, v


def integrate(h):
    return integrate_projected([0.0] * 5, acceleration, project, h, END, OUTPUTS)


def p3(q, v):
    """Point P3 (joint 3, the end of rod 2) and its velocity."""
    points, axes = kinematics(q, v)[:2]
    vel = (0.0, 0.0, 0.0)
    for j in range(2):
        vel = add(vel, scale(v[j], cross(axes[j], sub(points[2], points[j]))))
    return points[2], vel


def marker_axes(axis):
    """Direction cosines a00..a22 of a marker whose z axis is the joint axis."""
    zx = {X: (Y, Z, X), Y: (Z, X, Y), Z: (X, Y, Z)}[axis]
    xa, ya, za = zx
    return ' '.join(f'a{r}{c}="{col[r]:g}"' for c, col in enumerate((xa, ya, za))
                    for r in range(3))


def deck():
    out = []
    w = out.append
    w('<?xml version="1.0" encoding="UTF-8"?>')
    w("<!-- IFToMM benchmark A04: Bricard's mechanism (five rods, six revolute joints, one")
    w('     degree of freedom although Grubler counts none: one joint equation is redundant).')
    w('     Generated by a04_generate.py; see README.md. Rod k is body k + 1; joint markers have')
    w('     their z axis along the joint axis. -->')
    w('<MotionSolve>')
    w('  <Model>')
    w('    <Param_Unit force_unit="NEWTON" mass_unit="KILOGRAM" length_unit="METER" '
      'time_unit="SECOND"/>')
    w(f'    <Force_Gravity grav_x="0" grav_y="{G_ACC[1]}" grav_z="0"/>')
    w('    <Body_Rigid id="1" isground="TRUE"/>')
    w(f'    <Reference_Marker id="101" body_id="1" pos_x="0" pos_y="0" pos_z="0" '
      f'{marker_axes(JOINT_AXES[0])}/>')
    w(f'    <Reference_Marker id="106" body_id="1" pos_x="{TIP[0]:g}" pos_y="{TIP[1]:g}" '
      f'pos_z="{TIP[2]:g}" {marker_axes(TIP_AXIS)}/>')
    w('    <Reference_Marker id="100" body_id="1" pos_x="0" pos_y="0" pos_z="0"/>')
    for k in range(5):
        bid = k + 2
        inertia = INERTIA[k]
        cg = CG0[k]
        w(f'    <Body_Rigid id="{bid}" label="rod {k + 1}" cg_id="{bid}00" mass="{MASS:g}" '
          f'inertia_xx="{inertia[0][0]:.17g}" inertia_yy="{inertia[1][1]:.17g}" '
          f'inertia_zz="{inertia[2][2]:.17g}"/>')
        w(f'    <Reference_Marker id="{bid}00" body_id="{bid}" pos_x="{cg[0]:g}" '
          f'pos_y="{cg[1]:g}" pos_z="{cg[2]:g}"/>')
        # Marker bid01 at the rod's first end (joint k+1), bid02 at its second (joint k+2).
        for end, (pt, axis) in enumerate(((ROD_ENDS[k], JOINT_AXES[k]),
                                          (ROD_ENDS[k + 1],
                                           JOINT_AXES[k + 1] if k < 4 else TIP_AXIS))):
            w(f'    <Reference_Marker id="{bid}0{end + 1}" body_id="{bid}" pos_x="{pt[0]:g}" '
              f'pos_y="{pt[1]:g}" pos_z="{pt[2]:g}" {marker_axes(axis)}/>')
    w('    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="201" j_marker_id="101"/>')
    for k in range(1, 5):
        w(f'    <Constraint_Joint id="{k + 1}" type="REVOLUTE" i_marker_id="{k + 2}01" '
          f'j_marker_id="{k + 1}02"/>')
    w('    <Constraint_Joint id="6" type="REVOLUTE" i_marker_id="602" j_marker_id="106"/>')
    w('    <!-- P3 (the end of rod 2) in ground -->')
    w('    <Post_Request id="1" type="MARKER_DISPLACEMENT" i_marker_id="302" j_marker_id="100"/>')
    out += deck_tail(END, OUTPUTS)
    return '\n'.join(out) + '\n'


def main():
    with open(os.path.join(HERE, 'a04_bricard.xml'), 'w') as fh:
        fh.write(deck())
    h = float(sys.argv[1]) if len(sys.argv) > 1 else 2.5e-4
    fine = integrate(h)
    check = integrate(2 * h)
    diff = max(max(abs(a - b) for a, b in zip(p3(r[1], r[2])[0], p3(s[1], s[2])[0]))
               for r, s in zip(fine, check))
    print(f'a04_generate: h = {h:g} and {2 * h:g} differ by {diff:.2e} m at most')
    if diff > 1e-9:
        sys.exit('a04_generate: the reference is not converged')
    with open(os.path.join(HERE, 'a04_reference.csv'), 'w') as fh:
        fh.write("# IFToMM A04 reference: P3 of Bricard's mechanism; joint-angle equations, RK4 at\n")
        fh.write(f'# h = {h:g} s with projection (h = {2 * h:g} s agrees to {diff:.1e} m); '
                 'a04_generate.py\n')
        fh.write('time,P3_x,P3_y,P3_z,P3_vx,P3_vy,P3_vz\n')
        for t, q, v in fine:
            pos, vel = p3(q, v)
            fh.write(f'{t:.17g},' + ','.join(f'{x:.17g}' for x in pos + vel) + '\n')


if __name__ == '__main__':
    main()
