"""Loaded by python_missing_function.xml, which asks for SFOSUB, and by
python_script_difsub.xml, which asks for DIFSUB."""


def SFOSUB_OLD(id, time, par, npar, dflag, iflag):
    return 0.0
