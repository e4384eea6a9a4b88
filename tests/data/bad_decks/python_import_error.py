"""Loaded by python_import_error.xml: fails while it is loaded."""
import math

STIFFNESS = math.sqrt(-1.0)


def SFOSUB(id, time, par, npar, dflag, iflag):
    return -STIFFNESS
