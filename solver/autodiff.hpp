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

/// Directional (dual-number) scalars for the acceleration rows of the stabilised index-1 form
/// (solver/system.hpp): a kernel evaluated with inputs x + eps x' gives, in the eps part of an
/// output, its derivative along x' (the velocity row's time derivative) with no hand-written
/// second derivatives. Dual carries a double tangent (residuals); AD2 is forward mode over
/// it, an AD value and an AD tangent (the Jacobian: d(row)/dx and d(row . x')/dx, the second
/// derivatives). Both tangents have size 1 and are stored inline: no heap allocation.
using Dual = Eigen::AutoDiffScalar<Eigen::Matrix<double, 1, 1>>;
using AD2 = Eigen::AutoDiffScalar<Eigen::Matrix<AD, 1, 1>>;

inline double value_of(double x) { return x; }
inline double value_of(const AD& x) { return x.value(); }
inline double value_of(const Dual& x) { return x.value(); }
inline double value_of(const AD2& x) { return x.value().value(); }

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
