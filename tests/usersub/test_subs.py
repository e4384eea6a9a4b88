"""User subroutines in Python for the usersub tests: the twins of test_subs.c, written with
MotionSolve's Python convention (a function named after the routine, plain arguments, the
outputs returned) and the py_* solver callbacks, which are builtins of the embedded
interpreter."""
import math

# Module-level state, kept per element (each element loads the script as its own module).
calls = 0


def SFOSUB(id, time, par, npar, dflag, iflag):
    """Spring-damper along the line of sight; par = (I, J, k, c, l0):
    F = -k (DM(I,J) - l0) - c VR(I,J)."""
    global calls
    calls += 1
    ipar = [int(par[0]), int(par[1])]
    [dm, err_dm] = py_sysfnc("DM", ipar)
    [vr, err_vr] = py_sysfnc("VR", ipar)
    py_errmes(err_dm or err_vr, "DM or VR failed", id, "STOP")
    return -par[2] * (dm - par[4]) - par[3] * vr


def VFOSUB(id, time, par, npar, dflag, iflag):
    """F = (fx sin(time), 0, -kz DZ(I)); par = (I, fx, kz). ipar given as floats on purpose."""
    [dz, err] = py_sysfnc("DZ", [par[0]])
    return [par[1] * math.sin(time), 0.0, -par[2] * dz]


def GFOSUB(id, time, par, npar, dflag, iflag):
    """Joint friction torque T = -mu |F| tanh(WZ(I, J, J) / w0), |F| = JOINT(joint, 0, 1), with
    the joint's markers read by py_modfnc; par = (joint id, mu, w0)."""
    joint = int(par[0])
    [imark, err] = py_modfnc("Constraint_Joint", joint, "i_marker_id")
    [jmark, err] = py_modfnc("constraint_joint", joint, "J_MARKER_ID")
    [wz, err] = py_sysfnc("WZ", [int(imark), int(jmark), int(jmark)])
    [f, err] = py_sysfnc("JOINT", [joint, 0, 1, 0])
    return [0.0, 0.0, 0.0, 0.0, 0.0, -par[1] * f * math.tanh(wz / par[2])]


def REQSUB(id, time, par, npar, iflag):
    """f1 = DX(I, J, J) by py_sysfnc, f2..f4 = TDISP by py_sysary, f5 = e0 of the 3-1-3 Euler
    angles (0.3, 0.4, 0.5) by py_rcnvrt, f6 = WZ(I, J, J), f7 = the mass of Body_Rigid 2 by
    py_modfnc, f8 = py_timget(); par = (I, J)."""
    ipar = [int(par[0]), int(par[1]), int(par[1])]
    results = 8 * [0.0]
    [results[0], err] = py_sysfnc("DX", ipar)
    [disp, err] = py_sysary("TDISP", ipar)
    results[1:4] = disp
    [ep, istat] = py_rcnvrt("EULER", [0.3, 0.4, 0.5], "EULPAR")
    results[4] = ep[0] if istat == 0 else -1.0
    [results[5], err] = py_sysfnc("WZ", ipar)
    [mass, err] = py_modfnc("Body_Rigid", 2, "mass")
    results[6] = float(mass)
    results[7] = py_timget()
    return results


def VARSUB(id, time, par, npar, dflag, iflag):
    """value = par[2] DM(par[0], par[1])."""
    [dm, err] = py_sysfnc("DM", [int(par[0]), int(par[1])])
    return par[2] * dm


def VARSUB_GTSTRG(id, time, par, npar, dflag, iflag):
    """Reads Reference_String par[0] with py_gtstrg: the number its text starts with
    (par[1] = 0), its length (1) or the istat of the call (2); as VARSUB_GTSTRG in test_subs.c."""
    [text, istat] = py_gtstrg(int(par[0]))
    if par[1] == 0:
        return float(text.split()[0])
    return float(len(text)) if par[1] == 1 else float(istat)


