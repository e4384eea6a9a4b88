"""Loaded by python_missing_function.xml, which asks for SFOSUB."""


def SFOSUB_OLD(id, time, par, npar, dflag, iflag):
    return 0.0
