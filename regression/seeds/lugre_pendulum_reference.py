#!/usr/bin/env python3
"""Writes lugre_pendulum_reference.csv: the pin angle (req1.f1) and rate (req1.f2) of
lugre_pendulum.xml (the LuGre joint-friction pendulum of examples/lugre_pendulum.xml, 3 s) from
the independent fixed-step RK4 integration of tests/usersub/lugre_pendulum_test.py (the same
pendulum and LuGre law, the friction torque solved with the reaction at every evaluation).
Usage: lugre_pendulum_reference.py > lugre_pendulum_reference.csv
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests",
                                "usersub"))
from lugre_pendulum_test import SEED_PARAMS, rk4  # noqa: E402

times = [i * 0.01 for i in range(301)]
states = rk4(SEED_PARAMS, 9810.0, 0.0, times, h=1e-4)
print("# RK4 oracle of regression/seeds/lugre_pendulum.xml (lugre_pendulum_reference.py)")
print("time,req1.f1,req1.f2")
for t, s in zip(times, states):
    print(f"{t:.17g},{s[0]:.17g},{s[1]:.17g}")
