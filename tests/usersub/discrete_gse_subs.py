# The Python twin of discrete_gse_subs.c (tests/usersub/discrete_gse_test.cpp): states = [x1, xd],
# returns [stated, output] = [[x1', xd(k+1)], [xd, x1]].


def GSESUB(id, time, par, npar, dflag, iflag, nstate, states, ninput, input, noutpt):
    x1, xd = states
    if par[0] == 0.0:
        xd_next = xd + par[1] * input[0]
    else:
        xd_next = -par[1] * input[0] - par[2] * input[1]
    return [[xd - x1, xd_next], [xd, x1]]