def spring_state(time, limit):
    if time > limit:
        raise ValueError("spring broke at t = %.3f" % time)
    return 0.0


def SFOSUB_RAISE(id, time, par, npar, dflag, iflag):
    """Raises (two frames deep) once time passes par[0]."""
    return spring_state(time, par[0])


def SFOSUB_TEXT(id, time, par, npar, dflag, iflag):
    """Returns a str instead of a number."""
    return "twelve"


def GFOSUB_SHORT(id, time, par, npar, dflag, iflag):
    """Returns 3 values where 6 are expected."""
    return [0.0, 0.0, 0.0]


def SFOSUB_NAN(id, time, par, npar, dflag, iflag):
    """NaN once time passes par[0]."""
    return float("nan") if time > par[0] else 0.0


def SFOSUB_ERRMES(id, time, par, npar, dflag, iflag):
    """A fatal py_errmes once time passes par[0]."""
    if time > par[0]:
        py_errmes(1, "spring broke", id, "STOP")
    return 0.0


def SFOSUB_BADCALL(id, time, par, npar, dflag, iflag):
    """Asks py_sysfnc for a function that does not exist."""
    [value, err] = py_sysfnc("NOSUCH", [int(par[0])])
    return value


NOT_A_FUNCTION = 3

count = 0


def VARSUB_COUNT(id, time, par, npar, dflag, iflag):
    """Counts its calls in a module global: every element that uses it has its own count."""
    global count
    count += 1
    return float(count)


# ---- State elements and motions (tests/usersub/user_states_test.cpp, motsub_test.cpp): twins of the C ones ----


def GSESUB(id, time, par, npar, dflag, iflag, nstate, states, ninput, input, noutpt):
    """The damped oscillator x1' = x2, x2' = -w^2 x1 - 2 z w x2 + u1, outputs y1 = x1,
    y2 = x2 + d u1; par = (w, z, d)."""
    w, z, d = par[0], par[1], par[2]
    stated = [states[1], -w * w * states[0] - 2 * z * w * states[1] + input[0]]
    output = [states[0], states[1] + d * input[0]]
    return [stated, output]


# Its partials, each matrix in one of the accepted layouts: a list of rows, or a flat
# column-major list (GSEXU).
def GSEXX(id, time, par, npar, iflag, nstate, states, ninput, input, noutpt):
    return [[0.0, 1.0], [-par[0] * par[0], -2 * par[1] * par[0]]]


def GSEXU(id, time, par, npar, iflag, nstate, states, ninput, input, noutpt):
    return [0.0, 1.0]


def GSEYX(id, time, par, npar, iflag, nstate, states, ninput, input, noutpt):
    return [[1.0, 0.0], [0.0, 1.0]]


def GSEYU(id, time, par, npar, iflag, nstate, states, ninput, input, noutpt):
    return [[0.0], [par[2]]]


def YFOSUB(id, time, par, npar, dflag, iflag, nstate, states, ninput, input, noutpt):
    """The lag x' = -a x + u1 pushing along x with FX = c x; par = (a, c). With par[2] = 1 it
    returns NaN after t = 0.5, with par[2] = 2 a fatal py_errmes, with par[2] = 3 it raises,
    with par[2] = 4 it returns one list only."""
    output = [par[1] * states[0], 0.0, 0.0, 0.0, 0.0, 0.0]
    if npar > 2 and time > 0.5:
        if par[2] == 1:
            output[0] = float("nan")
        elif par[2] == 2:
            py_errmes(1, "the lag diverged", id, "STOP")
        elif par[2] == 3:
            raise RuntimeError("lag state %.3f out of range" % states[0])
        elif par[2] == 4:
            return [-par[0] * states[0] + input[0]]
    return [[-par[0] * states[0] + input[0]], output]


