"""Pieces shared by the IFToMM benchmark generators (aNN_generate.py): the closing lines of a
deck and the classical Runge-Kutta integration of the references."""


def deck_tail(end, outputs):
    """The last lines of a deck: the integrator settings (integr_tol 1e-6 and no integrator
    named, as a user's deck: the default form chosen from the model), the end of the model, and
    one transient simulation of `end` seconds with `outputs` output steps."""
    return ['    <Param_Transient integr_tol="1e-6"/>',
            '  </Model>',
            '  <Command>',
            f'    <Simulate analysis_type="Transient" end_time="{end:g}" '
            f'print_interval="{end / outputs:g}"/>',
            '  </Command>',
            '</MotionSolve>']


def rk4_step(f, y, h):
    """One step of the classical fourth-order Runge-Kutta method for y' = f(y) (y a list)."""
    k1 = f(y)
    k2 = f([a + h / 2 * b for a, b in zip(y, k1)])
    k3 = f([a + h / 2 * b for a, b in zip(y, k2)])
    k4 = f([a + h * b for a, b in zip(y, k3)])
    return [a + h / 6 * (b1 + 2 * b2 + 2 * b3 + b4) for a, b1, b2, b3, b4 in zip(y, k1, k2, k3, k4)]


def integrate_projected(q0, acceleration, project, h, end, outputs):
    """A constrained mechanism from rest at q0: q' = v, v' = acceleration(q, v) by rk4_step at
    step h, (q, v) = project(q, v) after every step. Returns (t, q, v) at the outputs."""
    n = len(q0)

    def f(y):
        return y[n:] + list(acceleration(y[:n], y[n:]))

    q, v = list(q0), [0.0] * n
    rows = [(0.0, list(q), list(v))]
    per_out = round(end / outputs / h)
    for i in range(outputs):
        for _ in range(per_out):
            y = rk4_step(f, q + v, h)
            q, v = project(y[:n], y[n:])
        rows.append(((i + 1) * end / outputs, list(q), list(v)))
    return rows
