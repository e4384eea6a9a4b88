#pragma once
// Forward-mode automatic differentiation for element kernels. Every kernel is written once,
// templated on its scalar type: with `double` it gives residual contributions, with `AD` the
// exact (not finite-difference) partial derivatives of those contributions with respect to the
// kernel's local inputs, which the solver scatters into the sparse Jacobian. The derivative
// vector has a fixed size, so nothing is allocated.

#include <Eigen/Dense>
#include <unsupported/Eigen/AutoDiff>

namespace mb {

/// Largest number of local inputs of any kernel. A joint has 2 x 13 body states and 6 + 6
/// multipliers; expression-driven elements read the states of every body their measures touch.
inline constexpr int kMaxLocalInputs = 96;

/// Derivative vectors are sized at run time to the kernel's input count (operations loop over
/// that many entries only) but stored inline up to kMaxLocalInputs: no heap allocation.
using ADVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxLocalInputs, 1>;
using AD = Eigen::AutoDiffScalar<ADVector>;

template <class T>
using V3 = Eigen::Matrix<T, 3, 1>;
template <class T>
using V4 = Eigen::Matrix<T, 4, 1>;
template <class T>
using M3 = Eigen::Matrix<T, 3, 3>;

/// Directional (dual-number) scalar for the acceleration rows of the stabilised index-1 form
/// (solver/system.hpp): a kernel evaluated with inputs x + eps x' gives, in the eps part of an
/// output, its derivative along x' (the velocity row's time derivative) with no hand-written
/// second derivatives. Dual carries a double tangent (the residuals); their Jacobian takes
/// forward mode over it, AD2 (solver/autodiff2.hpp). The tangent has size 1 and is stored
/// inline: no heap allocation.
using Dual = Eigen::AutoDiffScalar<Eigen::Matrix<double, 1, 1>>;

inline double value_of(double x) { return x; }
inline double value_of(const AD& x) { return x.value(); }
inline double value_of(const Dual& x) { return x.value(); }

/// A Dual's value and tangent, and a Dual made of them (evaluate_along_time in
/// solver/expression_eval.hpp; AD2 has the same functions with AD parts, solver/autodiff2.hpp).
inline int active_size(const Dual&) { return 0; }
inline double value_part(const Dual& x, int) { return x.value(); }
inline double tangent_part(const Dual& x, int) { return x.derivatives()(0); }
inline Dual from_parts(double value, double tangent) {
  return Dual(value, Eigen::Matrix<double, 1, 1>(tangent));
}

/// acc += c * v. For AD, a constant operand (empty derivative vector) on either side is handled:
/// Eigen's AutoDiffScalar cannot add an empty derivative expression to a sized vector.
inline void add_scaled(double& acc, double c, double v) { acc += c * v; }
inline void add_scaled(AD& acc, double c, const AD& v) {
  acc.value() += c * v.value();
  if (v.derivatives().size() == 0) return;
  if (acc.derivatives().size() == 0) acc.derivatives().setZero(v.derivatives().size());
  acc.derivatives() += c * v.derivatives();
}

}  // namespace mb
