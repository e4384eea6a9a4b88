#pragma once
// Eigenvalues and mode shapes of a linearised system (solver/linearization.hpp), as Adams'
// EIGENSOL reports them: every real eigenvalue, and one eigenvalue (the one with a positive
// imaginary part) of each complex-conjugate pair, sorted by undamped natural frequency.
// A mode shape is the eigenvector mapped back to the System's variables, scaled so that its
// largest body displacement (a translation or a rotation component, see body_mode_shape) has
// amplitude 1 and phase 0.

#include <array>
#include <complex>
#include <vector>

#include "solver/linearization.hpp"

namespace mb {

struct Mode {
  std::complex<double> eigenvalue;  ///< 1 / time unit
  Eigen::VectorXcd shape;           ///< over LinearSystem::vars
  /// |eigenvalue| / (2 pi): cycles per time unit.
  double natural_frequency() const;
  /// -Re / |eigenvalue| (1 for a decaying real mode, -1 for a growing one); 0 at |eigenvalue| 0.
  double damping_ratio() const;
};

/// The modes of `lin`, sorted by |eigenvalue| (then by imaginary part).
std::vector<Mode> modes_of(const LinearSystem& lin);

/// A mode's displacement of one moving body (states at System offset `body_offset`): the CM
/// translation (ground axes) and the small rotation (ground axes, radians: 2 E(p) dp).
struct BodyModeShape {
  std::array<std::complex<double>, 3> translation, rotation;
};
BodyModeShape body_mode_shape(const LinearSystem& lin, const Eigen::VectorXcd& shape,
                              int body_offset);

/// The kinetic energy distribution of a mode, as Adams reports it: each moving body's share
/// (System body order, fractions summing to 1; all 0 for a mode without motion) of
/// sum_b m_b v_b^H v_b + w_b^H J_b w_b over the velocity part of the mode shape.
std::vector<double> kinetic_energy_shares(const System& sys, const LinearSystem& lin,
                                          const Eigen::VectorXcd& shape);

}  // namespace mb