def DIFSUB(id, time, par, npar, dflag, iflag):
    """y' = -k y + sin(time) (explicit) or, with par[1] = 1, the implicit residual
    DIF1 + k y - sin(time); par = (k, implicit)."""
    [y, err] = py_sysfnc("DIF", [id])
    if par[1] != 0:
        [yd, err] = py_sysfnc("DIF1", [id])
        return yd + par[0] * y - math.sin(time)
    return -par[0] * y + math.sin(time)


def ARYSUB(id, time, par, npar, dflag, iflag, nvalue):
    """U = (DX(I, J), VX(I, J)) of markers par = (I, J)."""
    ipar = [int(par[0]), int(par[1])]
    [dx, err] = py_sysfnc("DX", ipar)
    [vx, err] = py_sysfnc("VX", ipar)
    return [dx, vx][:nvalue]


def MOTSUB(id, time, par, npar, iord, iflag):
    """f(t) = par[0] sin(par[1] t) and its time derivatives by iord; the initialisation call
    returns a value that must not be used."""
    a, w = par[0], par[1]
    if iflag:
        return -1.0
    if iord == 0:
        return a * math.sin(w * time)
    if iord == 1:
        return a * w * math.cos(w * time)
    return -a * w * w * math.sin(w * time)


def MOTSUB_RAISE(id, time, par, npar, iord, iflag):
    """Raises once time passes par[0]."""
    if time > par[0]:
        raise ValueError("motion table ends at t = %.3f" % par[0])
    return 0.0


def MOTSUB_READS_BODY(id, time, par, npar, iord, iflag):
    """Reads DX(par[0]) (refused: a motion is a function of time)."""
    [dx, err] = py_sysfnc("DX", [int(par[0])])
    return dx


def GSEXX_BAD(id, time, par, npar, iflag, nstate, states, ninput, input, noutpt):
    """One row where GSEXX must return two."""
    return [[0.0, 1.0]]


# COUSUB couplers (tests/usersub/cousub_test.cpp), twins of test_subs.c: Phi = par[0] disp[0] +
# par[1] disp[1] with its partials, and Phi = disp[1] - par[0] sin(disp[0]) without.
def COUSUB_LINEAR(id, time, par, npar, disp, ndisp, iflag):
    return par[0] * disp[0] + par[1] * disp[1]


def COUXX_LINEAR(id, time, par, npar, disp, ndisp, iflag):
    return [par[0], par[1]]


def COUXX2_LINEAR(id, time, par, npar, disp, ndisp, iflag):
    return [0.0] * ndisp


def COUSUB_SINE(id, time, par, npar, disp, ndisp, iflag):
    return disp[1] - par[0] * math.sin(disp[0])


# ---- Variables read in residuals (tests/usersub/varsub_reads_test.cpp) ----


def VARSUB_DIF(id, time, par, npar, dflag, iflag):
    """value = par[1] DIF(par[0]) + DIF1(par[0]) of Control_Diff par[0]."""
    [y, err] = py_sysfnc("DIF", [int(par[0])])
    [yd, err] = py_sysfnc("DIF1", [int(par[0])])
    return par[1] * y + yd


def SENSUB(id, time, par, npar, iflag):
    """DZ(par[0]), the height of marker par[0] (the sensed function)."""
    [value, err] = py_sysfnc("DZ", [int(par[0])])
    return value


sensub_init_height = -1e6


def SENSUB_INIT(id, time, par, npar, iflag):
    """DZ(par[0]) - h, h = par[1] taken in the initialisation call (iflag = 1) only."""
    global sensub_init_height
    if iflag == 1:
        sensub_init_height = par[1]
    [value, err] = py_sysfnc("DZ", [int(par[0])])
    return value - sensub_init_height


def SEVSUB(id, time, par, npar, iflag):
    """par[1] VZ(par[0]), the scaled vertical velocity of marker par[0] (stored at the event)."""
    [value, err] = py_sysfnc("VZ", [int(par[0])])
    return par[1] * value
