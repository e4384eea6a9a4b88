#include "solver/linear_modes.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "solver/state_layout.hpp"

namespace mb {

double Mode::natural_frequency() const { return std::abs(eigenvalue) / (2 * std::numbers::pi); }

double Mode::damping_ratio() const {
  const double w = std::abs(eigenvalue);
  return w > 0 ? -eigenvalue.real() / w : 0.0;
}

BodyModeShape body_mode_shape(const LinearSystem& lin, const Eigen::VectorXcd& shape,
                              int body_offset) {
  BodyModeShape s;
  const int o = lin.position_of(body_offset);
  const double e0 = lin.y[body_offset + kBodyP];
  const Eigen::Vector3d e(lin.y[body_offset + kBodyP + 1], lin.y[body_offset + kBodyP + 2],
                          lin.y[body_offset + kBodyP + 3]);
  // E(p) = [-e, e0 I + [e]x]: the ground-axes angular velocity is 2 E(p) p'.
  Eigen::Matrix<double, 3, 4> Ep;
  Ep.col(0) = -e;
  Ep.rightCols<3>() << e0, -e(2), e(1), e(2), e0, -e(0), -e(1), e(0), e0;
  const Eigen::Vector3cd rot = 2.0 * Ep.cast<std::complex<double>>() * shape.segment<4>(o + kBodyP);
  for (int k = 0; k < 3; ++k) {
    s.translation[k] = shape(o + kBodyR + k);
    s.rotation[k] = rot(k);
  }
  return s;
}

std::vector<double> kinetic_energy_shares(const System& sys, const LinearSystem& lin,
                                          const Eigen::VectorXcd& shape) {
  std::vector<double> shares(static_cast<size_t>(sys.num_moving_bodies()), 0.0);
  double total = 0;
  for (int k = 0; k < sys.num_moving_bodies(); ++k) {
    const int o = lin.position_of(body_states_offset(k));
    const BodyKernel& body = sys.body_kernel(k);
    const Eigen::Vector3cd v = shape.segment<3>(o + kBodyV), w = shape.segment<3>(o + kBodyW);
    const double e = body.kinetic_energy(v, w);
    shares[static_cast<size_t>(k)] = e;
    total += e;
  }
  if (total <= 0) return std::vector<double>(shares.size(), 0.0);
  for (double& s : shares) s /= total;
  return shares;
}

namespace {

/// Scales `shape` so that its largest body displacement component (or, without bodies, its
/// largest component) is 1.
void normalise(const LinearSystem& lin, int num_bodies, Eigen::VectorXcd& shape) {
  std::complex<double> largest = 0;
  auto consider = [&](std::complex<double> c) {
    if (std::abs(c) > std::abs(largest)) largest = c;
  };
  for (int k = 0; k < num_bodies; ++k) {
    const BodyModeShape b = body_mode_shape(lin, shape, body_states_offset(k));
    for (int i = 0; i < 3; ++i) {
      consider(b.translation[i]);
      consider(b.rotation[i]);
    }
  }
  if (std::abs(largest) == 0) {
    for (Eigen::Index i = 0; i < shape.size(); ++i) consider(shape(i));
  }
  if (std::abs(largest) > 0) shape /= largest;
}

}  // namespace

std::vector<Mode> modes_of(const LinearSystem& lin) {
  std::vector<Mode> modes;
  if (lin.A.rows() == 0) return modes;
  const Eigen::EigenSolver<Eigen::MatrixXd> es(lin.A, true);
  const int num_bodies =
      static_cast<int>(lin.vars.size() - static_cast<size_t>(lin.num_user_states)) / kBodyStates;
  for (Eigen::Index k = 0; k < lin.A.rows(); ++k) {
    const std::complex<double> ev = es.eigenvalues()(k);
    if (ev.imag() < 0) continue;  // the conjugate of a listed mode
    Mode m;
    m.eigenvalue = ev;
    m.shape = lin.basis.cast<std::complex<double>>() * es.eigenvectors().col(k);
    normalise(lin, num_bodies, m.shape);
    modes.push_back(std::move(m));
  }
  std::stable_sort(modes.begin(), modes.end(), [](const Mode& a, const Mode& b) {
    const double fa = std::abs(a.eigenvalue), fb = std::abs(b.eigenvalue);
    return fa != fb ? fa < fb : a.eigenvalue.imag() < b.eigenvalue.imag();
  });
  return modes;
}

}  // namespace mb
