#pragma once
// An estimate of the spectral radius of the Jacobian of x' = f(t, x) at one state, from
// Jacobian-vector products by forward differences (J v ~ (f(x + e v) - f(x)) / e) and the power
// iteration: rho ~ (|J^k v| / |v|)^(1/k). Eigenvalue pairs of an oscillation (the usual case in
// mechanics) make |J^k v| oscillate, the k-th root damps that; the estimate is a lower bound
// converging to rho within a small factor in the few tens of iterations used here. Cost:
// `iterations` + 1 evaluations of f. Used to tell whether an explicit method's step is limited
// by stability (step x rho near the method's stability bound) rather than by accuracy.

#include <functional>
#include <vector>

namespace mb {

/// f(t, x, xdot) evaluates the right-hand side; x has n entries. Returns 0 for a zero Jacobian.
double estimate_spectral_radius(const std::function<void(double, const double*, double*)>& f,
                                double t, const std::vector<double>& x, int iterations = 30);

}  // namespace mb
