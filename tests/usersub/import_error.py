"""A script that fails while it is loaded (for the deck-error test)."""


def SFOSUB(id, time, par, npar, dflag, iflag):
    return 0.0


scale = 1 / 0
