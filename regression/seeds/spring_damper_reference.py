#!/usr/bin/env python3
"""Writes spring_damper_reference.csv: the closed-form motion of the slider of spring_damper.xml.

m z'' = -k (z - L) - d z' - m g from z(0) = z0, z'(0) = v0 (underdamped):
  z(t) = z_e + exp(-s t) (a cos(wd t) + b sin(wd t)),  z_e = L - m g / k,
  w0 = sqrt(k / m), zeta = d / (2 sqrt(k m)), s = zeta w0, wd = w0 sqrt(1 - zeta^2),
  a = z0 - z_e, b = (v0 + s a) / wd; z'(t) by differentiating.
The numbers below are the deck's. Usage: spring_damper_reference.py > spring_damper_reference.csv
"""
import math

m, k, d, L, g = 2.0, 200.0, 4.0, 1.0, 9.81
z0, v0 = 1.5, 0.3
end, dt = 5.0, 0.01

w0 = math.sqrt(k / m)
zeta = d / (2.0 * math.sqrt(k * m))
s = zeta * w0
wd = w0 * math.sqrt(1.0 - zeta * zeta)
ze = L - m * g / k
a = z0 - ze
b = (v0 + s * a) / wd

print("# closed-form damped oscillator of regression/seeds/spring_damper.xml "
      "(spring_damper_reference.py)")
print("time,body2.z,body2.vz")
for i in range(int(round(end / dt)) + 1):
    t = i * dt
    e = math.exp(-s * t)
    c, sn = math.cos(wd * t), math.sin(wd * t)
    z = ze + e * (a * c + b * sn)
    vz = e * ((b * wd - s * a) * c - (a * wd + s * b) * sn)
    print(f"{t:.17g},{z:.17g},{vz:.17g}")
